/** What the speech engines need from the configuration, and which of them that makes usable. */
import { type ConfiguredEngines, configuredEngines } from '~/contract/voices.ts';
import { festivalInstalled } from './festival.ts';

export interface TtsKeys {
  openaiApiKey?: string | undefined;
  openaiBaseUrl: string;
  elevenlabsApiKey?: string | undefined;
  elevenlabsBaseUrl: string;
  azureSpeechKey?: string | undefined;
  azureSpeechBaseUrl?: string | undefined;
  googleTtsApiKey?: string | undefined;
  googleTtsBaseUrl?: string | undefined;
  festivalPath: string;
}

/** The engines this server can use now (Festival is looked for on disk, so installing it needs no restart). */
export const availableEngines = (keys: TtsKeys): ConfiguredEngines =>
  configuredEngines({ ...keys, festivalInstalled: festivalInstalled(keys.festivalPath) });
