/**
 * Uploads on the real stack, once on PGlite and once on PostgreSQL when one answers: body limits that belong to
 * routes, streamed uploads refused past their limit or the user's storage quota with nothing left behind, the type
 * the bytes prove, image decode bounds, and listing and deleting one's uploads.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '~/server/config/index.ts';
import { MediaError } from '~/server/features/videos/errors.ts';
import { fitUpload } from '~/server/features/videos/pipeline/user-visuals.ts';
import { makeContext } from '~/server/jobs/runner.ts';
import { decodesAsImage } from '~/server/media/image-check.ts';
import { encodePng } from '~/server/media/png';
import { storageKey } from '~/server/storage/index.ts';
import { createUser, ensureAuthEmulator, type TestUser } from './support/auth-emulator.ts';
import { pgliteTarget, postgresTarget, type Target } from './support/databases.ts';
import { client, type Stack, startStack } from './support/stack.ts';

let stopEmulator: () => Promise<void> = async () => undefined;
const scratch = mkdtempSync(path.join(tmpdir(), 'nxn-uploads-'));
/** Made before any request: a client idle for seconds may find its kept-alive connection closed under it. */
const images: Record<'deep' | 'deepAlpha' | 'fine', Buffer> = {
  deep: Buffer.alloc(0),
  deepAlpha: Buffer.alloc(0),
  fine: Buffer.alloc(0),
};
beforeAll(async () => {
  stopEmulator = await ensureAuthEmulator();
  images.deep = ffmpegImage('deep.png', '8192x8192', 'rgb48be');
  // 16 bits per channel with alpha: 512 MiB decoded, twice the budget.
  images.deepAlpha = ffmpegImage('deep-alpha.png', '8192x8192', 'rgba64be');
  images.fine = ffmpegImage('fine.png', '2048x1024', 'rgb48be');
});
afterAll(async () => {
  rmSync(scratch, { recursive: true, force: true });
  await stopEmulator();
});

const postgres = await postgresTarget();
if (typeof postgres === 'string') console.warn(postgres);
const targets: [string, () => Promise<Target>][] = [['PGlite', pgliteTarget]];
if (typeof postgres !== 'string') targets.push(['PostgreSQL', async () => postgres]);

const png = (width: number, height: number) => encodePng(new Uint8Array(width * height * 3).fill(120), width, height);

/** A flat image made by ffmpeg, e.g. a 16-bit PNG, which compresses to almost nothing whatever its size. */
function ffmpegImage(name: string, size: string, format: string): Buffer {
  const file = path.join(scratch, name);
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `color=c=gray:s=${size},format=${format}`,
    '-frames:v',
    '1',
    file,
  ]);
  return readFileSync(file);
}

/** A body sent as a stream, so no Content-Length tells the server its size in advance. */
const streamed = (total: number, chunk = 64 * 1024) => {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) return controller.close();
      const size = Math.min(chunk, total - sent);
      sent += size;
      controller.enqueue(new Uint8Array(size).fill(0x61));
    },
  });
};

