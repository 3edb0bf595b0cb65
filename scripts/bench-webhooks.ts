/**
 * Webhook delivery, measured on the real worker (job framework, outbox relay, the `webhooks.deliver` queue) with a
 * receiver on this machine:
 *
 * (a) latency: jobs of a stand-in kind that ends at once and emits `video.succeeded`, one after another; the time
 *     from the job's end (its row's `finished_at`, written in the transaction that emits the event) to the webhook
 *     arriving at the receiver: median and p99;
 * (b) isolation: a 1-minute video rendered with `runVideoPipeline` alone, then again while 1,000 queued deliveries
 *     drain to receivers that take 2 s per answer (the webhook queue's own concurrency, WEBHOOKS_CONCURRENCY, shared
 *     by `--drain-users` users with 4 endpoints each), and alone once more; the render times and the drain time;
 * (c) fairness: one user's every endpoint (the most an account may have) hangs, with 4 events fanned out to all of
 *     them and the test events a minute allows; meanwhile another user's events, one every 2 s: the time from each
 *     event to its webhook arriving.
 *
 *   npx tsx scripts/bench-webhooks.ts                       # 50 jobs, 1,000 deliveries, writes docs/benchmarks.md
 *   npx tsx scripts/bench-webhooks.ts --only postgres --no-write
 *   npx tsx scripts/bench-webhooks.ts --jobs 2 --deliveries 10 --receiver-ms 50 --render-minutes 0.1 --fair-events 2 --no-write  # the smallest run
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { WEBHOOK_ENDPOINT_LIMIT, WEBHOOK_TESTS_PER_MINUTE } from '../src/contract/developers.ts';
import { createVideoRequestSchema } from '../src/contract/video.ts';
import { loadConfig } from '../src/server/config/index.ts';
import { type Database, openDatabase } from '../src/server/db/index.ts';
import { jobs } from '../src/server/db/schema/jobs.ts';
import { emitEvent } from '../src/server/events/emit.ts';
import { ensureProfile } from '../src/server/features/account/profiles.ts';
import { createWebhookService } from '../src/server/features/developers/webhooks/service.ts';
import { startWebhookDelivery } from '../src/server/features/developers/webhooks/worker.ts';
import { runVideoPipeline } from '../src/server/features/videos/pipeline/run.ts';
import { createLogger } from '../src/server/http/logger.ts';
import { JobQueue } from '../src/server/jobs/queue.ts';
import { createJobRegistry, defineJob } from '../src/server/jobs/registry.ts';
import { startWorker } from '../src/server/jobs/worker.ts';
import { createDesignedImageProvider } from '../src/server/providers/images/designed-provider.ts';
import { createTtsProviders } from '../src/server/providers/tts/index.ts';
import { pgliteTarget, postgresTarget, type Target } from '../tests/integration/support/databases.ts';
import { type Receiver, startReceiver } from '../tests/integration/support/webhook-receiver.ts';
import { scriptOf, writeBenchmarkBlock } from './bench-support.ts';

const { values } = parseArgs({
  options: {
    jobs: { type: 'string', default: '50' },
    deliveries: { type: 'string', default: '1000' },
    'receiver-ms': { type: 'string', default: '2000' },
    'render-minutes': { type: 'string', default: '1' },
    'drain-users': { type: 'string', default: '4' },
    'fair-events': { type: 'string', default: '15' },
    resolution: { type: 'string', default: '720p' },
    only: { type: 'string', default: 'pglite' },
    'no-write': { type: 'boolean', default: false },
  },
});
const JOBS = Number(values.jobs);
const DELIVERIES = Number(values.deliveries);
const RECEIVER_MS = Number(values['receiver-ms']);
const RENDER_MINUTES = Number(values['render-minutes']);
const DRAIN_USERS = Number(values['drain-users']);
const FAIR_EVENTS = Number(values['fair-events']);
/** Endpoints of each drain user: the deliveries spread over them, as a user with several receivers would. */
const DRAIN_ENDPOINTS = 4;

/** A kind that ends at once and says so as a video would: the job framework's end, without a render's minutes. */
const benchJobs = [
  defineJob({
    kind: 'bench.webhook',
    payload: z.object({ cost: z.number().int().min(0), holdMs: z.number().int().min(0) }),
    price: () => 0,
    handler: { module: new URL('../tests/integration/support/test-jobs.ts', import.meta.url).href, export: 'hold' },
    event: { subject: 'video' },
  }),
];

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

