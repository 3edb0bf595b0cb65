import { describe, expect, it } from 'vitest';
import { alignAudio, firstColumnPerRow, mapTime, mapWords } from '~/server/media/alignment.ts';
import { downsampleFrames, type FeatureFrames, fft, melFilterbank, mfcc } from '~/server/media/audio-features.ts';
import { bandWindow, type DtwWindow, dtw, multiscaleDtw, windowAroundPath } from '~/server/media/dtw.ts';

/** Frames of one dimension from plain numbers, for DTW on sequences whose best pairing is obvious. */
const frames = (values: readonly number[]): FeatureFrames => ({
  data: Float32Array.from(values),
  count: values.length,
  dims: 1,
  hopMs: 10,
});

const pairs = (path: { i: Int32Array; j: Int32Array }) => Array.from(path.i, (i, k) => [i, path.j[k]!]);

/** Each row can be entered from the row above, and the corners are inside: a path always exists. */
function expectWalkable(window: DtwWindow, m: number) {
  const n = window.lo.length;
  expect(window.lo[0]).toBe(0);
  expect(window.hi[n - 1]).toBe(m);
  for (let i = 0; i < n; i++) {
    expect(window.hi[i]!).toBeGreaterThan(window.lo[i]!);
    if (i > 0) {
      expect(window.lo[i]!).toBeGreaterThanOrEqual(window.lo[i - 1]!);
      expect(window.lo[i]!).toBeLessThanOrEqual(window.hi[i - 1]!);
    }
  }
}

/**
 * Synthetic "speech": words are bursts of different timbres (a fundamental with its own set of harmonics), with
 * silence between, so the features of different words differ the way different sounds do.
 */
function speech(
  sampleRate: number,
  words: ReadonlyArray<{ timbre: number; startMs: number; endMs: number }>,
  totalMs: number,
): Int16Array {
  const pcm = new Int16Array(Math.round((sampleRate * totalMs) / 1000));
  for (const { timbre, startMs, endMs } of words) {
    const from = Math.round((sampleRate * startMs) / 1000);
    const to = Math.round((sampleRate * endMs) / 1000);
    for (let s = from; s < to; s++) {
      const t = s / sampleRate;
      let v = 0;
      for (let h = 1; h <= 6; h++)
        v += (Math.sin(2 * Math.PI * (150 + 40 * timbre) * h * t) * (((h + timbre) % 3) + 0.2)) / h;
      pcm[s] = Math.round(v * 5000);
    }
  }
  return pcm;
}

describe('audio features', () => {
  it('computes the same spectrum as a direct Fourier transform', () => {
    const n = 64;
    const signal = Array.from({ length: n }, (_, i) => Math.sin(i * 0.7) + 0.3 * Math.cos(i * 2.1) + (i % 5) * 0.1);
    const re = Float64Array.from(signal);
    const im = new Float64Array(n);
    fft(re, im);
    for (const k of [0, 1, 7, 20, 33]) {
      let r = 0;
      let m = 0;
      for (let t = 0; t < n; t++) {
        r += signal[t]! * Math.cos((-2 * Math.PI * k * t) / n);
        m += signal[t]! * Math.sin((-2 * Math.PI * k * t) / n);
      }
      expect(re[k]).toBeCloseTo(r, 9);
      expect(im[k]).toBeCloseTo(m, 9);
    }
    expect(() => fft(new Float64Array(12), new Float64Array(12))).toThrow('power of two');
  });

  it('spaces mel filters so each covers higher frequencies than the last, within the range asked for', () => {
    const filters = melFilterbank(20, 512, 16_000, 60, 7600);
    const centre = (w: Float32Array) => w.indexOf(Math.max(...w));
    const centres = filters.map(centre);
    for (let b = 1; b < centres.length; b++) expect(centres[b]!).toBeGreaterThanOrEqual(centres[b - 1]!);
    expect(Math.max(...filters.at(-1)!.map((w, k) => (w > 0 ? k : 0)))).toBeLessThanOrEqual(
      Math.ceil((7600 * 512) / 16_000),
    );
  });

  it('gives one normalised frame per 10 ms, and the same sound gives near features at any sample rate', () => {
    const words = [
      { timbre: 1, startMs: 100, endMs: 400 },
      { timbre: 6, startMs: 500, endMs: 900 },
    ];
    const a = mfcc(speech(22_050, words, 1000), 22_050);
    const b = mfcc(speech(32_000, words, 1000), 32_000);
    expect([a.count, a.dims, a.hopMs, b.count]).toEqual([100, 13, 10, 100]);
    // Per-coefficient mean 0 and variance 1 over the clip.
    const c1 = Array.from({ length: a.count }, (_, f) => a.data[f * a.dims + 1]!);
    expect(c1.reduce((s, v) => s + v, 0) / a.count).toBeCloseTo(0, 4);
    expect(c1.reduce((s, v) => s + v * v, 0) / a.count).toBeCloseTo(1, 3);
    const at = (f: FeatureFrames, frame: number) => f.data.subarray(frame * f.dims, (frame + 1) * f.dims);
    const dist = (x: Float32Array, y: Float32Array) => Math.hypot(...x.map((v, i) => v - y[i]!));
    // Frame 25 is the first word, 70 the second: the same word across rates is closer than two words at one rate.
    expect(dist(at(a, 25), at(b, 25))).toBeLessThan(dist(at(a, 25), at(a, 70)) / 2);
    const coarse = downsampleFrames(a, 4);
    expect([coarse.count, coarse.hopMs]).toEqual([25, 40]);
    expect(coarse.data[0]).toBeCloseTo((a.data[0]! + a.data[13]! + a.data[26]! + a.data[39]!) / 4, 5);
  });
});

