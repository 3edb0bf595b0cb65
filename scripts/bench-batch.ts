/**
 * A batch of videos on one worker and on two, measured on the real job framework (batches service, video jobs,
 * pg-boss with the fair share, the render in forked children): user A's batch of N one-minute 720p videos, and while
 * it runs user B's single videos one after another. Printed per configuration: the time from accepting the batch to
 * its last row ending, and for B's videos how long each waited in the queue and the share of B's time spent
 * waiting (wait ÷ wait + render).
 *
 *   npx tsx scripts/bench-batch.ts                                # 50 rows on 1 and on 2 workers, writes docs/benchmarks.md
 *   npx tsx scripts/bench-batch.ts --rows 10 --workers 1 --no-write
 *   npx tsx scripts/bench-batch.ts --rows 2 --minutes 0.1 --workers 1 --no-write   # the smallest run
 *
 * A worker here has `--slots` render slots (WORKER_CONCURRENCY, default 1); the per-user cap (JOB_USER_CONCURRENCY)
 * is `--per-user`, by default one less than all workers' slots together (at least 1), as the production note advises.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { inArray } from 'drizzle-orm';
import { createBatchRequestSchema } from '../src/contract/batches.ts';
import { createVideoRequestSchema } from '../src/contract/video.ts';
import { loadConfig } from '../src/server/config/index.ts';
import { grant } from '../src/server/credits/ledger.ts';
import { post } from '../src/server/credits/service.ts';
import { type Database, openDatabase } from '../src/server/db/index.ts';
import { jobs } from '../src/server/db/schema/jobs.ts';
import { ensureProfile } from '../src/server/features/account/profiles.ts';
import { endingBatchRows } from '../src/server/features/batches/job-hooks.ts';
import { batchService } from '../src/server/features/batches/service.ts';
import { findBatch } from '../src/server/features/batches/store.ts';
import { presetSource } from '../src/server/features/presets/service.ts';
import { videoJobs } from '../src/server/features/videos/job.ts';
import { videoService } from '../src/server/features/videos/service.ts';
import { createLogger } from '../src/server/http/logger.ts';
import { JobQueue } from '../src/server/jobs/queue.ts';
import { createJobRegistry } from '../src/server/jobs/registry.ts';
import { startWorker } from '../src/server/jobs/worker.ts';
import { createStorage } from '../src/server/storage/index.ts';
import { pgliteTarget, postgresTarget, type Target } from '../tests/integration/support/databases.ts';
import { cpuSeconds, scriptOf, writeBenchmarkBlock } from './bench-support.ts';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '50' },
    minutes: { type: 'string', default: '1' },
    workers: { type: 'string', default: '1,2' },
    slots: { type: 'string', default: '1' },
    'per-user': { type: 'string' },
    only: { type: 'string', default: 'pglite' },
    'no-write': { type: 'boolean', default: false },
  },
});
const ROWS = Number(values.rows);
const MINUTES = Number(values.minutes);
const SLOTS = Number(values.slots);
const SETTINGS = {
  voiceId: 'en-us-olivia',
  aspect: '16:9',
  resolution: '720p',
  captions: 'word',
  visualOrder: 'designed',
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Run {
  workers: number;
  perUser: number;
  batchSeconds: number;
  cpu: number;
  waits: number[];
  share: number;
}

async function user(database: Database, uid: string, credits: number) {
  await ensureProfile(database, { uid, email: null, displayName: 'Bench', photoURL: null });
  await database.transaction((tx) =>
    post(tx, { uid, move: grant(credits), reason: 'bench', idempotencyKey: `bench:${uid}` }),
  );
}

/** B's videos, one after another until the batch has ended: each one's wait in the queue and its whole time. */
async function singlesDuring(
  videos: ReturnType<typeof videoService>,
  database: Database,
  batchDone: () => Promise<boolean>,
) {
  const ids: string[] = [];
  const request = createVideoRequestSchema.parse({
    script: scriptOf(Math.round(MINUTES * 150)),
    ...SETTINGS,
    visuals: 'generated',
  });
  while (!(await batchDone())) {
    const { videoId } = await videos.create('bench-b', request, undefined);
    ids.push(videoId);
    for (;;) {
      const record = await videos.record('bench-b', videoId, () => '');
      if (['succeeded', 'failed', 'cancelled'].includes(record.status)) break;
      await sleep(250);
    }
  }
  const rows = await database.db
    .select()
    .from(jobs)
    .where(inArray(jobs.uid, ['bench-b']));
  const waits = rows.map((row) => ((row.startedAt?.getTime() ?? 0) - row.createdAt.getTime()) / 1000);
  const totals = rows.map((row) => ((row.finishedAt?.getTime() ?? 0) - row.createdAt.getTime()) / 1000);
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  return { waits: waits.sort((a, b) => a - b), share: sum(totals) > 0 ? sum(waits) / sum(totals) : 0 };
}

