/**
 * Agent videos over HTTP. Making one is a `video` job: POST answers 202 with the queued record (credits reserved,
 * 402 when short), the page polls GET /videos/:id for the pipeline's stage and progress until it has finished. The
 * user's own images and clips for "uploaded" visuals arrive first, one per POST /videos/uploads, and their own music
 * track by POST /videos/music/uploads. GET /videos/music/:track/preview plays a few seconds of a library track; GET
 * /videos/stock/search is the storyboard's stock chooser (pictures/stock-search.ts); GET /videos/picture-sources says which
 * picture sources this server has (pictures/sources.ts). GET /videos/availability says whether this server can make
 * videos now (no worker with ffmpeg: a sentence for the create screen). The storyboard's
 * routes are in storyboard/routes.ts; the rules in service.ts.
 */
import { Hono } from 'hono';
import type { RenderAvailability } from '~/contract/system-tools.ts';
import {
  type AvailablePictureSources,
  createVideoRequestSchema,
  type UploadedImage,
  type UploadedMusic,
  type VideoPage,
  type VideoRecord,
} from '~/contract/video.ts';
import { HistoryQuery } from '~/server/db/paging.ts';
import type { ApiDeps } from '~/server/features/deps.ts';
import { bodyChunks, limitBytes } from '~/server/http/body.ts';
import type { AppEnv } from '~/server/http/context.ts';
import { idempotent, idempotentUpload } from '~/server/http/idempotency.ts';
import { routeBodyLimit } from '~/server/http/middleware.ts';
import { jsonBody, query } from '~/server/http/validate.ts';
import { MEDIA_FORM_LIMIT, uploadMedia } from '~/server/media/upload.ts';
import { fileLinker } from '~/server/storage/links.ts';
import { uploadTempDir } from '~/server/storage/uploads.ts';
import { musicPreview } from './music/preview.ts';
import { MUSIC_FORM_LIMIT, uploadMusic } from './music/uploads.ts';
import { pictureSourceAvailability } from './pictures/sources.ts';
import { stockSearchRoutes } from './pictures/stock-search.ts';
import { type BrandKitSource, videoService } from './service.ts';
import { listVideos } from './store.ts';
import { storyboardRoutes } from './storyboard/routes.ts';

export function videoRoutes(deps: ApiDeps, brandKit: BrandKitSource) {
  const { database, config } = deps;
  const videos = videoService(deps, brandKit);
  const linker = (url: string) => fileLinker(config, new URL(url).origin);
  const pictureSources = pictureSourceAvailability(config);
  const tempDir = uploadTempDir(config);

  return new Hono<AppEnv>()
    .route('/', storyboardRoutes(deps, brandKit))
    .route('/', stockSearchRoutes(deps))
    .post(
      '/videos/uploads',
      routeBodyLimit(MEDIA_FORM_LIMIT),
      idempotentUpload(deps.idempotency, MEDIA_FORM_LIMIT, tempDir),
      async (c) => {
        const body = limitBytes(bodyChunks(c.req.raw), MEDIA_FORM_LIMIT);
        const { row, kind, width, height, durationSec } = await uploadMedia(
          deps,
          c.get('uid'),
          c.req.header('content-type'),
          body,
          { clips: true },
        );
        const answer: UploadedImage = {
          fileId: row.id,
          name: row.name,
          contentType: row.contentType,
          kind,
          size: row.size,
          width,
          height,
          durationSec,
          url: linker(c.req.url)(row.id),
        };
        return c.json(answer, 201);
      },
    )
    .post(
      '/videos/music/uploads',
      routeBodyLimit(MUSIC_FORM_LIMIT),
      idempotentUpload(deps.idempotency, MUSIC_FORM_LIMIT, tempDir),
      async (c) => {
        const body = limitBytes(bodyChunks(c.req.raw), MUSIC_FORM_LIMIT);
        const { row, durationSec } = await uploadMusic(deps, c.get('uid'), c.req.header('content-type'), body);
        return c.json(
          { fileId: row.id, name: row.name, durationSec, url: linker(c.req.url)(row.id) } satisfies UploadedMusic,
          201,
        );
      },
    )
    .post('/videos', idempotent(deps.idempotency), async (c) => {
      const request = await jsonBody(c, createVideoRequestSchema, { voiceId: videos.defaultVoiceId });
      const { videoId, created } = await videos.create(c.get('uid'), request, c.get('idempotencyKey'));
      return c.json(
        (await videos.record(c.get('uid'), videoId, linker(c.req.url))) satisfies VideoRecord,
        created ? 202 : 200,
      );
    })
    .get('/videos/picture-sources', (c) => c.json(pictureSources satisfies AvailablePictureSources))
    .get('/videos/music/:track/preview', (c) =>
      c.body(new Uint8Array(musicPreview(c.req.param('track'))), 200, {
        'Content-Type': 'audio/wav',
        'Cache-Control': 'private, max-age=86400',
      }),
    )
    .get('/videos', async (c) => {
      const q = query(c, HistoryQuery);
      const uid = c.get('uid');
      return c.json((await listVideos(database, uid, q, linker(c.req.url), await brandKit(uid))) satisfies VideoPage);
    })
    .get('/videos/availability', async (c) => c.json((await videos.availability()) satisfies RenderAvailability))
    .get('/videos/:id', async (c) =>
      c.json((await videos.record(c.get('uid'), c.req.param('id'), linker(c.req.url))) satisfies VideoRecord),
    )
    .post('/videos/:id/cancel', async (c) => {
      await videos.cancel(c.get('uid'), c.req.param('id'));
      return c.json((await videos.record(c.get('uid'), c.req.param('id'), linker(c.req.url))) satisfies VideoRecord);
    })
    .post('/videos/:id/retry', async (c) => {
      await videos.retry(c.get('uid'), c.req.param('id'));
      return c.json(
        (await videos.record(c.get('uid'), c.req.param('id'), linker(c.req.url))) satisfies VideoRecord,
        202,
      );
    })
    .delete('/videos/:id', async (c) => {
      await videos.remove(c.get('uid'), c.req.param('id'));
      return c.body(null, 204);
    });
}
