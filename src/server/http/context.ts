import type { ApiKeyScope } from '~/contract/developers.ts';
import type { Logger } from './logger.ts';

/** The signed-in user as the identity provider vouches for it (auth/ verifies the token and sets it). */
export interface VerifiedUser {
  uid: string;
  /** The token's claims, as Firebase vouches for them; the profile takes its e-mail from here, never from a body. */
  email: string | null;
  name: string | null;
  picture: string | null;
  /** Firebase's `email_verified`: the user proved they read that mailbox. */
  emailVerified: boolean;
  /** The custom claim `admin: true`, set on the account with the Admin SDK (see auth/admin.ts). */
  adminClaim: boolean;
  /** Token expiry, epoch seconds. */
  exp: number;
}

/** What a request carries through the middleware chain. */
export interface AppEnv {
  Variables: {
    requestId: string;
    /** Set by requireUser for every route except the health checks. */
    uid: string;
    user: VerifiedUser;
    /** Set by requireUser when the request came with an API key instead of a session: the key and its scopes. */
    apiKey: { id: string; scopes: ApiKeyScope[] } | undefined;
    /** Set by the account's profile middleware: whether this very request created the user's profile. */
    profileCreation: { created: boolean; granted: number };
    /** Set by the idempotency rule (http/idempotency.ts) on a create request that carries a valid key. */
    idempotencyKey: string | undefined;
    log: Logger;
  };
}
