/**
 * The cross-cutting HTTP layer: request ids, access logs, error shaping, limits. Order matters and is fixed in
 * api/app.ts.
 */
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, ErrorHandler, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../api/context.ts';
import type { ServerConfig } from '../config.ts';
import { InsufficientCreditsError } from '../credits/ledger.ts';
import { UnknownJobKindError } from '../jobs/queue.ts';
import { HttpError } from './errors.ts';
import type { Logger } from './logger.ts';
import { TokenBuckets } from './rate-limit.ts';

/** Accepts a caller's X-Request-Id when it looks like an id, so traces can span the browser and the API. */
export const ACCEPTABLE_REQUEST_ID = /^[\w.:-]{8,128}$/;

export const requestContext =
  (log: Logger): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const id = incoming && ACCEPTABLE_REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
    c.set('requestId', id);
    c.set('log', log.child({ requestId: id }));
    c.header('X-Request-Id', id);
    const started = performance.now();
    await next();
    c.get('log').info(
      { method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) },
      'request',
    );
  };

export const onError: ErrorHandler<AppEnv> = (error, c) => {
  if (error instanceof InsufficientCreditsError) {
    return c.json({ error: error.message, needed: error.needed, available: error.available }, 402);
  }
  if (error instanceof UnknownJobKindError) return c.json({ error: 'Invalid input', fields: { kind: 'Unknown job kind' } }, 400);
  if (error instanceof HttpError) {
    return c.json({ error: error.message, ...(error.fields ? { fields: error.fields } : {}) }, error.status, error.headers);
  }
  const requestId = c.get('requestId');
  (c.get('log') ?? console).error({ err: error, requestId }, 'unhandled error');
  return c.json({ error: 'Internal error', requestId }, 500);
};

export const clientIp = (c: Context, trustProxy: boolean): string => {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
};

/** Keyed by IP before authentication (so token floods are capped too) and by uid after. */
export function rateLimit(rule: ServerConfig['rateLimit']['ip'], key: (c: Context<AppEnv>) => string): MiddlewareHandler<AppEnv> {
  const buckets = new TokenBuckets(rule);
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return next();
    const result = buckets.take(key(c), Date.now());
    if (!result.ok) {
      throw new HttpError(429, 'Too many requests, please slow down', undefined, { 'Retry-After': String(result.retryAfterSeconds) });
    }
    await next();
  };
}

/** JSON bodies are small; only upload paths may send large ones. */
export function bodyLimits(limits: ServerConfig['bodyLimit']): MiddlewareHandler<AppEnv> {
  const onError = () => {
    // The unread rest of the body makes the connection unusable; tell the client not to reuse it.
    throw new HttpError(413, 'Request body is too large', undefined, { Connection: 'close' });
  };
  const small = bodyLimit({ maxSize: limits.json, onError });
  const large = bodyLimit({ maxSize: limits.upload, onError });
  return (c, next) => (c.req.path.includes('upload') ? large(c, next) : small(c, next));
}
