/**
 * Google Cloud Text-to-Speech over REST with an API key: `GET /v1/voices` and `POST /v1/text:synthesize`, which
 * answers base64 `audioContent`. Plain-text input carries no marks, so word timings come from forced alignment.
 */
import { languageNameFor, liveVoiceId, previewLineFor, type Voice, type VoiceGender } from '~/contract/voices.ts';
import { decodeWav } from '~/server/media/wav.ts';
import { apiUrl, ProviderError, type RequestOptions, readBody, sendJson } from '../http.ts';
import {
  clamp,
  durationOf,
  pcmFromBytes,
  type SynthesisOptions,
  type SynthesisResult,
  type TtsProvider,
  type WordTimer,
} from './types.ts';

const SAMPLE_RATE = 24_000;
const SERVICE = 'Google Text-to-Speech';

export interface GoogleTtsConfig {
  apiKey: string;
  /** Default: Google's public endpoint. */
  baseUrl?: string | undefined;
  timeoutMs?: number;
}

/** One entry of the documented `voices` list. */
export interface GoogleVoiceEntry {
  name: string;
  languageCodes: string[];
  ssmlGender?: string;
  naturalSampleRateHertz?: number;
}

/** Google's older concatenative voices; the catalogue offers the neural ones (WaveNet, Neural2, Studio, Chirp...). */
const STANDARD = /-Standard-/;

const gender = (value: string | undefined): VoiceGender =>
  value === 'FEMALE' ? 'female' : value === 'MALE' ? 'male' : 'neutral';

/** Google answers a wrong key with 400 INVALID_ARGUMENT; people should read it as a refused key, like a 401. */
async function send(
  method: string,
  path: string,
  config: GoogleTtsConfig,
  options: Omit<RequestOptions, 'service' | 'headers'>,
): Promise<Response> {
  const url = `${apiUrl(config.baseUrl ?? 'https://texttospeech.googleapis.com', path)}${path.includes('?') ? '&' : '?'}key=${encodeURIComponent(config.apiKey)}`;
  try {
    return await sendJson(method, url, { service: SERVICE, headers: {}, ...options });
  } catch (error) {
    if (error instanceof ProviderError && error.status === 400 && /API key/i.test(error.detail ?? '')) {
      throw new ProviderError('auth', `${SERVICE} refused the server's API key.`, {
        status: 400,
        detail: error.detail ?? '',
      });
    }
    throw error;
  }
}

/** "en-US-Neural2-F" → "Neural2 F": the name without its language, as Google's own console shows it. */
const displayName = (name: string) => name.split('-').slice(2).join(' ') || name;

export async function listGoogleVoices(config: GoogleTtsConfig, signal?: AbortSignal): Promise<Voice[]> {
  const response = await send('GET', '/v1/voices', config, {
    body: undefined,
    timeoutMs: config.timeoutMs ?? 20_000,
    signal,
  });
  const json = await readBody(SERVICE, () => response.json() as Promise<{ voices?: unknown }>, signal);
  if (!Array.isArray(json.voices))
    throw new ProviderError('bad_output', `${SERVICE} sent a voice list we couldn't read.`);
  return (json.voices as GoogleVoiceEntry[])
    .filter(
      (entry) =>
        typeof entry?.name === 'string' &&
        Array.isArray(entry.languageCodes) &&
        entry.languageCodes.length > 0 &&
        !STANDARD.test(entry.name),
    )
    .map((entry) => {
      const language = entry.languageCodes[0]!;
      return {
        id: liveVoiceId('google', entry.name),
        name: displayName(entry.name),
        language,
        languageName: languageNameFor(language),
        gender: gender(entry.ssmlGender),
        engine: 'google' as const,
        engineVoice: entry.name,
        preview: previewLineFor(language),
      };
    });
}

export function createGoogleTtsProvider(config: GoogleTtsConfig & { timeWords: WordTimer }): TtsProvider {
  return {
    engine: 'google',
    async synthesize(text: string, voice: Voice, options: SynthesisOptions = {}): Promise<SynthesisResult> {
      const response = await send('POST', '/v1/text:synthesize', config, {
        body: {
          input: { text },
          voice: { languageCode: voice.language, name: voice.engineVoice },
          audioConfig: {
            audioEncoding: 'LINEAR16',
            sampleRateHertz: SAMPLE_RATE,
            speakingRate: clamp(options.speed ?? 1, 0.25, 4),
            pitch: clamp(options.pitch ?? 0, -20, 20),
          },
        },
        timeoutMs: config.timeoutMs ?? 90_000,
        signal: options.signal,
      });
      const json = await readBody(
        SERVICE,
        () => response.json() as Promise<{ audioContent?: unknown }>,
        options.signal,
      );
      if (typeof json.audioContent !== 'string' || json.audioContent.length === 0)
        throw new ProviderError('bad_output', `${SERVICE} sent back no audio.`);
      const bytes = Buffer.from(json.audioContent, 'base64');
      // LINEAR16 arrives as a WAV file (header included); its header is the truth about the rate.
      const audio =
        bytes.toString('ascii', 0, 4) === 'RIFF'
          ? decodeWav(bytes)
          : { pcm: pcmFromBytes(bytes), sampleRate: SAMPLE_RATE };
      if (audio.pcm.length === 0) throw new ProviderError('bad_output', `${SERVICE} sent back no audio.`);
      const { pcm, sampleRate } = audio;
      return {
        pcm,
        sampleRate,
        durationMs: durationOf(pcm.length, sampleRate),
        words: await config.timeWords(text, voice, { pcm, sampleRate }, options.signal),
      };
    },
  };
}