const service = (database: Database) =>
  createWebhookService({ database, policy: { development: true, allowLoopback: true } });

/** A user with one endpoint per URL; the endpoints' ids. */
async function userWithEndpoints(
  database: Database,
  uid: string,
  urls: string[],
  events: ['video.succeeded'] | ['credits.low'],
): Promise<string[]> {
  await ensureProfile(database, { uid, email: null, displayName: 'Bench', photoURL: null });
  const made: string[] = [];
  for (const url of urls)
    made.push((await service(database).create(uid, { url, events: [...events], description: 'bench' })).id);
  return made;
}

async function latency(database: Database, queue: JobQueue, receiver: Receiver): Promise<number[]> {
  const uid = 'bench-latency';
  await userWithEndpoints(database, uid, [`${receiver.url}/latency`], ['video.succeeded']);
  const times: number[] = [];
  for (let i = 0; i < JOBS; i++) {
    const before = receiver.received.length;
    const { job } = await queue.enqueue({ uid, kind: 'bench.webhook', payload: { cost: 0, holdMs: 0 } });
    const [arrived] = (await receiver.waitFor(before + 1, 30_000)).slice(before);
    const [row] = await database.db.select({ finishedAt: jobs.finishedAt }).from(jobs).where(eq(jobs.id, job.id));
    if (!arrived || !row?.finishedAt) throw new Error('a job ended without its webhook');
    times.push(arrived.receivedAt - row.finishedAt.getTime());
  }
  return times.sort((a, b) => a - b);
}

