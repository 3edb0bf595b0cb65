/** Offline speech: eSpeak NG on a worker thread, with word timings from its own word events. */
import { VOICES, type Voice } from '~/contract/voices.ts';
import { mapWords, type TimedAudio } from '~/server/media/alignment.ts';
import { type TimedWord, wordsFromEspeakEvents } from '~/server/media/word-timing.ts';
import { WorkerPool } from '../worker-pool.ts';
import type { EspeakOutput, EspeakTask } from './espeak-worker.ts';
import { clamp, durationOf, type SynthesisOptions, type SynthesisResult, type TtsProvider } from './types.ts';

/**
 * eSpeak's rate setting runs about 13% faster than it says (measured: "160" reads 750 words of prose in 250 s).
 * 140 comes out near 158 words a minute; with the breaths between scenes a script then lasts about what the
 * editor estimates at 150 words a minute, and a 750-word script makes a video of about 5 minutes.
 */
const BASE_RATE = 140;

export interface EspeakProvider extends TtsProvider {
  /**
   * Word times for another engine's recording of `text`: eSpeak reads the same text in the voice's language and
   * its known word times are carried across to the recording by dynamic time warping.
   */
  align(
    text: string,
    voice: Pick<Voice, 'language' | 'gender'>,
    audio: TimedAudio,
    signal?: AbortSignal,
  ): Promise<TimedWord[]>;
  close(): Promise<void>;
}

/**
 * The eSpeak voice to align a recording in `language` (a BCP 47 tag) against, or the nearest by primary language.
 * A female recording is aligned with a female variant: the spectra of voices of similar pitch and vocal tract
 * length are closer (measured: half the word-start error against a female voice).
 */
export function referenceVoice({ language, gender }: Pick<Voice, 'language' | 'gender'>): string {
  const offline = VOICES.filter((voice) => voice.engine === 'espeak');
  const primary = language.split('-')[0]!.toLowerCase();
  const match =
    offline.find((voice) => voice.language.toLowerCase() === language.toLowerCase()) ??
    offline.find((voice) => voice.language.split('-')[0]!.toLowerCase() === primary);
  const base = (match?.engineVoice ?? 'en-us').split('+')[0]!;
  return gender === 'female' ? `${base}+f3` : base;
}

export function createEspeakProvider(): EspeakProvider {
  // Synthesis runs at a few hundred times real time, so one process keeps up with any video.
  const pool = new WorkerPool<EspeakTask, EspeakOutput>(new URL('./espeak-worker.ts', import.meta.url));
  return {
    engine: 'espeak',
    async synthesize(text: string, voice: Voice, options: SynthesisOptions = {}): Promise<SynthesisResult> {
      const task: EspeakTask = {
        text,
        voice: voice.engineVoice,
        rate: Math.round(BASE_RATE * clamp(options.speed ?? 1, 0.5, 2)),
        // eSpeak's pitch runs 0..99 around 50 and is close to proportional to frequency.
        pitch: Math.round(clamp(50 * 2 ** (clamp(options.pitch ?? 0, -12, 12) / 12), 0, 99)),
      };
      const { pcm, sampleRate, events } = await pool.run(task, { signal: options.signal });
      const durationMs = durationOf(pcm.length, sampleRate);
      return { pcm, sampleRate, durationMs, words: wordsFromEspeakEvents(text, events, durationMs) };
    },
    async align(text, voice, audio, signal) {
      const task: EspeakTask = { text, voice: referenceVoice(voice), rate: BASE_RATE, pitch: 50, alignTo: audio };
      const { pcm, sampleRate, events, alignment } = await pool.run(task, { signal });
      if (!alignment) throw new Error('eSpeak returned no alignment');
      const reference = wordsFromEspeakEvents(text, events, durationOf(pcm.length, sampleRate));
      return mapWords(
        reference,
        alignment.firstColumn,
        alignment.hopMs,
        durationOf(audio.pcm.length, audio.sampleRate),
      );
    },
    close: () => pool.close(),
  };
}
