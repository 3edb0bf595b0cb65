/** The one interface every speech engine sits behind. */
import type { Voice, VoiceEngine } from '~/contract/voices.ts';
import type { TimedWord } from '~/server/media/word-timing.ts';

export interface SynthesisOptions {
  /** 1 = the engine's normal pace; 0.5..2. */
  speed?: number;
  /** Semitones from the voice's own pitch, -12..12 (engines without pitch control ignore it). */
  pitch?: number;
  signal?: AbortSignal;
}

export interface SynthesisResult {
  /** Mono signed 16-bit samples. */
  pcm: Int16Array;
  sampleRate: number;
  durationMs: number;
  /** Timings relative to the start of `pcm`. */
  words: TimedWord[];
}

export interface TtsProvider {
  readonly engine: VoiceEngine;
  synthesize(text: string, voice: Voice, options?: SynthesisOptions): Promise<SynthesisResult>;
}

/**
 * Word times for audio an engine returned without them: forced alignment against a reference rendering, or an
 * estimate when that fails.
 */
export type WordTimer = (
  text: string,
  voice: Voice,
  audio: { pcm: Int16Array; sampleRate: number },
  signal?: AbortSignal,
) => Promise<TimedWord[]>;

export const durationOf = (samples: number, sampleRate: number): number => Math.round((samples / sampleRate) * 1000);

export const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));

/** Raw signed 16-bit little-endian mono bytes as samples (an odd trailing byte is dropped). */
export function pcmFromBytes(bytes: Uint8Array): Int16Array {
  const pcm = new Int16Array(Math.floor(bytes.length / 2));
  Buffer.from(pcm.buffer).set(bytes.subarray(0, pcm.length * 2));
  return pcm;
}
