import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AllHostsFailedError,
  type ApiClient,
  ApiError,
  createApiClient,
  DEFAULT_TIMEOUT_MS,
  FAILED_HOST_RESET_MS,
  LONG_TIMEOUT_MS,
  timeoutFor,
} from '~/lib/api/client';
import { ALL_HOSTS_FAILED_MESSAGES, pickAllHostsFailedMessage } from '~/lib/api/messages';

const PRIMARY = 'http://primary.test';
const FALLBACK = 'http://fallback.test';

type Behaviour = 'down' | 'hang' | number;

/** A fake network: each host is down (connection refused), hangs until aborted, or answers with a status. */
function fakeNetwork(initial: Record<string, Behaviour>) {
  const behaviour = { ...initial };
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    calls.push({ url, init });
    const host = Object.keys(behaviour).find((h) => url.startsWith(h));
    const mode = host ? behaviour[host] : 'down';
    if (mode === 'down' || mode === undefined) throw new TypeError('Failed to fetch');
    if (mode === 'hang') {
      return new Promise<Response>((_, reject) => {
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    }
    const body =
      mode === 400
        ? { error: 'Invalid input', fields: { title: 'Title is required' } }
        : mode < 300
          ? { from: host }
          : { error: `status ${mode}` };
    return new Response(JSON.stringify(body), { status: mode, headers: { 'content-type': 'application/json' } });
  });
  return { fetch, calls, behaviour, hostsCalled: () => calls.map((c) => new URL(c.url).origin) };
}

let client: ApiClient | undefined;

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  client?.dispose();
  client = undefined;
  vi.useRealTimers();
});

function makeClient(net: ReturnType<typeof fakeNetwork>, extra: Partial<Parameters<typeof createApiClient>[0]> = {}) {
  client = createApiClient({ hosts: [PRIMARY, FALLBACK], fetch: net.fetch as typeof fetch, ...extra });
  return client;
}

describe('host order and failed marks', () => {
  it('asks the primary first and stops there when it answers', async () => {
    const net = fakeNetwork({ [PRIMARY]: 200, [FALLBACK]: 200 });
    const data = await makeClient(net).get<{ from: string }>('/me');
    expect(data.from).toBe(PRIMARY);
    expect(net.hostsCalled()).toEqual([PRIMARY]);
  });

  it('falls back to the next host when the primary is down', async () => {
    const net = fakeNetwork({ [PRIMARY]: 'down', [FALLBACK]: 200 });
    const api = makeClient(net);
    expect(await api.get<{ from: string }>('/me')).toEqual({ from: FALLBACK });
    expect(net.hostsCalled()).toEqual([PRIMARY, FALLBACK]);
  });

  it('skips a marked host while the marks stand, and retries it once any request succeeds', async () => {
    const net = fakeNetwork({ [PRIMARY]: 'down', [FALLBACK]: 'down' });
    const api = makeClient(net);
    await expect(api.get('/me')).rejects.toBeInstanceOf(AllHostsFailedError);
    net.calls.length = 0;

    // Both hosts are marked: with nothing left to skip to, both are tried again in order.
    net.behaviour[FALLBACK] = 200;
    await api.get('/me');
    expect(net.hostsCalled()).toEqual([PRIMARY, FALLBACK]);

    // That success cleared the marks, so the primary is first again.
    net.calls.length = 0;
    net.behaviour[PRIMARY] = 200;
    await api.get('/me');
    expect(net.hostsCalled()).toEqual([PRIMARY]);
  });

  it('skips the marked primary while only it is marked', async () => {
    const net = fakeNetwork({ [PRIMARY]: 'hang', [FALLBACK]: 404 });
    const api = makeClient(net);
    const first = api.get('/thing').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(DEFAULT_TIMEOUT_MS);
    // 404 from the fallback is an answer (returned to the caller) but not a success, so the primary stays marked.
    expect(await first).toMatchObject({ status: 404 });
    net.calls.length = 0;
    await expect(api.get('/thing')).rejects.toMatchObject({ status: 404 });
    expect(net.hostsCalled()).toEqual([FALLBACK]);
  });

  it('clears every mark after 5 minutes even without a success', async () => {
    const net = fakeNetwork({ [PRIMARY]: 'down', [FALLBACK]: 404 });
    const api = makeClient(net);
    await expect(api.get('/x')).rejects.toMatchObject({ status: 404 });
    net.calls.length = 0;
    await expect(api.get('/x')).rejects.toMatchObject({ status: 404 });
    expect(net.hostsCalled()).toEqual([FALLBACK]);

    net.calls.length = 0;
    await vi.advanceTimersByTimeAsync(FAILED_HOST_RESET_MS);
    net.behaviour[PRIMARY] = 200;
    await api.get('/x');
    expect(net.hostsCalled()).toEqual([PRIMARY]);
  });

  it('tries the next host on a 5xx without marking the first', async () => {
    const net = fakeNetwork({ [PRIMARY]: 503, [FALLBACK]: 200 });
    const api = makeClient(net);
    expect(await api.get('/x')).toEqual({ from: FALLBACK });
    net.calls.length = 0;
    net.behaviour[PRIMARY] = 200;
    expect(await api.get('/x')).toEqual({ from: PRIMARY });
  });
});

