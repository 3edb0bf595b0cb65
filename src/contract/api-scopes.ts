/**
 * Which key scope a route needs, by method and path template. 'session' routes take a signed-in session only:
 * sign-in, key and webhook management, buying credits, the operator console.
 */
import type { ApiKeyScope } from './developers.ts';

const SESSION_ONLY = [/^\/auth\//, /^\/developer\//, /^\/webhooks\//, /^\/admin\//];
const BILLING_READ = [/^\/credits\//, /^\/payments\/purchases/, /^\/analytics\/balance$/];

export function routeScope(method: string, path: string): ApiKeyScope | 'session' {
  const verb = method.toUpperCase();
  if (SESSION_ONLY.some((rule) => rule.test(path))) return 'session';
  if (verb === 'POST' && path === '/payments/checkout') return 'session';
  if (path.startsWith('/gpu/')) return 'gpu';
  if (verb === 'GET' && BILLING_READ.some((rule) => rule.test(path))) return 'billing:read';
  return verb === 'GET' || verb === 'HEAD' ? 'read' : 'create';
}
