import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/context.ts';
import { HttpError } from '../http/errors.ts';
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
