/**
 * Child process that owns one eSpeak NG instance (GPL: server only). Synthesis is synchronous inside the
 * Emscripten module, which is why it lives outside the server process.
 */
import initialize, { type ESpeakNGWorker } from '@echogarden/espeak-ng-emscripten';
import { alignAudio, type FrameMapping, type TimedAudio } from '../../media/alignment.ts';
import type { EspeakEvent } from '../../media/word-timing.ts';
import { serveWorker } from '../worker-pool.ts';

export interface EspeakTask {
  text: string;
  /** eSpeak voice with optional variant, e.g. "en-us+f3". */
  voice: string;
  /** Words per minute. */
  rate: number;
  /** 0..99, 50 is the voice's own pitch. */
  pitch: number;
  /** Another engine's recording of the same text: the rendering then serves as the reference to align it. */
  alignTo?: TimedAudio;
}

export interface EspeakOutput {
  pcm: Int16Array;
  sampleRate: number;
  events: EspeakEvent[];
  /** With `alignTo`: where this rendering's frames fall in that recording. */
  alignment?: FrameMapping;
}

let engine: ESpeakNGWorker | undefined;

async function getEngine(): Promise<ESpeakNGWorker> {
  if (!engine) {
    const module = await initialize();
    engine = new module.eSpeakNGWorker();
  }
  return engine;
}

serveWorker<EspeakTask, EspeakOutput>(async ({ text, voice, rate, pitch, alignTo }) => {
  const espeak = await getEngine();
  if (espeak.set_voice(voice) !== 0) throw new Error(`Unknown eSpeak voice "${voice}"`);
  espeak.set_rate(rate);
  espeak.set_pitch(pitch);
  const chunks: Int16Array[] = [];
  const events: EspeakEvent[] = [];
  // SSML parsing is on in this build; angle brackets would start a tag. Same-length swap keeps positions valid.
  espeak.synthesize(text.replace(/[<>]/g, ' '), (samples, rawEvents) => {
    if (samples.length > 0) chunks.push(samples);
    for (const e of rawEvents) {
      if (e.type === 'word' || e.type === 'end')
        events.push({ type: e.type, textPosition: e.text_position - 1, audioMs: e.audio_position });
    }
  });
  const pcm = new Int16Array(chunks.reduce((n, c) => n + c.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    pcm.set(chunk, offset);
    offset += chunk.length;
  }
  const sampleRate = espeak.get_samplerate();
  // Aligning here keeps the DTW's second or so of arithmetic off the server's event loop.
  const alignment = alignTo ? alignAudio({ pcm, sampleRate }, alignTo) : undefined;
  return { pcm, sampleRate, events, ...(alignment ? { alignment } : {}) };
});
