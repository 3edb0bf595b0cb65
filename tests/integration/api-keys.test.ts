/**
 * API keys on the real stack, once on PGlite and once on PostgreSQL when one answers: a key is made with a session,
 * shown once, authenticates its owner on the session's routes within its scopes, never reaches another user's
 * records, the operator console, key or webhook management or a purchase, and is refused by every API process on
 * the very next request after it is revoked. Its requests have their own rate limit, and no log line carries it.
 */
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_PATTERN, API_KEY_SHOWN_CHARS, type ApiKeyScope } from '~/contract/developers.ts';
import { startApiServer } from '~/server/api/server.ts';
import { idempotentRequests } from '~/server/db/schema/requests.ts';
import { createUser, ensureAuthEmulator, type TestUser, updateUser } from './support/auth-emulator.ts';
import { databaseTargets, type Target } from './support/databases.ts';
import { client, type Stack, startStack } from './support/stack.ts';

let stopEmulator: () => Promise<void> = async () => undefined;
beforeAll(async () => {
  stopEmulator = await ensureAuthEmulator();
});
afterAll(async () => stopEmulator());

const INVALID = 'This API key is not valid (revoked or unknown)';
const hold = { kind: 'test.hold', payload: { cost: 1 } };

/** fetch with an API key instead of a session. */
const withKey =
  (base: string, key: string) =>
  (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    client(base)(method, path, body, { authorization: `Bearer ${key}`, ...headers });

describe.each(await databaseTargets())('API keys on %s', (_name, makeTarget) => {
  let target: Target;
  let stack: Stack;

  const signedUp = async (user?: TestUser) => {
    const account = user ?? (await createUser());
    const api = client(stack.url, account);
    await api('POST', '/auth/auth', { uid: account.uid, email: account.email, displayName: null, photoURL: null });
    const makeKey = async (scopes: ApiKeyScope[], name = 'Build server') => {
      const created = await api('POST', '/developer/keys', { name, scopes });
      expect(created.status).toBe(201);
      return created.body as { id: string; secret: string; prefix: string; scopes: ApiKeyScope[] };
    };
    return { user: account, api, makeKey };
  };

  beforeAll(async () => {
    target = await makeTarget();
    stack = await startStack(target);
  });
  afterAll(async () => {
    await stack?.close();
    await target?.dispose();
  });

  it('makes a key shown once, which then works as its owner within its scopes', async () => {
    const { user, api, makeKey } = await signedUp();
    const key = await makeKey(['read', 'create']);
    expect(key.secret).toMatch(API_KEY_PATTERN);
    expect(key.prefix).toBe(key.secret.slice(0, API_KEY_SHOWN_CHARS));
    expect(key.scopes).toEqual(['read', 'create']);

    const asKey = withKey(stack.url, key.secret);
    const me = await asKey('GET', '/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ profile: { uid: user.uid, email: user.email }, admin: false });
    const usedAt = async () =>
      (await api('GET', '/developer/keys')).body.items.find((k: { id: string }) => k.id === key.id).lastUsedAt;
    const firstUse = await usedAt();
    expect(Date.parse(firstUse)).toBeGreaterThan(Date.now() - 60_000);
    const job = await asKey('POST', '/jobs', hold, { 'Idempotency-Key': 'key-job-1' });
    // Written once a minute at most, not on every request.
    expect(await usedAt()).toBe(firstUse);
    expect(job.status).toBe(201);
    expect((await api('GET', `/jobs/${job.body.id}`)).status).toBe(200);
    expect((await asKey('POST', `/jobs/${job.body.id}/cancel`)).status).toBe(200);

    // The list shows it by its prefix and when it was last used; neither the key nor its hash is ever in it.
    const unused = await makeKey(['read'], 'Unused');
    const list = await api('GET', '/developer/keys');
    expect(list.status).toBe(200);
    expect(list.body.items.map((k: { id: string }) => k.id)).toEqual([unused.id, key.id]);
    const [second, first] = list.body.items;
    expect(first).toMatchObject({ name: 'Build server', prefix: key.prefix, revokedAt: null });
    expect(first.lastUsedAt).not.toBeNull();
    expect(second.lastUsedAt).toBeNull();
    const listed = JSON.stringify(list.body);
    expect(listed).not.toContain(key.secret);
    expect(listed).not.toContain(unused.secret);
    expect(Object.keys(first).sort()).toEqual([
      'createdAt',
      'id',
      'lastUsedAt',
      'name',
      'prefix',
      'revokedAt',
      'scopes',
    ]);
  });

  it('answers a repeated create with the same key but not its secret, and refuses a bad body field by field', async () => {
    const { api } = await signedUp();
    const once = { 'Idempotency-Key': 'make-key-1' };
    const first = await api('POST', '/developer/keys', { name: 'CI', scopes: ['read'] }, once);
    const again = await api('POST', '/developer/keys', { name: 'CI', scopes: ['read'] }, once);
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(first.body.secret).toMatch(API_KEY_PATTERN);
    expect(again.body).toEqual({ ...first.body, secret: null });
    expect((await api('GET', '/developer/keys')).body.items).toHaveLength(1);
    // The kept answer holds no copy of the key either.
    const kept = await stack.database.db
      .select({ answer: idempotentRequests.answer })
      .from(idempotentRequests)
      .where(eq(idempotentRequests.key, 'make-key-1'));
    expect(kept.map((row) => JSON.parse(row.answer ?? '{}'))).toEqual([{ ...first.body, secret: null }]);

    const empty = await api('POST', '/developer/keys', { name: ' ', scopes: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toEqual({ name: 'Give the key a name', scopes: 'Choose at least one scope' });
    const unknown = await api('POST', '/developer/keys', { name: 'x', scopes: ['admin'] });
    expect(unknown.status).toBe(400);
    expect(Object.keys(unknown.body.fields)).toEqual(['scopes.0']);
    expect((await api('POST', '/developer/keys', 'not an object')).status).toBe(400);
  });

  it('refuses a route outside the key scopes, naming the scope', async () => {
    const { makeKey } = await signedUp();
    const reader = withKey(stack.url, (await makeKey(['read'])).secret);
    const refused = await reader('POST', '/jobs', hold);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('This API key lacks the "create" scope');
    expect((await reader('GET', '/gpu/rentals')).body.error).toBe('This API key lacks the "gpu" scope');
    expect((await reader('GET', '/credits/ledger')).body.error).toBe('This API key lacks the "billing:read" scope');
    expect((await reader('GET', '/videos')).status).toBe(200);
    // A file's own download takes a session; a key is told to ask for a signed link.
    const download = await reader('GET', `/files/${crypto.randomUUID()}`);
    expect([download.status, download.body.error]).toEqual([401, expect.stringMatching(/GET \/files\/:id\/url/)]);
    expect((await reader('GET', `/files/${crypto.randomUUID()}/url`)).status).toBe(404);

    const billing = withKey(stack.url, (await makeKey(['billing:read'])).secret);
    expect((await billing('GET', '/credits/ledger')).status).toBe(200);
    expect((await billing('GET', '/payments/purchases')).status).toBe(200);
    expect((await billing('GET', '/me')).body.error).toBe('This API key lacks the "read" scope');
  });

  it("never reaches another user's records", async () => {
    const owner = await signedUp();
    const video = await owner.api('POST', '/videos', {
      script: 'The lighthouse keeper climbs the stairs at dusk.',
      voiceId: 'en-us-olivia',
      aspect: '16:9',
      resolution: '720p',
      captions: 'word',
      visuals: 'generated',
    });
    expect(video.status).toBe(202);
    const ownKey = withKey(stack.url, (await owner.makeKey(['read', 'create'])).secret);
    expect((await ownKey('GET', `/videos/${video.body.id}`)).status).toBe(200);

    const other = withKey(stack.url, (await (await signedUp()).makeKey(['read', 'create'])).secret);
    const seen = await other('GET', `/videos/${video.body.id}`);
    expect(seen.status).toBe(404);
    expect((await other('POST', `/videos/${video.body.id}/cancel`)).status).toBe(404);
    expect((await other('DELETE', `/videos/${video.body.id}`)).status).toBe(404);
    expect((await ownKey('POST', `/videos/${video.body.id}/cancel`)).status).toBe(200);
  });

  it('never reaches the operator console, even an operator’s key: 404 as for anyone', async () => {
    const admin = await signedUp(await updateUser(await createUser(), { claims: { admin: true } }));
    expect((await admin.api('GET', '/admin/users?q=example')).status).toBe(200);
    const asKey = withKey(stack.url, (await admin.makeKey(['read', 'create', 'gpu', 'billing:read'])).secret);
    expect((await asKey('GET', '/me')).body.admin).toBe(false);
    for (const [method, path] of [
      ['GET', '/admin/users?q=example'],
      ['GET', `/admin/users/${admin.user.uid}`],
      ['POST', `/admin/users/${admin.user.uid}/credits`],
      ['GET', '/admin/no-such-page'],
    ] as const) {
      const answer = await asKey(method, path, method === 'POST' ? { amount: 5, reason: 'x' } : undefined);
      expect([path, answer.status, answer.body]).toEqual([path, 404, { error: 'Not found' }]);
    }
  });

  it('never manages keys or webhooks, signs in or buys credits: 403 saying to sign in', async () => {
    const { api, makeKey } = await signedUp();
    const key = await makeKey(['read', 'create', 'gpu', 'billing:read']);
    const asKey = withKey(stack.url, key.secret);
    for (const [method, path, body] of [
      ['GET', '/developer/keys', undefined],
      ['POST', '/developer/keys', { name: 'Escalated', scopes: ['read'] }],
      ['DELETE', `/developer/keys/${key.id}`, undefined],
      ['GET', '/webhooks/endpoints', undefined],
      ['POST', '/webhooks/endpoints', { url: 'https://example.com/hook', events: ['video.succeeded'] }],
      ['POST', '/payments/checkout', { packId: 'starter' }],
      ['POST', '/auth/auth', { uid: 'x' }],
    ] as const) {
      const answer = await asKey(method, path, body, { 'Idempotency-Key': `escalate-${method}-${path}` });
      expect([path, answer.status]).toEqual([path, 403]);
      expect(answer.body.error).toMatch(/^API keys cannot .*; sign in to the dashboard to do that$/);
    }
    expect((await api('GET', '/developer/keys')).body.items).toHaveLength(1);
  });

  it('refuses a revoked key on the very next request, on every API process', async () => {
    const { api, makeKey } = await signedUp();
    const key = await makeKey(['read']);
    const second = await stack.extraApi({});
    const here = withKey(stack.url, key.secret);
    const there = withKey(second.url, key.secret);
    expect((await here('GET', '/me')).status).toBe(200);
    expect((await there('GET', '/me')).status).toBe(200);

    expect((await api('DELETE', `/developer/keys/${key.id}`)).status).toBe(204);
    for (const call of [here, there]) {
      const refused = await call('GET', '/me');
      expect(refused.status).toBe(401);
      expect(refused.body.error).toBe(INVALID);
    }
    const [listed] = (await api('GET', '/developer/keys')).body.items;
    expect(listed.revokedAt).not.toBeNull();
    // Revoking again keeps it revoked; a key that is not the user's is not there.
    expect((await api('DELETE', `/developer/keys/${key.id}`)).status).toBe(204);
    const stranger = client(stack.url, (await signedUp()).user);
    expect((await stranger('DELETE', `/developer/keys/${key.id}`)).status).toBe(404);
    expect((await api('DELETE', '/developer/keys/not-a-uuid')).status).toBe(404);

    for (const unknown of [`nxn_sk_${'A'.repeat(43)}`, 'nxn_sk_short']) {
      const refused = await withKey(stack.url, unknown)('GET', '/me');
      expect([refused.status, refused.body.error]).toEqual([401, INVALID]);
    }
  });

  it("counts a key's requests apart from its owner's session, with its own limit", async () => {
    const { user, makeKey } = await signedUp();
    const limited = await stack.extraApi({ RATE_LIMIT_API_KEY_BURST: '2', RATE_LIMIT_API_KEY_PER_MINUTE: '1' });
    const asKey = withKey(limited.url, (await makeKey(['read'])).secret);
    expect((await asKey('GET', '/me')).status).toBe(200);
    expect((await asKey('GET', '/me')).status).toBe(200);
    const slowed = await asKey('GET', '/me');
    expect(slowed.status).toBe(429);
    expect(Number(slowed.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await client(limited.url, user)('GET', '/me')).status).toBe(200);
    const another = withKey(limited.url, (await makeKey(['read'])).secret);
    expect((await another('GET', '/me')).status).toBe(200);
  });

  it('writes no key into the logs, whatever the request', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const server = await startApiServer({
      config: stack.config,
      database: stack.database,
      queue: stack.queue,
      log: pino({ level: 'debug' }, sink),
      port: 0,
    });
    try {
      const { api, makeKey } = await signedUp();
      const key = await makeKey(['read']);
      const asKey = withKey(server.url, key.secret);
      await asKey('GET', '/me');
      await asKey('POST', '/jobs', hold);
      await asKey('GET', '/developer/keys');
      await api('DELETE', `/developer/keys/${key.id}`);
      await asKey('GET', '/me');
      await withKey(server.url, `${key.secret}x`)('GET', '/me');
    } finally {
      await server.close();
    }
    const log = lines.join('');
    expect(log).toContain('"path":"/me"');
    expect(log).not.toContain('nxn_sk_');
    expect(log).not.toMatch(/authorization/i);
  });
});
