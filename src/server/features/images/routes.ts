/**
 * Image generator API. Generation is a job (`images.generate`): POST answers 202 with the batch's records (one per
 * image, queued), the browser polls GET /images?ids= until they are done. Each image is its own history item. The
 * rules are in service.ts.
 */
import { Hono } from 'hono';
import { type ImagePage, imageIdsQuery, imageRequestSchema } from '~/contract/images.ts';
import { HistoryQuery } from '~/server/db/paging.ts';
import type { ApiDeps } from '~/server/features/deps.ts';
import type { AppEnv } from '~/server/http/context.ts';
import { notFound } from '~/server/http/errors.ts';
import { idempotent } from '~/server/http/idempotency.ts';
import { jsonBody, query } from '~/server/http/validate.ts';
import { fileLinker } from '~/server/storage/links.ts';
import { imageService } from './service.ts';
import { getImages, listImages } from './store.ts';

export function imageRoutes(deps: ApiDeps) {
  const { database, config } = deps;
  const images = imageService(deps);
  const linker = (url: string) => fileLinker(config, new URL(url).origin);

  return new Hono<AppEnv>()
    .get('/images/engines', (c) => c.json({ engines: images.engines() }))
    .post('/images', idempotent(deps.idempotency), async (c) => {
      const request = await jsonBody(c, imageRequestSchema);
      const ids = await images.create(c.get('uid'), request);
      return c.json(
        {
          items: await getImages(database, c.get('uid'), ids, linker(c.req.url)),
          nextCursor: null,
        } satisfies ImagePage,
        202,
      );
    })
    .get('/images', async (c) => {
      const uid = c.get('uid');
      if (c.req.query('ids') !== undefined) {
        const { ids } = query(c, imageIdsQuery);
        return c.json({
          items: await getImages(database, uid, ids, linker(c.req.url)),
          nextCursor: null,
        } satisfies ImagePage);
      }
      const q = query(c, HistoryQuery);
      return c.json((await listImages(database, uid, q.limit, q.cursor, linker(c.req.url))) satisfies ImagePage);
    })
    .get('/images/:id', async (c) => {
      const [record] = await getImages(database, c.get('uid'), [c.req.param('id')], linker(c.req.url));
      if (!record) throw notFound('Image not found');
      return c.json(record);
    })
    .delete('/images/:id', async (c) => {
      await images.remove(c.get('uid'), c.req.param('id'));
      return c.body(null, 204);
    });
}
