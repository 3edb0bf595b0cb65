/**
 * API keys on the request path: what a key looks like, its hash (the only form kept), and who a key speaks for.
 * The key's row is read on every request, so a revoked key is refused at once by every API process; nothing about
 * a key is cached.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { API_KEY_PATTERN, API_KEY_PREFIX, type ApiKeyScope } from '~/contract/developers.ts';
import type { Db } from '~/server/db/index.ts';
import { apiKeys } from '~/server/db/schema/developers.ts';
import { users } from '~/server/db/schema/users.ts';
import type { VerifiedUser } from '~/server/http/context.ts';

/** `nxn_sk_` and 32 random bytes: guessing one is hopeless, so a fast hash is enough to keep it. */
export const generateApiKey = (): string => API_KEY_PREFIX + randomBytes(32).toString('base64url');

export const hashApiKey = (key: string): string => createHash('sha256').update(key).digest('hex');

/** A bearer credential that is meant as a key (rather than a Firebase ID token), well formed or not. */
export const isApiKeyCredential = (token: string): boolean => token.startsWith(API_KEY_PREFIX);

/** `last_used_at` is written at most this often per key, so a busy key does not cost a write per request. */
export const LAST_USED_EVERY_MS = 60_000;

export interface KeyCaller {
  user: VerifiedUser;
  key: { id: string; scopes: ApiKeyScope[] };
}

export interface ApiKeyAuthenticator {
  /** The key's owner and scopes, or undefined for a malformed, unknown or revoked key. */
  authenticate(key: string): Promise<KeyCaller | undefined>;
}

export function apiKeyAuthenticator(db: Db, now: () => Date = () => new Date()): ApiKeyAuthenticator {
  return {
    async authenticate(key) {
      if (!API_KEY_PATTERN.test(key)) return undefined;
      const [row] = await db
        .select({
          id: apiKeys.id,
          scopes: apiKeys.scopes,
          revokedAt: apiKeys.revokedAt,
          lastUsedAt: apiKeys.lastUsedAt,
          uid: users.uid,
          email: users.email,
          name: users.displayName,
          picture: users.photoUrl,
        })
        .from(apiKeys)
        .innerJoin(users, eq(users.uid, apiKeys.uid))
        .where(eq(apiKeys.hash, hashApiKey(key)));
      if (!row || row.revokedAt) return undefined;
      const at = now();
      if (!row.lastUsedAt || at.getTime() - row.lastUsedAt.getTime() >= LAST_USED_EVERY_MS) {
        // Conditional, so API processes that read the same old value write it once between them.
        const stale = new Date(at.getTime() - LAST_USED_EVERY_MS);
        await db
          .update(apiKeys)
          .set({ lastUsedAt: at })
          .where(and(eq(apiKeys.id, row.id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, stale))));
      }
      return {
        key: { id: row.id, scopes: row.scopes },
        // A key never carries operator rights: no admin claim, and its e-mail counts as unverified.
        user: {
          uid: row.uid,
          email: row.email,
          name: row.name,
          picture: row.picture,
          emailVerified: false,
          adminClaim: false,
          exp: Number.MAX_SAFE_INTEGER,
        },
      };
    },
  };
}
