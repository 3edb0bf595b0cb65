/**
 * A video whose background is the user's own track (an MP3 of a 440 Hz tone, shorter than the video): it plays
 * under the narration and keeps playing once the track has run out (looped), where a video without music is silent
 * between sentences.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VideoResult } from '~/server/features/videos/pipeline/run.ts';
import { localRenders } from './support/local-renders.ts';

const SCRIPT = `The harbour wakes before the sun.

Fishing boats drift out past the old lighthouse, one after another, into the grey morning.

By noon the nets are full, and the gulls follow every boat back home.`;

const { render, close } = localRenders('music-upload', {
  script: SCRIPT,
  voiceId: 'en-us-olivia',
  aspect: '16:9',
  resolution: '720p',
  captions: 'off',
  visuals: 'generated',
  music: { enabled: false, volume: 30 },
});
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nxn-music-upload-'));
const TRACK_SECONDS = 3;

/** The sound as 8 kHz mono samples. */
function samples(video: string): Int16Array {
  const pcm = execFileSync(
    'ffmpeg',
    ['-v', 'error', '-i', video, '-vn', '-ac', '1', '-ar', '8000', '-f', 's16le', '-'],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  return new Int16Array(pcm.buffer, pcm.byteOffset, pcm.length / 2);
}

/** Per 100 ms window from `fromSec` to `toSec`: the share of the window's energy at `hz` (Goertzel) and its RMS. */
function windows(
  pcm: Int16Array,
  fromSec: number,
  toSec: number,
  hz: number,
): Array<{ atSec: number; tone: number; rms: number }> {
  const rate = 8000;
  const size = rate / 10;
  const coeff = 2 * Math.cos((2 * Math.PI * hz) / rate);
  const out: Array<{ atSec: number; tone: number; rms: number }> = [];
  for (let start = fromSec * rate; start + size <= toSec * rate; start += size) {
    let [s1, s2, energy] = [0, 0, 0];
    for (let i = start; i < start + size; i++) {
      const x = pcm[i]! / 32768;
      energy += x * x;
      [s1, s2] = [x + coeff * s1 - s2, s1];
    }
    const power = (s1 * s1 + s2 * s2 - coeff * s1 * s2) / (size / 2);
    out.push({ atSec: start / rate, tone: energy > 0 ? power / energy : 0, rms: Math.sqrt(energy / size) });
  }
  return out;
}

let withTrack: VideoResult;
let without: VideoResult;

beforeAll(async () => {
  const track = path.join(dir, 'my-track.mp3');
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:sample_rate=44100:duration=${TRACK_SECONDS}`,
    '-ac',
    '2',
    '-c:a',
    'libmp3lame',
    '-b:a',
    '128k',
    track,
  ]);
  withTrack = await render('own-track', { music: { enabled: true, volume: 40 } }, { musicFile: track });
  without = await render('silent', {});
}, 180_000);

afterAll(async () => {
  await close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("the user's own music", () => {
  it('fills the gaps between sentences with its tone, looped past its own length', () => {
    expect(withTrack.durationMs).toBeGreaterThan((TRACK_SECONDS * 2 + 3.5) * 1000);
    // Past the fade-in, before the fade-out: every window carries the tone, also those after the track's 3 s ran out.
    const span = windows(samples(withTrack.video), 2.5, (withTrack.durationMs - 3500) / 1000, 440);
    expect(Math.min(...span.map((w) => w.rms))).toBeGreaterThan(0.0015);
    const gaps = span.filter((w) => w.tone > 0.9);
    expect(gaps.length).toBeGreaterThan(3);
    // Twice the track's length in, the tone is still there between sentences: the track was looped.
    expect(span.some((w) => w.atSec > TRACK_SECONDS * 2 && w.tone > 0.9)).toBe(true);
    // The same script with no music: its gaps are silent and hold no tone.
    const silent = windows(samples(without.video), 2.5, (without.durationMs - 3500) / 1000, 440);
    expect(Math.min(...silent.map((w) => w.rms))).toBeLessThan(0.0005);
    expect(silent.filter((w) => w.tone > 0.9)).toEqual([]);
  });
});
