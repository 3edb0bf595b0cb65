import type { TokenVerifier } from '~/server/auth/firebase.ts';
import type { ServerConfig } from '~/server/config/index.ts';
import type { Database } from '~/server/db/index.ts';
import type { IdempotencyStore } from '~/server/http/idempotency.ts';
import type { Logger } from '~/server/http/logger.ts';
import type { JobQueue } from '~/server/jobs/queue.ts';
import type { Storage } from '~/server/storage/index.ts';

/** Everything a feature's routes need, built once per server by api/ and handed to every feature. */
export interface ApiDeps {
  config: ServerConfig;
  database: Database;
  verifier: TokenVerifier;
  queue: JobQueue;
  /** The keys of create requests: every create route passes it to `idempotent` (http/idempotency.ts). */
  idempotency: IdempotencyStore;
  storage: Storage;
  log: Logger;
}
