/**
 * Batches on the real stack (API + worker + pg-boss + the webhook worker, on PostgreSQL when one answers, else
 * PGlite): a batch of 20 rows whose rows with an OpenAI voice fail at render (the speech service refuses the key),
 * the others rendered by ffmpeg; the webhook `batch.completed` once per round; retry of the failed rows; the ZIP of
 * the finished videos; idempotent replay; field errors naming row and column; 402 before anything is held; a sheet
 * uploaded as a file; cancel; another user's 404; and the fair share: a batch's rows never run two at once for one
 * user, and other users' videos go ahead of the batch's remaining rows.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { asc, inArray } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRESET_OR_SETTINGS_MESSAGE, UNKNOWN_PRESET_MESSAGE } from '~/contract/batches.ts';
import { SIGNUP_GRANT } from '~/contract/pricing.ts';
import { grant } from '~/server/credits/ledger.ts';
import { post } from '~/server/credits/service.ts';
import { jobs } from '~/server/db/schema/jobs.ts';
import { batchZipSubject, LINK_SECONDS, signFile } from '~/server/storage/signing.ts';
import { createUser, ensureAuthEmulator } from './support/auth-emulator.ts';
import { pgliteTarget, postgresTarget, type Target } from './support/databases.ts';
import { client, type Stack, startStack } from './support/stack.ts';
import { type Receiver, startReceiver } from './support/webhook-receiver.ts';

type Api = ReturnType<typeof client>;

/** OpenAI's speech endpoint refuses the key unless `speech.allow` lets the next calls through (one second of tone). */
const speech = { allow: 0 };
const tone = Buffer.from(
  Int16Array.from({ length: 24_000 }, (_, i) => Math.round(8000 * Math.sin((2 * Math.PI * 220 * i) / 24_000))).buffer,
);

let stopEmulator: () => Promise<void> = async () => undefined;
let cloud: Server;
let target: Target;
let stack: Stack;
let receiver: Receiver;
const dir = mkdtempSync(path.join(tmpdir(), 'nxn-batches-'));

beforeAll(async () => {
  stopEmulator = await ensureAuthEmulator();
  cloud = createServer((req, res) => {
    req.resume().on('end', () => {
      if (req.url === '/v1/audio/speech' && speech.allow > 0) {
        speech.allow--;
        res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(tone);
      } else {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'Incorrect API key provided' } }));
      }
    });
  });
  await new Promise<void>((resolve) => cloud.listen(0, '127.0.0.1', resolve));
  const postgres = await postgresTarget();
  target = typeof postgres === 'string' ? await pgliteTarget() : postgres;
  stack = await startStack(target, {
    env: {
      WEBHOOKS_ALLOW_LOOPBACK: '1',
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: `http://127.0.0.1:${(cloud.address() as AddressInfo).port}/v1`,
      WORKER_CONCURRENCY: '2',
      JOB_USER_CONCURRENCY: '1',
    },
    webhooks: { schedule: [0, 300, 300], timeoutMs: 2000 },
  });
  receiver = await startReceiver();
}, 120_000);

afterAll(async () => {
  await receiver?.close();
  await stack?.close();
  await target?.dispose();
  cloud?.closeAllConnections();
  await new Promise((resolve) => cloud?.close(resolve));
  rmSync(dir, { recursive: true, force: true });
  await stopEmulator();
});

async function signedUp(credits = 0) {
  const user = await createUser();
  const api = client(stack.url, user);
  expect(
    (await api('POST', '/auth/auth', { uid: user.uid, email: user.email, displayName: null, photoURL: null })).status,
  ).toBe(201);
  if (credits > 0)
    await stack.database.transaction((tx) =>
      post(tx, { uid: user.uid, move: grant(credits), reason: 'test', idempotencyKey: `test:${user.uid}` }),
    );
  return { user, api };
}

const balance = async (api: Api) => (await api('GET', '/me')).body.credits as { balance: number; reserved: number };

const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> => {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`timed out waiting; last value ${JSON.stringify(value).slice(0, 2000)}`);
    await sleep(250);
  }
};

const completed = (api: Api, id: string, timeoutMs = 400_000) =>
  until(
    async () => (await api('GET', `/batches/${id}`)).body,
    (batch) => batch.status === 'completed',
    timeoutMs,
  );

