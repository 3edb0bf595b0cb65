/** Starts the API and a worker in this process on one database target, as ROLE=api,worker would. */
import { startApiServer } from '~/server/api/server.ts';
import { loadConfig, type ServerConfig } from '~/server/config/index.ts';
import { type Database, openDatabase } from '~/server/db/index.ts';
import { endingBatchRows } from '~/server/features/batches/job-hooks.ts';
import { startWebhookDelivery, type WebhookDeliveryOptions } from '~/server/features/developers/webhooks/worker.ts';
import { imageJobs } from '~/server/features/images/job.ts';
import { speechJobs } from '~/server/features/speech/job.ts';
import { videoJobs } from '~/server/features/videos/job.ts';
import { watermarkJobs } from '~/server/features/watermark/job.ts';
import { createLogger } from '~/server/http/logger.ts';
import { JobQueue } from '~/server/jobs/queue.ts';
import { createJobRegistry } from '~/server/jobs/registry.ts';
import { startWorker } from '~/server/jobs/worker.ts';
import type { TestUser } from './auth-emulator.ts';
import type { Target } from './databases.ts';
import { undeclaredAnswer } from './openapi-answers.ts';
import { remoteJobs, testJobs } from './test-jobs.ts';

/** The kinds main.ts declares. */
export const featureJobs = [...videoJobs.map(endingBatchRows), ...speechJobs, ...imageJobs, ...watermarkJobs];
const workerJobs = [...featureJobs, ...testJobs];

export interface Stack {
  url: string;
  config: ServerConfig;
  database: Database;
  queue: JobQueue;
  /** Starts one more API server on the same database and queue (e.g. with other limits). */
  extraApi(env: Record<string, string>): Promise<{ url: string; close(): Promise<void> }>;
  /**
   * Starts one more API server and moves the stack's worker onto `env` too, as a deployment with those settings
   * runs (a job sees the config its worker started with, e.g. a provider key). `close()` brings the default back.
   */
  reconfigured(env: Record<string, string>): Promise<{ url: string; close(): Promise<void> }>;
  close(): Promise<void>;
}

export function testConfig(target: Target, env: Record<string, string> = {}): ServerConfig {
  return loadConfig({
    DATA_DIR: target.dataDir,
    ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    JOB_MONITOR_SECONDS: '2',
    // The suites fire 50 requests at once; production defaults are tested separately.
    RATE_LIMIT_USER_BURST: '1000',
    RATE_LIMIT_IP_BURST: '5000',
    ...env,
  });
}

export interface StackOptions {
  /** Settings of this stack's API and worker (e.g. WEBHOOKS_ALLOW_LOOPBACK=1 for a receiver on this machine). */
  env?: Record<string, string>;
  /** The webhook worker's schedule, timeout and so on (defaults: production's, with a fast relay). */
  webhooks?: Pick<WebhookDeliveryOptions, 'schedule' | 'timeoutMs' | 'relayMs' | 'leaseMs'>;
}

export async function startStack(target: Target, options: StackOptions = {}): Promise<Stack> {
  const config = testConfig(target, options.env);
  const log = createLogger(config.logLevel, 'test');
  const database = await openDatabase(config);
  // The API accepts `test.remote` too; only a worker in another process runs it.
  const queue = await JobQueue.start(database, config, log, {
    supervise: true,
    jobs: createJobRegistry([...workerJobs, ...remoteJobs]),
  });
  const api = await startApiServer({ config, database, queue, log, port: 0 });
  const startWorkerWith = (workerConfig: ServerConfig) =>
    startWorker({ config: workerConfig, database, queue, log, jobs: createJobRegistry(workerJobs) });
  let worker = await startWorkerWith(config);
  const webhooks = await startWebhookDelivery({
    database,
    queue,
    config: config.webhooks,
    log,
    relayMs: 50,
    ...options.webhooks,
  });
  const extras: { close(): Promise<void> }[] = [];
  return {
    url: api.url,
    config,
    database,
    queue,
    async extraApi(env) {
      const server = await startApiServer({ config: testConfig(target, env), database, queue, log, port: 0 });
      extras.push(server);
      return server;
    },
    async reconfigured(env) {
      const configured = testConfig(target, env);
      const server = await startApiServer({ config: configured, database, queue, log, port: 0 });
      await worker.close();
      worker = await startWorkerWith(configured);
      return {
        url: server.url,
        async close() {
          await server.close();
          await worker.close();
          worker = await startWorkerWith(config);
        },
      };
    },
    async close() {
      for (const extra of extras) await extra.close();
      await worker.close();
      await webhooks.close();
      await api.close();
      await queue.stop();
      await database.close();
    },
  };
}

/** fetch with the user's token and JSON in/out. */
export function client(base: string, user?: TestUser) {
  return async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(base + path, {
      method,
      headers: {
        ...(user ? { authorization: `Bearer ${user.idToken}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    let json: any;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = text;
    }
    // The reference lists what the API answers: an answer it does not declare fails the test that got it.
    const undeclared = undeclaredAnswer(method, path, res.status, res.headers.get('content-type'), json);
    if (undeclared) throw new Error(undeclared);
    return { status: res.status, headers: res.headers, body: json };
  };
}
