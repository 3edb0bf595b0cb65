/**
 * Which scope an API key needs for a route: one pure rule, read by the key check of every request
 * (src/server/auth/middleware.ts) and printed on each operation of the API reference. `path` is either a route
 * template ('/videos/:id') or a concrete path ('/videos/3f…'); every rule looks at fixed leading segments only, so
 * both classify the same.
 *
 * 'session' marks what a key never reaches: signing in, managing keys and webhooks, buying credits (a leaked key
 * must not spend the owner's card) and the operator console. The console answers 404 through a key, as it does to
 * anyone who is not an operator; the others answer 403 with `sessionOnlyMessage`.
 *
 * `/mcp` (the Model Context Protocol server) needs the `read` scope to connect; each tool call is then an API request
 * of its own with the caller's key, checked against its route's scope, so a read-only key can list voices but not
 * create a video.
 */
import type { ApiKeyScope } from './developers.ts';

export type RouteAccess = ApiKeyScope | 'session';

const segments = (path: string): string[] => path.split('?')[0]!.split('/').filter(Boolean);

/** Paths that belong to the operator console: hidden from keys exactly as from users who are not operators. */
export const isAdminPath = (path: string): boolean => segments(path)[0] === 'admin';

const SESSION_ONLY_ROOTS = new Set(['auth', 'admin', 'developer', 'webhooks']);

export function routeScope(method: string, path: string): RouteAccess {
  const [root, second] = segments(path);
  const verb = method.toUpperCase();
  const reads = verb === 'GET' || verb === 'HEAD';
  if (root !== undefined && SESSION_ONLY_ROOTS.has(root)) return 'session';
  if (root === 'payments' && second === 'checkout') return 'session';
  if (root === 'mcp') return 'read';
  if (root === 'gpu') return 'gpu';
  if (reads && (root === 'credits' || (root === 'payments' && second === 'purchases'))) return 'billing:read';
  if (reads && root === 'analytics' && second === 'balance') return 'billing:read';
  return reads ? 'read' : 'create';
}

export const keyAllows = (scopes: readonly ApiKeyScope[], needed: RouteAccess): boolean =>
  needed !== 'session' && scopes.includes(needed);

/** What a key outside its scopes is told: the scope it lacks, by name, so the owner knows which key to make. */
export const missingScopeMessage = (scope: ApiKeyScope): string => `This API key lacks the "${scope}" scope`;

/** What a key is told on a route only a signed-in person may use. */
export function sessionOnlyMessage(path: string): string {
  const [root] = segments(path);
  const what =
    root === 'auth'
      ? 'sign in'
      : root === 'developer' || root === 'webhooks'
        ? 'manage API keys or webhooks'
        : 'buy credits';
  return `API keys cannot ${what}; sign in to the dashboard to do that`;
}
