/**
 * Who may use the operator console: a user whose verified e-mail is in ADMIN_EMAILS, or whose token carries the
 * custom claim `admin: true` (set with the Admin SDK, `getAuth().setCustomUserClaims(uid, { admin: true })`).
 * An unverified address counts for nothing: anyone can sign up with someone else's address and never verify it.
 */
import type { MiddlewareHandler } from 'hono';
import type { ServerConfig } from '~/server/config/index.ts';
import type { AppEnv, VerifiedUser } from '~/server/http/context.ts';
import { HttpError } from '~/server/http/errors.ts';

export function isAdmin(user: VerifiedUser, adminEmails: readonly string[]): boolean {
  if (user.adminClaim) return true;
  return user.emailVerified && user.email !== null && adminEmails.includes(user.email.toLowerCase());
}

/**
 * After requireUser, on the admin paths only: anyone else gets the same 404 as a path that does not exist, so the
 * API does not tell them the console is there. It runs before any validation, so a bad request does not tell either.
 */
export const requireAdmin =
  (config: Pick<ServerConfig, 'adminEmails'>): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    if (c.req.method === 'OPTIONS') return next();
    if (!isAdmin(c.get('user'), config.adminEmails)) throw new HttpError(404, 'Not found');
    await next();
  };
