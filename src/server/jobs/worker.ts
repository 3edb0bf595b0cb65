/**
 * The worker role: takes jobs of the kinds it is given from pg-boss and runs them through the lifecycle
 * (lifecycle.ts) so status, progress and credits stay right whatever the handler does.
 */
import os from 'node:os';
import { eq } from 'drizzle-orm';
import type { Job } from 'pg-boss';
import { installCommand, type MissingTool, missingNames, setupFailureMessage } from '~/contract/system-tools.ts';
import type { ServerConfig } from '~/server/config/index.ts';
import { releaseAbandonedHolds } from '~/server/credits/holds.ts';
import { type Database, openDatabase } from '~/server/db/index.ts';
import { jobs } from '~/server/db/schema/jobs.ts';
import { createLogger, type Logger } from '~/server/http/logger.ts';
import { recordFile } from '~/server/storage/files.ts';
import { finishUnsuccessful, jobStatus, markActive, markRetrying, succeed, writeProgress } from './lifecycle.ts';
import { DEAD_LETTER_QUEUE, DEFAULT_RETRY_LIMIT, JobQueue, type QueuedData } from './queue.ts';
import type { JobRegistry, JobSpec } from './registry.ts';
import { AttemptFailed, describeError, runAttempt } from './runner.ts';
import { forgetWorker, HEARTBEAT_MS, lacking, recordWorkerCheck } from './workers.ts';

export interface StartWorkerOptions {
  /** The kinds this worker runs (main.ts passes every feature's). A queue it starts itself accepts the same. */
  jobs: JobRegistry;
  config: ServerConfig;
  database?: Database;
  queue?: JobQueue;
  log?: Logger;
  /**
   * Checks this machine for the programs and files jobs need (main.ts: ffmpeg, ffprobe, caption fonts, Festival);
   * what it finds is written for the API to read (workers.ts). Without it the worker reports nothing and runs
   * every job it takes.
   */
  tools?: () => Promise<MissingTool[]>;
}

/** Progress is written at most this often per job (the last value always lands). */
const PROGRESS_INTERVAL_MS = 400;
const GENERIC_FAILURE = 'Processing failed. Your credits were returned.';

export async function startWorker(options: StartWorkerOptions): Promise<{ close(): Promise<void> }> {
  const { config } = options;
  const log = options.log ?? createLogger(config.logLevel, 'worker');
  const database = options.database ?? (await openDatabase(config));
  const queue = options.queue ?? (await JobQueue.start(database, config, log, { supervise: true, jobs: options.jobs }));
  const workerId = `${os.hostname()}:${process.pid}`;
  const tools = await toolChecker(options.tools, database, workerId, log);

  /** A set-up problem ends the job at once: no retry can help, and nothing is charged. */
  const failForSetup = async (spec: JobSpec, jobId: string, missing: MissingTool[]) => {
    const error = setupFailureMessage(spec.needs?.doing ?? 'do this', missing);
    await finishUnsuccessful(database, config, spec, jobId, {
      status: 'failed',
      error,
      errorKind: 'setup',
      from: ['active'],
    });
  };

  const runOne = async (spec: JobSpec, job: Job<QueuedData>): Promise<void> => {
    const row = await markActive(database, job.id, workerId);
    if (!row) return; // cancelled or already finished: nothing to run
    const jobLog = log.child({ jobId: row.id, kind: row.kind, attempt: job.retryCount });
    const unmet = await tools.lacks(spec, false);
    if (unmet.length > 0) {
      jobLog.warn({ missing: unmet }, 'job failed: this worker lacks what it needs');
      return failForSetup(spec, row.id, unmet);
    }
    const cancelled = new AbortController();
    const signal = AbortSignal.any([job.signal, cancelled.signal]);
    const progress = throttledProgress(async (stage, fraction) => {
      // A job that is no longer active was cancelled: stop the handler now rather than at the next heartbeat.
      if (!(await writeProgress(database, row.id, stage, fraction))) cancelled.abort(new Error('Job cancelled'));
    });

    try {
      const result = await runAttempt(spec, {
        jobId: row.id,
        uid: row.uid,
        payload: row.payload,
        attempt: job.retryCount,
        signal,
        config,
        onProgress: progress.report,
        onFile: async (file) => {
          await recordFile(database.db, { ...file, uid: row.uid, jobId: row.id });
        },
      });
      await progress.flush();
      if (await succeed(database, spec, row.id, result)) jobLog.info('job succeeded');
    } catch (error) {
      await progress.flush();
      const detail = error instanceof AttemptFailed ? error.detail : describeError(error);
      // Cancelled by the user (credits already released) or settled elsewhere: nothing left to do.
      if ((await jobStatus(database, row.id)) !== 'active') return;
      // A tool that went away while the worker ran (ffmpeg uninstalled) fails like one missing from the start.
      const gone = await tools.lacks(spec, true);
      if (gone.length > 0) {
        jobLog.warn({ err: detail.message, missing: gone }, 'job failed: this worker lacks what it needs');
        return failForSetup(spec, row.id, gone);
      }
      const message = detail.userFacing ? detail.message : GENERIC_FAILURE;
      // An abort from pg-boss (shutdown, timeout) is retryable like any crash.
      const retriesLeft = detail.retryable && job.retryCount < (spec.retryLimit ?? DEFAULT_RETRY_LIMIT);
      jobLog.warn({ err: detail.message, retriesLeft }, 'job attempt failed');
      if (retriesLeft) {
        await markRetrying(database, row.id, message);
        throw new Error(detail.message); // pg-boss schedules the retry with backoff
      }
      await finishUnsuccessful(database, config, spec, row.id, { status: 'failed', error: message, from: ['active'] });
    }
  };

  const workIds: { name: string; id: string }[] = [];
  for (const spec of options.jobs.specs) {
    workIds.push({
      name: spec.kind,
      id: await queue.boss.work<QueuedData>(
        spec.kind,
        {
          batchSize: 1,
          localConcurrency: config.jobs.concurrency,
          pollingIntervalSeconds: config.jobs.pollSeconds,
          // A fair-share kind's jobs are grouped by owner (queue.ts): no user holds more slots than this, all workers together.
          ...(spec.fairShare ? { groupConcurrency: config.jobs.perUser } : {}),
        },
        async ([job]) => {
          if (job) await runOne(spec, job);
        },
      ),
    });
  }
  // Jobs pg-boss gave up on (including those whose worker vanished on the last attempt): end them and refund. Any
  // kind the queue accepts may land here, not only the ones this worker runs.
  workIds.push({
    name: DEAD_LETTER_QUEUE,
    id: await queue.boss.work<QueuedData>(
      DEAD_LETTER_QUEUE,
      { pollingIntervalSeconds: Math.max(config.jobs.pollSeconds, 2) },
      async ([job]) => {
        if (!job) return;
        const [row] = await database.db.select({ kind: jobs.kind }).from(jobs).where(eq(jobs.id, job.data.jobId));
        if (!row) return;
        await finishUnsuccessful(database, config, queue.jobs.get(row.kind), job.data.jobId, {
          status: 'failed',
          error: GENERIC_FAILURE,
          from: ['active', 'queued'],
        });
      },
    ),
  });

  const reconcile = () => {
    queue.reconcile().then(
      (healed) => healed && log.info({ healed }, 'reconciled jobs'),
      (err: unknown) => log.error({ err }, 'reconcile failed'),
    );
    releaseAbandonedHolds(database, { olderThanMs: config.jobs.abandonedHoldSeconds * 1000, log }).then(
      (released) => released && log.info({ released }, 'released credit holds of interrupted requests'),
      (err: unknown) => log.error({ err }, 'releasing abandoned credit holds failed'),
    );
  };
  const reconcileTimer = setInterval(reconcile, config.jobs.sweepSeconds * 1000);
  reconcileTimer.unref();
  const heartbeat = setInterval(() => void tools.heartbeat(), HEARTBEAT_MS);
  heartbeat.unref();

  log.info({ kinds: options.jobs.specs.map((spec) => spec.kind), workerId }, 'worker started');
  return {
    async close() {
      clearInterval(reconcileTimer);
      clearInterval(heartbeat);
      await tools.forget();
      // Stop fetching; jobs still running get the queue's graceful stop (10 s), then are retried elsewhere.
      for (const { name, id } of workIds) await queue.boss.offWork(name, { id, wait: false }).catch(() => undefined);
      if (!options.queue) await queue.stop();
      if (!options.database) await database.close();
    },
  };
}

