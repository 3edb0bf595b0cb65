/**
 * Image generator API. Generation is a job (`images.generate`): POST answers 202 with the batch's records (one per
 * image, queued), the browser polls GET /images?ids= until they are done. Each image is its own history item.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import { imageRequestSchema, type ImagePage } from '../../../contract/images.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { jsonBody, query } from '../../http/validate.ts';
import { deleteOwnedFiles, fileLinker } from '../../storage/links.ts';
import { engineLabel, imageEngineSettings, listImageEngines, resolveEngine } from '../../providers/images/engines.ts';
import { IMAGE_JOB, type ImageJobPayload } from './job.ts';
import { countImagesOfJob, deleteImage, getImages, insertImageRows, listImages } from './store.ts';
import { HistoryQuery } from '../../db/paging.ts';
import { isUuid } from '../../../contract/ids.ts';
import type { ApiDeps } from '../deps.ts';
import type { AppEnv } from '../../http/context.ts';

const IdsQuery = z.object({ ids: z.string().max(40 * 8).transform((s) => s.split(',').filter(isUuid).slice(0, 8)) });

export function imageRoutes(deps: ApiDeps) {
  const { database, storage, queue, config } = deps;
  const settings = imageEngineSettings(config);
  const linker = (url: string) => fileLinker(config, new URL(url).origin);

  return new Hono<AppEnv>()
    .get('/images/engines', (c) => c.json({ engines: listImageEngines(settings) }))
    .post('/images', async (c) => {
      const request = await jsonBody(c, imageRequestSchema);
      const engine = resolveEngine(request.engine, settings);
      if (!engine) throw new HttpError(400, 'Invalid input', { engine: `${engineLabel(request.engine as 'openai' | 'fal', settings)} is not configured on this server.` });
      const uid = c.get('uid');
      const imageIds = Array.from({ length: request.count }, () => randomUUID());
      const batchId = randomUUID();
      const seed = request.seed ?? randomInt(0, 2 ** 31);
      const payload: ImageJobPayload = {
        imageIds,
        engine,
        prompt: request.prompt,
        negativePrompt: request.negativePrompt,
        aspect: request.aspect,
        style: request.style,
        seed,
      };
      await queue.enqueue({
        uid,
        kind: IMAGE_JOB,
        payload,
        inTx: (tx, job) =>
          insertImageRows(
            tx,
            imageIds.map((id, index) => ({
              id,
              uid,
              jobId: job.id,
              prompt: request.prompt,
              options: {
                batchId,
                index,
                negativePrompt: request.negativePrompt,
                aspect: request.aspect,
                style: request.style,
                seed: (seed + index) % 4_294_967_296,
                engine: { id: engine, label: engineLabel(engine, settings) },
              },
            })),
          ),
      });
      return c.json({ items: await getImages(database, uid, imageIds, linker(c.req.url)), nextCursor: null } satisfies ImagePage, 202);
    })
    .get('/images', async (c) => {
      const uid = c.get('uid');
      if (c.req.query('ids') !== undefined) {
        const { ids } = query(c, IdsQuery);
        return c.json({ items: await getImages(database, uid, ids, linker(c.req.url)), nextCursor: null } satisfies ImagePage);
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
      const uid = c.get('uid');
      const deleted = await deleteImage(database.db, uid, c.req.param('id'));
      if (!deleted) throw notFound('Image not found');
      // The last image of a batch still being made: nothing is left to make, so the job stops and its credits return.
      if (deleted.jobId && (await countImagesOfJob(database.db, deleted.jobId)) === 0) await queue.cancel(uid, deleted.jobId);
      if (deleted.fileId) await deleteOwnedFiles(database, storage, uid, [deleted.fileId]);
      return c.body(null, 204);
    });
}
