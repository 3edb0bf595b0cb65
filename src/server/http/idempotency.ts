/**
 * The one rule for a create request sent with an `Idempotency-Key` header (a client that may send it twice: a retry,
 * the fallback host), used by every create route that takes one:
 *
 * - the first request with a key runs; its 2xx answer is kept with the request's fingerprint (method, path, body);
 * - the same key with the same request answers 200 with that kept answer, and nothing runs again;
 * - the same key with another request is refused: 409;
 * - a malformed key is refused: 400 naming the header;
 * - a repeat that comes while the first is still running waits for its answer (409 if it takes too long);
 * - any other answer (400, 402, 503...) is not kept: the key is free again, so the request can be fixed and sent.
 *
 * Keys belong to a user. The store (db/idempotency.ts) is handed in, so this layer stays below the database.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Context, MiddlewareHandler, Next } from 'hono';
import { z } from 'zod';
import { IdempotencyKey } from '~/contract/api.ts';
import { type ByteLimit, bodyChunks, limitBytes, spoolToFile } from './body.ts';
import type { AppEnv } from './context.ts';
import { HttpError, validationError } from './errors.ts';
import { formDigest, multipartBoundary } from './multipart.ts';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** What a key already holds: the request it was first used for, and its answer (a JSON body) once there is one. */
export interface HeldKey {
  fingerprint: string;
  answer: string | undefined;
}

export interface IdempotencyStore {
  /**
   * Takes the key for this request, or answers what it already holds. A claim whose request never answered (its
   * process died) is taken over by the same request after a while, so a key is never stuck.
   */
  claim(uid: string, key: string, fingerprint: string): Promise<HeldKey | undefined>;
  keep(uid: string, key: string, answer: string): Promise<void>;
  release(uid: string, key: string): Promise<void>;
}

/** How long a repeat waits for the first request's answer; the browser gives up on a request after 30 s. */
const WAIT_MS = 25_000;
const WAIT_STEP_MS = 100;

export const KEY_REUSED = `This ${IDEMPOTENCY_HEADER} was already used for another request; send a new key with a new request.`;
export const STILL_RUNNING = `A request with this ${IDEMPOTENCY_HEADER} is still running; try again in a moment.`;

/** Method, path and body: a repeat is the same request when these are the same bytes. */
export const requestFingerprint = (method: string, path: string, body: string): string =>
  createHash('sha256').update(`${method} ${path}\n${body}`).digest('base64url');

export type Repeat = { action: 'replay'; answer: string } | { action: 'wait' } | { action: 'conflict' };

/** What a request does with a key that is already held. */
export function repeatOutcome(held: HeldKey, fingerprint: string): Repeat {
  if (held.fingerprint !== fingerprint) return { action: 'conflict' };
  return held.answer === undefined ? { action: 'wait' } : { action: 'replay', answer: held.answer };
}

/**
 * What a create that returns a secret keeps for its repeats: the same answer with `secret: null`. The secret is shown
 * once, and a kept answer never stores it (the store would otherwise hold a copy of every API key and signing secret).
 */
export const withoutSecret = (answer: string): string => JSON.stringify({ ...JSON.parse(answer), secret: null });

const KeyField = z.object({ idempotencyKey: IdempotencyKey.optional() });

/**
 * The key a request carries, checked like the body field of POST /jobs: undefined without one; a malformed one is
 * a 400 whose field is `idempotencyKey` and, from the header, whose message names the header.
 */
export function parseKey(value: unknown, from: 'header' | 'body'): string | undefined {
  const parsed = KeyField.safeParse({ idempotencyKey: value });
  if (parsed.success) return parsed.data.idempotencyKey;
  const invalid = validationError(parsed.error.issues);
  throw from === 'header' ? new HttpError(400, `Invalid ${IDEMPOTENCY_HEADER} header`, invalid.fields) : invalid;
}

