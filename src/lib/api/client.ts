/**
 * The browser's backend client. Hosts are tried in order; a host that fails with a network error or a
 * timeout is marked failed and skipped until the marks are cleared (after any usable answer, and every 5 minutes).
 *
 * How each answer counts:
 * - 2xx or 400: usable. Handed to the caller and clears every failed mark (the spec's "usable response").
 * - 401, 402, 403, 404, 409, 429 and other 4xx: the backend answered and decided; handed to the caller unchanged.
 *   Trying the same request on the fallback would only repeat the decision (or charge twice), so no failover, and
 *   the host is not marked because it is reachable.
 * - 5xx: the host is up but broken, so the next host is tried. It is not marked failed (the spec marks only network
 *   errors and timeouts), so the next request tries it again.
 * - network error or timeout: the host is marked failed and the next host is tried.
 * When no host gives an answer above, the request fails with one of the spec's five messages at random.
 * When every host is already marked, the marks are ignored for that request: trying is better than failing
 * without asking anyone for up to 5 minutes.
 */
import { brand } from '~/config/brand';
import { pickAllHostsFailedMessage } from './messages';

export const DEFAULT_TIMEOUT_MS = 30_000;
export const LONG_TIMEOUT_MS = 600_000;
export const FAILED_HOST_RESET_MS = 5 * 60_000;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequest {
  method?: HttpMethod;
  /** A plain value is sent as JSON; FormData, Blob, URLSearchParams and strings are sent as they are. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Set false for calls that must not carry the signed-in user's ID token. */
  auth?: boolean;
}

export interface CallOptions extends Omit<ApiRequest, 'method' | 'body'> {
  /** Validates the response body (for example a zod schema from src/contract). */
  parse?: (data: unknown) => unknown;
}

export type TokenProvider = () => Promise<string | null>;

export interface ApiClientOptions {
  hosts: readonly string[];
  fetch?: typeof fetch;
  getToken?: TokenProvider;
  /** In [0, 1), like Math.random; picks the all-hosts-failed message. */
  random?: () => number;
}

/** The backend answered with an error: `status` and, for 400 validation errors, the per-field messages. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly fields: Readonly<Record<string, string>>;
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    const { error, fields } = readErrorBody(body);
    super(error ?? `Request failed with status ${status}`);
    this.status = status;
    this.fields = fields;
    this.body = body;
  }
}

/** No backend host gave a usable answer; the message is one of the spec's five. */
export class AllHostsFailedError extends Error {
  override readonly name = 'AllHostsFailedError';
}

function readErrorBody(body: unknown): { error: string | undefined; fields: Record<string, string> } {
  if (typeof body !== 'object' || body === null) return { error: undefined, fields: {} };
  const { error, fields } = body as { error?: unknown; fields?: unknown };
  const cleanFields: Record<string, string> = {};
  if (typeof fields === 'object' && fields !== null) {
    for (const [key, value] of Object.entries(fields)) {
      if (typeof value === 'string') cleanFields[key] = value;
    }
  }
  return { error: typeof error === 'string' && error ? error : undefined, fields: cleanFields };
}

const isFormData = (body: unknown): boolean => typeof FormData !== 'undefined' && body instanceof FormData;

/** Timeouts: long for uploads, watermark removal and any form-data body. */
export function timeoutFor(path: string, body: unknown): number {
  return path.includes('watermark-removal') || path.includes('upload') || isFormData(body)
    ? LONG_TIMEOUT_MS
    : DEFAULT_TIMEOUT_MS;
}

function encodeBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (
    isFormData(body) ||
    typeof body === 'string' ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    body instanceof URLSearchParams
  ) {
    return body as BodyInit;
  }
  if (!headers.has('content-type')) headers.set('Content-Type', 'application/json');
  return JSON.stringify(body);
}

async function readResponseBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function createApiClient(options: ApiClientOptions) {
  const hosts = [...options.hosts];
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const random = options.random ?? Math.random;
  let getToken: TokenProvider | undefined = options.getToken;
  const failed = new Set<string>();
  const resetTimer = setInterval(() => failed.clear(), FAILED_HOST_RESET_MS);

  async function attempt(url: string, init: RequestInit, timeoutMs: number, callerSignal?: AbortSignal) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new DOMException('Request timed out', 'TimeoutError')), timeoutMs);
    const forwardAbort = () => controller.abort(callerSignal?.reason);
    callerSignal?.addEventListener('abort', forwardAbort, { once: true });
    try {
      return await fetchImpl(url, { ...init, signal: controller.signal });
    } finally {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', forwardAbort);
    }
  }

  /** Sends one request through the host list; resolves with the first answer the caller should see. */
  async function send(path: string, request: ApiRequest = {}): Promise<Response> {
    request.signal?.throwIfAborted();
    const headers = new Headers(request.headers);
    if (request.auth !== false && getToken && !headers.has('authorization')) {
      const token = await getToken();
      if (token) headers.set('Authorization', `Bearer ${token}`);
    }
    const body = encodeBody(request.body, headers);
    const init: RequestInit = { method: request.method ?? 'GET', headers };
    if (body !== undefined) init.body = body;
    const timeoutMs = timeoutFor(path, request.body);

    const available = hosts.filter((host) => !failed.has(host));
    for (const host of available.length > 0 ? available : hosts) {
      let response: Response;
      try {
        response = await attempt(host + path, init, timeoutMs, request.signal);
      } catch (error) {
        if (request.signal?.aborted) throw request.signal.reason ?? error;
        failed.add(host);
        continue;
      }
      if (response.ok || response.status === 400) {
        failed.clear();
        return response;
      }
      if (response.status < 500) return response;
      void response.body?.cancel().catch(() => undefined);
    }
    throw new AllHostsFailedError(pickAllHostsFailedMessage(random));
  }

  async function call<T>(method: HttpMethod, path: string, body: unknown, options: CallOptions = {}): Promise<T> {
    const { parse, ...rest } = options;
    const response = await send(path, { ...rest, method, body });
    const data = await readResponseBody(response);
    if (!response.ok) throw new ApiError(response.status, data);
    return (parse ? parse(data) : data) as T;
  }

  return {
    send,
    get: <T>(path: string, options?: CallOptions) => call<T>('GET', path, undefined, options),
    post: <T>(path: string, body?: unknown, options?: CallOptions) => call<T>('POST', path, body, options),
    put: <T>(path: string, body?: unknown, options?: CallOptions) => call<T>('PUT', path, body, options),
    patch: <T>(path: string, body?: unknown, options?: CallOptions) => call<T>('PATCH', path, body, options),
    delete: <T>(path: string, options?: CallOptions) => call<T>('DELETE', path, undefined, options),
    /** The signed-in user's ID token, for requests another library sends (resumable uploads). */
    idToken: (): Promise<string | null> => (getToken ? getToken() : Promise.resolve(null)),
    /** The auth store registers the ID-token source once Firebase is loaded. */
    setTokenProvider(provider: TokenProvider | undefined) {
      getToken = provider;
    },
    dispose() {
      clearInterval(resetTimer);
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The app-wide client over the brand's hosts (primary, then fallback). */
export const api: ApiClient = createApiClient({ hosts: brand.apiHosts });