describe.each(targets)('uploads on %s', (_name, makeTarget) => {
  let target: Target;
  let stack: Stack;

  const signedUp = async (base = stack.url) => {
    const user = await createUser();
    const api = client(base, user);
    expect(
      (await api('POST', '/auth/auth', { uid: user.uid, email: user.email, displayName: null, photoURL: null })).status,
    ).toBe(201);
    return { user, api };
  };

  const rawUpload = async (base: string, user: TestUser, body: BodyInit, type: string, name = 'file') => {
    const res = await fetch(`${base}/files/upload?name=${name}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.idToken}`, 'content-type': type },
      body,
      ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
    } as RequestInit);
    return { status: res.status, body: (await res.json()) as any };
  };

  const imageUpload = async (user: TestUser, bytes: Uint8Array, name: string) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), name);
    const res = await fetch(`${stack.url}/videos/uploads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.idToken}` },
      body: form,
    });
    return { status: res.status, body: (await res.json()) as any };
  };

  /** What this user has on disk (objects under their storage prefix) and what uploads wait in the temp folder. */
  const onDisk = (uid: string) => {
    const dir = path.dirname(path.join(stack.config.storage.localDir, storageKey(uid, 'x')));
    return existsSync(dir) ? readdirSync(dir).length : 0;
  };
  const spooling = () => {
    const dir = path.join(stack.config.dataDir, 'tmp', 'uploads');
    return existsSync(dir) ? readdirSync(dir).length : 0;
  };

  beforeAll(async () => {
    target = await makeTarget();
    stack = await startStack(target);
  });
  afterAll(async () => {
    await stack?.close();
    await target?.dispose();
  });

  it('gives large bodies only to routes that declare a larger limit, not to every path containing "upload"', async () => {
    const { api } = await signedUp();
    const big = { text: 'x'.repeat(2 * 1024 * 1024) };
    expect((await api('POST', '/scripts/upload', big)).status).toBe(413);
    expect((await api('POST', '/uploads', big)).status).toBe(413);
  });

  it('stores the type the bytes prove, not the one the client declared', async () => {
    const { user, api } = await signedUp();
    const html = await rawUpload(
      stack.url,
      user,
      '<!doctype html><script>alert(document.cookie)</script>',
      'image/png',
      'cat.png',
    );
    expect(html.status).toBe(201);
    expect(html.body.contentType).toBe('text/plain');
    expect((await api('GET', `/files/${html.body.id}/info`)).body.contentType).toBe('text/plain');

    const picture = await rawUpload(
      stack.url,
      user,
      new Blob([new Uint8Array(png(300, 300))]),
      'text/plain',
      'notes.txt',
    );
    expect(picture.body.contentType).toBe('image/png');
    const pdf = await rawUpload(stack.url, user, '%PDF-1.7\n%âãÏÓ\n', 'application/pdf', 'doc.pdf');
    expect(pdf.body.contentType).toBe('application/pdf');
    const binary = await rawUpload(
      stack.url,
      user,
      new Blob([new Uint8Array([0, 1, 2, 3, 0, 0, 7])]),
      'audio/mpeg',
      'song.mp3',
    );
    expect(binary.status).toBe(400);
    expect(binary.body.fields.file).toBe('This file type is not supported');
  });

  it('refuses a streamed body past the route limit while it arrives, leaving nothing in storage or the temp folder', async () => {
    const small = await stack.extraApi({ UPLOAD_LIMIT_BYTES: String(1024 * 1024) });
    const { user } = await signedUp(small.url);
    const declared = await rawUpload(small.url, user, new Blob([new Uint8Array(2 * 1024 * 1024)]), 'text/plain');
    expect(declared.status).toBe(413);
    expect(declared.body.fields.file).toBe('Files can be up to 1 MB.');
    const chunked = await rawUpload(small.url, user, streamed(3 * 1024 * 1024), 'text/plain');
    expect(chunked.status).toBe(413);
    expect(chunked.body.fields.file).toBe('Files can be up to 1 MB.');

    const image = new FormData();
    image.append(
      'file',
      new Blob([new Uint8Array(png(640, 360)), new Uint8Array(16 * 1024 * 1024)], { type: 'image/png' }),
      'huge.png',
    );
    const form = new Response(image);
    const res = await fetch(`${stack.url}/videos/uploads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.idToken}`, 'content-type': form.headers.get('content-type')! },
      body: form.body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(((await res.json()) as any).fields.file).toBe('Images can be up to 15 MB each.');
    expect(onDisk(user.uid)).toBe(0);
    expect(spooling()).toBe(0);
  });

  it('keeps each user within the storage quota with a clear message, and shows the usage in the account', async () => {
    const quota = await stack.extraApi({ STORAGE_QUOTA_BYTES: String(300 * 1024) });
    const { user, api } = await signedUp(quota.url);
    expect((await api('GET', '/me')).body.storage).toEqual({ used: 0, quota: 300 * 1024 });

    const first = await rawUpload(quota.url, user, 'a'.repeat(200 * 1024), 'text/plain');
    expect(first.status).toBe(201);
    expect((await api('GET', '/me')).body.storage).toEqual({ used: 200 * 1024, quota: 300 * 1024 });

    const full = 'Your storage is full: 200 KB of 300 KB used. Delete uploads you no longer need.';
    const declared = await rawUpload(quota.url, user, 'b'.repeat(200 * 1024), 'text/plain');
    expect(declared).toMatchObject({ status: 413, body: { error: full, fields: { file: full } } });
    const chunked = await rawUpload(quota.url, user, streamed(200 * 1024), 'text/plain');
    expect(chunked).toMatchObject({ status: 413, body: { error: full } });
    const twoAtOnce = await Promise.all(
      [1, 2].map(() => rawUpload(quota.url, user, 'c'.repeat(60 * 1024), 'text/plain')),
    );
    expect(twoAtOnce.map((r) => r.status).sort()).toEqual([201, 413]);
    expect(onDisk(user.uid)).toBe(2);
    expect(spooling()).toBe(0);

    // Another user has their own quota.
    const other = await signedUp(quota.url);
    expect((await rawUpload(quota.url, other.user, 'd'.repeat(200 * 1024), 'text/plain')).status).toBe(201);
  });

  it('writes nothing for an upload refused for any reason, and removes what it stored when recording it fails', async () => {
    // Not yet synced: either the account is made on first use or the upload is refused, never a file without an owner.
    const fresh = await createUser();
    const early = await rawUpload(stack.url, fresh, 'hello', 'text/plain');
    expect([201, 409]).toContain(early.status);
    expect(onDisk(fresh.uid)).toBe(early.status === 201 ? 1 : 0);

    const { user, api } = await signedUp();
    expect((await imageUpload(user, new TextEncoder().encode('not an image'), 'notes.png')).status).toBe(400);
    expect((await imageUpload(user, png(100, 100), 'tiny.png')).status).toBe(400);
    expect(onDisk(user.uid)).toBe(0);

    // Storage that cannot be written (a file where the user's folder belongs): the upload fails and leaves no record.
    const folder = path.dirname(path.join(stack.config.storage.localDir, storageKey(user.uid, 'x')));
    mkdirSync(path.dirname(folder), { recursive: true });
    writeFileSync(folder, 'in the way');
    try {
      expect((await rawUpload(stack.url, user, 'hello', 'text/plain')).status).toBe(500);
    } finally {
      rmSync(folder);
    }
    expect((await api('GET', '/uploads')).body.files).toEqual([]);
    expect((await api('GET', '/me')).body.storage.used).toBe(0);
    expect(spooling()).toBe(0);
  });

  it('refuses images whose header promises a decode too costly, before decoding them', async () => {
    const { user } = await signedUp();
    const deep = images.deep;
    expect(deep.byteLength).toBeLessThan(1024 * 1024);
    const refused = await imageUpload(user, deep, 'deep.png');
    expect(refused.status).toBe(400);
    expect(refused.body.fields.file).toBe(
      'This image (8192×8192 at 16 bits per channel) is too large to open. Save it with 8 bits per channel or at a smaller size.',
    );
    const refusedAlpha = await imageUpload(user, images.deepAlpha, 'deep-alpha.png');
    expect(refusedAlpha.status).toBe(400);
    expect(refusedAlpha.body.fields.file).toBe(refused.body.fields.file);
    const fine = await imageUpload(user, images.fine, 'fine.png');
    expect(fine.status).toBe(201);
    expect(fine.body).toMatchObject({ contentType: 'image/png', width: 2048, height: 1024 });
  });

  it('applies the same decoded-size rule to a picture stored through POST /files/upload, when a video uses it', async () => {
    const { user, api } = await signedUp();
    const stored = await rawUpload(stack.url, user, new Uint8Array(images.deep), 'image/png', 'deep.png');
    // Stored as a file, which is fine: nothing decodes it yet.
    expect(stored.status).toBe(201);
    const fine = await imageUpload(user, png(640, 360), 'fine.png');
    const video = await api('POST', '/videos', {
      script: 'The lighthouse keeper climbs the stairs at dusk. Her lamp guides the ships home.',
      voiceId: 'en-us-olivia',
      aspect: '16:9',
      resolution: '720p',
      captions: 'off',
      visuals: 'uploaded',
      imageFileIds: [fine.body.fileId, stored.body.id],
      music: { enabled: false, volume: 30 },
    });
    expect(video.status).toBe(400);
    expect(video.body.fields).toEqual({
      imageFileIds:
        'Image 2 cannot be used. This image (8192×8192 at 16 bits per channel) is too large to open. Save it with 8 bits per channel or at a smaller size.',
    });
    // Nothing was held or queued for it.
    expect((await api('GET', '/videos')).body.items).toEqual([]);
  });

  it("lists the user's uploads with their sizes and deletes them, except an image a video being made still needs", async () => {
    const { user, api } = await signedUp();
    const other = await signedUp();
    const [a, b] = [await imageUpload(user, png(640, 360), 'a.png'), await imageUpload(user, png(640, 360), 'b.png')];
    const note = await rawUpload(stack.url, user, 'remember the milk', 'text/plain', 'note.txt');
    const list = await api('GET', '/uploads');
    expect(list.body.files.map((f: any) => [f.name, f.size, f.inUse])).toEqual([
      ['note.txt', 17, false],
      ['b.png', b.body.size, false],
      ['a.png', a.body.size, false],
    ]);
    expect(list.body.storage.used).toBe(17 + a.body.size + b.body.size);

    const video = await api('POST', '/videos', {
      script: 'The lighthouse keeper climbs the stairs at dusk. Her lamp guides the ships home.',
      voiceId: 'en-us-olivia',
      aspect: '16:9',
      resolution: '720p',
      captions: 'off',
      visuals: 'uploaded',
      imageFileIds: [a.body.fileId],
      music: { enabled: false, volume: 30 },
    });
    expect(video.status).toBe(202);
    expect((await api('GET', '/uploads')).body.files.find((f: any) => f.id === a.body.fileId).inUse).toBe(true);
    const busy = await api('DELETE', `/uploads/${a.body.fileId}`);
    expect(busy.status).toBe(409);
    expect(busy.body.error).toBe('A video being made uses this file. Delete it once the video has finished.');
    await api('POST', `/videos/${video.body.id}/cancel`);
    expect((await api('DELETE', `/uploads/${a.body.fileId}`)).status).toBe(204);

    expect((await other.api('DELETE', `/uploads/${b.body.fileId}`)).status).toBe(404);
    expect((await api('DELETE', `/uploads/${note.body.id}`)).status).toBe(204);
    expect((await api('DELETE', '/uploads/not-a-uuid')).status).toBe(404);
    const after = await api('GET', '/uploads');
    expect(after.body.files.map((f: any) => f.name)).toEqual(['b.png']);
    expect(after.body.storage.used).toBe(b.body.size);
    expect((await fetch(a.body.url)).status).toBe(404);
    expect(onDisk(user.uid)).toBe(1);
  });
});

