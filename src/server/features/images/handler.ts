/**
 * The `images.generate` job's handler (declared in job.ts): makes every image of one request with the chosen
 * engine (seed, seed + 1, … so each image can be reproduced alone) and stores them for their owner. A provider
 * failure reaches the user as the provider's own plain message.
 */
import { ASPECT_SIZES, STYLE_PRESETS } from '~/contract/images.ts';
import type { JobHandler } from '~/server/jobs/registry.ts';
import { imageDimensions } from '~/server/media/image-size.ts';
import { ProviderError } from '~/server/providers/http.ts';
import { createImageProvider, imageEngineSettings } from '~/server/providers/images/engines.ts';
import type { GeneratedImage } from '~/server/providers/images/types.ts';
import { asJobError } from '~/server/providers/job-errors.ts';
import type { ImageJobPayload, ImageJobResult } from './job.ts';
import type { FinishedImage } from './store.ts';

const contentTypeOf = (bytes: Uint8Array): string =>
  bytes[0] === 0xff && bytes[1] === 0xd8 ? 'image/jpeg' : bytes[0] === 0x52 ? 'image/webp' : 'image/png';
const extensionOf = (type: string): string => type.split('/')[1]!.replace('jpeg', 'jpg');

export const generateImages: JobHandler<ImageJobPayload, ImageJobResult> = async (ctx) => {
  const { payload } = ctx;
  const provider = createImageProvider(payload.engine, imageEngineSettings(ctx.config));
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
};
