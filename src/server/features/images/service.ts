/**
 * The image studio's rules behind its routes: which engine a request gets, accepting a batch as one job with its
 * credits held (one history item per image), and deleting an image (the last one of a batch still being made stops
 * its job, so its credits return).
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { ImageRequest } from '~/contract/images.ts';
import { imageCost } from '~/contract/pricing.ts';
import type { ApiDeps } from '~/server/features/deps.ts';
import { HttpError, notFound } from '~/server/http/errors.ts';
import {
  engineLabel,
  imageEngineSettings,
  listImageEngines,
  resolveEngine,
} from '~/server/providers/images/engines.ts';
import { deleteOwnedFiles } from '~/server/storage/links.ts';
import { IMAGE_JOB, type ImageJobPayload } from './job.ts';
import { countImagesOfJob, deleteImage, insertImageRows } from './store.ts';

export function imageService({
  database,
  storage,
  queue,
  config,
}: Pick<ApiDeps, 'database' | 'storage' | 'queue' | 'config'>) {
  const settings = imageEngineSettings(config);

  return {
    engines: () => listImageEngines(settings),

    /** Queues the batch with its credits held (402 when short); answers the new images' ids in order. */
    async create(uid: string, request: ImageRequest): Promise<string[]> {
      const engine = resolveEngine(request.engine, settings);
      if (!engine)
        throw new HttpError(400, 'Invalid input', {
          engine: `${engineLabel(request.engine as 'openai' | 'fal', settings)} is not configured on this server.`,
        });
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
              cost: imageCost(1, engine),
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
      return imageIds;
    },

    async remove(uid: string, id: string): Promise<void> {
      const deleted = await deleteImage(database.db, uid, id);
      if (!deleted) throw notFound('Image not found');
      // The last image of a batch still being made: nothing is left to make, so the job stops and its credits return.
      if (deleted.jobId && (await countImagesOfJob(database.db, deleted.jobId)) === 0)
        await queue.cancel(uid, deleted.jobId);
      if (deleted.fileId) await deleteOwnedFiles(database, storage, uid, [deleted.fileId]);
    },
  };
}
