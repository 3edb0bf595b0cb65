/**
 * Text-to-speech API. Synthesis is a job (`speech.synthesize`): POST answers 202 with the queued record, the
 * browser polls GET /speech/:id until it has succeeded or failed. Voice previews are free, short and cached.
 */
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { speechPreviewQuery, speechRequestSchema, type SpeechPage, type SpeechRecord } from '../../../contract/speech.ts';
import { ttsCost } from '../../../contract/pricing.ts';
import { engineTag, findVoice, isVoiceAvailable, unavailableVoiceMessage, type ConfiguredEngines } from '../../../contract/voices.ts';
import { encodeWav } from '../../media/wav.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { jsonBody, query } from '../../http/validate.ts';
import { ProviderError } from '../../providers/http.ts';
import { createTtsProviders, type TtsProviders } from '../../providers/tts/index.ts';
import { deleteOwnedFiles, fileLinker } from '../../storage/links.ts';
import { HistoryQuery } from '../../db/paging.ts';
import { SPEECH_JOB } from './job.ts';
import { deleteSpeech, getSpeech, insertSpeechRow, listSpeech } from './store.ts';
import { planSpeech } from './synthesize.ts';
import type { ApiDeps } from '../deps.ts';
import type { AppEnv } from '../../http/context.ts';

/**
 * Previews are a handful of seconds each; a small cache spares the engines (and cloud bills) repeat work. Speeds
 * arrive snapped to the slider's steps, so the keys are few and a repeat is always a hit.
 */
const PREVIEW_CACHE_SIZE = 64;

export function speechRoutes(deps: ApiDeps) {
  const { database, storage, queue, config } = deps;
  let tts: TtsProviders | undefined;
  const providers = () => (tts ??= createTtsProviders(config.providers));
  const configured = (): ConfiguredEngines => ({ openai: Boolean(config.providers.openaiApiKey), elevenlabs: Boolean(config.providers.elevenlabsApiKey) });
  const previews = new Map<string, Buffer>();
  const linker = (url: string) => fileLinker(config, new URL(url).origin);

  return new Hono<AppEnv>()
    .get('/speech/voices', (c) => c.json({ configured: configured() }))
    .get('/speech/voices/:voiceId/preview', async (c) => {
      const voice = findVoice(c.req.param('voiceId'));
      if (!voice) throw notFound('Voice not found');
      if (!isVoiceAvailable(voice, configured())) throw new HttpError(409, unavailableVoiceMessage(voice));
      const { speed, pitch } = query(c, speechPreviewQuery);
      const key = `${voice.id}|${speed}|${pitch}`;
      let wav = previews.get(key);
      if (!wav) {
        const plan = planSpeech(voice.engine, speed, pitch);
        try {
          const out = await providers()
            .forVoice(voice)
            .synthesize(voice.preview, voice, { speed: plan.engineSpeed, ...(plan.enginePitch !== undefined ? { pitch: plan.enginePitch } : {}), signal: c.req.raw.signal });
          wav = encodeWav({ pcm: out.pcm, sampleRate: out.sampleRate, channels: 1 });
        } catch (error) {
          if (error instanceof ProviderError) return c.json({ error: error.message }, 424);
          throw error;
        }
        if (previews.size >= PREVIEW_CACHE_SIZE) previews.delete(previews.keys().next().value!);
        previews.set(key, wav);
      }
      return c.body(new Uint8Array(wav), 200, { 'Content-Type': 'audio/wav', 'Cache-Control': 'private, max-age=86400' });
    })
    .post('/speech', async (c) => {
      const request = await jsonBody(c, speechRequestSchema);
      const voice = findVoice(request.voiceId)!;
      if (!isVoiceAvailable(voice, configured())) throw new HttpError(400, 'Invalid input', { voiceId: unavailableVoiceMessage(voice) });
      const uid = c.get('uid');
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
            options: { speed: request.speed, pitch: request.pitch, voiceName: voice.name, engine: engineTag(voice.engine) },
          }),
      });
      const record = await getSpeech(database, uid, id, linker(c.req.url));
      return c.json(record satisfies SpeechRecord | undefined, 202);
    })
    .get('/speech', async (c) => {
      const q = query(c, HistoryQuery);
      return c.json((await listSpeech(database, c.get('uid'), q.limit, q.cursor, linker(c.req.url))) satisfies SpeechPage);
    })
    .get('/speech/:id', async (c) => {
      const record = await getSpeech(database, c.get('uid'), c.req.param('id'), linker(c.req.url));
      if (!record) throw notFound('Speech not found');
      return c.json(record satisfies SpeechRecord);
    })
    .delete('/speech/:id', async (c) => {
      const uid = c.get('uid');
      const deleted = await deleteSpeech(database.db, uid, c.req.param('id'));
      if (!deleted) throw notFound('Speech not found');
      // Still running: cancelling returns its reserved credits; a finished job answers "conflict", which is fine.
      if (deleted.jobId) await queue.cancel(uid, deleted.jobId);
      await deleteOwnedFiles(database, storage, uid, deleted.fileIds);
      return c.body(null, 204);
    });
}
