/**
 * The `images.generate` job as the API and the worker know it: payload, price and what settling it writes. The
 * handler (handler.ts: the chosen engine at work) is imported only where the job runs. The jobs framework reserves
 * the price on accept, captures it on success and releases it on failure. If the engine fails after some images
 * of the batch exist, those are kept and charged, and only the rest fail.
 */
import { z } from 'zod';
import { IMAGE_ASPECTS, IMAGE_STYLES } from '~/contract/images.ts';
import { imageCost } from '~/contract/pricing.ts';
import { defineJob, handlerIn } from '~/server/jobs/registry.ts';
import { completeImages, type FinishedImage, failImages } from './store.ts';

export const IMAGE_JOB = 'images.generate';

export const ImageJobPayload = z.object({
  imageIds: z.array(z.uuid()).min(1).max(4),
  engine: z.enum(['offline', 'openai', 'fal']),
  prompt: z.string().min(1),
  negativePrompt: z.string(),
  aspect: z.enum(IMAGE_ASPECTS),
  style: z.enum(IMAGE_STYLES),
  seed: z.number().int().min(0),
});
export type ImageJobPayload = z.infer<typeof ImageJobPayload>;

export interface ImageJobResult {
  images: FinishedImage[];
  /** Why the engine stopped before the last image, when it failed after making some: the rest of the batch fails. */
  unmadeError?: string;
}

export const imageJobs = [
  defineJob<ImageJobPayload, ImageJobResult>({
    kind: IMAGE_JOB,
    payload: ImageJobPayload,
    // The offline artwork is a free preview (pricing.ts): its job holds and charges nothing.
    price: (p) => imageCost(p.imageIds.length, p.engine),
    charge: (result, p) => imageCost(result.images.length, p.engine),
    handler: handlerIn<typeof import('./handler.ts')>(new URL('./handler.ts', import.meta.url).href).export(
      'generateImages',
    ),
    public: false,
    retryLimit: 1,
    timeoutSeconds: 10 * 60,
    event: {
      subject: 'image',
      record: (_tx, job) => {
        const { imageIds } = job.payload as ImageJobPayload;
        return { id: imageIds[0] ?? job.id, extra: { imageIds } };
      },
    },
    onSuccess: async (tx, job, result) => {
      await completeImages(tx, job.uid, result.images);
      if (result.unmadeError) await failImages(tx, job.id, result.unmadeError);
    },
    onFailure: (tx, job) =>
      failImages(tx, job.id, job.status === 'cancelled' ? 'Cancelled' : (job.error ?? 'The image could not be made.')),
  }),
];
