/**
 * The pan as a viewer sees it: a still with a fine texture, rendered over three scenes joined by crossfades, is found
 * in each frame around the moments where the main lane takes a scene over from the incoming lane; the picture must go
 * on moving by a pixel a frame there, not jump.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RENDER, planRender } from '~/server/media/render.ts';
import { runRender } from '~/server/media/render-run.ts';
import { buildTimeline, stillSize } from '~/server/media/timeline.ts';
import { encodeWav } from '~/server/media/wav.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nxn-render-pan-'));
const file = (name: string) => path.join(dir, name);
const ffmpeg = (...args: string[]) =>
  execFileSync('ffmpeg', ['-v', 'error', '-y', ...args], { maxBuffer: 64 * 1024 * 1024 });
const WIDTH = 640;
const HEIGHT = 360;
const timeline = buildTimeline([2400, 2400, 2400], false);
const size = stillSize(timeline, WIDTH, HEIGHT);
let still: Uint8Array;

/** Grey levels of frame `n` of the video. */
const frame = (n: number): Uint8Array =>
  ffmpeg(
    '-i',
    file('video.mp4'),
    '-vf',
    `select=eq(n\\,${n})`,
    '-frames:v',
    '1',
    '-f',
    'rawvideo',
    '-pix_fmt',
    'gray',
    '-',
  );

/** Where in the still a frame was cropped from: the offset at which a patch of its middle matches the still best. */
function offsetOf(picture: Uint8Array): { x: number; y: number } {
  const patch = 48;
  const [px, py] = [(WIDTH - patch) / 2, (HEIGHT - patch) / 2];
  let best = { x: 0, y: 0, error: Infinity };
  for (let y = 0; y <= size.height - HEIGHT; y++)
    for (let x = 0; x <= size.width - WIDTH; x++) {
      let error = 0;
      for (let row = 0; row < patch && error < best.error; row++)
        for (let col = 0; col < patch; col++)
          error += Math.abs(
            picture[(py + row) * WIDTH + px + col]! - still[(py + y + row) * size.width + px + x + col]!,
          );
      if (error < best.error) best = { x, y, error };
    }
  return { x: best.x, y: best.y };
}

beforeAll(async () => {
  // A fine, smooth texture: every offset of it looks different, and x264 keeps it.
  ffmpeg(
    '-f',
    'lavfi',
    '-i',
    `color=gray:s=${size.width}x${size.height},noise=alls=100:allf=u,gblur=sigma=2,format=rgb24`,
    '-frames:v',
    '1',
    file('texture.png'),
  );
  still = ffmpeg('-i', file('texture.png'), '-f', 'rawvideo', '-pix_fmt', 'gray', '-');
  const rate = 24_000;
  fs.writeFileSync(
    file('narration.wav'),
    encodeWav({ pcm: new Int16Array(Math.round((timeline.totalMs / 1000) * rate)), sampleRate: rate, channels: 1 }),
  );
  const visuals = timeline.scenes.map(() => ({ kind: 'still' as const, file: file('texture.png') }));
  await runRender(
    planRender({
      width: WIDTH,
      height: HEIGHT,
      timeline,
      visuals,
      stillSize: size,
      narration: file('narration.wav'),
      output: file('video.mp4'),
      workDir: dir,
      settings: DEFAULT_RENDER,
    }),
  );
}, 60_000);

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('a panned still in the render', () => {
  it('keeps moving by a pixel a frame where the main lane takes over from the incoming lane', () => {
    for (const scene of timeline.scenes.slice(1)) {
      const handover = scene.firstFrame + timeline.transitionFrames;
      // The last frames of the crossfade (the incoming picture all but alone) and the first ones after it.
      const offsets = [handover - 2, handover - 1, handover, handover + 1].map((n) => offsetOf(frame(n)));
      for (let k = 1; k < offsets.length; k++) {
        // One frame may stand still where the blend lets go (its last opacity lingers a frame); none jumps.
        expect(Math.abs(offsets[k]!.x - offsets[k - 1]!.x), `frame ${handover - 2 + k}`).toBeLessThanOrEqual(2);
        expect(Math.abs(offsets[k]!.y - offsets[k - 1]!.y), `frame ${handover - 2 + k}`).toBeLessThanOrEqual(2);
      }
    }
  });
});
