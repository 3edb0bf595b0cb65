import type { ServerConfig } from '../config/index.ts';
import type { TokenVerifier, VerifiedUser } from '../auth/firebase.ts';
import type { Database } from '../db/index.ts';
import type { Logger } from './logger.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { Storage } from '../storage/index.ts';
import type { ProfileCreation } from '../features/account/profiles.ts';

/** Everything a route needs, built once per server and handed to every route module. */
export interface ApiDeps {
  config: ServerConfig;
  database: Database;
  verifier: TokenVerifier;
  queue: JobQueue;
  storage: Storage;
  log: Logger;
}

export interface AppEnv {
  Variables: {
    requestId: string;
    /** Set by requireUser for every route except the health checks. */
    uid: string;
    user: VerifiedUser;
    /** Set by requireProfile: whether this very request created the user's profile. */
    profileCreation: ProfileCreation;
    log: Logger;
  };
}
