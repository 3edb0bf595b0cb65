/**
 * Every API endpoint against a real stack (API + worker + pg-boss) with real ID tokens from the Auth emulator, once
 * on PGlite and once on PostgreSQL when one is reachable.
 */

import { fork, spawn } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNUP_GRANT } from '~/contract/pricing.ts';
import {
  captureHold,
  HoldAlreadySettledError,
  releaseAbandonedHolds,
  reserveHold,
  spendHold,
} from '~/server/credits/holds.ts';
import { insertJob } from '~/server/jobs/lifecycle.ts';
import { recordFile } from '~/server/storage/files.ts';
import { createStorage, storageKey } from '~/server/storage/index.ts';
import { createUser, ensureAuthEmulator } from './support/auth-emulator.ts';
import { pgliteTarget, postgresTarget, type Target } from './support/databases.ts';
import { client, type Stack, startStack } from './support/stack.ts';

let stopEmulator: () => Promise<void> = async () => undefined;
beforeAll(async () => {
  stopEmulator = await ensureAuthEmulator();
});
afterAll(async () => stopEmulator());

const postgres = await postgresTarget();
if (typeof postgres === 'string') console.warn(postgres);

const targets: [string, () => Promise<Target>][] = [['PGlite', pgliteTarget]];
if (typeof postgres !== 'string') targets.push(['PostgreSQL', async () => postgres]);

/** Polls a job until `done(job)` holds. */
async function waitForJob(api: ReturnType<typeof client>, id: string, done: (job: any) => boolean, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await api('GET', `/jobs/${id}`);
    if (done(res.body)) return res.body;
    if (Date.now() > until) throw new Error(`Job ${id} stuck: ${JSON.stringify(res.body)}`);
    await sleep(100);
  }
}

