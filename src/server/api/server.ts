import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createFirebaseVerifier, type TokenVerifier } from '~/server/auth/firebase.ts';
import type { ServerConfig } from '~/server/config/index.ts';
import { idempotencyStore } from '~/server/db/idempotency.ts';
import { type Database, openDatabase } from '~/server/db/index.ts';
import { createLogger, type Logger } from '~/server/http/logger.ts';
import { JobQueue } from '~/server/jobs/queue.ts';
import type { JobRegistry } from '~/server/jobs/registry.ts';
import { createStorage } from '~/server/storage/index.ts';
import { sweepStaleUploads } from '~/server/storage/uploads.ts';
import { createApiApp } from './app.ts';

const displayHost = (host: string | undefined): string =>
  !host || host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;

export type StartApiOptions = {
  config: ServerConfig;
  /** Share one database with a worker in the same process (required on PGlite); opened here otherwise. */
  database?: Database;
  verifier?: TokenVerifier;
  log?: Logger;
  /** Overrides config.apiPort; 0 picks a free port (tests). */
  port?: number;
} & (
  | {
      /** Share one job queue client (and the kinds it accepts) with a worker in the same process. */
      queue: JobQueue;
    }
  | {
      queue?: undefined;
      /** The kinds `POST /jobs` and the features accept; only their specs are loaded, never their handlers. */
      jobs: JobRegistry;
    }
);

export async function startApiServer(options: StartApiOptions): Promise<{ url: string; close(): Promise<void> }> {
  const { config } = options;
  const log = options.log ?? createLogger(config.logLevel, 'api');
  const ownsDatabase = !options.database;
  const database = options.database ?? (await openDatabase(config));
  const queue =
    options.queue ?? (await JobQueue.start(database, config, log, { supervise: false, jobs: options.jobs }));
  const verifier =
    options.verifier ?? createFirebaseVerifier(config.firebase, (code) => log.info({ code }, 'token rejected'));
  const swept = await sweepStaleUploads(config);
  if (swept > 0) log.info({ swept }, 'removed temporary files of uploads a stopped process left');
  // The app learns the port it is bound to (it names its own origins in file links), so it is made after listening;
  // a request arriving in between waits for it.
  let ready: (app: ReturnType<typeof createApiApp>) => void = () => undefined;
  const app = new Promise<ReturnType<typeof createApiApp>>((resolve) => (ready = resolve));
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve(
      {
        fetch: async (request, env) => (await app).fetch(request, env),
        port: options.port ?? config.apiPort,
        ...(config.host ? { hostname: config.host } : {}),
      },
      () => resolve(s),
    );
    s.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  try {
    ready(
      createApiApp({
        config: { ...config, apiPort: port },
        database,
        verifier,
        queue,
        storage: createStorage(config),
        log,
        idempotency: idempotencyStore(database.db),
      }),
    );
  } catch (error) {
    server.close();
    throw error;
  }
  const url = `http://${displayHost(config.host)}:${port}`;
  log.info({ url, db: database.driver }, 'api listening');

  return {
    url,
    async close() {
      // Stop accepting and let in-flight requests finish; long-lived ones (SSE) are cut after a grace period.
      await new Promise<void>((resolve) => {
        const grace = setTimeout(() => (server as { closeAllConnections?: () => void }).closeAllConnections?.(), 3_000);
        server.close(() => {
          clearTimeout(grace);
          resolve();
        });
        (server as { closeIdleConnections?: () => void }).closeIdleConnections?.();
      });
      if (!options.queue) await queue.stop();
      if (ownsDatabase) await database.close();
    },
  };
}
