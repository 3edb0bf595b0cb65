/**
 * Watermark removal on the real stack (API + worker, PGlite): a tus upload interrupted midway resumes from the bytes
 * the server kept; only its owner can touch it; a file that is not a video is refused in plain words and costs
 * nothing; detection proposes boxes; the render job charges the source's started minutes and delivers a clean file
 * with the audio untouched, whose frames the before/after view shows.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { watermarkCost } from '~/contract/pricing.ts';
import type { WatermarkRecord } from '~/contract/watermark.ts';
import { apiSuite, until } from './support/api-suite.ts';
import type { TestUser } from './support/auth-emulator.ts';
import { createUpload, headUpload, patchUpload, uploadVideo } from './support/tus.ts';
import { LOGO_BOX, makeWatermarkedVideo } from './support/watermark-video.ts';

const suite = apiSuite('watermark', (_req, res) => res.writeHead(404).end());
let video: Buffer;
beforeAll(() => {
  const file = path.join(suite.dir, 'marked.mp4');
  makeWatermarkedVideo(file, 4);
  video = readFileSync(file);
});

const create = (user: TestUser, size: number, metadata: Record<string, string>) =>
  createUpload(suite.stack.url, user, size, metadata);
const upload = (user: TestUser, bytes: Buffer, name?: string) => uploadVideo(suite.stack.url, user, bytes, name);

describe('watermark removal API', () => {
  it('resumes an interrupted upload from the bytes the server kept, for its owner only', async () => {
    const { user, api } = await suite.signedUp();
    const made = await create(user, video.length, { filename: 'marked.mp4', rights: 'confirmed' });
    expect(made.status).toBe(201);

    // The connection drops after the first half: the body stream errors midway.
    const half = Math.floor(video.length / 2);
    const dropped = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(video.subarray(0, half));
        setTimeout(() => controller.error(new Error('connection lost')), 300);
      },
    });
    await patchUpload(user, made.url, 0, dropped).then(
      (res) => res.text(),
      () => undefined,
    );
    const offset = Number(
      (
        await until(
          () => headUpload(user, made.url),
          (res) => Number(res.headers.get('upload-offset')) > 0,
        )
      ).headers.get('upload-offset'),
    );
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(half);

    const stranger = await suite.signedUp();
    expect((await headUpload(stranger.user, made.url)).status).toBe(404);
    expect((await patchUpload(stranger.user, made.url, offset, video.subarray(offset))).status).toBe(404);

    const rest = await patchUpload(user, made.url, offset, video.subarray(offset));
    expect(rest.status, await rest.text()).toBe(204);
    const id = made.url.split('/').pop()!;
    const record = (await api('GET', `/watermark-removal/${id}`)).body as WatermarkRecord;
    expect(record).toMatchObject({ status: 'uploaded', width: 640, height: 360, name: 'marked.mp4' });
    expect(record.source?.size).toBe(video.length);
    expect((await stranger.api('GET', `/watermark-removal/${id}`)).status).toBe(404);
  });

  it('refuses an upload without the rights confirmation, and a file that is not a video, at no cost', async () => {
    const { user, api } = await suite.signedUp();
    const before = await suite.balance(api);
    const unconfirmed = await create(user, 100, { filename: 'a.mp4' });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body).toMatch(/own this video/);

    const corrupt = Buffer.concat([video.subarray(0, 64), Buffer.alloc(20_000, 7)]);
    const refused = await upload(user, corrupt, 'broken.mp4');
    expect(refused.res.status).toBe(422);
    expect(refused.body).toMatch(/not a video we can read|could not be decoded/);
    const text = await upload(user, Buffer.from('just some words, not a film\n'.repeat(50)), 'notes.mkv');
    expect(text.res.status).toBe(422);
    expect((await api('GET', '/watermark-removal')).body.items).toEqual([]);
    expect(await suite.balance(api)).toEqual(before);
  });

  it('detects the marks, renders them away for the price of the started minutes and keeps the audio', async () => {
    const { user, api } = await suite.signedUp();
    const { id, res } = await upload(user, video);
    expect(res.status).toBe(204);
    const before = await suite.balance(api);

    const detected = (await api('POST', `/watermark-removal/${id}/detect`)).body as WatermarkRecord;
    expect(detected.detected).toBe(true);
    expect(detected.boxes.length).toBeGreaterThanOrEqual(2);

    const boxes = detected.boxes.map((b, k) => ({ ...b, method: k === 0 ? 'removelogo' : 'blur' }));
    expect((await api('PUT', `/watermark-removal/${id}/boxes`, { boxes })).status).toBe(200);
    const bad = await api('PUT', `/watermark-removal/${id}/boxes`, {
      boxes: [{ ...boxes[0], x: 0.4, y: 0.4, w: 0.1, h: 0.1, method: 'crop' }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.boxes).toMatch(/too far from the edge/);

    const frame = await fetch(`${suite.stack.url}/watermark-removal/${id}/preview`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ boxes, atS: 1, kind: 'frame' }),
    });
    expect(frame.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await frame.arrayBuffer()).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));

    const postFrame = (path: string, body: object) =>
      fetch(`${suite.stack.url}/watermark-removal/${id}/${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await postFrame('result-frame', { atS: 1 })).status).toBe(409);

    const started = await api('POST', `/watermark-removal/${id}/render`);
    expect(started.status).toBe(202);
    const done = await until(
      async () => (await api('GET', `/watermark-removal/${id}`)).body as WatermarkRecord,
      (r) => r.status === 'succeeded' || r.status === 'failed',
      120_000,
    );
    expect(done.error).toBeNull();
    expect(done.creditsCharged).toBe(watermarkCost(4000));
    expect((await suite.balance(api)).balance).toBe(before.balance - watermarkCost(4000));

    const clean = Buffer.from(await (await fetch(done.output!.url)).arrayBuffer());
    const out = path.join(suite.dir, 'clean.mp4');
    writeFileSync(out, clean);
    const md5 = (file: string) =>
      execFileSync('ffmpeg', ['-v', 'error', '-i', file, '-map', '0:a', '-c', 'copy', '-f', 'md5', '-']).toString();
    expect(md5(out)).toBe(md5(path.join(suite.dir, 'marked.mp4')));

    // The before/after view: the same moment from the source and from the clean copy differ where the logo was.
    const gray = async (res: Response) =>
      execFileSync('ffmpeg', ['-v', 'error', '-i', 'pipe:0', '-vf', 'format=gray', '-f', 'rawvideo', 'pipe:1'], {
        input: Buffer.from(await res.arrayBuffer()),
      });
    const afterFrame = await postFrame('result-frame', { atS: 2 });
    expect(afterFrame.headers.get('content-type')).toBe('image/jpeg');
    const [original, cleaned] = [
      await gray(await postFrame('preview', { boxes: [], atS: 2, kind: 'frame' })),
      await gray(afterFrame),
    ];
    const meanDiff = (box: { x: number; y: number; w: number; h: number }) => {
      let sum = 0;
      for (let y = box.y; y < box.y + box.h; y++)
        for (let x = box.x; x < box.x + box.w; x++) sum += Math.abs(original[y * 640 + x]! - cleaned[y * 640 + x]!);
      return sum / (box.w * box.h);
    };
    expect(meanDiff(LOGO_BOX)).toBeGreaterThan(4 * meanDiff({ x: 200, y: 120, w: 200, h: 120 }));
    expect((await postFrame('result-frame', { atS: 60 })).status).toBe(400);

    expect((await api('DELETE', `/watermark-removal/${id}`)).status).toBe(204);
    expect((await fetch(done.output!.url)).status).toBe(404);
  });
});
