/**
 * What every cloud adapter (speech, images) shares: one request with a deadline, HTTP failures mapped to errors a
 * user can read, and base URLs that work with or without a trailing "/v1".
 */

export type ProviderErrorKind =
  | 'auth'
  | 'rate_limited'
  | 'unavailable'
  | 'timeout'
  | 'unreachable'
  | 'rejected'
  | 'bad_output';

/** `message` is for the person who pressed the button; `detail` keeps the upstream text for logs. */
export class ProviderError extends Error {
  readonly kind: ProviderErrorKind;
  readonly status: number | undefined;
  readonly detail: string | undefined;
  /** On a 429: how long the service asked us to wait, when it said (Retry-After, X-RateLimit-Reset). */
  readonly retryAfterMs: number | undefined;

  constructor(
    kind: ProviderErrorKind,
    message: string,
    options: { status?: number; detail?: string; retryAfterMs?: number } = {},
  ) {
    super(message);
    this.name = 'ProviderError';
    this.kind = kind;
    this.status = options.status;
    this.detail = options.detail;
    this.retryAfterMs = options.retryAfterMs;
  }
}

/** "https://api.openai.com/v1" + "/v1/audio/speech" → one "/v1", whichever side the operator put it on. */
export function apiUrl(base: string, path: string): string {
  const trimmed = base.replace(/\/+$/, '');
  const version = path.match(/^\/v\d+(?=\/)/)?.[0];
  return version && trimmed.endsWith(version) ? trimmed + path.slice(version.length) : trimmed + path;
}

export interface RequestOptions {
  /** "OpenAI", "ElevenLabs": named in messages. */
  service: string;
  headers: Record<string, string>;
  /** JSON to send; undefined sends no body (GET, DELETE). */
  body: unknown;
  /** Sends `body` (then a string) as is with this type instead of as JSON: Azure's synthesis takes SSML. */
  contentType?: string;
  timeoutMs: number;
  signal?: AbortSignal | undefined;
}

async function upstreamDetail(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const json = JSON.parse(text) as {
      error?: { message?: string } | string;
      detail?: { message?: string } | string;
      message?: string;
      errors?: unknown;
    };
    const fromError = typeof json.error === 'string' ? json.error : json.error?.message;
    const fromDetail = typeof json.detail === 'string' ? json.detail : json.detail?.message;
    // RFC 9457 problems (RunPod v2) list each validation failure in `errors`; the detail alone says only that there were some.
    const failures = Array.isArray(json.errors) ? json.errors.filter((entry) => typeof entry === 'string') : [];
    const detail = fromError ?? fromDetail ?? json.message ?? text;
    return failures.length ? `${detail} (${failures.join('; ')})` : detail;
  } catch {
    return text;
  }
}

/**
 * Retry-After in seconds, or X-RateLimit-Reset, which Pexels sends as a UNIX time and Pixabay as seconds to go
 * (anything past a billion seconds is a timestamp).
 */
export function retryAfterMs(headers: Headers, now = Date.now()): number | undefined {
  const retryAfter = Number(headers.get('retry-after') ?? NaN);
  if (Number.isFinite(retryAfter) && retryAfter >= 0) return retryAfter * 1000;
  const reset = Number(headers.get('x-ratelimit-reset') ?? NaN);
  if (!Number.isFinite(reset) || reset < 0) return undefined;
  return reset > 1e9 ? Math.max(0, reset * 1000 - now) : reset * 1000;
}

function statusError(service: string, status: number, detail: string, headers?: Headers): ProviderError {
  if (status === 401 || status === 403) {
    return new ProviderError('auth', `${service} refused the server's API key.`, { status, detail });
  }
  if (status === 429) {
    const wait = headers ? retryAfterMs(headers) : undefined;
    return new ProviderError('rate_limited', `${service} is busy right now. Please try again in a minute.`, {
      status,
      detail,
      ...(wait === undefined ? {} : { retryAfterMs: wait }),
    });
  }
  if (status >= 500)
    return new ProviderError('unavailable', `${service} is having trouble right now. Please try again later.`, {
      status,
      detail,
    });
  return new ProviderError('rejected', `${service} could not process this request${detail ? `: ${detail}` : '.'}`, {
    status,
    detail,
  });
}

/**
 * POSTs JSON and returns the OK response. The caller's signal cancels (rethrown as its abort reason); the deadline
 * becomes a `timeout` ProviderError.
 */
export const postJson = (url: string, options: RequestOptions): Promise<Response> => sendJson('POST', url, options);

/** `postJson` for any method: REST providers (GPU clouds) read with GET and end machines with DELETE. */
export async function sendJson(method: string, url: string, options: RequestOptions): Promise<Response> {
  const { service, signal } = options;
  signal?.throwIfAborted();
  const deadline = AbortSignal.timeout(options.timeoutMs);
  const combined = signal ? AbortSignal.any([signal, deadline]) : deadline;
  let response: Response;
  try {
    const raw = options.contentType !== undefined;
    response = await fetch(url, {
      method,
      headers:
        options.body === undefined
          ? options.headers
          : { 'content-type': options.contentType ?? 'application/json', ...options.headers },
      ...(options.body === undefined ? {} : { body: raw ? String(options.body) : JSON.stringify(options.body) }),
      signal: combined,
    });
  } catch (error) {
    signal?.throwIfAborted();
    if (deadline.aborted)
      throw new ProviderError('timeout', `${service} took too long to answer.`, { detail: String(error) });
    throw new ProviderError('unreachable', `We couldn't reach ${service}.`, { detail: String(error) });
  }
  if (!response.ok) throw statusError(service, response.status, await upstreamDetail(response), response.headers);
  return response;
}

/** Reads the body under the same deadline rules as the request (a stalled body is a timeout, not a hang). */
export async function readBody<T>(
  service: string,
  read: () => Promise<T>,
  signal: AbortSignal | undefined,
): Promise<T> {
  try {
    return await read();
  } catch (error) {
    signal?.throwIfAborted();
    if (error instanceof DOMException && error.name === 'TimeoutError') {
      throw new ProviderError('timeout', `${service} took too long to answer.`, { detail: String(error) });
    }
    throw new ProviderError('bad_output', `${service} sent an answer we couldn't read.`, { detail: String(error) });
  }
}
