/** The scope a key needs for each route of the API, on the server's own route paths (templates and concrete ids). */
import { describe, expect, it } from 'vitest';
import { isAdminPath, keyAllows, routeScope, sessionOnlyMessage } from '~/contract/api-scopes.ts';

const ID = '3f0c2a9e-8d7b-4c1a-9e2f-5b6a7c8d9e0f';

/** Method, route template as the server declares it, the access it needs. */
const ROUTES: [string, string, string][] = [
  ['GET', '/me', 'read'],
  ['GET', '/voices', 'read'],
  ['GET', '/videos', 'read'],
  ['GET', '/videos/:id', 'read'],
  ['HEAD', '/watermark-removal/uploads/:id', 'read'],
  ['POST', '/videos', 'create'],
  ['POST', '/videos/:id/cancel', 'create'],
  ['DELETE', '/videos/:id', 'create'],
  ['POST', '/storyboards', 'create'],
  ['PUT', '/storyboards/:id', 'create'],
  ['POST', '/scripts', 'create'],
  ['POST', '/speech', 'create'],
  ['POST', '/images', 'create'],
  ['POST', '/jobs', 'create'],
  ['PUT', '/brand-kit', 'create'],
  ['PATCH', '/watermark-removal/uploads/:id', 'create'],
  ['POST', '/files/upload', 'create'],
  ['GET', '/files/:id/url', 'read'],
  ['GET', '/analytics', 'read'],
  ['GET', '/analytics/activity', 'read'],
  ['GET', '/analytics/balance', 'billing:read'],
  ['GET', '/credits/ledger', 'billing:read'],
  ['GET', '/credits/ledger.csv', 'billing:read'],
  ['GET', '/credits/ledger/lines', 'billing:read'],
  ['GET', '/payments/purchases', 'billing:read'],
  ['GET', '/payments/purchases/:id', 'billing:read'],
  ['POST', '/payments/checkout', 'session'],
  ['GET', '/gpu/offers', 'gpu'],
  ['GET', '/gpu/rentals/:id', 'gpu'],
  ['POST', '/gpu/rentals', 'gpu'],
  ['POST', '/gpu/ssh-keys', 'gpu'],
  ['DELETE', '/gpu/ssh-keys/:id', 'gpu'],
  ['POST', '/auth/auth', 'session'],
  ['GET', '/developer/keys', 'session'],
  ['POST', '/developer/keys', 'session'],
  ['DELETE', '/developer/keys/:id', 'session'],
  ['GET', '/webhooks/endpoints', 'session'],
  ['POST', '/webhooks/endpoints/:id/test', 'session'],
  ['GET', '/admin/users', 'session'],
  ['POST', '/admin/users/:uid/credits', 'session'],
  ['POST', '/mcp', 'read'],
];

describe('routeScope', () => {
  it.each(ROUTES)('%s %s needs %s', (method, path, scope) => {
    expect(routeScope(method, path)).toBe(scope);
  });

  it.each(ROUTES)('%s %s: a concrete path with its ids and a query classifies the same', (method, path, scope) => {
    const concrete = path.replace(/:\w+/g, ID);
    expect(routeScope(method, `${concrete}?limit=5`)).toBe(scope);
    expect(routeScope(method.toLowerCase(), `${concrete}/`)).toBe(scope);
  });

  it('does not mistake a path that only starts like a protected one', () => {
    expect(routeScope('GET', '/administrators')).toBe('read');
    expect(routeScope('GET', '/gpus')).toBe('read');
    expect(routeScope('GET', '/payments/checkouts-list')).toBe('read');
  });
});

describe('what a key may do', () => {
  it('allows only the scopes it holds, and never a session-only route', () => {
    expect(keyAllows(['read'], 'read')).toBe(true);
    expect(keyAllows(['read'], 'create')).toBe(false);
    expect(keyAllows(['read', 'create', 'gpu', 'billing:read'], 'session')).toBe(false);
  });

  it('hides the operator console and says why the other session-only routes are refused', () => {
    expect(isAdminPath('/admin/users/u1')).toBe(true);
    expect(isAdminPath('/me')).toBe(false);
    expect(sessionOnlyMessage('/developer/keys')).toBe(
      'API keys cannot manage API keys or webhooks; sign in to the dashboard to do that',
    );
    expect(sessionOnlyMessage('/payments/checkout')).toMatch(/^API keys cannot buy credits/);
    expect(sessionOnlyMessage('/auth/auth')).toMatch(/^API keys cannot sign in/);
  });
});
