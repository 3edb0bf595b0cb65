/**
 * Process entry for every deployment shape: ROLE=all (default) runs site, API and worker in one process; ROLE=api,
 * ROLE=worker, ROLE=web (or a comma list) run one part each. Roles in one process share one database handle and one
 * job-queue client, which PGlite requires (one process per data directory).
 */
import { loadConfig, type Role, type ServerConfig } from './config/index.ts';
import type { Database } from './db/index.ts';
import { endingBatchRows } from './features/batches/job-hooks.ts';
import { imageJobs } from './features/images/job.ts';
import { speechJobs } from './features/speech/job.ts';
import { videoJobs } from './features/videos/job.ts';
import { watermarkJobs } from './features/watermark/job.ts';
import { createLogger, type Logger } from './http/logger.ts';
import type { JobQueue } from './jobs/queue.ts';
import { createJobRegistry } from './jobs/registry.ts';

/**
 * Every feature's job kinds, one line per feature. Specs only: a handler is imported where its job runs. A video's
 * end may complete the batch it is a row of (features/batches/job-hooks.ts).
 */
const jobs = createJobRegistry([...videoJobs.map(endingBatchRows), ...speechJobs, ...imageJobs, ...watermarkJobs]);

interface Running {
  url?: string;
  close(): Promise<void>;
}

interface Shared {
  database(): Promise<Database>;
  queue(): Promise<JobQueue>;
  close(): Promise<void>;
}

function sharedResources(config: ServerConfig, log: Logger): Shared {
  let database: Promise<Database> | undefined;
  let queue: Promise<JobQueue> | undefined;
  const openDatabase = () => (database ??= import('./db/index.ts').then((m) => m.openDatabase(config)));
  return {
    database: openDatabase,
    queue: () =>
      (queue ??= Promise.all([import('./jobs/queue.ts'), openDatabase()]).then(([m, db]) =>
        // Only processes that run jobs supervise the queue (expiry, dead-worker detection).
        m.JobQueue.start(db, config, log, { supervise: config.roles.includes('worker'), jobs }),
      )),
    async close() {
      if (queue) await (await queue).stop();
      if (database) await (await database).close();
    },
  };
}

async function startRole(role: Role, config: ServerConfig, shared: Shared, log: Logger): Promise<Running> {
  switch (role) {
    case 'web': {
      // Imported lazily: api/worker-only deployments do not need the static site.
      const { startWebServer } = await import('./web/server.ts');
      return startWebServer({
        config,
        port: config.port,
        distDir: './dist',
        ...(config.host ? { host: config.host } : {}),
      });
    }
    case 'api': {
      const { startApiServer } = await import('./api/server.ts');
      return startApiServer({
        config,
        database: await shared.database(),
        queue: await shared.queue(),
        log: log.child({ role: 'api' }),
      });
    }
    case 'worker': {
      const [
        { startWorker },
        { startGpuReconciler },
        { checkMediaTools },
        { festivalProblems },
        { startWebhookDelivery },
      ] = await Promise.all([
        import('./jobs/worker.ts'),
        import('./features/gpu/reconcile.ts'),
        import('./media/tools.ts'),
        import('./providers/tts/festival.ts'),
        import('./features/developers/webhooks/worker.ts'),
      ]);
      const workerLog = log.child({ role: 'worker' });
      // The programs and files jobs run, checked on this machine (the API learns the result through the database).
      const tools = async () => [
        ...(await checkMediaTools()),
        ...(await festivalProblems(config.providers.festivalPath)),
      ];
      const worker = await startWorker({
        config,
        jobs,
        database: await shared.database(),
        queue: await shared.queue(),
        log: workerLog,
        tools,
      });
      // GPU rentals live outside the job queue: a loop mirrors each provider and settles credits.
      const gpu = startGpuReconciler({ config, database: await shared.database(), log: workerLog });
      // Webhook deliveries have their own queue and concurrency: a slow receiver never holds up a render.
      const webhooks = await startWebhookDelivery({
        database: await shared.database(),
        queue: await shared.queue(),
        config: config.webhooks,
        log: workerLog,
      });
      return {
        async close() {
          await webhooks.close();
          await gpu.close();
          await worker.close();
        },
      };
    }
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config.logLevel, config.roles.join(','));
  const shared = sharedResources(config, log);
  const running: Running[] = [];
  let stopping = false;

  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    // Reverse order: stop taking work before closing what it depends on.
    for (const part of running.reverse())
      await part.close().catch((err: unknown) => log.error({ err }, 'close failed'));
    await shared.close().catch((err: unknown) => log.error({ err }, 'closing database failed'));
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  try {
    for (const role of config.roles) {
      const part = await startRole(role, config, shared, log);
      running.push(part);
      log.info({ role, ...(part.url ? { url: part.url } : {}) }, 'started');
    }
  } catch (error) {
    // Release the PGlite lock and ports before exiting on a failed start.
    for (const part of running.reverse()) await part.close().catch(() => undefined);
    await shared.close().catch(() => undefined);
    throw error;
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
