/**
 * Forced alignment for engines that return audio without word times: the same text is rendered by a voice whose
 * word times are known (eSpeak), both clips are turned into MFCC frames, dynamic time warping pairs the frames up,
 * and every known word time is carried across the pairing onto the real audio.
 */
import { mfcc } from './audio-features.ts';
import { multiscaleDtw, type WarpPath } from './dtw.ts';
import type { TimedWord } from './word-timing.ts';

export interface TimedAudio {
  pcm: Int16Array;
  sampleRate: number;
}

/**
 * For each row (reference frame), the first column (target frame) the path reaches it with: the moment the target
 * arrives where the reference is.
 */
export function firstColumnPerRow(path: WarpPath, rows: number): Int32Array {
  const first = new Int32Array(rows).fill(-1);
  for (let k = 0; k < path.i.length; k++) if (first[path.i[k]!] === -1) first[path.i[k]!] = path.j[k]!;
  // A path visits every row; this only guards a malformed one.
  for (let r = 1; r < rows; r++) if (first[r] === -1) first[r] = first[r - 1]!;
  return first;
}

/** Carries a time on the reference across the path to the target (both at `hopMs` per frame). */
export function mapTime(ms: number, firstColumn: Int32Array, hopMs: number): number {
  const row = Math.min(firstColumn.length - 1, Math.max(0, Math.round(ms / hopMs)));
  return firstColumn[row]! * hopMs;
}

/** Reference words with their times moved onto the target through the path's first columns. */
export function mapWords(
  words: readonly TimedWord[],
  firstColumn: Int32Array,
  hopMs: number,
  targetMs: number,
): TimedWord[] {
  let previousStart = 0;
  return words.map((word) => {
    // Never earlier than the word before, never past the end of the audio.
    const startMs = Math.min(targetMs, Math.max(previousStart, mapTime(word.startMs, firstColumn, hopMs)));
    const endMs = Math.min(targetMs, Math.max(startMs, mapTime(word.endMs, firstColumn, hopMs)));
    previousStart = startMs;
    return { ...word, startMs: Math.round(startMs), endMs: Math.round(endMs) };
  });
}

/** How the reference's frames land on the target's: enough to move any reference time (see mapWords). */
export interface FrameMapping {
  firstColumn: Int32Array;
  hopMs: number;
}

/** Aligns two renderings of the same text (the heavy part: features and DTW). */
export function alignAudio(reference: TimedAudio, target: TimedAudio): FrameMapping {
  const a = mfcc(reference.pcm, reference.sampleRate);
  const b = mfcc(target.pcm, target.sampleRate);
  return { firstColumn: firstColumnPerRow(multiscaleDtw(a, b), a.count), hopMs: a.hopMs };
}
