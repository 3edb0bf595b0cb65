/**
 * An explainer's beats through the real render, checked on frames a viewer sees: on 9:16 the composition fills the
 * space above the captions (its drawing spans most of the content area's height and at least half the width), and
 * outside the captions' band the picture never stands still for 3 s (the camera drifts, elements enter with their
 * words, beats change). Small and short, so CI stays fast.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentArea } from '~/server/media/illustration/compose.ts';
import { drawLayers, illustrateBeat, type SentenceReading, scriptPalette } from '~/server/media/illustration/index.ts';
import { DEFAULT_RENDER, planRender, type RenderVisual } from '~/server/media/render.ts';
import { runRender } from '~/server/media/render-run.ts';
import { buildTimeline, stillSize } from '~/server/media/timeline.ts';
import { encodeWav } from '~/server/media/wav.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nxn-explainer-beats-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const [WIDTH, HEIGHT] = [360, 640];
const none = { context: [], places: [], items: [], phrase: '', scenery: [] };
const BEATS: SentenceReading[] = [
  {
    ...none,
    text: 'At night the city never sleeps.',
    layout: 'subject',
    subject: { words: 'city', icon: 'cityscape-at-dusk', negated: false },
    phrase: 'The city never sleeps',
    scenery: ['night'],
  },
  {
    ...none,
    text: 'Patience is the secret ingredient.',
    layout: 'key-phrase',
    phrase: 'Patience is the secret ingredient',
  },
];
// Long beats (7 s each): stillness would show here if anywhere.
const timeline = buildTimeline([7000, 7000], true);
const specs = BEATS.map((reading, i) =>
  illustrateBeat(reading, i, {
    palette: scriptPalette('', 3),
    captionPosition: 'bottom',
    frame: { width: WIDTH, height: HEIGHT },
  }),
);
const area = contentArea(WIDTH, HEIGHT, 'bottom');
/** Frames every half second, grey, over the part of the frame above the captions' band. */
const frames: Uint8Array[] = [];
const STEP = 0.5;

beforeAll(async () => {
  const size = stillSize(timeline, WIDTH, HEIGHT);
  const visuals: RenderVisual[] = [];
  for (const [i, spec] of specs.entries()) {
    const layers = await drawLayers(spec, path.join(dir, `layers-${i}`), size);
    visuals.push({ kind: 'still', file: layers.background, layers });
  }
  const rate = 16_000;
  fs.writeFileSync(
    path.join(dir, 'narration.wav'),
    encodeWav({ pcm: new Int16Array(Math.round((timeline.totalMs / 1000) * rate)), sampleRate: rate, channels: 1 }),
  );
  const output = path.join(dir, 'video.mp4');
  await runRender(
    planRender({
      width: WIDTH,
      height: HEIGHT,
      timeline,
      visuals,
      stillSize: size,
      narration: path.join(dir, 'narration.wav'),
      output,
      workDir: dir,
      settings: DEFAULT_RENDER,
    }),
  );
  const raw = execFileSync(
    'ffmpeg',
    [
      '-v',
      'error',
      '-i',
      output,
      '-vf',
      `fps=${1 / STEP},crop=${WIDTH}:${area.y + area.height}:0:0,format=gray`,
      '-f',
      'rawvideo',
      '-',
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const bytes = WIDTH * (area.y + area.height);
  for (let at = 0; at + bytes <= raw.length; at += bytes) frames.push(raw.subarray(at, at + bytes));
}, 120_000);

/** Mean absolute difference of two grey frames (0..255). */
function change(a: Uint8Array, b: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

describe('an explainer’s beats on 9:16', () => {
  it('change visibly at least every 3 s above the captions', () => {
    expect(frames.length).toBeGreaterThanOrEqual(Math.floor(timeline.totalMs / 1000 / STEP) - 1);
    const window = Math.round(3 / STEP);
    for (let i = 0; i + window < frames.length; i++)
      expect(change(frames[i]!, frames[i + window]!), `from ${i * STEP} s to ${(i + window) * STEP} s`).toBeGreaterThan(
        1,
      );
  });

  it('fill the space above the captions: the drawing spans most of its height and at least half its width', () => {
    for (const spec of specs) {
      const top = Math.min(...spec.elements.map((e) => e.y));
      const bottom = Math.max(...spec.elements.map((e) => e.y + e.height));
      const left = Math.min(...spec.elements.map((e) => e.x));
      const right = Math.max(...spec.elements.map((e) => e.x + e.width));
      expect(bottom - top, spec.layout).toBeGreaterThanOrEqual(area.height * 0.5);
      expect(right - left, spec.layout).toBeGreaterThanOrEqual(WIDTH * 0.5);
    }
    // On the frames: mid-beat, the rows of the content area that differ from the beat's empty background span most
    // of it (measured against the beat's first frame, before anything has entered).
    for (const [i, scene] of timeline.scenes.entries()) {
      const mid = Math.round((scene.firstFrame / timeline.fps + scene.frames / timeline.fps / 2) / STEP);
      const empty = Math.round((scene.firstFrame / timeline.fps + 0.5) / STEP) + (i === 0 ? 0 : 1);
      const rows: number[] = [];
      for (let y = area.y; y < area.y + area.height; y++) {
        let row = 0;
        for (let x = 0; x < WIDTH; x++) row += Math.abs(frames[mid]![y * WIDTH + x]! - frames[empty]![y * WIDTH + x]!);
        if (row / WIDTH > 12) rows.push(y);
      }
      expect(rows.length, `beat ${i + 1}: drawn rows`).toBeGreaterThan(0);
      expect(Math.max(...rows) - Math.min(...rows), `beat ${i + 1}`).toBeGreaterThanOrEqual(area.height * 0.45);
    }
  });
});
