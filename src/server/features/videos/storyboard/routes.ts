/**
 * The storyboard over HTTP (the list of routes is in src/contract/storyboard.ts): made from a script, read, saved
 * with the version edited (409 when another tab saved first), previewed scene by scene (narration as WAV, the
 * picture as JPEG, both from the render's own cache) and rendered into a video like POST /videos. Never-rendered
 * drafts are listed by GET /videos (status "draft"). The rules are in service.ts.
 */
import { Hono } from 'hono';
import { createStoryboardRequestSchema, type Storyboard, saveStoryboardRequestSchema } from '~/contract/storyboard.ts';
import type { VideoRecord } from '~/contract/video.ts';
import type { ApiDeps } from '~/server/features/deps.ts';
import type { AppEnv } from '~/server/http/context.ts';
import { idempotent } from '~/server/http/idempotency.ts';
import { jsonBody } from '~/server/http/validate.ts';
import { fileLinker } from '~/server/storage/links.ts';
import { type BrandKitSource, videoService } from '../service.ts';
import { storyboardService } from './service.ts';

export function storyboardRoutes(deps: ApiDeps, brandKit: BrandKitSource) {
  const storyboards = storyboardService(deps, brandKit);
  const videos = videoService(deps, brandKit);
  const linker = (url: string) => fileLinker(deps.config, new URL(url).origin);

  return new Hono<AppEnv>()
    .post('/storyboards', idempotent(deps.idempotency), async (c) => {
      const request = await jsonBody(c, createStoryboardRequestSchema, { voiceId: videos.defaultVoiceId });
      return c.json((await storyboards.create(c.get('uid'), request)) satisfies Storyboard, 201);
    })
    .get('/storyboards/:id', async (c) =>
      c.json((await storyboards.get(c.get('uid'), c.req.param('id'))) satisfies Storyboard),
    )
    .put('/storyboards/:id', async (c) => {
      const request = await jsonBody(c, saveStoryboardRequestSchema);
      return c.json((await storyboards.save(c.get('uid'), c.req.param('id'), request)) satisfies Storyboard);
    })
    .delete('/storyboards/:id', async (c) => {
      await storyboards.remove(c.get('uid'), c.req.param('id'));
      return c.body(null, 204);
    })
    .get('/storyboards/:id/scenes/:sceneId/narration', async (c) => {
      const wav = await storyboards.narration(
        c.get('uid'),
        c.req.param('id'),
        c.req.param('sceneId'),
        c.req.raw.signal,
      );
      return c.body(new Uint8Array(wav), 200, { 'Content-Type': 'audio/wav', 'Cache-Control': 'private, no-cache' });
    })
    .get('/storyboards/:id/scenes/:sceneId/preview', async (c) => {
      const jpeg = await storyboards.preview(c.get('uid'), c.req.param('id'), c.req.param('sceneId'), c.req.raw.signal);
      return c.body(new Uint8Array(jpeg), 200, { 'Content-Type': 'image/jpeg', 'Cache-Control': 'private, no-cache' });
    })
    .post('/storyboards/:id/render', idempotent(deps.idempotency), async (c) => {
      const { videoId, created } = await storyboards.render(c.get('uid'), c.req.param('id'), c.get('idempotencyKey'));
      return c.json(
        (await videos.record(c.get('uid'), videoId, linker(c.req.url))) satisfies VideoRecord,
        created ? 202 : 200,
      );
    });
}
