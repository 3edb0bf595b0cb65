/**
 * The speech studio's rules behind its routes: the voice catalogue (static and live) and which voices this server can use, free previews (cached), accepting a
 * synthesis as a job with its credits held, and deleting one (a running job is cancelled and its credits return).
 */
import { randomUUID } from 'node:crypto';
import { ttsCost } from '~/contract/pricing.ts';
import type { SpeechRequest } from '~/contract/speech.ts';
import { engineTag, isVoiceAvailable, UNKNOWN_VOICE_MESSAGE, unavailableVoiceMessage } from '~/contract/voices.ts';
import type { ApiDeps } from '~/server/features/deps.ts';
import { HttpError, notFound } from '~/server/http/errors.ts';
import { encodeWav } from '~/server/media/wav.ts';
import { voiceCatalogue } from '~/server/providers/tts/catalogue.ts';
import { availableEngines, createTtsProviders, type TtsProviders } from '~/server/providers/tts/index.ts';
import { deleteOwnedFiles } from '~/server/storage/links.ts';
import { SPEECH_JOB } from './job.ts';
import { deleteSpeech, insertSpeechRow } from './store.ts';
import { planSpeech } from './synthesize.ts';

/**
 * Previews are a handful of seconds each; a small cache spares the engines (and cloud bills) repeat work. Speeds
 * arrive snapped to the slider's steps, so the keys are few and a repeat is always a hit.
 */
const PREVIEW_CACHE_SIZE = 64;

export function speechService({
  database,
  storage,
  queue,
  config,
}: Pick<ApiDeps, 'database' | 'storage' | 'queue' | 'config'>) {
  let tts: TtsProviders | undefined;
  const providers = () => (tts ??= createTtsProviders(config.providers));
  const configured = () => availableEngines(config.providers);
  const catalogue = voiceCatalogue(config.providers);
  const previews = new Map<string, Buffer>();

  return {
    /** Static and live voices, which engines this server can use and the default voice (GET /voices). */
    voices: () => catalogue.list(),

    /** For a request that names no voice: the one the pickers start on. */
    defaultVoiceId: async () => (await catalogue.list()).defaultVoiceId,

    /** A WAV of the voice's preview line; engine failures surface as ProviderError. */
    async preview(voiceId: string, speed: number, pitch: number, signal: AbortSignal): Promise<Buffer> {
      const voice = await catalogue.find(voiceId);
      if (!voice) throw notFound('Voice not found');
      if (!isVoiceAvailable(voice, configured())) throw new HttpError(409, unavailableVoiceMessage(voice));
      const key = `${voice.id}|${speed}|${pitch}`;
      const cached = previews.get(key);
      if (cached) return cached;
      const plan = planSpeech(voice.engine, speed, pitch);
      const out = await providers()
        .forVoice(voice)
        .synthesize(voice.preview, voice, {
          speed: plan.engineSpeed,
          ...(plan.enginePitch !== undefined ? { pitch: plan.enginePitch } : {}),
          signal,
        });
      const wav = encodeWav({ pcm: out.pcm, sampleRate: out.sampleRate, channels: 1 });
      if (previews.size >= PREVIEW_CACHE_SIZE) previews.delete(previews.keys().next().value!);
      previews.set(key, wav);
      return wav;
    },

    /** Queues the synthesis with its credits held (402 when short); answers the new record's id. */
    async create(uid: string, request: SpeechRequest): Promise<string> {
      const voice = await catalogue.find(request.voiceId);
      if (!voice) throw new HttpError(400, 'Invalid input', { voiceId: UNKNOWN_VOICE_MESSAGE });
      if (!isVoiceAvailable(voice, configured()))
        throw new HttpError(400, 'Invalid input', { voiceId: unavailableVoiceMessage(voice) });
      const id = randomUUID();
      await queue.enqueue({
        uid,
        kind: SPEECH_JOB,
        payload: { text: request.text, voiceId: request.voiceId, speed: request.speed, pitch: request.pitch },
        inTx: (tx, job) =>
          insertSpeechRow(tx, {
            id,
            uid,
            jobId: job.id,
            text: request.text,
            voiceId: voice.id,
            cost: ttsCost(request.text),
            options: {
              speed: request.speed,
              pitch: request.pitch,
              voiceName: voice.name,
              engine: engineTag(voice.engine),
            },
          }),
      });
      return id;
    },

    async remove(uid: string, id: string): Promise<void> {
      const deleted = await deleteSpeech(database.db, uid, id);
      if (!deleted) throw notFound('Speech not found');
      // Still running: cancelling returns its reserved credits; a finished job answers "conflict", which is fine.
      if (deleted.jobId) await queue.cancel(uid, deleted.jobId);
      await deleteOwnedFiles(database, storage, uid, deleted.fileIds);
    },
  };
}
