/**
 * The cross-cutting HTTP layer: request ids, access logs, error shaping, limits. Order matters and is fixed in
 * api/app.ts.
 */
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, ErrorHandler, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { matchedRoutes } from 'hono/route';
import type { ServerConfig } from '~/server/config/index.ts';
import type { ByteLimit } from './body.ts';
import type { AppEnv } from './context.ts';
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
  if (error instanceof HttpError) {
    return c.json(
      { error: error.message, ...(error.fields ? { fields: error.fields } : {}), ...error.details },
      error.status,
      error.headers,
    );
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

/**
 * Keyed by IP before authentication (so token floods are capped too) and by uid or API key after. A `key` of
 * undefined leaves the request to another limiter (a session's and a key's requests are counted apart).
 */
export function rateLimit(
  rule: ServerConfig['rateLimit']['ip'],
  key: (c: Context<AppEnv>) => string | undefined,
  /** The 429's message, when the route can say more than "slow down" (what is limited, and when to try again). */
  message: (retryAfterSeconds: number) => string = () => 'Too many requests, please slow down',
): MiddlewareHandler<AppEnv> {
  const buckets = new TokenBuckets(rule);
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return next();
    const bucket = key(c);
    if (bucket === undefined) return next();
    const result = buckets.take(bucket, Date.now());
    if (!result.ok) {
      throw new HttpError(429, message(result.retryAfterSeconds), undefined, {
        'Retry-After': String(result.retryAfterSeconds),
      });
    }
    await next();
  };
}

/** The error for a body past a limit. The unread rest makes the connection unusable: tell the client to close it. */
export const bodyTooLarge = (message: string, fields?: Record<string, string>) =>
  new HttpError(413, message, fields, { Connection: 'close' });

/** Handlers made by `routeBodyLimit`: their routes bring their own limit, so the JSON one does not apply. */
const ownLimits = new WeakSet<MiddlewareHandler<AppEnv>>();

/**
 * A route's own body limit, declared where the route is. The route reads its body as a stream through
 * `limitBytes(body, limit)`, which enforces the limit on the bytes as they come; this refuses a declared
 * Content-Length past it before anything is read.
 */
export function routeBodyLimit(limit: ByteLimit): MiddlewareHandler<AppEnv> {
  const handler: MiddlewareHandler<AppEnv> = async (c, next) => {
    const length = Number(c.req.header('content-length'));
    if (Number.isFinite(length) && length > limit.maxBytes) throw limit.error();
    await next();
  };
  ownLimits.add(handler);
  return handler;
}

/** Every body is JSON-sized unless the matched route declared its own limit with `routeBodyLimit`. */
export function bodyLimits(jsonLimit: number): MiddlewareHandler<AppEnv> {
  const small = bodyLimit({
    maxSize: jsonLimit,
    onError: () => {
      throw bodyTooLarge('Request body is too large');
    },
  });
  return (c, next) =>
    matchedRoutes(c).some((route) => ownLimits.has(route.handler as MiddlewareHandler<AppEnv>))
      ? next()
      : small(c, next);
}
