/**
 * Watermark removal's media library against a generated video with a semi-transparent logo and a text mark:
 * detection finds both, one ffmpeg pass takes them out, the rest of the picture and the audio stay as they were.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probe, runFfmpeg } from '~/server/media/ffmpeg.ts';
import { detectOverlays, edgeMagnitude, iou, type PixelBox } from '~/server/media/overlay-detect.ts';
import { analysisSize, sampleFrames, sourceFacts, writeMarkMask } from '~/server/media/overlay-frames.ts';
import { buildRemovalFilter, type RemovalBox, removalOutputArgs } from '~/server/media/overlay-removal.ts';
import { LOGO_BOX, makeWatermarkedVideo, TEST_VIDEO, textMarkBox } from './support/watermark-video.ts';

const { width, height } = TEST_VIDEO;
let dir: string;
let source: string;

const grayFrames = (file: string): Uint8Array[] => {
  const raw = execFileSync(
    'ffmpeg',
    ['-hide_banner', '-loglevel', 'error', '-i', file, '-vf', 'format=gray', '-f', 'rawvideo', 'pipe:1'],
    { maxBuffer: 256 * 1024 * 1024 },
  );
  const size = width * height;
  return Array.from(
    { length: Math.floor(raw.length / size) },
    (_, k) => new Uint8Array(raw.buffer, raw.byteOffset + k * size, size),
  );
};
const audioMd5 = (file: string) =>
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-i',
    file,
    '-map',
    '0:a',
    '-c',
    'copy',
    '-f',
    'md5',
    '-',
  ])
    .toString()
    .trim();
const inside = (box: PixelBox, x: number, y: number, margin = 0) =>
  x >= box.x - margin && x < box.x + box.w + margin && y >= box.y - margin && y < box.y + box.h + margin;

async function detect(file: string) {
  const info = await probe(file);
  const facts = sourceFacts(info)!;
  const size = analysisSize(facts.width, facts.height);
  const found = detectOverlays(await sampleFrames(file, info.durationMs, 48, size));
  const sx = facts.width / size.width;
  const sy = facts.height / size.height;
  return { ...found, size, boxes: found.boxes.map((b) => ({ x: b.x * sx, y: b.y * sy, w: b.w * sx, h: b.h * sy })) };
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nxn-watermark-'));
  source = path.join(dir, 'marked.mp4');
  makeWatermarkedVideo(source, 5);
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

describe('watermark removal media', () => {
  it('finds the logo and the text mark as boxes that cover them (IoU ≥ 0.7)', async () => {
    const { boxes } = await detect(source);
    const text = textMarkBox();
    expect(Math.max(...boxes.map((b) => iou(b, LOGO_BOX)))).toBeGreaterThanOrEqual(0.7);
    expect(Math.max(...boxes.map((b) => iou(b, text)))).toBeGreaterThanOrEqual(0.7);
  });

  it('takes both marks out in one pass, keeps the rest of the picture (PSNR ≥ 35 dB) and the audio bit for bit', async () => {
    const found = await detect(source);
    const text = textMarkBox();
    const logo = found.boxes.find((b) => iou(b, LOGO_BOX) >= 0.7)!;
    const mark = found.boxes.find((b) => iou(b, text) >= 0.7)!;
    const mask = { alphaPath: path.join(dir, 'mask.pgm'), fillPath: path.join(dir, 'fill.pgm') };
    await writeMarkMask(mask, found.mask, found.size, logo, { width, height });
    const boxes: RemovalBox[] = [
      { ...logo, method: 'removelogo', mask },
      { ...mark, method: 'delogo' },
    ];
    const output = path.join(dir, 'clean.mp4');
    const info = await probe(source);
    const facts = sourceFacts(info)!;
    await runFfmpeg([
      '-y',
      '-i',
      source,
      ...removalOutputArgs(buildRemovalFilter(boxes, width, height), facts, {
        preset: 'veryfast',
        audio: true,
        mp4: true,
      }),
      output,
    ]);

    const after = await probe(output);
    const video = after.streams.find((s) => s.codec_type === 'video')!;
    expect([video.width, video.height, video.codec_name, video.avg_frame_rate]).toEqual([
      width,
      height,
      'h264',
      '25/1',
    ]);
    expect(audioMd5(output)).toBe(audioMd5(source));

    const before = grayFrames(source);
    const cleaned = grayFrames(output);
    expect(cleaned.length).toBe(before.length);

    // The logo's outline: pixels of the box that are an edge in most original frames.
    const edgeMean = (frames: Uint8Array[]) => {
      const sum = new Float64Array(width * height);
      for (const f of frames) {
        for (const [i, v] of edgeMagnitude(f, width, height).entries()) sum[i]! += v;
      }
      return sum.map((v) => v / frames.length);
    };
    const originalEdges = edgeMean(before);
    const cleanedEdges = edgeMean(cleaned);
    for (const target of [LOGO_BOX, text]) {
      let original = 0,
        now = 0;
      for (let y = target.y; y < target.y + target.h; y++) {
        for (let x = target.x; x < target.x + target.w; x++) {
          original += originalEdges[y * width + x]!;
          now += cleanedEdges[y * width + x]!;
        }
      }
      expect(now).toBeLessThan(original * 0.5);
    }

    let squared = 0,
      count = 0;
    for (let k = 0; k < before.length; k++) {
      const a = before[k]!,
        b = cleaned[k]!;
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          if (boxes.some((box) => inside(box, x, y, 4))) continue;
          const d = a[y * width + x]! - b[y * width + x]!;
          squared += d * d;
          count += 1;
        }
      }
    }
    const psnr = 10 * Math.log10((255 * 255) / (squared / count));
    expect(psnr).toBeGreaterThanOrEqual(35);
  });
});
