import type { TokenVerifier } from '../auth/firebase.ts';
import type { ServerConfig } from '../config/index.ts';
import type { Database } from '../db/index.ts';
import type { IdempotencyStore } from '../http/idempotency.ts';
import type { Logger } from '../http/logger.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { Storage } from '../storage/index.ts';

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
