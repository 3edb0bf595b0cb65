/**
 * The `images.generate` job: makes every image of one request with the chosen engine (seed, seed + 1, … so each
 * image can be reproduced alone), stores them for their owner and completes the rows. The jobs framework reserves
 * the price on accept, captures it on success and releases it on failure; a provider failure reaches the user as
 * the provider's own plain message. If the engine fails after some images of the batch exist, those are kept and
 * charged, and only the rest fail.
 */
import { z } from 'zod';
import { ASPECT_SIZES, IMAGE_ASPECTS, IMAGE_STYLES, STYLE_PRESETS } from '~/contract/images.ts';
import { imageCost } from '~/contract/pricing.ts';
import { loadConfig } from '~/server/config/index.ts';
import { registerJobHandler, type JobContext } from '~/server/jobs/registry.ts';
import type { GeneratedImage } from '~/server/providers/images/types.ts';
import { imageDimensions } from '../../media/image-size.ts';
import { createImageProvider, imageEngineSettings } from '../../providers/images/engines.ts';
import { completeImages, failImages, type FinishedImage } from './store.ts';
import { ProviderError } from '~/server/providers/http.ts';
import { asJobError } from '../../providers/job-errors.ts';

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

interface ImageJobResult {
  images: FinishedImage[];
  /** Why the engine stopped before the last image, when it failed after making some: the rest of the batch fails. */
  unmadeError?: string;
}

const contentTypeOf = (bytes: Uint8Array): string => (bytes[0] === 0xff && bytes[1] === 0xd8 ? 'image/jpeg' : bytes[0] === 0x52 ? 'image/webp' : 'image/png');
const extensionOf = (type: string): string => type.split('/')[1]!.replace('jpeg', 'jpg');

async function generateImages(ctx: JobContext<ImageJobPayload>): Promise<ImageJobResult> {
  const { payload } = ctx;
  const provider = createImageProvider(payload.engine, imageEngineSettings(loadConfig()));
  const { width, height } = ASPECT_SIZES[payload.aspect];
  const count = payload.imageIds.length;
  const made: GeneratedImage[] = [];
  let unmadeError: string | undefined;
  try {
    for (let i = 0; i < count; i++) {
      ctx.reportProgress(count > 1 ? `Making image ${i + 1} of ${count}` : 'Making the image', i / count);
      made.push(
        await provider.generate({
          prompt: payload.prompt,
          width,
          height,
          // Seeds stay in the 32-bit range every engine accepts.
          seed: (payload.seed + i) % 4_294_967_296,
          ...(payload.negativePrompt ? { negativePrompt: payload.negativePrompt } : {}),
          ...(STYLE_PRESETS[payload.style].prompt ? { style: STYLE_PRESETS[payload.style].prompt } : {}),
          signal: ctx.signal,
        }),
      );
    }
  } catch (error) {
    // Nothing made yet, or stopped on purpose: the whole job fails (and may be retried).
    if (made.length === 0 || !(error instanceof ProviderError) || ctx.signal.aborted) throw asJobError(error);
    unmadeError = `${error.message} No credits were charged for this image.`;
  } finally {
    await provider.close?.();
  }

  // Stored only once the engine is done, so a failed batch leaves no orphaned files behind.
  ctx.reportProgress('Saving', 0.95);
  const images: FinishedImage[] = [];
  for (const [i, image] of made.entries()) {
    const contentType = contentTypeOf(image.png);
    const size = imageDimensions(image.png) ?? { width: image.width, height: image.height };
    const file = await ctx.putFile(image.png, { contentType, name: `nxn-image-${i + 1}.${extensionOf(contentType)}` });
    images.push({ id: payload.imageIds[i]!, fileId: file.fileId, ...size });
  }
  return unmadeError ? { images, unmadeError } : { images };
}

registerJobHandler<ImageJobPayload, ImageJobResult>(IMAGE_JOB, generateImages, {
  payload: ImageJobPayload,
  price: (p) => imageCost(p.imageIds.length),
  charge: (result) => imageCost(result.images.length),
  public: false,
  retryLimit: 1,
  timeoutSeconds: 10 * 60,
  onSuccess: async (tx, job, result) => {
    await completeImages(tx, job.uid, result.images);
    if (result.unmadeError) await failImages(tx, job.id, result.unmadeError);
  },
  onFailure: (tx, job) => failImages(tx, job.id, job.status === 'cancelled' ? 'Cancelled' : (job.error ?? 'The image could not be made.')),
});