/** A JSON object body's `field` (POST /jobs also takes its key in the body); the route checks the rest of it. */
function keyInBody(body: string, field: string): unknown {
  try {
    const parsed: unknown = JSON.parse(body);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>)[field] : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The rule as route middleware, after authentication. The route reads the checked key as `c.get('idempotencyKey')`
 * when it hands it on (a job row keeps it too, so even a takeover after a crash finds the job).
 * `bodyField`: the body field that carries the key instead of the header, when present. `kept`: what of the answer is
 * kept for a repeat, when part of it must be shown once only (a new API key's secret).
 */
export function idempotent(
  store: IdempotencyStore,
  options: { bodyField?: string; kept?: (answer: string) => string } = {},
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const body = await c.req.text();
    const fromBody = options.bodyField === undefined ? undefined : parseKey(keyInBody(body, options.bodyField), 'body');
    const key = fromBody ?? parseKey(c.req.header(IDEMPOTENCY_HEADER), 'header');
    if (key === undefined) return next();
    return runOnce(c, next, store, key, requestFingerprint(c.req.method, c.req.path, body), options.kept);
  };
}

/**
 * The same rule for a streamed upload, whose body is too large to hold in memory: with a key, the body is first
 * spooled to a file under `tempDir` (within the route's `limit`) and its SHA-256 stands for it in the fingerprint
 * (a form's: of its parts, so a new boundary is the same request); the route then reads the spooled copy. Without a key the body streams straight to the route as before.
 */
export function idempotentUpload(
  store: IdempotencyStore,
  limit: ByteLimit,
  tempDir: string,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = parseKey(c.req.header(IDEMPOTENCY_HEADER), 'header');
    if (key === undefined) return next();
    const spooled = await spoolToFile(limitBytes(bodyChunks(c.req.raw), limit), tempDir, 0, { digest: true });
    try {
      const url = new URL(c.req.url);
      const type = c.req.header('content-type') ?? '';
      const boundary = multipartBoundary(type);
      const body = boundary
        ? `multipart/form-data\n${await formDigest(createReadStream(spooled.path), boundary)}`
        : `${type}\n${spooled.sha256}`;
      const fingerprint = requestFingerprint(c.req.method, `${url.pathname}${url.search}`, body);
      const headers = new Headers(c.req.raw.headers);
      headers.set('content-length', String(spooled.size));
      c.req.raw = new Request(c.req.raw.url, {
        method: c.req.method,
        headers,
        body: Readable.toWeb(createReadStream(spooled.path)) as ReadableStream<Uint8Array>,
        duplex: 'half',
        signal: c.req.raw.signal,
      } as RequestInit);
      return await runOnce(c, next, store, key, fingerprint);
    } finally {
      await spooled.dispose();
    }
  };
}

/** Runs the request once per key and fingerprint: a repeat gets the kept answer, another request a 409. */
async function runOnce(
  c: Context<AppEnv>,
  next: Next,
  store: IdempotencyStore,
  key: string,
  fingerprint: string,
  kept: (answer: string) => string = (answer) => answer,
): Promise<Response | undefined> {
  c.set('idempotencyKey', key);
  const uid = c.get('uid');
  const deadline = Date.now() + WAIT_MS;
  for (let held = await store.claim(uid, key, fingerprint); held; held = await store.claim(uid, key, fingerprint)) {
    const repeat = repeatOutcome(held, fingerprint);
    if (repeat.action === 'conflict') throw new HttpError(409, KEY_REUSED);
    if (repeat.action === 'replay') return c.body(repeat.answer, 200, { 'Content-Type': 'application/json' });
    if (Date.now() > deadline || c.req.raw.signal.aborted)
      throw new HttpError(409, STILL_RUNNING, undefined, { 'Retry-After': '1' });
    await sleep(WAIT_STEP_MS);
  }
  try {
    await next();
  } catch (error) {
    await store.release(uid, key);
    throw error;
  }
  if (c.res.ok) await store.keep(uid, key, kept(await c.res.clone().text()));
  else await store.release(uid, key);
  return undefined;
}
