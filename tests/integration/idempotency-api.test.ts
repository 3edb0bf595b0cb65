/**
 * The Idempotency-Key rule (http/idempotency.ts) on the real stack, once on PGlite and once on PostgreSQL when one
 * answers: the same key with the same request answers with the first result and holds credits once, the same key
 * with another request is a 409, a malformed key a 400 naming the header, and a refusal leaves the key free.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNUP_GRANT } from '~/contract/pricing.ts';
import { idempotencyStore } from '~/server/db/idempotency.ts';
import { encodePng } from '~/server/media/png.ts';
import { auditAfterEach } from './support/audit.ts';
import { createUser, ensureAuthEmulator } from './support/auth-emulator.ts';
import { databaseTargets, type Target } from './support/databases.ts';
import { client, type Stack, startStack } from './support/stack.ts';

let stopEmulator: () => Promise<void> = async () => undefined;
beforeAll(async () => {
  stopEmulator = await ensureAuthEmulator();
});
afterAll(async () => stopEmulator());

const hold = (cost: number) => ({ kind: 'test.hold', payload: { cost } });

describe.each(await databaseTargets())('Idempotency-Key on %s', (_name, makeTarget) => {
  let target: Target;
  let stack: Stack;
  auditAfterEach(() => stack?.database);

  const signedUp = async () => {
    const user = await createUser();
    const api = client(stack.url, user);
    expect(
      (await api('POST', '/auth/auth', { uid: user.uid, email: user.email, displayName: null, photoURL: null })).status,
    ).toBe(201);
    return { user, api, credits: async () => (await api('GET', '/me')).body.credits };
  };

  beforeAll(async () => {
    target = await makeTarget();
    stack = await startStack(target);
  });
  afterAll(async () => {
    await stack?.close();
    await target?.dispose();
  });

  it('answers a repeated request with the first result and holds its credits once', async () => {
    const { api, credits } = await signedUp();
    const key = { 'Idempotency-Key': 'create-hold-1' };
    const first = await api('POST', '/jobs', hold(4), key);
    const again = await api('POST', '/jobs', hold(4), key);
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.body).toEqual(first.body);
    expect(await credits()).toEqual({ balance: SIGNUP_GRANT - 4, reserved: 4 });

    // Sent at once (a retry racing the first try): one job, one hold.
    const raced = { 'Idempotency-Key': 'create-hold-2' };
    const [a, b] = await Promise.all([api('POST', '/jobs', hold(3), raced), api('POST', '/jobs', hold(3), raced)]);
    expect(a.body.id).toBe(b.body.id);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(await credits()).toEqual({ balance: SIGNUP_GRANT - 7, reserved: 7 });
    expect((await api('GET', '/jobs')).body.jobs).toHaveLength(2);
    for (const id of [first.body.id, a.body.id]) await api('POST', `/jobs/${id}/cancel`);
  });

  it('refuses the same key with another body or on another endpoint, and a malformed key, holding nothing', async () => {
    const { api, credits } = await signedUp();
    const key = { 'Idempotency-Key': 'create-hold-3' };
    const first = await api('POST', '/jobs', hold(2), key);
    expect(first.status).toBe(201);
    const other = await api('POST', '/jobs', hold(5), key);
    expect(other.status).toBe(409);
    expect(other.body.error).toMatch(/Idempotency-Key was already used for another request/);
    const elsewhere = await api('POST', '/storyboards', { script: 'The harbour wakes at dawn.' }, key);
    expect(elsewhere.status).toBe(409);

    const malformed = await api('POST', '/jobs', hold(2), { 'Idempotency-Key': 'k'.repeat(201) });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe('Invalid Idempotency-Key header');
    expect(Object.keys(malformed.body.fields)).toEqual(['idempotencyKey']);
    expect(await credits()).toEqual({ balance: SIGNUP_GRANT - 2, reserved: 2 });
    await api('POST', `/jobs/${first.body.id}/cancel`);
  });

  it('keeps nothing for a refused request, so the key can be sent again once it is fixed', async () => {
    const { api, credits } = await signedUp();
    const key = { 'Idempotency-Key': 'create-hold-4' };
    expect((await api('POST', '/jobs', hold(SIGNUP_GRANT + 1), key)).status).toBe(402);
    const fixed = await api('POST', '/jobs', hold(1), key);
    expect(fixed.status).toBe(201);
    expect(await credits()).toEqual({ balance: SIGNUP_GRANT - 1, reserved: 1 });
    await api('POST', `/jobs/${fixed.body.id}/cancel`);
  });

  it('applies to the feature endpoints too: a video, a storyboard', async () => {
    const { api, credits } = await signedUp();
    const video = {
      script: 'The lighthouse keeper climbs the stairs at dusk.',
      voiceId: 'en-us-olivia',
      aspect: '16:9',
      resolution: '720p',
      captions: 'word',
      visuals: 'generated',
    };
    const key = { 'Idempotency-Key': 'create-video-1' };
    const first = await api('POST', '/videos', video, key);
    const again = await api('POST', '/videos', video, key);
    expect([first.status, again.status]).toEqual([202, 200]);
    expect(again.body.id).toBe(first.body.id);
    expect(await credits()).toEqual({ balance: SIGNUP_GRANT - first.body.cost, reserved: first.body.cost });
    expect((await api('POST', '/videos', { ...video, resolution: '1080p' }, key)).status).toBe(409);
    await api('POST', `/videos/${first.body.id}/cancel`);

    const board = {
      ...video,
      captions: 'line',
      visualOrder: 'designed',
      music: { enabled: false, volume: 30 },
      script: 'The harbour wakes at dawn. Boats slip out to sea.',
    };
    const draftKey = { 'Idempotency-Key': 'create-storyboard-1' };
    const draft = await api('POST', '/storyboards', board, draftKey);
    expect(draft.status).toBe(201);
    expect((await api('POST', '/storyboards', board, draftKey)).body.id).toBe(draft.body.id);
    expect((await api('GET', '/videos')).body.items.filter((item: any) => item.status === 'draft')).toHaveLength(1);
  });

  it('applies to streamed uploads: the same file answers the first upload, another file is a 409', async () => {
    const { user, api } = await signedUp();
    const upload = async (path: string, bytes: Uint8Array, key: string) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'logo.png');
      const raw = path === '/files/upload';
      const res = await fetch(`${stack.url}${path}${raw ? '?name=logo.png' : ''}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${user.idToken}`,
          'Idempotency-Key': key,
          ...(raw ? { 'content-type': 'image/png' } : {}),
        },
        body: raw ? new Uint8Array(bytes) : form,
      });
      return { status: res.status, body: (await res.json()) as any };
    };
    const grey = encodePng(new Uint8Array(256 * 256 * 3).fill(120), 256, 256);
    const white = encodePng(new Uint8Array(256 * 256 * 3).fill(250), 256, 256);

    const first = await upload('/files/upload', grey, 'upload-raw-1');
    const again = await upload('/files/upload', grey, 'upload-raw-1');
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.body).toEqual(first.body);
    expect((await upload('/files/upload', white, 'upload-raw-1')).status).toBe(409);

    const scene = await upload('/videos/uploads', grey, 'upload-form-1');
    const sceneAgain = await upload('/videos/uploads', grey, 'upload-form-1');
    expect([scene.status, sceneAgain.status]).toEqual([201, 200]);
    expect(sceneAgain.body).toEqual(scene.body);
    expect((await upload('/videos/uploads', white, 'upload-form-1')).status).toBe(409);
    // Two uploads made, each once: the repeats stored nothing.
    expect((await api('GET', '/uploads')).body.files).toHaveLength(2);
  });

  it('lets the same request take over a key whose first request never answered (its process died)', async () => {
    const { user } = await signedUp();
    const store = idempotencyStore(stack.database.db);
    expect(await store.claim(user.uid, 'died-1', 'fingerprint-a')).toBeUndefined();
    expect(await store.claim(user.uid, 'died-1', 'fingerprint-a')).toEqual({
      fingerprint: 'fingerprint-a',
      answer: undefined,
    });
    await stack.database.db.execute(
      sql`update idempotent_requests set claimed_at = now() - interval '11 minutes' where uid = ${user.uid}`,
    );
    expect(await store.claim(user.uid, 'died-1', 'fingerprint-b')).toEqual({
      fingerprint: 'fingerprint-a',
      answer: undefined,
    });
    expect(await store.claim(user.uid, 'died-1', 'fingerprint-a')).toBeUndefined();
    await store.keep(user.uid, 'died-1', '{"id":1}');
    await store.release(user.uid, 'died-1');
    expect(await store.claim(user.uid, 'died-1', 'fingerprint-a')).toEqual({
      fingerprint: 'fingerprint-a',
      answer: '{"id":1}',
    });
  });
});
