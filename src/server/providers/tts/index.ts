/** Picks the engine for a voice: eSpeak offline, cloud engines only when the server has their key. */
import { configuredEngines, isVoiceAvailable, unavailableVoiceMessage, type ConfiguredEngines, type Voice } from '~/contract/voices.ts';
import { ProviderError } from '../http.ts';
import { createElevenLabsProvider } from './elevenlabs.ts';
import { createEspeakProvider } from './espeak.ts';
import { createOpenAiTtsProvider } from './openai.ts';
import type { TtsProvider } from './types.ts';

export interface TtsKeys {
  openaiApiKey?: string | undefined;
  openaiBaseUrl: string;
  elevenlabsApiKey?: string | undefined;
  elevenlabsBaseUrl: string;
}

export interface TtsProviders {
  configured: ConfiguredEngines;
  forVoice(voice: Voice): TtsProvider;
  close(): Promise<void>;
}

export function createTtsProviders(keys: TtsKeys): TtsProviders {
  const espeak = createEspeakProvider();
  const openai = keys.openaiApiKey ? createOpenAiTtsProvider({ apiKey: keys.openaiApiKey, baseUrl: keys.openaiBaseUrl }) : undefined;
  const elevenlabs = keys.elevenlabsApiKey
    ? createElevenLabsProvider({ apiKey: keys.elevenlabsApiKey, baseUrl: keys.elevenlabsBaseUrl })
    : undefined;
  const configured = configuredEngines(keys);
  return {
    configured,
    forVoice(voice) {
      const provider = voice.engine === 'espeak' ? espeak : voice.engine === 'openai' ? openai : elevenlabs;
      if (!provider || !isVoiceAvailable(voice, configured)) throw new ProviderError('rejected', unavailableVoiceMessage(voice));
      return provider;
    },
    close: () => espeak.close(),
  };
}

export type { SynthesisOptions, SynthesisResult, TtsProvider } from './types.ts';
export type { TimedWord } from '../../media/word-timing.ts';