/**
 * The worker's tool check: run at start, written to `worker_checks` and refreshed with each heartbeat. While
 * something is missing each heartbeat checks again, so installing it needs no restart.
 */
async function toolChecker(check: StartWorkerOptions['tools'], database: Database, workerId: string, log: Logger) {
  let missing: MissingTool[] = [];
  const run = async (): Promise<void> => {
    if (!check) return;
    const before = missing;
    missing = await check();
    if (missing.length > 0 && JSON.stringify(missing) !== JSON.stringify(before)) {
      log.warn(
        { missing, install: installCommand(missing) },
        `this worker is missing ${missingNames(missing)}; install with: ${installCommand(missing)}`,
      );
    } else if (missing.length === 0 && before.length > 0) log.info('this worker now has every tool it needs');
    await recordWorkerCheck(database.db, workerId, missing);
  };
  await run();
  return {
    /** What `spec` needs and this machine lacks; `fresh` checks again first (after a failure, or while missing). */
    async lacks(spec: JobSpec, fresh: boolean): Promise<MissingTool[]> {
      if (!check || !spec.needs) return [];
      if (fresh || lacking(missing, spec.needs.tools).length > 0) await run();
      return lacking(missing, spec.needs.tools);
    },
    async heartbeat(): Promise<void> {
      try {
        if (missing.length > 0) await run();
        // An upsert, so a row removed while this machine slept comes back.
        else if (check) await recordWorkerCheck(database.db, workerId, missing);
      } catch (err) {
        log.error({ err }, 'worker heartbeat failed');
      }
    },
    forget: () => (check ? forgetWorker(database.db, workerId).catch(() => undefined) : Promise.resolve()),
  };
}

/** Coalesces rapid progress reports into one write per interval; `flush` waits for the last one. */
export function throttledProgress(write: (stage: string, fraction: number) => Promise<void>) {
  let pending: { stage: string; fraction: number } | undefined;
  let lastStage: string | undefined;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> = Promise.resolve();
  const drain = () => {
    timer = undefined;
    const next = pending;
    pending = undefined;
    if (next) inFlight = inFlight.then(() => write(next.stage, next.fraction)).catch(() => undefined);
  };
  return {
    report(stage: string, fraction: number) {
      pending = { stage, fraction };
      // A new stage is shown at once; fraction updates within a stage are batched.
      if (stage !== lastStage) {
        lastStage = stage;
        clearTimeout(timer);
        drain();
      } else timer ??= setTimeout(drain, PROGRESS_INTERVAL_MS);
    },
    async flush() {
      clearTimeout(timer);
      drain();
      await inFlight;
    },
  };
}
