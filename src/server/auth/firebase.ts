/**
 * Verifies Firebase ID tokens with firebase-admin: against the Auth emulator by default (no credentials needed,
 * project demo-nxn), against the real project when credentials are configured.
 */
import { type App, getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import type { ServerConfig } from '~/server/config/index.ts';
import type { VerifiedUser } from '~/server/http/context.ts';

export type { VerifiedUser };

export interface TokenVerifier {
  /** Resolves the token's user, or undefined for a missing, malformed, expired or revoked token. */
  verify(idToken: string): Promise<VerifiedUser | undefined>;
}

/** Errors that mean "this token is no good", as opposed to "could not check it" (which must not look like a 401). */
const isRejection = (error: unknown): boolean => {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && code.startsWith('auth/') && code !== 'auth/internal-error';
};

export function createFirebaseVerifier(
  config: ServerConfig['firebase'],
  onReject?: (code: string) => void,
): TokenVerifier {
  // firebase-admin reads the emulator address only from the environment.
  if (config.authEmulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = config.authEmulatorHost;
  // One named app per process, shared by every server started in it (tests start several).
  const name = `nxn-api-${config.projectId}`;
  const app: App = getApps().find((a) => a.name === name) ?? initializeApp({ projectId: config.projectId }, name);
  const auth = getAuth(app);
  return withCache({
    async verify(idToken) {
      try {
        const decoded = await auth.verifyIdToken(idToken);
        const claim = (value: unknown): string | null => (typeof value === 'string' ? value : null);
        return {
          uid: decoded.uid,
          email: claim(decoded.email),
          name: claim(decoded.name),
          picture: claim(decoded.picture),
          emailVerified: decoded.email_verified === true,
          adminClaim: decoded.admin === true,
          exp: decoded.exp,
        };
      } catch (error) {
        if (isRejection(error)) {
          onReject?.((error as { code: string }).code);
          return undefined;
        }
        throw error;
      }
    },
  });
}

/**
 * Remembers verified tokens until they expire. Verification costs about as much CPU as the rest of a request, and
 * caching loses nothing: revocation is not checked per request either, so a token is good until its `exp`.
 */
export function withCache(
  inner: TokenVerifier,
  options: { maxEntries?: number; now?: () => number } = {},
): TokenVerifier {
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? (() => Date.now() / 1000);
  const cache = new Map<string, VerifiedUser>();
  return {
    async verify(idToken) {
      const hit = cache.get(idToken);
      if (hit && hit.exp > now()) return hit;
      cache.delete(idToken);
      const user = await inner.verify(idToken);
      if (user) {
        cache.set(idToken, user);
        if (cache.size > maxEntries) cache.delete(cache.keys().next().value as string);
      }
      return user;
    },
  };
}
