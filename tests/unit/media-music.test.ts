import { describe, expect, it } from 'vitest';
import { MUSIC_TRACK_IDS } from '~/contract/music.ts';
import { generateTrack } from '~/server/media/music.ts';

// Short loops keep the test quick; the generators fit their bars to whatever length they are given.
const OPTIONS = { sampleRate: 16_000, seconds: 6, seed: 3 };
const tracks = Object.fromEntries(MUSIC_TRACK_IDS.map((id) => [id, generateTrack(id, OPTIONS)]));

const rms = (pcm: Int16Array) => Math.sqrt(pcm.reduce((sum, v) => sum + v * v, 0) / pcm.length) / 32768;

describe('music library generators', () => {
  it.each(MUSIC_TRACK_IDS)('%s is the same loop every time for the same seed', (id) => {
    expect(generateTrack(id, OPTIONS)).toEqual(tracks[id]);
  });

  it.each(MUSIC_TRACK_IDS)('%s loops without a click: the step across the wrap is like the steps around it', (id) => {
    const pcm = tracks[id]!;
    const frames = pcm.length / 2;
    expect(frames).toBe(OPTIONS.sampleRate * OPTIONS.seconds);
    const at = (frame: number, channel: number) => pcm[((frame + frames) % frames) * 2 + channel]!;
    for (const channel of [0, 1]) {
      let around = 0;
      for (const i of [-8, -7, -6, -5, -4, -3, -2, 1, 2, 3, 4, 5, 6, 7, 8])
        around = Math.max(around, Math.abs(at(i, channel) - at(i - 1, channel)));
      const wrap = Math.abs(at(0, channel) - at(-1, channel));
      expect(around).toBeGreaterThan(0);
      expect(wrap).toBeLessThanOrEqual(around * 1.5);
    }
  });

  it.each(MUSIC_TRACK_IDS)('%s peaks at half scale and is audible throughout', (id) => {
    const pcm = tracks[id]!;
    const peak = pcm.reduce((max, v) => Math.max(max, Math.abs(v)), 0);
    expect(peak).toBeGreaterThan(16_000);
    expect(peak).toBeLessThan(16_500);
    // Every second of the loop carries sound (no silent stretch), and none is near clipping on average.
    const second = OPTIONS.sampleRate * 2;
    for (let s = 0; s < OPTIONS.seconds; s++) {
      const level = rms(pcm.subarray(s * second, (s + 1) * second));
      expect(level).toBeGreaterThan(0.02);
      expect(level).toBeLessThan(0.4);
    }
  });

  it('each track sounds different from every other', () => {
    for (const a of MUSIC_TRACK_IDS) {
      for (const b of MUSIC_TRACK_IDS) {
        if (a >= b) continue;
        const x = tracks[a]!;
        const y = tracks[b]!;
        let dot = 0;
        for (let i = 0; i < x.length; i++) dot += x[i]! * y[i]!;
        const correlation = dot / (rms(x) * rms(y) * 32768 * 32768 * x.length);
        expect(Math.abs(correlation), `${a} vs ${b}`).toBeLessThan(0.5);
      }
    }
  });

  it('the seed changes the key', () => {
    expect(generateTrack('warm-piano', { ...OPTIONS, seed: 4 })).not.toEqual(tracks['warm-piano']);
  });
});
