/**
 * OpenAI text-to-speech (`POST /v1/audio/speech`), also spoken by self-hosted servers such as Kokoro-FastAPI. The
 * API returns audio only, so word timings come from aligning the audio with a reference rendering.
 */
import type { Voice } from '~/contract/voices.ts';
import { apiUrl, ProviderError, postJson, readBody } from '../http.ts';
import {
  clamp,
  durationOf,
  pcmFromBytes,
  type SynthesisOptions,
  type SynthesisResult,
  type TtsProvider,
  type WordTimer,
} from './types.ts';

/** `response_format: "pcm"` is documented as raw 24 kHz signed 16-bit little-endian mono. */
const PCM_SAMPLE_RATE = 24_000;

export interface OpenAiTtsConfig {
  apiKey: string;
  baseUrl: string;
  model?: string;
  timeoutMs?: number;
  timeWords: WordTimer;
}

export function createOpenAiTtsProvider(config: OpenAiTtsConfig): TtsProvider {
  const url = apiUrl(config.baseUrl, '/v1/audio/speech');
  return {
    engine: 'openai',
    async synthesize(text: string, voice: Voice, options: SynthesisOptions = {}): Promise<SynthesisResult> {
      const response = await postJson(url, {
        service: 'OpenAI',
        headers: { authorization: `Bearer ${config.apiKey}` },
        body: {
          model: config.model ?? 'tts-1',
          input: text,
          voice: voice.engineVoice,
          response_format: 'pcm',
          speed: clamp(options.speed ?? 1, 0.25, 4),
        },
        timeoutMs: config.timeoutMs ?? 60_000,
        signal: options.signal,
      });
      const body = Buffer.from(await readBody('OpenAI', () => response.arrayBuffer(), options.signal));
      if (body.length < 2) throw new ProviderError('bad_output', 'OpenAI sent back no audio.');
      const pcm = pcmFromBytes(body);
      return {
        pcm,
        sampleRate: PCM_SAMPLE_RATE,
        durationMs: durationOf(pcm.length, PCM_SAMPLE_RATE),
        words: await config.timeWords(text, voice, { pcm, sampleRate: PCM_SAMPLE_RATE }, options.signal),
      };
    },
  };
}
