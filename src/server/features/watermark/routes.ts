/**
 * Watermark removal API, every path under `/watermark-removal` so the browser's long (600 s) timeout applies:
 * resumable uploads (uploads.ts), the user's removals (history, one record), detection, boxes, previews, the render
 * job (start, cancel; starting again is the retry), a frame of the clean copy (the before/after view) and delete. The rules are in service.ts.
 */
import { Hono } from 'hono';
import {
  boxesRequestSchema,
  previewRequestSchema,
  resultFrameRequestSchema,
  type WatermarkPage,
} from '~/contract/watermark.ts';
import { HistoryQuery } from '~/server/db/paging.ts';
import type { ApiDeps } from '~/server/features/deps.ts';
import type { AppEnv } from '~/server/http/context.ts';
import { notFound } from '~/server/http/errors.ts';
import { idempotent } from '~/server/http/idempotency.ts';
import { jsonBody, query } from '~/server/http/validate.ts';
import { fileLinker } from '~/server/storage/links.ts';
import { watermarkService } from './service.ts';
import { getRemoval, listRemovals } from './store.ts';
import { watermarkUploadRoutes } from './uploads.ts';

export function watermarkRoutes(deps: ApiDeps) {
  const { database, config } = deps;
  const service = watermarkService(deps);
  const linker = (url: string) => fileLinker(config, new URL(url).origin);

  const record = async (uid: string, id: string, url: string) => {
    const found = await getRemoval(database, uid, id, linker(url));
    if (!found) throw notFound('Video not found');
    return found;
  };

  return new Hono<AppEnv>()
    .route('/', watermarkUploadRoutes(deps, service.acceptUpload))
    .get('/watermark-removal', async (c) => {
      const q = query(c, HistoryQuery);
      return c.json(
        (await listRemovals(database, c.get('uid'), q.limit, q.cursor, linker(c.req.url))) satisfies WatermarkPage,
      );
    })
    .get('/watermark-removal/:id', async (c) => c.json(await record(c.get('uid'), c.req.param('id'), c.req.url)))
    .post('/watermark-removal/:id/detect', async (c) => {
      await service.detect(c.get('uid'), c.req.param('id'));
      return c.json(await record(c.get('uid'), c.req.param('id'), c.req.url));
    })
    .put('/watermark-removal/:id/boxes', async (c) => {
      await service.saveBoxes(c.get('uid'), c.req.param('id'), await jsonBody(c, boxesRequestSchema));
      return c.json(await record(c.get('uid'), c.req.param('id'), c.req.url));
    })
    .post('/watermark-removal/:id/preview', async (c) => {
      const preview = await service.preview(c.get('uid'), c.req.param('id'), await jsonBody(c, previewRequestSchema));
      return c.body(preview.bytes as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': preview.contentType,
        'Cache-Control': 'no-store',
      });
    })
    .post('/watermark-removal/:id/result-frame', async (c) => {
      const frame = await service.resultFrame(
        c.get('uid'),
        c.req.param('id'),
        await jsonBody(c, resultFrameRequestSchema),
      );
      return c.body(frame.bytes as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': frame.contentType,
        'Cache-Control': 'no-store',
      });
    })
    .post('/watermark-removal/:id/render', idempotent(deps.idempotency), async (c) =>
      c.json(await service.render(c.get('uid'), c.req.param('id'), linker(c.req.url)), 202),
    )
    .post('/watermark-removal/:id/cancel', async (c) => {
      await service.cancel(c.get('uid'), c.req.param('id'));
      return c.json(await record(c.get('uid'), c.req.param('id'), c.req.url));
    })
    .delete('/watermark-removal/:id', async (c) => {
      await service.remove(c.get('uid'), c.req.param('id'));
      return c.body(null, 204);
    });
}