const settings = {
  voiceId: 'en-us-olivia',
  aspect: '16:9',
  resolution: '720p',
  captions: 'off',
  visualOrder: 'designed',
};
/** Rows 1-3 are read by the offline voice and made; rows 4-20 ask for OpenAI's, which refuses, so they fail. */
const twentyRows = Array.from({ length: 20 }, (_, i) => ({
  product: `lamp number ${i + 1}`,
  ...(i >= 3 ? { voice: 'openai-nova' } : {}),
  title: i === 0 ? 'First: the lamp' : '',
}));

const batchCompletedEvents = (secret: string) =>
  receiver.received
    .map((delivery) => new Webhook(secret).verify(delivery.body, delivery.headers) as { type: string; data: any })
    .filter((event) => event.type === 'batch.completed');

/** A ZIP's entries as [name, size], after checking every entry's CRC-32. */
const listZip = (zipPath: string) =>
  JSON.parse(
    execFileSync('python3', [
      '-c',
      'import zipfile,sys,json;z=zipfile.ZipFile(sys.argv[1]);assert z.testzip() is None;print(json.dumps([[i.filename,i.file_size] for i in z.infolist()]))',
      zipPath,
    ]).toString(),
  ) as [string, number][];

describe('a batch of 20 rows', () => {
  it('makes each row as a video, fails the refused ones, tells the webhook once, retries, zips and replays', async () => {
    const { api, user } = await signedUp(300);
    const endpoint = (await api('POST', '/webhooks/endpoints', { url: receiver.url, events: ['batch.completed'] }))
      .body;
    const body = { name: 'Lamps', template: 'Meet {{product}}. It lights the room.', settings, rows: twentyRows };
    const created = await api('POST', '/batches', body, { 'Idempotency-Key': 'lamps-1' });
    expect(created.status).toBe(202);
    expect(created.body).toMatchObject({ name: 'Lamps', status: 'running', counts: { total: 20 } });
    expect(created.body.rows).toHaveLength(20);
    expect(created.body.rows[0]).toMatchObject({
      row: 1,
      title: 'First: the lamp',
      video: { script: 'Meet lamp number 1. It lights the room.' },
    });
    expect(created.body.rows[1].title).toBe('Meet lamp number 2. It lights the room.');
    // Each row's credits are held like a single video's: 20 one-minute 720p videos.
    expect(await balance(api)).toEqual({ balance: SIGNUP_GRANT + 300 - 200, reserved: 200 });

    // The same key and body answer the first answer (200), held once; the same key with another body is a conflict.
    const replay = await api('POST', '/batches', body, { 'Idempotency-Key': 'lamps-1' });
    expect(replay.status).toBe(200);
    expect(replay.body.id).toBe(created.body.id);
    expect((await api('POST', '/batches', { ...body, name: 'Other' }, { 'Idempotency-Key': 'lamps-1' })).status).toBe(
      409,
    );
    expect((await api('GET', '/batches')).body.items).toHaveLength(1);
    expect(await balance(api)).toEqual({ balance: SIGNUP_GRANT + 300 - 200, reserved: 200 });

    const done = await completed(api, created.body.id);
    expect(done.counts).toEqual({ total: 20, queued: 0, active: 0, succeeded: 3, failed: 17, cancelled: 0 });
    expect(done.rows[3].video.error).toMatch(/OpenAI refused/);
    // Failed rows gave their credits back; the three made were charged a minute each.
    expect(await balance(api)).toEqual({ balance: SIGNUP_GRANT + 300 - 30, reserved: 0 });
    expect(done.credits).toBe(30);

    await receiver.waitFor(1, 20_000);
    await sleep(1500);
    const first = batchCompletedEvents(endpoint.secret);
    expect(first).toHaveLength(1);
    expect(first[0]?.data).toMatchObject({
      id: created.body.id,
      round: 1,
      counts: { succeeded: 3, failed: 17 },
      links: { self: `/batches/${created.body.id}`, zip: `/batches/${created.body.id}/zip` },
    });

    // The ZIP: one MP4 per finished row, in row order, each the very bytes of its video.
    const zipped = await fetch(`${stack.url}/batches/${created.body.id}/zip`, {
      headers: { authorization: `Bearer ${user.idToken}` },
    });
    expect(zipped.status).toBe(200);
    expect(zipped.headers.get('content-type')).toBe('application/zip');
    expect(zipped.headers.get('content-disposition')).toContain('Lamps.zip');
    const zipPath = path.join(dir, 'lamps.zip');
    writeFileSync(zipPath, Buffer.from(await zipped.arrayBuffer()));
    const listing = listZip(zipPath);
    expect(listing.map(([name]) => name)).toEqual([
      '001 First the lamp.mp4',
      '002 Meet lamp number 2. It lights the room.mp4',
      '003 Meet lamp number 3. It lights the room.mp4',
    ]);
    expect(listing.map(([, size]) => size)).toEqual(done.rows.slice(0, 3).map((row: any) => row.video.video.size));
    execFileSync('unzip', ['-q', '-o', zipPath, '001 First the lamp.mp4', '-d', dir]);
    const probe = execFileSync('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=codec_name,width,height',
      '-of',
      'csv=p=0',
      path.join(dir, '001 First the lamp.mp4'),
    ]).toString();
    expect(probe).toContain('h264,1280,720');

    // The browser's download: a signed link streams the same ZIP to a request with no token; an altered, expired
    // or another batch's link is a 404, like an unknown batch.
    const link = await api('GET', `/batches/${created.body.id}/zip/url`);
    expect(link.status).toBe(200);
    expect(link.body.url).toMatch(new RegExp(`/batches/${created.body.id}/zip\\?exp=\\d+&sig=`));
    const signed = await fetch(link.body.url);
    expect(signed.status).toBe(200);
    expect(signed.headers.get('content-disposition')).toContain('Lamps.zip');
    const signedPath = path.join(dir, 'lamps-signed.zip');
    writeFileSync(signedPath, Buffer.from(await signed.arrayBuffer()));
    // The same entries, each read back whole (an entry's time stamp is when it was written, so the bytes differ).
    expect(listZip(signedPath)).toEqual(listing);
    const url = new URL(link.body.url);
    const forged = new URL(url);
    forged.searchParams.set('sig', `${url.searchParams.get('sig')!.slice(0, -2)}AA`);
    expect((await fetch(forged)).status).toBe(404);
    const past = Math.floor(Date.now() / 1000) - 60;
    const expired = new URL(url);
    expired.searchParams.set('exp', String(past));
    expired.searchParams.set(
      'sig',
      signFile(stack.config.fileUrlSecret, batchZipSubject(created.body.id), past - LINK_SECONDS).sig,
    );
    expect((await fetch(expired)).status).toBe(404);
    const otherBatch = new URL(url);
    otherBatch.pathname = '/batches/8a2e4f60-1c3b-4d5e-8f7a-9b0c1d2e3f4a/zip';
    expect((await fetch(otherBatch)).status).toBe(404);
    // A file's signed link for the same id cannot pass for the ZIP's.
    const fileLink = new URL(url);
    const fileSigned = signFile(stack.config.fileUrlSecret, created.body.id, Math.floor(Date.now() / 1000));
    fileLink.searchParams.set('exp', fileSigned.exp);
    fileLink.searchParams.set('sig', fileSigned.sig);
    expect((await fetch(fileLink)).status).toBe(404);
    // Without any link or token the ZIP is the signed-in route's, which refuses.
    expect((await fetch(`${stack.url}/batches/${created.body.id}/zip`)).status).toBe(401);

    // Retry: the 17 failed rows are made again, each held; the service now answers once, so one more is made.
    speech.allow = 1;
    const retried = await api('POST', `/batches/${created.body.id}/retry`);
    expect(retried.status).toBe(202);
    expect(retried.body.status).toBe('running');
    expect(await balance(api)).toEqual({ balance: SIGNUP_GRANT + 300 - 30 - 170, reserved: 170 });
    const again = await completed(api, created.body.id);
    expect(again.counts).toMatchObject({ succeeded: 4, failed: 16 });
    expect(await balance(api)).toEqual({ balance: SIGNUP_GRANT + 300 - 40, reserved: 0 });
    await receiver.waitFor(2, 20_000);
    await sleep(1500);
    const events = batchCompletedEvents(endpoint.secret);
    expect(events).toHaveLength(2);
    expect(events[1]?.data).toMatchObject({ round: 2, counts: { succeeded: 4, failed: 16 } });
  }, 900_000);
});

