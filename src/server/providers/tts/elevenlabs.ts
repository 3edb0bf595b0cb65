/**
 * ElevenLabs (`POST /v1/text-to-speech/{voice_id}/with-timestamps`): audio plus the time of every character,
 * which gives exact word timings. The account's voices, its own clones included, are read from `GET /v1/voices`.
 */
import {
  languageNameFor,
  liveVoiceId,
  previewLineFor,
  VOICES,
  type Voice,
  type VoiceGender,
} from '~/contract/voices.ts';
import { type CharacterAlignment, wordsFromCharacterAlignment } from '~/server/media/word-timing.ts';
import { apiUrl, ProviderError, postJson, readBody, sendJson } from '../http.ts';
import {
  clamp,
  durationOf,
  pcmFromBytes,
  type SynthesisOptions,
  type SynthesisResult,
  type TtsProvider,
  type WordTimer,
} from './types.ts';

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

/** One entry of the documented `GET /v1/voices` answer (fields the catalogue uses). */
export interface ElevenLabsVoiceEntry {
  voice_id: string;
  name?: string;
  /** premade, cloned, generated, professional... */
  category?: string;
  labels?: Record<string, string | undefined> | null;
  verified_languages?: Array<{ language?: string; locale?: string | null }> | null;
}

/** The premade voices the static catalogue already lists keep their static ids, so saved choices stay valid. */
const staticVoiceIds = new Set(
  VOICES.filter((voice) => voice.engine === 'elevenlabs').map((voice) => voice.engineVoice),
);

const gender = (label: string | undefined): VoiceGender => (label === 'female' || label === 'male' ? label : 'neutral');

export async function listElevenLabsVoices(
  config: Pick<ElevenLabsConfig, 'apiKey' | 'baseUrl' | 'timeoutMs'>,
  signal?: AbortSignal,
): Promise<Voice[]> {
  const response = await sendJson('GET', apiUrl(config.baseUrl, '/v1/voices'), {
    service: 'ElevenLabs',
    headers: { 'xi-api-key': config.apiKey },
    body: undefined,
    timeoutMs: config.timeoutMs ?? 20_000,
    signal,
  });
  const json = await readBody('ElevenLabs', () => response.json() as Promise<{ voices?: unknown }>, signal);
  if (!Array.isArray(json.voices))
    throw new ProviderError('bad_output', "ElevenLabs sent a voice list we couldn't read.");
  return (json.voices as ElevenLabsVoiceEntry[])
    .filter((entry) => typeof entry?.voice_id === 'string' && !staticVoiceIds.has(entry.voice_id))
    .map((entry) => {
      const labels = entry.labels ?? {};
      const locale = entry.verified_languages?.find((l) => l.locale)?.locale ?? undefined;
      const styles = [labels.use_case, labels.descriptive ?? labels.description].filter((s): s is string => Boolean(s));
      return {
        id: liveVoiceId('elevenlabs', entry.voice_id),
        name: entry.name ?? entry.voice_id,
        language: locale ?? 'en-US',
        // Every ElevenLabs voice speaks its multilingual model's languages; the locale is the one it was made in.
        languageName: locale ? languageNameFor(locale) : 'English (multilingual)',
        gender: gender(labels.gender),
        engine: 'elevenlabs' as const,
        engineVoice: entry.voice_id,
        preview: previewLineFor(locale ?? 'en-US'),
        ...(styles.length ? { styles } : {}),
        ...(entry.category && entry.category !== 'premade' ? { custom: true } : {}),
      };
    });
}

interface TimestampedAudio {
  audio_base64?: unknown;
  alignment?: CharacterAlignment | null;
}

const isAlignment = (value: unknown): value is CharacterAlignment => {
  const a = value as Partial<CharacterAlignment> | null | undefined;
  return (
    Array.isArray(a?.characters) &&
    Array.isArray(a?.character_start_times_seconds) &&
    Array.isArray(a?.character_end_times_seconds)
  );
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
      const pcm = pcmFromBytes(Buffer.from(json.audio_base64, 'base64'));
      const given = isAlignment(json.alignment) ? wordsFromCharacterAlignment(json.alignment) : [];
      const words =
        given.length > 0
          ? given
          : await config.timeWords(text, voice, { pcm, sampleRate: SAMPLE_RATE }, options.signal);
      return { pcm, sampleRate: SAMPLE_RATE, durationMs: durationOf(pcm.length, SAMPLE_RATE), words };
    },
  };
}
