/** Picks the engine for a voice: eSpeak offline, Festival when installed, cloud engines only with their key. */
import { type ConfiguredEngines, isVoiceAvailable, unavailableVoiceMessage, type Voice } from '~/contract/voices.ts';
import { createLogger, type Logger } from '~/server/http/logger.ts';
import { estimateWordTimings, speechBounds } from '~/server/media/word-timing.ts';
import { ProviderError } from '../http.ts';
import { createAzureTtsProvider } from './azure.ts';
import { voiceCatalogue } from './catalogue.ts';
import { createElevenLabsProvider } from './elevenlabs.ts';
import { createEspeakProvider, type EspeakProvider } from './espeak.ts';
import { createFestivalProvider } from './festival.ts';
import { createGoogleTtsProvider } from './google.ts';
import { availableEngines, type TtsKeys } from './keys.ts';
import { createOpenAiTtsProvider } from './openai.ts';
import type { TtsProvider, WordTimer } from './types.ts';

export interface TtsProviders {
  configured: ConfiguredEngines;
  forVoice(voice: Voice): TtsProvider;
  /** A voice id (static or live) resolved through the shared catalogue; undefined when no provider lists it. */
  findVoice(id: string): Promise<Voice | undefined>;
  close(): Promise<void>;
}

/** Aligns with eSpeak; if that fails the words are spread by length over the speech, and the log says so. */
function createWordTimer(espeak: EspeakProvider, logger: Pick<Logger, 'warn'>): WordTimer {
  return async (text, voice, audio, signal) => {
    try {
      return await espeak.align(text, voice, audio, signal);
    } catch (error) {
      if (signal?.aborted) throw error;
      logger.warn(
        { err: error, engine: voice.engine, voice: voice.id },
        'Word alignment failed; captions use estimated word times',
      );
      const bounds = speechBounds(audio.pcm, audio.sampleRate);
      return estimateWordTimings(text, bounds.startMs, bounds.endMs);
    }
  };
}

export function createTtsProviders(keys: TtsKeys, options: { logger?: Pick<Logger, 'warn'> } = {}): TtsProviders {
  const espeak = createEspeakProvider();
  const timeWords = createWordTimer(espeak, options.logger ?? createLogger('info', 'tts'));
  const festival = createFestivalProvider({ command: keys.festivalPath });
  const openai = keys.openaiApiKey
    ? createOpenAiTtsProvider({ apiKey: keys.openaiApiKey, baseUrl: keys.openaiBaseUrl, timeWords })
    : undefined;
  const elevenlabs = keys.elevenlabsApiKey
    ? createElevenLabsProvider({ apiKey: keys.elevenlabsApiKey, baseUrl: keys.elevenlabsBaseUrl, timeWords })
    : undefined;
  const { azureSpeechKey, azureSpeechBaseUrl, googleTtsApiKey } = keys;
  const azure =
    azureSpeechKey && azureSpeechBaseUrl
      ? createAzureTtsProvider({ apiKey: azureSpeechKey, baseUrl: azureSpeechBaseUrl, timeWords })
      : undefined;
  const google = googleTtsApiKey
    ? createGoogleTtsProvider({ apiKey: googleTtsApiKey, baseUrl: keys.googleTtsBaseUrl, timeWords })
    : undefined;
  const configured = availableEngines(keys);
  const providers: Record<Voice['engine'], TtsProvider | undefined> = {
    espeak,
    festival,
    openai,
    elevenlabs,
    azure,
    google,
  };
  return {
    configured,
    forVoice(voice) {
      const provider = providers[voice.engine];
      if (!provider || !isVoiceAvailable(voice, configured))
        throw new ProviderError('rejected', unavailableVoiceMessage(voice));
      return provider;
    },
    findVoice: (id) => voiceCatalogue(keys).find(id),
    close: () => espeak.close(),
  };
}

export type { TimedWord } from '~/server/media/word-timing.ts';
export { availableEngines, type TtsKeys } from './keys.ts';
export type { SynthesisOptions, SynthesisResult, TtsProvider } from './types.ts';
