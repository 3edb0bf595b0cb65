/**
 * The one voice catalogue at run time: the static voices plus the voices Azure, Google and ElevenLabs list for the
 * server's keys. The API lists and validates against it and the worker resolves voice ids through it. Each
 * provider's list is kept for an hour in this process; when a refresh fails the last good list is kept (and the
 * refresh retried a minute later), so an outage at a provider does not empty the picker.
 */
import {
  defaultVoiceId,
  findVoice,
  LIVE_ENGINES,
  type LiveEngine,
  parseLiveVoiceId,
  VOICES,
  type Voice,
  type VoiceCatalogueAnswer,
} from '~/contract/voices.ts';
import { createLogger, type Logger } from '~/server/http/logger.ts';
import { listAzureVoices } from './azure.ts';
import { listElevenLabsVoices } from './elevenlabs.ts';
import { listGoogleVoices } from './google.ts';
import { availableEngines, type TtsKeys } from './keys.ts';

export interface CatalogueOptions {
  /** How long a provider's list is trusted (default one hour). */
  ttlMs?: number;
  /** After a failed refresh, how long before the next attempt (default one minute). */
  retryMs?: number;
  now?: () => number;
  logger?: Pick<Logger, 'warn'>;
}

export interface VoiceCatalogue {
  /** Every voice the server knows (static first, then live ones), which engines it can use now, and the default voice. */
  list(): Promise<VoiceCatalogueAnswer>;
  /** A static voice, or a live one its provider currently lists. */
  find(id: string): Promise<Voice | undefined>;
}

type Lister = () => Promise<Voice[]>;

function listers(keys: TtsKeys): Partial<Record<LiveEngine, Lister>> {
  const { azureSpeechKey, azureSpeechBaseUrl, googleTtsApiKey, elevenlabsApiKey } = keys;
  return {
    ...(azureSpeechKey && azureSpeechBaseUrl
      ? { azure: () => listAzureVoices({ apiKey: azureSpeechKey, baseUrl: azureSpeechBaseUrl }) }
      : {}),
    ...(googleTtsApiKey
      ? { google: () => listGoogleVoices({ apiKey: googleTtsApiKey, baseUrl: keys.googleTtsBaseUrl }) }
      : {}),
    ...(elevenlabsApiKey
      ? { elevenlabs: () => listElevenLabsVoices({ apiKey: elevenlabsApiKey, baseUrl: keys.elevenlabsBaseUrl }) }
      : {}),
  };
}

interface Entry {
  voices: Voice[] | undefined;
  fetchedAt: number;
  retryAt: number;
  pending: Promise<Voice[]> | undefined;
}

export function createVoiceCatalogue(keys: TtsKeys, options: CatalogueOptions = {}): VoiceCatalogue {
  const ttlMs = options.ttlMs ?? 60 * 60_000;
  const retryMs = options.retryMs ?? 60_000;
  const now = options.now ?? Date.now;
  const logger = options.logger ?? createLogger('info', 'tts');
  const sources = listers(keys);
  const entries = new Map<LiveEngine, Entry>();

  function voicesOf(engine: LiveEngine): Promise<Voice[]> {
    const list = sources[engine];
    if (!list) return Promise.resolve([]);
    let entry = entries.get(engine);
    if (!entry) {
      entry = { voices: undefined, fetchedAt: 0, retryAt: 0, pending: undefined };
      entries.set(engine, entry);
    }
    const current = entry;
    const fresh = current.voices !== undefined && now() - current.fetchedAt < ttlMs;
    if (fresh || now() < current.retryAt) return Promise.resolve(current.voices ?? []);
    current.pending ??= list()
      .then((voices) => {
        current.voices = voices;
        current.fetchedAt = now();
        return voices;
      })
      .catch((error: unknown) => {
        current.retryAt = now() + retryMs;
        logger.warn(
          { err: error, engine, kept: current.voices?.length ?? 0 },
          'Could not read the voice list; keeping the last one',
        );
        return current.voices ?? [];
      })
      .finally(() => {
        current.pending = undefined;
      });
    return current.pending;
  }

  return {
    async list() {
      const live = await Promise.all(LIVE_ENGINES.map(voicesOf));
      const voices = [...VOICES, ...live.flat()];
      const configured = availableEngines(keys);
      return { voices, configured, defaultVoiceId: defaultVoiceId(voices, configured) };
    },
    async find(id) {
      const known = findVoice(id);
      if (known) return known;
      const live = parseLiveVoiceId(id);
      return live ? (await voicesOf(live.engine)).find((voice) => voice.id === id) : undefined;
    },
  };
}

const shared = new WeakMap<TtsKeys, VoiceCatalogue>();

/** One catalogue (and so one cache) per configuration in this process, shared by the speech and video features. */
export function voiceCatalogue(keys: TtsKeys): VoiceCatalogue {
  let catalogue = shared.get(keys);
  if (!catalogue) {
    catalogue = createVoiceCatalogue(keys);
    shared.set(keys, catalogue);
  }
  return catalogue;
}