describe('answers', () => {
  it('hands a 400 back to the caller as an ApiError with the field messages, not as a host failure', async () => {
    const net = fakeNetwork({ [PRIMARY]: 400, [FALLBACK]: 200 });
    const error = await makeClient(net)
      .post('/scripts', { title: '' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Invalid input', fields: { title: 'Title is required' } });
    expect(net.hostsCalled()).toEqual([PRIMARY]);
  });

  it('returns the raw 400 response from send()', async () => {
    const net = fakeNetwork({ [PRIMARY]: 400 });
    const response = await makeClient(net).send('/scripts', { method: 'POST', body: {} });
    expect(response.status).toBe(400);
  });

  it.each([401, 402, 404, 409, 429])('returns %i to the caller without trying the fallback', async (status) => {
    const net = fakeNetwork({ [PRIMARY]: status, [FALLBACK]: 200 });
    await expect(makeClient(net).get('/x')).rejects.toMatchObject({ name: 'ApiError', status });
    expect(net.hostsCalled()).toEqual([PRIMARY]);
  });

  it('fails with one of the five spec messages when every host fails', async () => {
    const net = fakeNetwork({ [PRIMARY]: 'down', [FALLBACK]: 500 });
    const error = await makeClient(net, { random: () => 0.99 })
      .get('/x')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AllHostsFailedError);
    expect(ALL_HOSTS_FAILED_MESSAGES).toContain((error as Error).message);
    expect((error as Error).message).toBe('Something went kaput 🤯 Can you try again?');
  });

  it('picks every one of the five messages across the random range', () => {
    const picked = new Set([0, 0.2, 0.4, 0.6, 0.8, 0.999].map((r) => pickAllHostsFailedMessage(() => r)));
    expect([...picked].sort()).toEqual([...ALL_HOSTS_FAILED_MESSAGES].sort());
  });
});

describe('timeouts', () => {
  it('chooses 600000 ms for upload, watermark removal and form data, 30000 ms otherwise', () => {
    expect(timeoutFor('/videos/1/watermark-removal', undefined)).toBe(LONG_TIMEOUT_MS);
    expect(timeoutFor('/media/upload', { a: 1 })).toBe(LONG_TIMEOUT_MS);
    expect(timeoutFor('/voice', new FormData())).toBe(LONG_TIMEOUT_MS);
    expect(timeoutFor('/voice', { text: 'hi' })).toBe(DEFAULT_TIMEOUT_MS);
  });

  it('gives up on a hanging host after 30 s, marks it and moves on', async () => {
    const net = fakeNetwork({ [PRIMARY]: 'hang', [FALLBACK]: 200 });
    const api = makeClient(net);
    const pending = api.get('/x');
    await vi.advanceTimersByTimeAsync(DEFAULT_TIMEOUT_MS - 1);
    expect(net.hostsCalled()).toEqual([PRIMARY]);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toEqual({ from: FALLBACK });
  });

  it('waits the full 600 s on an upload before giving up on the host', async () => {
    const net = fakeNetwork({ [PRIMARY]: 'hang', [FALLBACK]: 200 });
    const api = makeClient(net);
    const pending = api.post('/media/upload', { name: 'a.mp4' });
    await vi.advanceTimersByTimeAsync(DEFAULT_TIMEOUT_MS);
    expect(net.hostsCalled()).toEqual([PRIMARY]);
    await vi.advanceTimersByTimeAsync(LONG_TIMEOUT_MS - DEFAULT_TIMEOUT_MS);
    expect(await pending).toEqual({ from: FALLBACK });
  });

  it('does not treat the caller cancelling as a host failure', async () => {
    const net = fakeNetwork({ [PRIMARY]: 'hang', [FALLBACK]: 200 });
    const api = makeClient(net);
    const controller = new AbortController();
    const pending = api.get('/x', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort(new Error('left the page'));
    expect(await pending).toMatchObject({ message: 'left the page' });
    expect(net.hostsCalled()).toEqual([PRIMARY]);
  });
});

describe('request shape', () => {
  it('sends JSON with its content type and the ID token as a Bearer header', async () => {
    const net = fakeNetwork({ [PRIMARY]: 200 });
    const api = makeClient(net, { getToken: async () => 'id-token-1' });
    await api.post('/auth/auth', { uid: 'u1' });
    const [call] = net.calls;
    const headers = new Headers(call?.init.headers);
    expect(call?.init.method).toBe('POST');
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('authorization')).toBe('Bearer id-token-1');
    expect(call?.init.body).toBe(JSON.stringify({ uid: 'u1' }));
  });

  it('sends no Authorization header when signed out or when the call opts out', async () => {
    const net = fakeNetwork({ [PRIMARY]: 200 });
    const api = makeClient(net, { getToken: async () => null });
    await api.get('/public');
    api.setTokenProvider(async () => 'tok');
    await api.get('/public', { auth: false });
    for (const call of net.calls) expect(new Headers(call.init.headers).has('authorization')).toBe(false);
  });

  it('passes form data through untouched so the browser sets the multipart boundary', async () => {
    const net = fakeNetwork({ [PRIMARY]: 200 });
    const form = new FormData();
    form.set('file', new Blob(['x']), 'a.txt');
    await makeClient(net).post('/media', form);
    expect(net.calls[0]?.init.body).toBe(form);
    expect(new Headers(net.calls[0]?.init.headers).has('content-type')).toBe(false);
  });
});
