import type { MiddlewareHandler } from 'hono';
import type { Database } from '~/server/db/index.ts';
import type { AppEnv } from '~/server/http/context.ts';
import { ensureProfile, type ProfileCreation, profileFromToken } from './profiles.ts';

const NOT_CREATED: ProfileCreation = { created: false, granted: 0 };

/**
 * After requireUser: every signed-in request runs with the user's profile (and signup grant) in place, whatever
 * it calls first, so no endpoint depends on the browser having sent POST /auth/auth. Profiles are never deleted,
 * so a uid seen once needs no second look from this process.
 */
export function requireProfile(
  database: Database,
  options: { onCreated?: () => Promise<void>; maxKnown?: number } = {},
): MiddlewareHandler<AppEnv> {
  const { onCreated, maxKnown = 10_000 } = options;
  const known = new Set<string>();
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return next();
    const user = c.get('user');
    let creation = NOT_CREATED;
    if (!known.has(user.uid)) {
      creation = await ensureProfile(database, profileFromToken(user));
      if (creation.created) {
        c.get('log').info({ granted: creation.granted }, 'new user');
        // Awaited, once per account: a profile, its credits and its sign-in are kept together (npm start's emulator).
        await onCreated?.().catch((err: unknown) =>
          c.get('log').warn({ err }, 'saving the Auth emulator accounts failed'),
        );
      }
      known.add(user.uid);
      if (known.size > maxKnown) known.delete(known.values().next().value as string);
    }
    c.set('profileCreation', creation);
    await next();
  };
}
