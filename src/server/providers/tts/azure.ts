/**
 * Azure AI Speech over REST: the region's voice list (`GET /cognitiveservices/voices/list`) and synthesis
 * (`POST /cognitiveservices/v1` with SSML). The REST API returns audio only, so word timings come from forced
 * alignment.
 */
import {
  GENDER_LABELS,
  languageNameFor,
  liveVoiceId,
  previewLineFor,
  type Voice,
  type VoiceGender,
} from '~/contract/voices.ts';
import { ProviderError, readBody, sendJson } from '../http.ts';
import {
  durationOf,
  pcmFromBytes,
  type SynthesisOptions,
  type SynthesisResult,
  type TtsProvider,
  type WordTimer,
} from './types.ts';

/** Headerless 16-bit mono PCM at the neural voices' native 24 kHz. */
const OUTPUT_FORMAT = 'raw-24khz-16bit-mono-pcm';
const SAMPLE_RATE = 24_000;
const SERVICE = 'Azure AI Speech';

export interface AzureSpeechConfig {
  apiKey: string;
  /** https://<region>.tts.speech.microsoft.com, or the resource's own endpoint. */
  baseUrl: string;
  timeoutMs?: number;
}

/** One entry of the documented voice list (fields the catalogue uses). */
export interface AzureVoiceEntry {
  ShortName: string;
  DisplayName?: string;
  LocalName?: string;
  Gender?: string;
  Locale: string;
  LocaleName?: string;
  StyleList?: string[];
  VoiceType?: string;
  Status?: string;
}

const url = (config: AzureSpeechConfig, path: string) => `${config.baseUrl.replace(/\/+$/, '')}${path}`;

const gender = (value: string | undefined): VoiceGender => {
  const lower = value?.toLowerCase();
  return lower === 'female' || lower === 'male' ? lower : 'neutral';
};

/** The region's neural voices as catalogue entries ("azure:en-US-JennyNeural"). */
export async function listAzureVoices(config: AzureSpeechConfig, signal?: AbortSignal): Promise<Voice[]> {
  const response = await sendJson('GET', url(config, '/cognitiveservices/voices/list'), {
    service: SERVICE,
    headers: { 'Ocp-Apim-Subscription-Key': config.apiKey },
    body: undefined,
    timeoutMs: config.timeoutMs ?? 20_000,
    signal,
  });
  const list = await readBody(SERVICE, () => response.json() as Promise<unknown>, signal);
  if (!Array.isArray(list)) throw new ProviderError('bad_output', `${SERVICE} sent a voice list we couldn't read.`);
  return (list as AzureVoiceEntry[])
    .filter(
      (entry) =>
        typeof entry?.ShortName === 'string' &&
        typeof entry.Locale === 'string' &&
        (entry.VoiceType ?? 'Neural') === 'Neural',
    )
    .map((entry) => ({
      id: liveVoiceId('azure', entry.ShortName),
      name: entry.DisplayName ?? entry.LocalName ?? entry.ShortName,
      language: entry.Locale,
      languageName: languageNameFor(entry.Locale, entry.LocaleName),
      gender: gender(entry.Gender),
      engine: 'azure' as const,
      engineVoice: entry.ShortName,
      preview: previewLineFor(entry.Locale),
      ...(entry.StyleList?.length ? { styles: entry.StyleList } : {}),
    }));
}

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

const signed = (value: number, unit: string) => `${value >= 0 ? '+' : ''}${value}${unit}`;

/** The SSML body: the voice, and speed and pitch as prosody (rate in percent, pitch in semitones). */
export function azureSsml(text: string, voice: Voice, options: SynthesisOptions): string {
  const rate = Math.round(((options.speed ?? 1) - 1) * 100);
  const pitch = Math.round(options.pitch ?? 0);
  return (
    `<speak version='1.0' xml:lang='${escapeXml(voice.language)}'>` +
    `<voice xml:lang='${escapeXml(voice.language)}' xml:gender='${GENDER_LABELS[voice.gender]}' name='${escapeXml(voice.engineVoice)}'>` +
    `<prosody rate='${signed(rate, '%')}' pitch='${signed(pitch, 'st')}'>${escapeXml(text)}</prosody></voice></speak>`
  );
}

export function createAzureTtsProvider(config: AzureSpeechConfig & { timeWords: WordTimer }): TtsProvider {
  return {
    engine: 'azure',
    async synthesize(text: string, voice: Voice, options: SynthesisOptions = {}): Promise<SynthesisResult> {
      const response = await sendJson('POST', url(config, '/cognitiveservices/v1'), {
        service: SERVICE,
        headers: {
          'Ocp-Apim-Subscription-Key': config.apiKey,
          'X-Microsoft-OutputFormat': OUTPUT_FORMAT,
          'User-Agent': 'NXN',
        },
        contentType: 'application/ssml+xml',
        body: azureSsml(text, voice, options),
        timeoutMs: config.timeoutMs ?? 90_000,
        signal: options.signal,
      });
      const pcm = pcmFromBytes(new Uint8Array(await readBody(SERVICE, () => response.arrayBuffer(), options.signal)));
      if (pcm.length === 0) throw new ProviderError('bad_output', `${SERVICE} sent back no audio.`);
      return {
        pcm,
        sampleRate: SAMPLE_RATE,
        durationMs: durationOf(pcm.length, SAMPLE_RATE),
        words: await config.timeWords(text, voice, { pcm, sampleRate: SAMPLE_RATE }, options.signal),
      };
    },
  };
}
