import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/context.ts';
import type { Database } from '../db/index.ts';
import { HttpError } from '../http/errors.ts';
import { ensureProfile, profileFromToken, type ProfileCreation } from '../features/account/profiles.ts';
import type { TokenVerifier, VerifiedUser } from './firebase.ts';

const BEARER = /^Bearer\s+(\S+)$/i;

/** The user behind an Authorization header, or a 401. */
export async function authenticate(verifier: TokenVerifier, header: string | undefined): Promise<VerifiedUser> {
  const token = BEARER.exec(header ?? '')?.[1];
  if (!token) throw new HttpError(401, 'Sign in required');
  const user = await verifier.verify(token);
  if (!user) throw new HttpError(401, 'Your session has expired, please sign in again');
  return user;
}

/** 401 unless the request carries a valid Firebase ID token; the verified user becomes `c.get('user')` and `uid`. */
export const requireUser =
  (verifier: TokenVerifier): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    if (c.req.method === 'OPTIONS') return next();
    const user = await authenticate(verifier, c.req.header('authorization'));
    c.set('uid', user.uid);
    c.set('user', user);
    c.set('log', c.get('log').child({ uid: user.uid }));
    await next();
  };

const NOT_CREATED: ProfileCreation = { created: false, granted: 0 };

/**
 * After requireUser: every signed-in request runs with the user's profile (and signup grant) in place, whatever
 * it calls first, so no endpoint depends on the browser having sent POST /auth/auth. Profiles are never deleted,
 * so a uid seen once needs no second look from this process.
 */
export function requireProfile(database: Database, maxKnown = 10_000): MiddlewareHandler<AppEnv> {
  const known = new Set<string>();
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return next();
    const user = c.get('user');
    let creation = NOT_CREATED;
    if (!known.has(user.uid)) {
      creation = await ensureProfile(database, profileFromToken(user));
      if (creation.created) c.get('log').info({ granted: creation.granted }, 'new user');
      known.add(user.uid);
      if (known.size > maxKnown) known.delete(known.values().next().value as string);
    }
    c.set('profileCreation', creation);
    await next();
  };
}
