import type { MiddlewareHandler } from 'hono';
import { isAdminPath, keyAllows, missingScopeMessage, routeScope, sessionOnlyMessage } from '~/contract/api-scopes.ts';
import type { AppEnv } from '~/server/http/context.ts';
import { HttpError } from '~/server/http/errors.ts';
import { type ApiKeyAuthenticator, isApiKeyCredential, type KeyCaller } from './api-keys.ts';
import type { TokenVerifier, VerifiedUser } from './firebase.ts';

const BEARER = /^Bearer\s+(\S+)$/i;

export const INVALID_API_KEY = 'This API key is not valid (revoked or unknown)';
const KEY_NOT_TAKEN =
  'This route takes a session, not an API key; with a key, ask GET /files/:id/url for a signed link';

/** The caller behind an Authorization header (a Firebase ID token, or an API key when `keys` is given), or a 401. */
export async function identify(
  verifier: TokenVerifier,
  header: string | undefined,
  keys?: ApiKeyAuthenticator,
): Promise<{ user: VerifiedUser; key?: KeyCaller['key'] }> {
  const token = BEARER.exec(header ?? '')?.[1];
  if (!token) throw new HttpError(401, 'Sign in required');
  if (isApiKeyCredential(token)) {
    // Only the signed-in routes take a key; the rest (a file's own download) say what to use instead.
    if (!keys) throw new HttpError(401, KEY_NOT_TAKEN);
    const caller = await keys.authenticate(token);
    if (!caller) throw new HttpError(401, INVALID_API_KEY);
    return caller;
  }
  const user = await verifier.verify(token);
  if (!user) throw new HttpError(401, 'Your session has expired, please sign in again');
  return { user };
}

/** The user behind a session's Authorization header, or a 401. */
export const authenticate = async (verifier: TokenVerifier, header: string | undefined): Promise<VerifiedUser> =>
  (await identify(verifier, header)).user;

/**
 * 401 unless the request carries a valid Firebase ID token or API key; the user becomes `c.get('user')` and `uid`,
 * and a key `c.get('apiKey')`.
 */
export const requireUser =
  (verifier: TokenVerifier, keys?: ApiKeyAuthenticator): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    if (c.req.method === 'OPTIONS') return next();
    const { user, key } = await identify(verifier, c.req.header('authorization'), keys);
    c.set('uid', user.uid);
    c.set('user', user);
    c.set('apiKey', key);
    c.set('log', c.get('log').child(key ? { uid: user.uid, apiKeyId: key.id } : { uid: user.uid }));
    await next();
  };

/**
 * Right after requireUser: a key reaches only the routes its scopes cover (src/contract/api-scopes.ts). The
 * operator console answers a key the 404 it gives anyone who is not an operator.
 */
export const requireKeyScope = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  const key = c.get('apiKey');
  if (!key || c.req.method === 'OPTIONS') return next();
  const needed = routeScope(c.req.method, c.req.path);
  if (needed === 'session') {
    if (isAdminPath(c.req.path)) throw new HttpError(404, 'Not found');
    throw new HttpError(403, sessionOnlyMessage(c.req.path));
  }
  if (!keyAllows(key.scopes, needed)) throw new HttpError(403, missingScopeMessage(needed));
  await next();
};
