import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '~/lib/api/client';
import { createProfileSync, sendProfile } from '~/lib/profile-sync';

describe('profile sync: once per new non-empty uid', () => {
  it('sends for each new uid and never twice for the same uid', async () => {
    const send = vi.fn(async (_uid: string) => undefined);
    const sync = createProfileSync(send);
    for (const uid of ['a', 'a', null, 'b', undefined, 'a', '', 'b']) await sync(uid);
    expect(send.mock.calls.map(([uid]) => uid)).toEqual(['a', 'b']);
  });

  it('does not send while signed out or for an empty uid', async () => {
    const send = vi.fn(async (_uid: string) => undefined);
    const sync = createProfileSync(send);
    await sync(null);
    await sync('');
    expect(send).not.toHaveBeenCalled();
  });

  it('only logs a failure, and does not retry the same uid', async () => {
    const failure = new Error('backend down');
    const send = vi.fn(async (_uid: string) => {
      throw failure;
    });
    const log = vi.fn();
    const sync = createProfileSync(send, log);
    await expect(sync('a')).resolves.toBeUndefined();
    await sync('a');
    expect(log).toHaveBeenCalledWith(failure);
    expect(send).toHaveBeenCalledTimes(1);
  });
});

describe('profile sync request', () => {
  let dispose = () => {};
  afterEach(() => dispose());

  it('POSTs the profile as JSON to /auth/auth with the ID token as Bearer', async () => {
    const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
      Response.json({ created: true }, { status: 200 }),
    );
    const client = createApiClient({ hosts: ['http://api.test'], fetch: fetch as typeof globalThis.fetch });
    dispose = client.dispose;
    await sendProfile(client, {
      uid: 'u1',
      email: 'ada@example.com',
      displayName: 'Ada',
      photoURL: null,
      getIdToken: async () => 'token-u1',
    });
    const [url, init] = fetch.mock.calls[0] ?? [];
    const headers = new Headers(init?.headers);
    expect(String(url)).toBe('http://api.test/auth/auth');
    expect(init?.method).toBe('POST');
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('authorization')).toBe('Bearer token-u1');
    expect(JSON.parse(String(init?.body))).toEqual({
      uid: 'u1',
      email: 'ada@example.com',
      displayName: 'Ada',
      photoURL: null,
    });
  });
});