describe('dynamic time warping', () => {
  it('pairs each value with its stretched copy, from corner to corner in unit steps', () => {
    const path = dtw(frames([0, 5, 9, 2]), frames([0, 0, 5, 5, 5, 9, 2, 2]), bandWindow(4, 8, 8));
    expect(pairs(path)).toEqual([
      [0, 0],
      [0, 1],
      [1, 2],
      [1, 3],
      [1, 4],
      [2, 5],
      [3, 6],
      [3, 7],
    ]);
  });

  it('builds windows that always hold a path, around the diagonal or a coarser path', () => {
    expectWalkable(bandWindow(50, 20, 2), 20);
    expectWalkable(bandWindow(20, 50, 0), 50);
    const coarse = { i: Int32Array.from([0, 1, 1, 2, 3]), j: Int32Array.from([0, 0, 1, 2, 3]) };
    const window = windowAroundPath(coarse, 4, 16, 15, 1);
    expectWalkable(window, 15);
    // Rows 4..7 sit under coarse row 1, which covers coarse columns 0..1: fine columns 0..7, plus one either side.
    expect([window.lo[5], window.hi[5]]).toEqual([0, 9]);
  });

  it('finds the same path in a narrow multi-resolution search as over the whole matrix', () => {
    const reference = Array.from({ length: 400 }, (_, i) => Math.sin(i / 9) * 3 + Math.sin(i / 31) * 5);
    // The target lingers here and hurries there, as another voice would.
    const target: number[] = [];
    reference.forEach((v, i) => {
      target.push(v);
      if (i % 3 === 0 && i < 200) target.push(v);
      if (i % 4 === 0 && i >= 200) target.pop();
    });
    const a = frames(reference);
    const b = frames(target);
    const full = dtw(a, b, bandWindow(a.count, b.count, b.count));
    const fast = multiscaleDtw(a, b, { maxCells: 2000, factor: 4, radius: 6 });
    expect(pairs(fast)).toEqual(pairs(full));
  });
});

describe('mapping word times through the path', () => {
  it('moves a time to where the target first reaches that reference frame', () => {
    const path = { i: Int32Array.from([0, 0, 0, 1, 2, 2, 3]), j: Int32Array.from([0, 1, 2, 3, 4, 5, 5]) };
    const first = firstColumnPerRow(path, 4);
    expect(Array.from(first)).toEqual([0, 3, 4, 5]);
    expect(mapTime(10, first, 10)).toBe(30);
    expect(mapTime(999, first, 10)).toBe(50);
    const words = mapWords(
      [
        { text: 'a', startMs: 0, endMs: 10 },
        { text: 'b,', startMs: 20, endMs: 30, joinsPrevious: true },
      ],
      first,
      10,
      45,
    );
    expect(words).toEqual([
      { text: 'a', startMs: 0, endMs: 30 },
      { text: 'b,', startMs: 40, endMs: 45, joinsPrevious: true },
    ]);
  });

  it('aligns a recording whose words are paced differently to within a few frames', () => {
    const timbres = [1, 5, 2, 7, 3, 6, 0, 4];
    const referenceWords = timbres.map((timbre, k) => ({ timbre, startMs: 100 + k * 400, endMs: 400 + k * 400 }));
    // Slower words, longer and uneven pauses, another sample rate.
    let cursor = 250;
    const targetWords = timbres.map((timbre, k) => {
      const word = { timbre, startMs: cursor, endMs: cursor + 300 + 60 * (k % 3) };
      cursor = word.endMs + 150 + 120 * (k % 2);
      return word;
    });
    const reference = { pcm: speech(22_050, referenceWords, 3400), sampleRate: 22_050 };
    const target = { pcm: speech(24_000, targetWords, cursor + 200), sampleRate: 24_000 };
    const { firstColumn, hopMs } = alignAudio(reference, target);
    const found = mapWords(
      referenceWords.map((w, k) => ({ text: `w${k}`, startMs: w.startMs, endMs: w.endMs })),
      firstColumn,
      hopMs,
      cursor + 200,
    );
    const errors = found.map((w, k) => Math.abs(w.startMs - targetWords[k]!.startMs));
    expect(Math.max(...errors)).toBeLessThanOrEqual(30);
  });
});
