/** Offline speech: eSpeak NG on a worker thread, with word timings from its own word events. */
import type { Voice } from '~/contract/voices.ts';
import { WorkerPool } from '../worker-pool.ts';
import type { EspeakOutput, EspeakTask } from './espeak-worker.ts';
import { wordsFromEspeakEvents } from '../../media/word-timing.ts';
import { clamp, durationOf, type SynthesisOptions, type SynthesisResult, type TtsProvider } from './types.ts';

/**
 * eSpeak's rate setting runs about 13% faster than it says (measured: "160" reads 750 words of prose in 250 s).
 * 140 comes out near 158 words a minute; with the breaths between scenes a script then lasts about what the
 * editor estimates at 150 words a minute, and a 750-word script makes a video of about 5 minutes.
 */
const BASE_RATE = 140;

export interface EspeakProvider extends TtsProvider {
  close(): Promise<void>;
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
    close: () => pool.close(),
  };
}
