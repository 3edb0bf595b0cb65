/**
 * ElevenLabs (`POST /v1/text-to-speech/{voice_id}/with-timestamps`): audio plus the time of every character,
 * which gives exact word timings.
 */
import type { Voice } from '~/contract/voices.ts';
import { apiUrl, postJson, ProviderError, readBody } from '../http.ts';
import { wordsFromCharacterAlignment, type CharacterAlignment } from '../../media/word-timing.ts';
import { clamp, durationOf, type SynthesisOptions, type SynthesisResult, type TtsProvider, type WordTimer } from './types.ts';

/** Raw 16-bit mono; 24 kHz is available on every plan (44.1 kHz PCM needs a Pro plan). */
const OUTPUT_FORMAT = 'pcm_24000';
const SAMPLE_RATE = 24_000;

export interface ElevenLabsConfig {
  apiKey: string;
  baseUrl: string;
  model?: string;
  timeoutMs?: number;
  /** For a response without its alignment. */
  timeWords: WordTimer;
}

interface TimestampedAudio {
  audio_base64?: unknown;
  alignment?: CharacterAlignment | null;
}

const isAlignment = (value: unknown): value is CharacterAlignment => {
  const a = value as Partial<CharacterAlignment> | null | undefined;
  return Array.isArray(a?.characters) && Array.isArray(a?.character_start_times_seconds) && Array.isArray(a?.character_end_times_seconds);
};

export function createElevenLabsProvider(config: ElevenLabsConfig): TtsProvider {
  return {
    engine: 'elevenlabs',
    async synthesize(text: string, voice: Voice, options: SynthesisOptions = {}): Promise<SynthesisResult> {
      const path = `/v1/text-to-speech/${encodeURIComponent(voice.engineVoice)}/with-timestamps?output_format=${OUTPUT_FORMAT}`;
      const response = await postJson(apiUrl(config.baseUrl, path), {
        service: 'ElevenLabs',
        headers: { 'xi-api-key': config.apiKey },
        body: {
          text,
          model_id: config.model ?? 'eleven_multilingual_v2',
          voice_settings: { speed: clamp(options.speed ?? 1, 0.7, 1.2) },
        },
        timeoutMs: config.timeoutMs ?? 90_000,
        signal: options.signal,
      });
      const json = await readBody('ElevenLabs', () => response.json() as Promise<TimestampedAudio>, options.signal);
      if (typeof json.audio_base64 !== 'string' || json.audio_base64.length === 0) {
        throw new ProviderError('bad_output', 'ElevenLabs sent back no audio.');
      }
      const bytes = Buffer.from(json.audio_base64, 'base64');
      const pcm = new Int16Array(Math.floor(bytes.length / 2));
      Buffer.from(pcm.buffer).set(bytes.subarray(0, pcm.length * 2));
      const given = isAlignment(json.alignment) ? wordsFromCharacterAlignment(json.alignment) : [];
      const words = given.length > 0 ? given : await config.timeWords(text, voice, { pcm, sampleRate: SAMPLE_RATE }, options.signal);
      return { pcm, sampleRate: SAMPLE_RATE, durationMs: durationOf(pcm.length, SAMPLE_RATE), words };
    },
  };
}
