/**
 * A video with a brand kit, rendered through the whole pipeline (eSpeak NG, designed backgrounds, real ffmpeg) and
 * checked against the same video without one: the intro and outro add exactly their seconds (ffprobe), the cards
 * show the brand colour, the logo sits in its corner between them (its transparent half letting the picture
 * through) and not in the opposite corner, and the captions use the brand font.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrandSnapshot, brandSnapshot, DEFAULT_BRAND_KIT, logoPlacement } from '~/contract/brand.ts';
import type { VideoResult } from '~/server/features/videos/pipeline/run.ts';
import { localRenders } from './support/local-renders.ts';

const WIDTH = 1280;
const HEIGHT = 720;
const PRIMARY = '#1040C0';
const MAGENTA = [255, 0, 255];
const INTRO = 2;
const OUTRO = 3;

const { render, close, workDir } = localRenders('brand', {
  script: 'Small steps, taken daily, change a life. Start with one today.',
  voiceId: 'en-us-olivia',
  aspect: '16:9',
  resolution: '720p',
  visuals: 'generated',
  visualOrder: 'designed',
  music: { enabled: false, volume: 30 },
  captions: 'word',
});

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nxn-brand-logo-'));
/** 400×200: the left half fully transparent, the right half opaque magenta. */
const logoFile = path.join(dir, 'logo.png');
const brand: BrandSnapshot = brandSnapshot(
  {
    ...DEFAULT_BRAND_KIT,
    logo: { corner: 'top-right', size: 'large', opacity: 100 },
    colors: { primary: PRIMARY, secondary: '#FFFFFF' },
    font: 'liberation-serif',
    intro: { enabled: true, text: 'Acme Studio presents', seconds: INTRO },
    outro: { enabled: true, text: 'Follow Acme for more', seconds: OUTRO },
  },
  { fileId: 'logo', width: 400, height: 200 },
);

const durationOf = (video: string) =>
  Number(
    execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', video])
      .toString()
      .trim(),
  );

function grab(video: string, atSeconds: number): Uint8Array {
  const out = execFileSync(
    'ffmpeg',
    [
      '-v',
      'error',
      '-ss',
      atSeconds.toFixed(2),
      '-i',
      video,
      '-frames:v',
      '1',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      '-',
    ],
    {
      maxBuffer: WIDTH * HEIGHT * 4,
    },
  );
  expect(out.length).toBe(WIDTH * HEIGHT * 3);
  return new Uint8Array(out);
}

/** Share of the pixels of a box within reach of `rgb` (after 4:2:0 and x264). */
function share(
  frame: Uint8Array,
  box: { x: number; y: number; width: number; height: number },
  rgb: readonly number[],
): number {
  let near = 0;
  for (let y = box.y; y < box.y + box.height; y++) {
    for (let x = box.x; x < box.x + box.width; x++) {
      const i = (y * WIDTH + x) * 3;
      if (rgb.every((c, k) => Math.abs(frame[i + k]! - c) < 60)) near++;
    }
  }
  return near / (box.width * box.height);
}

const hex = (color: string) => [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16));
const whole = { x: 0, y: 0, width: WIDTH, height: HEIGHT };
let bare: VideoResult;
let branded: VideoResult;

beforeAll(async () => {
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'color=c=black:s=400x200:d=1',
    '-vf',
    "format=rgba,geq=r=255:g=0:b=255:a='if(lt(X,W/2),0,255)'",
    '-frames:v',
    '1',
    logoFile,
  ]);
  bare = await render('bare', {});
  branded = await render('branded', {}, { brand: { snapshot: brand, logo: logoFile } });
}, 300_000);

afterAll(async () => {
  await close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('a video with a brand kit', () => {
  it('is as long as the intro, the narrated video and the outro together', () => {
    const total = durationOf(branded.video);
    expect(Math.abs(total - (INTRO + durationOf(bare.video) + OUTRO))).toBeLessThanOrEqual(0.5);
    expect(Math.abs(branded.durationMs / 1000 - total)).toBeLessThan(0.1);
  });

  it('opens on the intro card and closes on the outro card in the brand colour', () => {
    const total = durationOf(branded.video);
    expect(share(grab(branded.video, INTRO / 2), whole, hex(PRIMARY))).toBeGreaterThan(0.6);
    expect(share(grab(branded.video, total - OUTRO / 2), whole, hex(PRIMARY))).toBeGreaterThan(0.6);
    // The narrated video itself is not a card.
    expect(share(grab(branded.video, INTRO + durationOf(bare.video) / 2), whole, hex(PRIMARY))).toBeLessThan(0.3);
  });

  it('shows the logo in its corner, transparency kept, and not in the opposite corner', () => {
    const frame = grab(branded.video, INTRO + durationOf(bare.video) / 2);
    const place = logoPlacement({ width: WIDTH, height: HEIGHT }, { width: 400, height: 200 }, 'top-right', 'large');
    const inset = 4;
    const half = (left: boolean) => ({
      x: place.x + (left ? inset : place.width / 2 + inset),
      y: place.y + inset,
      width: place.width / 2 - 2 * inset,
      height: place.height - 2 * inset,
    });
    expect(place.x + place.width).toBeGreaterThan(WIDTH * 0.9);
    expect(share(frame, half(false), MAGENTA)).toBeGreaterThan(0.9);
    expect(share(frame, half(true), MAGENTA)).toBeLessThan(0.05);
    const opposite = { ...place, x: WIDTH - place.x - place.width };
    expect(share(frame, opposite, MAGENTA)).toBeLessThan(0.05);
    // Nor was it there without the kit.
    expect(share(grab(bare.video, durationOf(bare.video) / 2), half(false), MAGENTA)).toBeLessThan(0.05);
  });

  it('writes the captions in the brand font, timed after the intro', () => {
    const ass = fs.readFileSync(path.join(workDir('branded'), 'captions.ass'), 'utf8');
    expect(ass).toContain('Style: Caption,Liberation Serif,');
    const first = /Dialogue: 0,(\d+):(\d+):(\d+\.\d+)/.exec(ass)!;
    expect(Number(first[2]) * 60 + Number(first[3])).toBeGreaterThanOrEqual(INTRO);
  });
});
