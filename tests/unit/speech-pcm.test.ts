import { describe, expect, it } from 'vitest';
import { fadeEdges, joinSpeech, trimSilence } from '~/server/media/pcm';

const RATE = 24_000;
/** A tone that starts and stops at an arbitrary phase, like a TTS clip cut at a buffer boundary. */
const tone = (ms: number, hz: number, phase = 1.1, silenceMs = 0) => {
  const silence = Math.round((silenceMs / 1000) * RATE);
  const n = Math.round((ms / 1000) * RATE);
  const out = new Int16Array(n + 2 * silence);
  for (let i = 0; i < n; i++) out[silence + i] = Math.round(26_000 * Math.sin(phase + (2 * Math.PI * hz * i) / RATE));
  return out;
};
const maxJump = (s: Int16Array) => {
  let max = 0;
  for (let i = 1; i < s.length; i++) max = Math.max(max, Math.abs(s[i]! - s[i - 1]!));
  return max;
};

describe('joining speech pieces', () => {
  it('has no jump larger than the speech itself at any join, unlike plain concatenation', () => {
    const a = tone(200, 220, 1.1);
    const b = tone(200, 330, 4.0);
    const naive = new Int16Array([...a, ...b]);
    const joined = joinSpeech(
      [
        { pcm: a, pauseAfterMs: 0 },
        { pcm: b, pauseAfterMs: 0 },
      ],
      RATE,
      { padMs: 0 },
    );
    const natural = Math.max(maxJump(a), maxJump(b));
    expect(maxJump(naive)).toBeGreaterThan(natural * 5);
    expect(maxJump(joined)).toBeLessThanOrEqual(natural + 1);
    expect(joined[0]).toBe(0);
    expect(joined.at(-1)).toBe(0);
  });

  it('trims each piece to its speech and puts exactly the requested pause between pieces', () => {
    const piece = tone(100, 200, 0.5, 300);
    const joined = joinSpeech(
      [
        { pcm: piece, pauseAfterMs: 250 },
        { pcm: piece, pauseAfterMs: 400 },
        { pcm: piece, pauseAfterMs: 999 },
      ],
      RATE,
      { padMs: 50 },
    );
    // three 100 ms tones + 250 + 400 ms pauses + 2 × 50 ms padding; the last pause is not added.
    expect(joined.length / RATE).toBeCloseTo(0.3 + 0.65 + 0.1, 2);
  });

  it('drops silent pieces and returns nothing for nothing', () => {
    expect(joinSpeech([{ pcm: new Int16Array(1000), pauseAfterMs: 100 }], RATE)).toHaveLength(0);
    expect(trimSilence(new Int16Array([0, 3, 16_000, -9_000, 5, 0]))).toEqual(new Int16Array([16_000, -9_000]));
  });

  it('fades both edges to zero without touching the middle', () => {
    const faded = fadeEdges(new Int16Array(100).fill(10_000), 10);
    expect(faded[0]).toBe(0);
    expect(faded[99]).toBe(0);
    expect(faded[50]).toBe(10_000);
    expect(faded[5]).toBeGreaterThan(0);
    expect(faded[5]).toBeLessThan(10_000);
  });
});