describe.each(targets)('API on %s', (_name, makeTarget) => {
  let target: Target;
  let stack: Stack;
  let anon: ReturnType<typeof client>;

  /** A user whose profile has been synced (so it holds the signup grant). */
  const signedUp = async () => {
    const user = await createUser();
    const api = client(stack.url, user);
    const sync = await api('POST', '/auth/auth', {
      uid: user.uid,
      email: user.email,
      displayName: 'Test User',
      photoURL: null,
    });
    expect(sync.status).toBe(201);
    return { user, api };
  };

  beforeAll(async () => {
    target = await makeTarget();
    stack = await startStack(target);
    anon = client(stack.url);
  });
  afterAll(async () => {
    await stack?.close();
    await target?.dispose();
  });

  describe('health and identity', () => {
    it('answers health checks without a token and everything else only with a valid one', async () => {
      expect((await anon('GET', '/healthz')).body).toEqual({ ok: true });
      const ready = await anon('GET', '/readyz');
      expect(ready.status).toBe(200);
      // No worker of this stack checks its tools, so none is known to lack one.
      expect(ready.body).toEqual({ ok: true, db: target.name, videos: { ready: true, workers: 0, missing: [] } });

      const missing = await anon('GET', '/me');
      expect(missing.status).toBe(401);
      expect(missing.body.error).toBeTypeOf('string');
      const forged = await client(stack.url, { uid: 'x', email: 'x', idToken: 'not-a-token' })('GET', '/me');
      expect(forged.status).toBe(401);
    });

    it('tags every response with a request id, keeping a well-formed one the caller sent', async () => {
      const res = await anon('GET', '/healthz', undefined, { 'x-request-id': 'trace-1234567890' });
      expect(res.headers.get('x-request-id')).toBe('trace-1234567890');
      expect((await anon('GET', '/healthz')).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('sends security headers and CORS headers only to allowed origins', async () => {
      const allowed = await anon('GET', '/healthz', undefined, { origin: 'http://localhost:4321' });
      expect(allowed.headers.get('access-control-allow-origin')).toBe('http://localhost:4321');
      expect(allowed.headers.get('x-content-type-options')).toBe('nosniff');
      const foreign = await anon('GET', '/healthz', undefined, { origin: 'https://evil.example' });
      expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    });

    it('answers unknown paths with a JSON 404', async () => {
      const { api } = await signedUp();
      const res = await api('GET', '/no-such-thing');
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Not found' });
    });
  });

  describe('POST /auth/auth and GET /me', () => {
    it('creates the profile with the signup credits on first sync, and only updates it afterwards', async () => {
      const user = await createUser();
      const api = client(stack.url, user);
      const first = await api('POST', '/auth/auth', {
        uid: user.uid,
        email: user.email,
        displayName: 'Ada',
        photoURL: 'https://example.com/a.png',
      });
      expect(first.status).toBe(201);
      expect(first.body).toMatchObject({
        created: true,
        granted: SIGNUP_GRANT,
        credits: { balance: SIGNUP_GRANT, reserved: 0 },
      });
      expect(first.body.profile).toMatchObject({
        uid: user.uid,
        email: user.email,
        displayName: 'Ada',
        photoURL: 'https://example.com/a.png',
      });

      const again = await api('POST', '/auth/auth', {
        uid: user.uid,
        email: user.email,
        displayName: 'Ada L.',
        photoURL: null,
      });
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ created: false, granted: 0, credits: { balance: SIGNUP_GRANT } });

      const me = await api('GET', '/me');
      expect(me.status).toBe(200);
      expect(me.body.profile).toMatchObject({ uid: user.uid, displayName: 'Ada L.', photoURL: null });
      expect(me.body.credits).toEqual({ balance: SIGNUP_GRANT, reserved: 0 });
    });

    it("refuses to sync someone else's profile", async () => {
      const user = await createUser();
      const res = await client(stack.url, user)('POST', '/auth/auth', {
        uid: 'someone-else',
        email: null,
        displayName: 'Not me',
        photoURL: null,
      });
      expect(res.status).toBe(403);
      expect((await client(stack.url, user)('GET', '/me')).body.profile).toMatchObject({
        uid: user.uid,
        displayName: null,
      });
    });

    it('answers invalid profiles with 400 and a message per field', async () => {
      const user = await createUser();
      const res = await client(stack.url, user)('POST', '/auth/auth', { uid: 42, photoURL: 'javascript:alert(1)' });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('Invalid input');
      expect(Object.keys(res.body.fields).sort()).toEqual(['photoURL', 'uid']);
      const notJson = await fetch(`${stack.url}/auth/auth`, {
        method: 'POST',
        headers: { authorization: `Bearer ${user.idToken}` },
        body: '{',
      });
      expect(notJson.status).toBe(400);
    });

    it('grants the signup credits once when two first syncs race', async () => {
      const user = await createUser();
      const api = client(stack.url, user);
      const body = { uid: user.uid, email: user.email, displayName: null, photoURL: null };
      const results = await Promise.all([
        api('POST', '/auth/auth', body),
        api('POST', '/auth/auth', body),
        api('POST', '/auth/auth', body),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 200, 201]);
      expect(results.reduce((sum, r) => sum + r.body.granted, 0)).toBe(SIGNUP_GRANT);
      expect((await api('GET', '/me')).body.credits.balance).toBe(SIGNUP_GRANT);
      const ledger = await api('GET', '/credits/ledger');
      expect(ledger.body.entries.filter((e: any) => e.kind === 'grant')).toHaveLength(1);
    });

    it('rejects oversized bodies with 413', async () => {
      const { api, user } = await signedUp();
      const res = await api('POST', '/auth/auth', { uid: user.uid, displayName: 'x'.repeat(1_100_000) });
      expect(res.status).toBe(413);
    });
  });

  describe('credits', () => {
    it('lets exactly as many of 50 parallel spends through as the balance allows', async () => {
      const { api } = await signedUp();
      const results = await Promise.all(
        Array.from({ length: 50 }, () => api('POST', '/jobs', { kind: 'test.hold', payload: { cost: 10 } })),
      );
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(SIGNUP_GRANT / 10);
      expect(statuses.filter((s) => s === 402)).toHaveLength(50 - SIGNUP_GRANT / 10);
      expect(results.find((r) => r.status === 402)?.body).toMatchObject({ needed: 10, available: 0 });
      expect((await api('GET', '/me')).body.credits).toEqual({ balance: 0, reserved: SIGNUP_GRANT });
      // Free the worker slots these holds occupy.
      for (const r of results.filter((x) => x.status === 201)) await api('POST', `/jobs/${r.body.id}/cancel`);
      expect((await api('GET', '/me')).body.credits).toEqual({ balance: SIGNUP_GRANT, reserved: 0 });
    });

    it('pages the ledger newest first without gaps or repeats', async () => {
      const { api } = await signedUp();
      for (let i = 0; i < 3; i++) {
        const job = await api('POST', '/jobs', { kind: 'test.hold', payload: { cost: 1 } });
        await api('POST', `/jobs/${job.body.id}/cancel`);
      }
      const seen: any[] = [];
      let cursor: string | null = null;
      do {
        const page: any = await api('GET', `/credits/ledger?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        expect(page.status).toBe(200);
        expect(page.body.entries.length).toBeLessThanOrEqual(2);
        seen.push(...page.body.entries);
        cursor = page.body.nextCursor;
      } while (cursor);
      expect(seen.map((e) => e.kind)).toEqual([
        'release',
        'reserve',
        'release',
        'reserve',
        'release',
        'reserve',
        'grant',
      ]);
      expect(new Set(seen.map((e) => e.id)).size).toBe(seen.length);
      expect(seen.reduce((sum, e) => sum + e.delta, 0)).toBe(SIGNUP_GRANT);
      expect((await api('GET', '/credits/ledger?limit=500')).status).toBe(400);
      expect((await api('GET', '/credits/ledger?cursor=abc')).body.fields).toHaveProperty('cursor');
    });

    it('returns credits held by a request that died before settling, once, and refuses a late capture', async () => {
      const { api, user } = await signedUp();
      const hold = { uid: user.uid, key: `script:${randomUUID()}`, amount: 1, reason: 'Script generation' };
      await reserveHold(stack.database, hold);
      expect((await api('GET', '/me')).body.credits).toEqual({ balance: SIGNUP_GRANT - 1, reserved: 1 });

      // A hold younger than any request can run is left alone.
      await releaseAbandonedHolds(stack.database);
      expect((await api('GET', '/me')).body.credits).toEqual({ balance: SIGNUP_GRANT - 1, reserved: 1 });

      await stack.database.db.execute(
        sql`update request_holds set created_at = now() - interval '11 minutes' where uid = ${user.uid}`,
      );
      await releaseAbandonedHolds(stack.database);
      await releaseAbandonedHolds(stack.database);
      expect((await api('GET', '/me')).body.credits).toEqual({ balance: SIGNUP_GRANT, reserved: 0 });
      const ledger = await api('GET', '/credits/ledger');
      expect(ledger.body.entries.slice(0, 2).map((e: any) => [e.kind, e.reason])).toEqual([
        ['release', 'Script generation interrupted'],
        ['reserve', 'Script generation'],
      ]);
      // The request, had it survived, could not capture what was already returned.
      await expect(stack.database.transaction((tx) => captureHold(tx, hold))).rejects.toThrow(HoldAlreadySettledError);
      expect((await api('GET', '/me')).body.credits).toEqual({ balance: SIGNUP_GRANT, reserved: 0 });
    });

    it('returns credits held by a request at once when its work or its save fails, and charges them when both succeed', async () => {
      const { api, user } = await signedUp();
      const hold = () => ({ uid: user.uid, key: `script:${randomUUID()}`, amount: 1, reason: 'Script generation' });
      const credits = async () => (await api('GET', '/me')).body.credits;

      const writerBroke = spendHold(
        stack.database,
        hold(),
        async () => Promise.reject(new TypeError('writer bug')),
        async () => 'saved',
      );
      await expect(writerBroke).rejects.toThrow('writer bug');
      expect(await credits()).toEqual({ balance: SIGNUP_GRANT, reserved: 0 });

      // A database error while saving (here: a division by zero in the save's transaction).
      const saveBroke = spendHold(
        stack.database,
        hold(),
        async () => 'script',
        (tx) => tx.execute(sql`select 1 / 0`),
      );
      await expect(saveBroke).rejects.toThrow();
      expect(await credits()).toEqual({ balance: SIGNUP_GRANT, reserved: 0 });
      const ledger = await api('GET', '/credits/ledger?limit=4');
      expect(ledger.body.entries.map((e: any) => [e.kind, e.reason])).toEqual([
        ['release', 'Script generation failed'],
        ['reserve', 'Script generation'],
        ['release', 'Script generation failed'],
        ['reserve', 'Script generation'],
      ]);

      expect(
        await spendHold(
          stack.database,
          hold(),
          async () => 'script',
          async (_tx, written) => `${written} saved`,
        ),
      ).toBe('script saved');
      expect(await credits()).toEqual({ balance: SIGNUP_GRANT - 1, reserved: 0 });
    });
  });

  describe('jobs', () => {
    it('runs a job in a child process, streams its progress, captures the credits and stores its file', async () => {
      const { api, user } = await signedUp();
      const created = await api('POST', '/jobs', {
        kind: 'test.child',
        payload: { text: 'hello file', steps: 4, stepMs: 400 },
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ kind: 'test.child', status: 'queued', cost: 5, progress: 0 });

      const events = await fetch(`${stack.url}/jobs/${created.body.id}/events`, {
        headers: { authorization: `Bearer ${user.idToken}` },
      });
      expect(events.headers.get('content-type')).toContain('text/event-stream');
      const jobs = (await events.text())
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => JSON.parse(line.slice(5)));
      const last = jobs.at(-1);
      expect(last).toMatchObject({ status: 'succeeded', progress: 1, attempts: 1 });
      expect(jobs.some((j) => j.status === 'active' && j.progress > 0 && j.progress < 1)).toBe(true);
      expect(last.result.pid).not.toBe(process.pid);

      expect((await api('GET', '/me')).body.credits).toEqual({ balance: SIGNUP_GRANT - 5, reserved: 0 });
      const ledger = await api('GET', '/credits/ledger');
      expect(ledger.body.entries.slice(0, 2).map((e: any) => [e.kind, e.jobId])).toEqual([
        ['capture', created.body.id],
        ['reserve', created.body.id],
      ]);

      // The owner downloads it; anyone else gets 404; a signed link works without a token, tampered it does not.
      const fileId = last.result.fileId;
      const own = await fetch(`${stack.url}/files/${fileId}`, { headers: { authorization: `Bearer ${user.idToken}` } });
      expect(own.status).toBe(200);
      expect(await own.text()).toBe('hello file');
      const other = await createUser();
      expect((await client(stack.url, other)('GET', `/files/${fileId}`)).status).toBe(404);
      expect((await anon('GET', `/files/${fileId}`)).status).toBe(401);

      const signed = await api('GET', `/files/${fileId}/url`);
      expect(signed.status).toBe(200);
      const ranged = await fetch(signed.body.url, { headers: { range: 'bytes=6-' } });
      expect(ranged.status).toBe(206);
      expect(ranged.headers.get('content-range')).toBe('bytes 6-9/10');
      expect(await ranged.text()).toBe('file');
      const tampered = new URL(signed.body.url);
      tampered.searchParams.set('exp', String(Number(tampered.searchParams.get('exp')) + 1));
      expect((await fetch(tampered)).status).toBe(404);
      expect((await client(stack.url, other)('GET', `/files/${fileId}/url`)).status).toBe(404);
    });

    it('retries a failing job, then fails it with the handler message and returns the credits', async () => {
      const { api } = await signedUp();
      const created = await api('POST', '/jobs', { kind: 'test.fail', payload: {} });
      expect(created.status).toBe(201);
      expect((await api('GET', '/me')).body.credits).toEqual({ balance: SIGNUP_GRANT - 7, reserved: 7 });
      const failed = await waitForJob(api, created.body.id, (j) => j.status === 'failed', 45_000);
      expect(failed).toMatchObject({ attempts: 2, maxAttempts: 2, error: 'Could not render (attempt 1)' });
      expect((await api('GET', '/me')).body.credits).toEqual({ balance: SIGNUP_GRANT, reserved: 0 });

      const retried = await api('POST', `/jobs/${created.body.id}/retry`);
      expect(retried.status).toBe(201);
      expect(retried.body.id).not.toBe(created.body.id);
      expect(retried.body).toMatchObject({ kind: 'test.fail', status: 'queued', cost: 7 });
      await api('POST', `/jobs/${retried.body.id}/cancel`);
    }, 60_000);

    it('cancels a running child-process job: the process stops and the credits come back', async () => {
      const { api } = await signedUp();
      const pidFile = path.join(os.tmpdir(), `nxn-job-${process.pid}-${Date.now()}.pid`);
      const created = await api('POST', '/jobs', {
        kind: 'test.child',
        payload: { text: 'never', steps: 50, stepMs: 1000, pidFile },
      });
      await waitForJob(api, created.body.id, (j) => j.status === 'active' && j.stage === 'Rendering');
      const pid = Number(await fs.readFile(pidFile, 'utf8'));

      const cancelled = await api('POST', `/jobs/${created.body.id}/cancel`);
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.status).toBe('cancelled');
      expect((await api('GET', '/me')).body.credits).toEqual({ balance: SIGNUP_GRANT, reserved: 0 });
      expect((await api('POST', `/jobs/${created.body.id}/cancel`)).status).toBe(409);

      const alive = () => {
        try {
          process.kill(pid, 0);
          return true;
        } catch {
          return false;
        }
      };
      for (let i = 0; i < 100 && alive(); i++) await sleep(100);
      expect(alive()).toBe(false);
      expect((await api('GET', `/jobs/${created.body.id}`)).body.status).toBe('cancelled');
      await fs.rm(pidFile, { force: true });
    });

    it('delivers an accepted job whose hand-off to the queue was lost (crash between commit and send)', async () => {
      const { api, user } = await signedUp();
      const row = await stack.database.transaction((tx) =>
        insertJob(
          tx,
          {
            uid: user.uid,
            kind: 'test.child',
            payload: { text: 'late', steps: 1, stepMs: 0 },
            cost: 5,
            maxAttempts: 3,
          },
          'Job test.child',
        ),
      );
      expect(await stack.queue.reconcile(0)).toBeGreaterThanOrEqual(1);
      await waitForJob(api, row.id, (j) => j.status === 'succeeded');
      expect((await api('GET', '/me')).body.credits).toEqual({ balance: SIGNUP_GRANT - 5, reserved: 0 });
    });

    it('returns the same job for a repeated idempotency key and charges once', async () => {
      const { api } = await signedUp();
      const body = { kind: 'test.hold', payload: { cost: 3 }, idempotencyKey: 'create-once' };
      const [a, b] = await Promise.all([api('POST', '/jobs', body), api('POST', '/jobs', body)]);
      expect(a.body.id).toBe(b.body.id);
      expect([a.status, b.status].sort()).toEqual([200, 201]);
      expect((await api('GET', '/me')).body.credits).toEqual({ balance: SIGNUP_GRANT - 3, reserved: 3 });
      await api('POST', `/jobs/${a.body.id}/cancel`);
    });

    it("validates job input and hides other users' jobs", async () => {
      const { api } = await signedUp();
      expect((await api('POST', '/jobs', { kind: 'no.such-kind', payload: {} })).body).toEqual({
        error: 'Invalid input',
        fields: { kind: 'Unknown job kind' },
      });
      const bad = await api('POST', '/jobs', { kind: 'test.child', payload: { steps: 0 } });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.fields).sort()).toEqual(['steps', 'text']);

      const older = await api('POST', '/jobs', { kind: 'test.hold', payload: { cost: 0 } });
      const job = await api('POST', '/jobs', { kind: 'test.hold', payload: { cost: 0 } });
      const other = client(stack.url, await createUser());
      expect((await other('GET', `/jobs/${job.body.id}`)).status).toBe(404);
      expect((await other('POST', `/jobs/${job.body.id}/cancel`)).status).toBe(404);
      expect((await other('GET', `/jobs/${job.body.id}/events`)).status).toBe(404);
      expect((await api('GET', '/jobs/not-a-uuid')).status).toBe(404);

      const list = await api('GET', '/jobs?limit=1');
      expect(list.body.jobs.map((j: any) => j.id)).toEqual([job.body.id]);
      expect(list.body.nextCursor).toBeTypeOf('string');
      const next = await api('GET', `/jobs?limit=10&cursor=${encodeURIComponent(list.body.nextCursor)}`);
      expect(next.body).toMatchObject({ jobs: [{ id: older.body.id }], nextCursor: null });
      expect((await api('GET', '/jobs?cursor=yesterday')).body.fields).toHaveProperty('cursor');
      for (const id of [older.body.id, job.body.id]) await api('POST', `/jobs/${id}/cancel`);
    });
  });

  describe('files', () => {
    it('stores uploads for their owner only and refuses unsupported types', async () => {
      const { user } = await signedUp();
      const upload = await fetch(`${stack.url}/files/upload?name=note.txt`, {
        method: 'POST',
        headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'text/plain' },
        body: 'uploaded',
      });
      expect(upload.status).toBe(201);
      const info = (await upload.json()) as { id: string; size: number; name: string };
      expect(info).toMatchObject({ size: 8, name: 'note.txt', contentType: 'text/plain' });
      expect((await client(stack.url, user)('GET', `/files/${info.id}/info`)).body).toEqual(info);

      const refused = await fetch(`${stack.url}/files/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/x-msdownload' },
        body: 'MZ',
      });
      expect(refused.status).toBe(400);
    });

    /** A file as the worker stores generated output: in storage and in the files table, owned by `uid`. */
    const storedFile = async (uid: string, name: string, contentType: string, body: string) => {
      const id = randomUUID();
      const key = storageKey(uid, id);
      const { size } = await createStorage(stack.config).put(key, new TextEncoder().encode(body), contentType);
      await recordFile(stack.database.db, { id, uid, storageKey: key, contentType, size, name });
      return id;
    };

    it('downloads files named in any script, with the exact name and an ASCII fallback', async () => {
      const { user, api } = await signedUp();
      const upload = await fetch(`${stack.url}/files/upload?name=${encodeURIComponent('Привет мир.txt')}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'text/plain' },
        body: 'привет',
      });
      expect(upload.status).toBe(201);
      const { id } = (await upload.json()) as { id: string };
      const own = await fetch(`${stack.url}/files/${id}`, { headers: { authorization: `Bearer ${user.idToken}` } });
      expect(own.status).toBe(200);
      expect(await own.text()).toBe('привет');
      expect(own.headers.get('content-disposition')).toBe(
        `attachment; filename="______ ___.txt"; filename*=UTF-8''%D0%9F%D1%80%D0%B8%D0%B2%D0%B5%D1%82%20%D0%BC%D0%B8%D1%80.txt`,
      );

      for (const [name, fallback] of [
        ['動画 🎬.mp3', '__ _.mp3'],
        ['café.mp3', 'cafe.mp3'],
      ] as const) {
        const fileId = await storedFile(user.uid, name, 'audio/mpeg', 'ID3');
        const signed = await api('GET', `/files/${fileId}/url`);
        const res = await fetch(signed.body.url);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-disposition')).toBe(
          `inline; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`,
        );
      }
    });

    it('serves only plain media inline; anything else downloads, sandboxed and not sniffed', async () => {
      const { user, api } = await signedUp();
      const page = await storedFile(user.uid, 'page.html', 'text/html', '<script>alert(document.domain)</script>');
      const signed = await api('GET', `/files/${page}/url`);
      for (const res of [
        await fetch(signed.body.url),
        await fetch(signed.body.url, { headers: { range: 'bytes=0-7' } }),
      ]) {
        expect(res.headers.get('content-disposition')).toBe('attachment; filename="page.html"');
        expect(res.headers.get('content-security-policy')).toMatch(/^sandbox; default-src 'none'/);
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      }
      const video = await storedFile(user.uid, 'clip.mp4', 'video/mp4', 'not really');
      const media = await fetch((await api('GET', `/files/${video}/url`)).body.url);
      expect(media.headers.get('content-disposition')).toBe('inline; filename="clip.mp4"');
      expect(media.headers.get('content-security-policy')).toMatch(/^sandbox;/);
    });

    it('refuses links that expire beyond the link lifetime, or signed with the old fixed key', async () => {
      const { user } = await signedUp();
      const fileId = await storedFile(user.uid, 'a.txt', 'text/plain', 'secret');
      const forged = (secret: string, exp: number) =>
        `${stack.url}/files/${fileId}?exp=${exp}&sig=${createHmac('sha256', secret).update(`${fileId}.${exp}`).digest('base64url')}`;
      const now = Math.floor(Date.now() / 1000);
      expect((await fetch(forged(stack.config.fileUrlSecret, now + 60))).status).toBe(200);
      expect((await fetch(forged(stack.config.fileUrlSecret, now + 100 * 365 * 86_400))).status).toBe(404);
      expect((await fetch(forged('nxn-local-development-only', now + 60))).status).toBe(404);
    });

    it('builds signed links on a configured origin, not on the Host header', async () => {
      const { user } = await signedUp();
      const fileId = await storedFile(user.uid, 'a.txt', 'text/plain', 'x');
      const withHost = (host: string) =>
        new Promise<{ url: string }>((resolve, reject) => {
          const req = http.get(
            `${stack.url}/files/${fileId}/url`,
            { headers: { host, authorization: `Bearer ${user.idToken}` } },
            (res) => {
              let text = '';
              res.on('data', (chunk: Buffer) => (text += chunk.toString()));
              res.on('end', () => resolve(JSON.parse(text) as { url: string }));
            },
          );
          req.on('error', reject);
        });
      expect(new URL((await withHost('evil.example')).url).origin).toBe(stack.config.apiHosts[0]);
      // The address the API really answers on (here a free port) is its own.
      expect(new URL((await withHost(new URL(stack.url).host)).url).origin).toBe(stack.url);
      const configured = await stack.extraApi({ PUBLIC_API_URL: 'https://api.nxn.example' });
      expect((await client(configured.url, user)('GET', `/files/${fileId}/url`)).body.url).toMatch(
        new RegExp(`^https://api\\.nxn\\.example/files/${fileId}\\?`),
      );
    });
  });

  describe('processes', () => {
    it.runIf(_name === 'PGlite')('refuses to open the data directory from a second process', async () => {
      const second = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
        env: { ...process.env, ROLE: 'api', DATA_DIR: target.dataDir, API_PORT: '0', LOG_LEVEL: 'silent' },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      second.stderr.on('data', (chunk) => (stderr += chunk));
      const code = await new Promise((resolve) => second.once('exit', resolve));
      expect(code).toBe(1);
      expect(stderr).toMatch(new RegExp(`already open by process ${process.pid}`));
      expect((await anon('GET', '/readyz')).status).toBe(200);
    });

    it.runIf(_name === 'PostgreSQL')(
      'hands the job of a worker that died to another worker, charging once',
      async () => {
        const startRemoteWorker = async () => {
          const child = fork('tests/integration/support/worker-process.ts', [], {
            execArgv: ['--import', 'tsx'],
            env: { ...process.env, DATABASE_URL: target.databaseUrl!, DATA_DIR: target.dataDir },
            stdio: 'ignore',
          });
          await new Promise((resolve, reject) => {
            child.once('message', resolve);
            child.once('exit', reject);
          });
          return child;
        };
        const { api } = await signedUp();
        const pidFile = path.join(os.tmpdir(), `nxn-remote-${process.pid}-${Date.now()}.pid`);
        const first = await startRemoteWorker();
        const created = await api('POST', '/jobs', { kind: 'test.remote', payload: { pidFile } });
        await waitForJob(api, created.body.id, (j) => j.status === 'active');
        first.kill('SIGKILL');

        const second = await startRemoteWorker();
        try {
          const done = await waitForJob(api, created.body.id, (j) => j.status === 'succeeded', 90_000);
          expect(done.result.attempt).toBeGreaterThan(0);
          expect(done.result.pid).toBe(second.pid);
          expect((await api('GET', '/me')).body.credits).toEqual({ balance: SIGNUP_GRANT - 4, reserved: 0 });
          const kinds = (await api('GET', '/credits/ledger')).body.entries.map((e: any) => e.kind);
          expect(kinds.filter((k: string) => k === 'capture')).toHaveLength(1);
        } finally {
          second.kill('SIGTERM');
          await fs.rm(pidFile, { force: true });
        }
      },
      120_000,
    );
  });

  describe('rate limits', () => {
    it('answers 429 with Retry-After once a user exceeds their bucket', async () => {
      const limited = await stack.extraApi({ RATE_LIMIT_USER_PER_MINUTE: '60', RATE_LIMIT_USER_BURST: '3' });
      const { user } = await signedUp();
      const api = client(limited.url, user);
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await api('GET', '/me')).status);
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      const blocked = await api('GET', '/me');
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      // Another user is not affected.
      const { user: other } = await signedUp();
      expect((await client(limited.url, other)('GET', '/me')).status).toBe(200);
    });
  });
});