describe('image decode check', () => {
  it('refuses at render time a picture the decoded-size rule refuses, whatever route stored it', async () => {
    const deep = path.join(scratch, 'deep.png');
    const dir = mkdtempSync(path.join(scratch, 'fit-'));
    const fitting = fitUpload([deep], 0, {
      dir,
      size: { width: 1280, height: 720 },
      clipAudio: undefined,
      signal: undefined,
    });
    await expect(fitting).rejects.toThrow(
      'Your image 1 cannot be used. This image (8192×8192 at 16 bits per channel) is too large to open. Save it with 8 bits per channel or at a smaller size.',
    );
    await expect(fitting).rejects.toBeInstanceOf(MediaError);
    // Nothing was drawn from it.
    expect(readdirSync(dir)).toEqual([]);
  });

  it('fails a decode that needs more memory than its limit instead of letting ffmpeg take it', async () => {
    const big = path.join(scratch, 'big.png');
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'color=c=gray:s=8192x8192,format=rgba',
      '-frames:v',
      '1',
      big,
    ]);
    expect(await decodesAsImage(big, 400 * 1024 * 1024)).toBe(false);
    expect(await decodesAsImage(big)).toBe(true);
  });
});

describe('files a job stores', () => {
  it('are removed from storage again when recording them fails', async () => {
    const dataDir = mkdtempSync(path.join(scratch, 'job-'));
    const config = loadConfig({ DATA_DIR: dataDir });
    const uid = 'job-owner';
    const context = makeContext(
      { jobId: randomUUID(), uid, payload: {}, attempt: 0, signal: new AbortController().signal },
      config,
      () => undefined,
      async () => {
        throw new Error('the database went away');
      },
    );
    await expect(context.putFile(new TextEncoder().encode('subtitles'), { contentType: 'text/plain' })).rejects.toThrow(
      'the database went away',
    );
    const folder = path.dirname(path.join(config.storage.localDir, storageKey(uid, 'x')));
    expect(existsSync(folder) ? readdirSync(folder) : []).toEqual([]);
  });
});