async function runOn(workers: number): Promise<Run> {
  const target: Target =
    values.only === 'postgres'
      ? await postgresTarget().then((t) => {
          if (typeof t === 'string') throw new Error(t);
          return t;
        })
      : await pgliteTarget();
  const perUser = Number(values['per-user'] ?? Math.max(1, workers * SLOTS - 1));
  const config = loadConfig({
    DATA_DIR: target.dataDir,
    ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
    LOG_LEVEL: 'silent',
    WORKER_CONCURRENCY: String(SLOTS),
    JOB_USER_CONCURRENCY: String(perUser),
  });
  const log = createLogger(config.logLevel, 'bench');
  const database = await openDatabase(config);
  const registry = createJobRegistry(videoJobs.map(endingBatchRows));
  const queue = await JobQueue.start(database, config, log, { supervise: true, jobs: registry });
  const running = await Promise.all(
    Array.from({ length: workers }, () => startWorker({ config, database, queue, log, jobs: registry })),
  );
  const storage = createStorage(config);
  const videos = videoService({ database, storage, queue, config }, async () => null);
  const batches = batchService({ database, storage }, videos, presetSource(database));
  try {
    await user(database, 'bench-a', ROWS * 10 * Math.ceil(MINUTES));
    await user(database, 'bench-b', 10_000);
    const rows = Array.from({ length: ROWS }, (_, i) => ({
      script: `Row ${i + 1}. ${scriptOf(Math.round(MINUTES * 150) - 2)}`,
    }));
    const cpuBefore = cpuSeconds();
    const started = performance.now();
    const id = await batches.create(
      'bench-a',
      createBatchRequestSchema.parse({ name: 'Bench', settings: SETTINGS, rows }),
    );
    const batchDone = async () => (await findBatch(database.db, 'bench-a', id))?.status === 'completed';
    const singles = singlesDuring(videos, database, batchDone);
    while (!(await batchDone())) await sleep(500);
    const batchSeconds = (performance.now() - started) / 1000;
    const { waits, share } = await singles;
    const record = await batches.record('bench-a', id, () => '');
    if (record.counts.succeeded !== ROWS) throw new Error(`only ${record.counts.succeeded} of ${ROWS} rows were made`);
    return { workers, perUser, batchSeconds, cpu: cpuSeconds() - cpuBefore, waits, share };
  } finally {
    for (const worker of running) await worker.close();
    await queue.stop();
    await database.close();
    await target.dispose();
  }
}

const median = (xs: number[]) => xs[Math.floor((xs.length - 1) / 2)] ?? Number.NaN;

const row = (run: Run) =>
  `| ${run.workers} | ${run.perUser} | ${run.batchSeconds.toFixed(1)} s (${(run.batchSeconds / ROWS).toFixed(1)} s a video) | ${run.cpu.toFixed(0)} | ${run.waits.length} | ${median(run.waits).toFixed(1)} s / ${(run.waits.at(-1) ?? 0).toFixed(1)} s | ${(run.share * 100).toFixed(0)} % |`;

async function main() {
  const load = os.loadavg()[0] ?? 0;
  const runs: Run[] = [];
  for (const workers of values.workers.split(',').map(Number)) {
    const run = await runOn(workers);
    runs.push(run);
    // Each configuration's line as soon as it is measured: a long run stopped later keeps what it has.
    console.error(`measured: ${row(run)}`);
  }
  const figures = [
    `Measured ${new Date().toISOString().slice(0, 10)} on ${values.only === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ${os.cpus().length} cores, load ${load.toFixed(2)} at the start; ${ROWS} rows of ${MINUTES}-minute 720p videos (eSpeak, designed backgrounds, word captions), ${SLOTS} slot(s) per worker.`,
    '',
    "| Workers | Per-user cap | Batch: accepted → every row ended | CPU s | B's videos | B's wait: median / max | Share of B's time waiting |",
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...runs.map(row),
  ].join('\n');
  console.log(figures);
  if (!values['no-write']) console.error(`wrote ${writeBenchmarkBlock('bench-batch', 'Batches', figures)}`);
}

await main();