async function render(label: string): Promise<number> {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nxn-bench-webhooks-'));
  const request = createVideoRequestSchema.parse({
    script: scriptOf(Math.round(RENDER_MINUTES * 150)),
    voiceId: 'en-us-olivia',
    resolution: values.resolution,
    aspect: '16:9',
    captions: 'word',
    visuals: 'generated',
    music: { enabled: true, volume: 30 },
  });
  const started = performance.now();
  try {
    await runVideoPipeline({
      jobId: `bench-webhooks-${label}`,
      workDir,
      request,
      providers: {
        voices: createTtsProviders({ openaiBaseUrl: '', elevenlabsBaseUrl: '', festivalPath: '/usr/bin/festival' }),
        images: createDesignedImageProvider(),
      },
    });
    return (performance.now() - started) / 1000;
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

async function drainDuringRender(database: Database, slow: Receiver) {
  const users = Array.from({ length: DRAIN_USERS }, (_, u) => `bench-drain-${u}`);
  for (const uid of users)
    await userWithEndpoints(
      database,
      uid,
      Array.from({ length: DRAIN_ENDPOINTS }, (_, e) => `${slow.url}/slow-${uid}-${e}`),
      ['credits.low'],
    );
  const started = performance.now();
  const events = Math.ceil(DELIVERIES / (DRAIN_USERS * DRAIN_ENDPOINTS));
  await database.transaction(async (tx) => {
    for (let i = 0; i < events; i++)
      for (const uid of users) await emitEvent(tx, uid, 'credits.low', { balance: 0, threshold: 10, i });
  });
  const total = events * DRAIN_USERS * DRAIN_ENDPOINTS;
  const drained = slow.waitFor(total, 3_600_000).then(() => (performance.now() - started) / 1000);
  const renderSeconds = await render('with-drain');
  const deliveredDuringRender = slow.received.length;
  return { renderSeconds, deliveredDuringRender, drainSeconds: await drained, total };
}

/** One user's receivers all hang; another user's events, one every 2 s: how long each takes to arrive. */
async function fairness(database: Database, hanging: Receiver, fast: Receiver) {
  const heavy = 'bench-hanging';
  const endpoints = await userWithEndpoints(
    database,
    heavy,
    Array.from({ length: WEBHOOK_ENDPOINT_LIMIT }, (_, e) => `${hanging.url}/hang-${e}`),
    ['video.succeeded'],
  );
  hanging.script(...Array.from({ length: 10_000 }, () => 'hang' as const));
  for (let n = 0; n < 4; n++) await database.transaction((tx) => emitEvent(tx, heavy, 'video.succeeded', { n }));
  for (let n = 0; n < WEBHOOK_TESTS_PER_MINUTE; n++)
    await service(database).sendTest(heavy, endpoints[n % endpoints.length] ?? '');
  await hanging.waitFor(1);
  const light = 'bench-unhurried';
  await userWithEndpoints(database, light, [`${fast.url}/unhurried`], ['video.succeeded']);
  const times: number[] = [];
  for (let n = 0; n < FAIR_EVENTS; n++) {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const before = fast.received.length;
    const sent = Date.now();
    await database.transaction((tx) => emitEvent(tx, light, 'video.succeeded', { n }));
    const [arrived] = (await fast.waitFor(before + 1, 60_000)).slice(before);
    if (!arrived) throw new Error('the unhurried delivery never arrived');
    times.push(arrived.receivedAt - sent);
  }
  return {
    times: times.sort((a, b) => a - b),
    hangingDeliveries: 4 * endpoints.length + WEBHOOK_TESTS_PER_MINUTE,
    hangingAttempts: hanging.received.length,
  };
}

async function main() {
  const target: Target =
    values.only === 'postgres'
      ? await postgresTarget().then((t) => {
          if (typeof t === 'string') throw new Error(t);
          return t;
        })
      : await pgliteTarget();
  const config = loadConfig({
    DATA_DIR: target.dataDir,
    ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
    LOG_LEVEL: 'silent',
    WEBHOOKS_ALLOW_LOOPBACK: '1',
  });
  const log = createLogger(config.logLevel, 'bench');
  const database = await openDatabase(config);
  const registry = createJobRegistry(benchJobs);
  const queue = await JobQueue.start(database, config, log, { supervise: true, jobs: registry });
  const worker = await startWorker({ config, database, queue, log, jobs: registry });
  const webhooks = await startWebhookDelivery({ database, queue, config: config.webhooks, log });
  const fast = await startReceiver();
  const slow = await startReceiver({ delayMs: RECEIVER_MS });
  const hanging = await startReceiver();
  const cpuStart = process.cpuUsage();
  const wallStart = performance.now();
  const load = os.loadavg()[0] ?? 0;
  try {
    const times = await latency(database, queue, fast);
    const alone = await render('alone');
    const during = await drainDuringRender(database, slow);
    const aloneAgain = await render('alone-again');
    const fair = await fairness(database, hanging, fast);
    const cpu = process.cpuUsage(cpuStart);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    const wallSeconds = (performance.now() - wallStart) / 1000;
    const databaseName = target.name === 'postgres' ? 'PostgreSQL' : 'PGlite';
    const figures = [
      `Measured ${new Date().toISOString().slice(0, 10)} on ${databaseName}, ${os.cpus().length} cores, load ${load.toFixed(2)} at the start; the worker's defaults (relay every 200 ms, ${config.webhooks.concurrency} deliveries at once).`,
      '',
      '| Job end → webhook arrived | Jobs | Median | p99 | Min | Max |',
      '| --- | --- | --- | --- | --- | --- |',
      `| ${databaseName} | ${times.length} | ${percentile(times, 50)} ms | ${percentile(times, 99)} ms | ${times[0]} ms | ${times.at(-1)} ms |`,
      '',
      `| ${RENDER_MINUTES}-minute ${values.resolution} render | Seconds |`,
      '| --- | --- |',
      `| Alone | ${alone.toFixed(1)} |`,
      `| While ${during.total} deliveries of ${DRAIN_USERS} users drain (receivers answer in ${RECEIVER_MS} ms) | ${during.renderSeconds.toFixed(1)} (${during.deliveredDuringRender} delivered meanwhile) |`,
      `| Alone again | ${aloneAgain.toFixed(1)} |`,
      `| Drain of the ${during.total} deliveries | ${during.drainSeconds.toFixed(1)} |`,
      '',
      `| Another user's event → webhook arrived, while one user's ${WEBHOOK_ENDPOINT_LIMIT} endpoints hang (${fair.hangingDeliveries} deliveries) | Events | Median | Max |`,
      '| --- | --- | --- | --- |',
      `| ${databaseName} (${fair.hangingAttempts} hanging attempts made meanwhile, each given up after 10 s) | ${fair.times.length} | ${percentile(fair.times, 50)} ms | ${fair.times.at(-1)} ms |`,
      '',
      `The whole run: ${wallSeconds.toFixed(0)} s wall, ${cpuSeconds.toFixed(0)} CPU s of this process.`,
    ].join('\n');
    console.log(figures);
    if (!values['no-write']) console.error(`wrote ${writeBenchmarkBlock('bench-webhooks', 'Webhooks', figures)}`);
  } finally {
    await webhooks.close();
    await worker.close();
    await fast.close();
    await slow.close();
    await hanging.close();
    await queue.stop();
    await database.close();
    await target.dispose();
  }
}

await main();