describe('batches that never start, from a file, cancelled, and of another user', () => {
  it('answers 400 naming each row and column, and 402 when the balance is short, holding nothing', async () => {
    const { api } = await signedUp();
    const bad = await api('POST', '/batches', {
      template: 'Meet {{product}}, now {{price}}.',
      settings,
      rows: [
        { product: 'the Widget', voice: 'nobody' },
        { product: 'the Gadget', aspect: '4:3' },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({
      'sheet.price': 'The script template uses {{price}}, but the sheet has no "price" column.',
      'rows[1].voice': 'Choose a voice from the list.',
      'rows[2].aspect': 'Use 16:9, 9:16, 1:1.',
    });
    expect((await api('POST', '/batches', { settings })).body.fields.rows).toMatch(/Send the rows, or the fileId/);
    // Eleven one-minute videos cost 110 credits; the signup grant is 100.
    const rows = Array.from({ length: 11 }, (_, i) => ({ script: `Video number ${i + 1} is short.` }));
    const short = await api('POST', '/batches', { settings, rows });
    expect(short.status).toBe(402);
    expect(short.body).toMatchObject({ needed: 110, available: SIGNUP_GRANT });
    expect((await api('GET', '/batches')).body.items).toEqual([]);
    expect(await balance(api)).toEqual({ balance: SIGNUP_GRANT, reserved: 0 });
  });

  it("takes the batch's preset or each row's, under the row's own columns, and names an unknown one", async () => {
    const { api } = await signedUp(200);
    const saved = await api('POST', '/presets', {
      name: 'Square, no captions',
      settings: { ...settings, aspect: '1:1', resolution: '720p', captions: 'off' },
    });
    expect(saved.status).toBe(201);
    const unknown = await api('POST', '/batches', {
      preset: 'builtin-nothing',
      rows: [{ script: 'Hello there.', preset: 'weekly' }],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields).toEqual({ preset: UNKNOWN_PRESET_MESSAGE });
    const badRow = await api('POST', '/batches', {
      preset: 'builtin-youtube-landscape',
      rows: [{ script: 'Hello there.' }, { script: 'And again.', Preset: 'weekly' }],
    });
    expect(badRow.body.fields).toEqual({ 'rows[2].Preset': UNKNOWN_PRESET_MESSAGE });
    const both = await api('POST', '/batches', {
      preset: 'builtin-youtube-landscape',
      settings,
      rows: [{ script: 'Hi.' }],
    });
    expect(both.body.fields).toEqual({ preset: PRESET_OR_SETTINGS_MESSAGE });
    expect((await api('GET', '/batches')).body.items).toEqual([]);

    const created = await api('POST', '/batches', {
      preset: 'builtin-vertical-shorts',
      rows: [
        { script: 'Every setting from the batch preset.' },
        { script: 'Vertical, but with line captions.', captions: 'line' },
        { script: 'This row takes its own saved preset.', preset: saved.body.id },
        { script: 'This row names the saved preset in its own words.', preset: ' square, NO captions' },
      ],
    });
    expect(created.status).toBe(202);
    const [batchPreset, overridden, rowPreset, byName] = created.body.rows.map((row: any) => row.video);
    expect(batchPreset).toMatchObject({ aspect: '9:16', resolution: '1080p', captions: 'word' });
    expect(overridden).toMatchObject({ aspect: '9:16', resolution: '1080p', captions: 'line' });
    expect(rowPreset).toMatchObject({ aspect: '1:1', resolution: '720p', captions: 'off' });
    expect(byName).toMatchObject({ aspect: '1:1', resolution: '720p', captions: 'off' });
    expect((await api('POST', `/batches/${created.body.id}/cancel`)).status).toBe(200);
    await completed(api, created.body.id, 60_000);
  }, 120_000);

  it('reads an uploaded CSV, cancels its rows with their credits back, and is 404 to anyone else', async () => {
    const { api, user } = await signedUp();
    const csv =
      '\uFEFFscript,title,voice\r\n"Hello, lamps. This one is first.",One,\r\n\r\n"The second, ""quoted"" lamp.",Two,openai-nova\r\n';
    const uploaded = await fetch(`${stack.url}/files/upload?name=lamps.csv`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'text/csv' },
      body: csv,
    });
    expect(uploaded.status).toBe(201);
    const { id: fileId } = (await uploaded.json()) as { id: string };
    const created = await api('POST', '/batches', { fileId, settings });
    expect(created.status).toBe(202);
    expect(created.body.rows.map((row: any) => [row.row, row.title, row.video.script])).toEqual([
      [1, 'One', 'Hello, lamps. This one is first.'],
      [2, 'Two', 'The second, "quoted" lamp.'],
    ]);
    const id = created.body.id;

    const other = client(stack.url, (await signedUp()).user);
    for (const [method, route] of [
      ['GET', `/batches/${id}`],
      ['POST', `/batches/${id}/cancel`],
      ['POST', `/batches/${id}/retry`],
      ['GET', `/batches/${id}/zip`],
      ['GET', `/batches/${id}/zip/url`],
    ] as const)
      expect((await other(method, route)).status).toBe(404);
    expect((await other('POST', '/batches', { fileId, settings })).body.fields.fileId).toBe(
      'No uploaded file has this id.',
    );
    expect((await other('GET', '/batches')).body.items).toEqual([]);

    const cancelled = await api('POST', `/batches/${id}/cancel`);
    expect(cancelled.status).toBe(200);
    const ended = await completed(api, id, 60_000);
    expect(ended.counts.succeeded + ended.counts.cancelled + ended.counts.failed).toBe(2);
    expect(ended.counts.cancelled).toBeGreaterThanOrEqual(1);
    expect((await api('GET', '/batches')).body.items[0]).toMatchObject({ id, status: 'completed' });
    const left = await balance(api);
    expect(left.reserved).toBe(0);
    expect(left.balance).toBe(SIGNUP_GRANT - ended.counts.succeeded * 10);
  }, 300_000);
});

describe('the fair share of the workers', () => {
  it("runs one batch row at a time per user, and lets other users' videos go before the batch's rest", async () => {
    const a = await signedUp(300);
    const b = await signedUp();
    const c = await signedUp();
    // A's row 1 is a short render and its other rows fail quickly at narration. B's video is a longer render that holds
    // the second slot; C's is queued meanwhile. When A's running row ends, C's video (its owner's first waiting, where
    // A's are their owner's 2nd, 3rd, ...) must take the freed slot before A's next row, though A's is older.
    const rows = Array.from({ length: 12 }, (_, i) => ({
      script: `Row ${i + 1} of the batch. It is read aloud and rendered.`,
      voice: i === 0 ? '' : 'openai-nova',
    }));
    const batch = await a.api('POST', '/batches', { settings, rows });
    expect(batch.status).toBe(202);
    const single = { script: 'A single video of my own.', ...settings, voiceId: 'openai-nova', visuals: 'generated' };
    const longer = Array.from(
      { length: 12 },
      () => 'The harbour lights come on one by one as the boats come home.',
    ).join(' ');
    const fromB = await b.api('POST', '/videos', { ...single, voiceId: 'en-us-olivia', script: longer });
    await until(
      async () => (await b.api('GET', `/videos/${fromB.body.id}`)).body.status,
      (s) => s === 'active',
      60_000,
    );
    const fromC = await c.api('POST', '/videos', single);
    expect([fromB.status, fromC.status]).toEqual([202, 202]);
    await completed(a.api, batch.body.id, 300_000);
    for (const [api, id, end] of [
      [b.api, fromB.body.id, 'succeeded'],
      [c.api, fromC.body.id, 'failed'],
    ] as const)
      await until(
        async () => (await api('GET', `/videos/${id}`)).body.status,
        (status) => status === end,
        300_000,
      );

    const rowsOfA = await stack.database.db
      .select()
      .from(jobs)
      .where(inArray(jobs.uid, [a.user.uid]))
      .orderBy(asc(jobs.startedAt));
    const others = await stack.database.db
      .select()
      .from(jobs)
      .where(inArray(jobs.uid, [b.user.uid, c.user.uid]));
    expect(rowsOfA).toHaveLength(12);
    // Never two of A's rows at once (JOB_USER_CONCURRENCY=1), though the worker has two slots.
    for (let i = 1; i < rowsOfA.length; i++)
      expect(rowsOfA[i]!.startedAt!.getTime()).toBeGreaterThanOrEqual(rowsOfA[i - 1]!.finishedAt!.getTime());
    const jobOfC = others.find((job) => job.uid === c.user.uid);
    // B's render holds the other slot, so when one of A's rows ends the freed slot goes to C, ahead of every row of
    // A that was still waiting when C's video was accepted, though those are older.
    const waitingThen = rowsOfA.filter((row) => row.startedAt!.getTime() > jobOfC!.createdAt.getTime());
    expect(waitingThen.length).toBeGreaterThan(0);
    for (const row of waitingThen) expect(jobOfC!.startedAt!.getTime()).toBeLessThanOrEqual(row.startedAt!.getTime());
  }, 600_000);
});
