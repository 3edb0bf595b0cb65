/**
 * Text-to-speech API. GET /voices is the voice catalogue every picker shows (static voices plus those the
 * configured providers list live). Synthesis is a job (`speech.synthesize`): POST answers 202 with the queued record, the
 * browser polls GET /speech/:id until it has succeeded or failed. Voice previews are free, short and cached. The
 * rules are in service.ts.
 */
import { Hono } from 'hono';
import { type SpeechPage, type SpeechRecord, speechPreviewQuery, speechRequestSchema } from '~/contract/speech.ts';
import type { VoiceCatalogueAnswer } from '~/contract/voices.ts';
import { HistoryQuery } from '~/server/db/paging.ts';
import type { ApiDeps } from '~/server/features/deps.ts';
import type { AppEnv } from '~/server/http/context.ts';
import { notFound } from '~/server/http/errors.ts';
import { idempotent } from '~/server/http/idempotency.ts';
import { jsonBody, query } from '~/server/http/validate.ts';
import { ProviderError } from '~/server/providers/http.ts';
import { fileLinker } from '~/server/storage/links.ts';
import { speechService } from './service.ts';
import { getSpeech, listSpeech } from './store.ts';

export function speechRoutes(deps: ApiDeps) {
  const { database, config } = deps;
  const speech = speechService(deps);
  const linker = (url: string) => fileLinker(config, new URL(url).origin);

  return new Hono<AppEnv>()
    .get('/voices', async (c) => c.json((await speech.voices()) satisfies VoiceCatalogueAnswer))
    .get('/speech/voices/:voiceId/preview', async (c) => {
      const { speed, pitch } = query(c, speechPreviewQuery);
      try {
        const wav = await speech.preview(c.req.param('voiceId'), speed, pitch, c.req.raw.signal);
        return c.body(new Uint8Array(wav), 200, {
          'Content-Type': 'audio/wav',
          'Cache-Control': 'private, max-age=86400',
        });
      } catch (error) {
        if (error instanceof ProviderError) return c.json({ error: error.message }, 424);
        throw error;
      }
    })
    .post('/speech', idempotent(deps.idempotency), async (c) => {
      const request = await jsonBody(c, speechRequestSchema, { voiceId: speech.defaultVoiceId });
      const id = await speech.create(c.get('uid'), request);
      return c.json(
        (await getSpeech(database, c.get('uid'), id, linker(c.req.url))) satisfies SpeechRecord | undefined,
        202,
      );
    })
    .get('/speech', async (c) => {
      const q = query(c, HistoryQuery);
      return c.json(
        (await listSpeech(database, c.get('uid'), q.limit, q.cursor, linker(c.req.url))) satisfies SpeechPage,
      );
    })
    .get('/speech/:id', async (c) => {
      const record = await getSpeech(database, c.get('uid'), c.req.param('id'), linker(c.req.url));
      if (!record) throw notFound('Speech not found');
      return c.json(record satisfies SpeechRecord);
    })
    .delete('/speech/:id', async (c) => {
      await speech.remove(c.get('uid'), c.req.param('id'));
      return c.body(null, 204);
    });
}
