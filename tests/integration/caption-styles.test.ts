/**
 * Each caption look rendered through the whole pipeline on a short vertical (9:16, 720p) video, and checked on a
 * frame grab against the same video without captions: where the caption sits, that the highlight colour is drawn,
 * and that pop-in shows a single word.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VideoResult } from '~/server/features/videos/pipeline/run.ts';
import { localRenders } from './support/local-renders.ts';

const SCRIPT = `Good morning to every early riser.

Small steps, taken daily, change a life.`;
const WIDTH = 720;
const HEIGHT = 1280;
const GREEN = '#00FF00';
const MAGENTA = '#FF00FF';

const { render, close } = localRenders('captions', {
  script: SCRIPT,
  voiceId: 'en-us-olivia',
  aspect: '9:16',
  resolution: '720p',
  visuals: 'generated',
  visualOrder: 'designed',
  music: { enabled: false, volume: 30 },
  captions: 'off',
});

/** One frame as RGB bytes. */
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

interface Ink {
  /** Pixels that differ clearly from the caption-less frame, per band of the height (thirds). */
  bands: [number, number, number];
  /** Leftmost and rightmost columns holding caption pixels. */
  left: number;
  right: number;
  /** Pixels within reach of `color` after YUV 4:2:0 and x264, where the caption-less frame has none. */
  colored: number;
}

function ink(frame: Uint8Array, bare: Uint8Array, color: string): Ink {
  const target = [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16));
  const near = (px: Uint8Array, i: number) => target.every((c, k) => Math.abs(px[i + k]! - c) < 90);
  const bands: [number, number, number] = [0, 0, 0];
  let left = WIDTH;
  let right = -1;
  let colored = 0;
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const i = (y * WIDTH + x) * 3;
      const diff =
        Math.abs(frame[i]! - bare[i]!) +
        Math.abs(frame[i + 1]! - bare[i + 1]!) +
        Math.abs(frame[i + 2]! - bare[i + 2]!);
      if (diff < 120) continue;
      bands[Math.min(2, Math.floor((y * 3) / HEIGHT)) as 0 | 1 | 2]++;
      left = Math.min(left, x);
      right = Math.max(right, x);
      if (near(frame, i) && !near(bare, i)) colored++;
    }
  }
  return { bands, left, right, colored };
}

const renders: Record<'bare' | 'word' | 'karaoke' | 'pop', VideoResult> = {} as never;
/** A moment two thirds into the first cue: some words are said, one is being said, the rest are still to come. */
let moment = 0;

beforeAll(async () => {
  // One after the other: two cores are shared with the rest of the suite.
  renders.bare = await render('bare', {});
  renders.word = await render('word', {
    captions: 'word',
    captionOptions: { position: 'bottom', size: 'medium', color: GREEN },
  });
  renders.karaoke = await render('karaoke', {
    captions: 'karaoke',
    captionOptions: { position: 'top', size: 'large', color: MAGENTA },
  });
  renders.pop = await render('pop', {
    captions: 'pop',
    captionOptions: { position: 'middle', size: 'medium', color: GREEN },
  });
  const [, start, end] = /^1\n(\S+) --> (\S+)\n/.exec(fs.readFileSync(renders.bare.subtitles, 'utf8'))!;
  const seconds = (t: string) => {
    const [h, m, s] = t!.replace(',', '.').split(':').map(Number);
    return h! * 3600 + m! * 60 + s!;
  };
  moment = seconds(start!) + (seconds(end!) - seconds(start!)) * 0.6;
}, 180_000);

afterAll(close);

describe('caption looks on a 9:16 frame', () => {
  const look = (name: 'word' | 'karaoke' | 'pop', color: string) =>
    ink(grab(renders[name].video, moment), grab(renders.bare.video, moment), color);

  it('word highlight: at the bottom, with the spoken word in the chosen colour', () => {
    const word = look('word', GREEN);
    expect(word.bands[2]).toBeGreaterThan(500);
    expect(word.bands[0] + word.bands[1]).toBe(0);
    expect(word.colored).toBeGreaterThan(50);
  });

  it('karaoke fill: at the top, the words said so far filled with the chosen colour', () => {
    const karaoke = look('karaoke', MAGENTA);
    expect(karaoke.bands[0]).toBeGreaterThan(500);
    expect(karaoke.bands[1] + karaoke.bands[2]).toBe(0);
    expect(karaoke.colored).toBeGreaterThan(200);
  });

  it('pop-in: in the middle, one coloured word, narrower than the full line at the same moment', () => {
    const pop = look('pop', GREEN);
    const word = look('word', GREEN);
    expect(pop.bands[1]).toBeGreaterThan(100);
    expect(pop.bands[0] + pop.bands[2]).toBe(0);
    expect(pop.colored).toBeGreaterThan(50);
    expect(pop.right - pop.left).toBeLessThan((word.right - word.left) * 0.6);
  });
});
