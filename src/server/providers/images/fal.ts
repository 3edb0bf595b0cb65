/**
 * FLUX on fal.ai, synchronous endpoint: `POST {baseUrl}/{model}` with `Authorization: Key …` and a JSON body
 * (prompt, image_size, num_images, seed, output_format, sync_mode). The answer lists images by URL: with
 * sync_mode they are data URIs, otherwise fal CDN links we download. FLUX takes no negative prompt or style
 * parameter, so both are written into the prompt, as the OpenAI adapter does.
 */

import { imageDimensions } from '~/server/media/image-size.ts';
import { ProviderError, postJson, readBody } from '~/server/providers/http.ts';
import type { GeneratedImage, ImageProvider, ImageRequest } from '~/server/providers/images/types.ts';

export interface FalConfig {
  apiKey: string;
  /** https://fal.run */
  baseUrl: string;
  /** fal-ai/flux/dev, fal-ai/flux/schnell, fal-ai/flux-pro/v1.1 … */
  model: string;
  timeoutMs?: number;
}

const SERVICE = 'FLUX (fal.ai)';

interface FalImage {
  url?: unknown;
  content_type?: unknown;
}
interface FalResult {
  images?: FalImage[];
  has_nsfw_concepts?: unknown[];
}

function decodeDataUri(uri: string): Buffer | undefined {
  const match = /^data:[^;,]*(;base64)?,(.*)$/s.exec(uri);
  if (!match) return undefined;
  return match[1] ? Buffer.from(match[2]!, 'base64') : Buffer.from(decodeURIComponent(match[2]!), 'latin1');
}

async function download(url: string, timeoutMs: number, signal: AbortSignal | undefined): Promise<Buffer> {
  const deadline = AbortSignal.timeout(timeoutMs);
  const response = await readBody(
    SERVICE,
    () => fetch(url, { signal: signal ? AbortSignal.any([signal, deadline]) : deadline }),
    signal,
  );
  if (!response.ok)
    throw new ProviderError('unavailable', `${SERVICE} made the image but we could not download it.`, {
      status: response.status,
    });
  return Buffer.from(await readBody(SERVICE, () => response.arrayBuffer(), signal));
}

export const falPrompt = (request: Pick<ImageRequest, 'prompt' | 'style' | 'negativePrompt'>): string =>
  [
    request.prompt,
    request.style ? `Style: ${request.style}.` : '',
    request.negativePrompt ? `Avoid: ${request.negativePrompt}.` : '',
  ]
    .filter(Boolean)
    .join(' ');

export function createFalFluxProvider(config: FalConfig): ImageProvider {
  const timeoutMs = config.timeoutMs ?? 120_000;
  const url = `${config.baseUrl.replace(/\/+$/, '')}/${config.model.replace(/^\/+/, '')}`;
  return {
    id: 'fal',
    async generate(request: ImageRequest): Promise<GeneratedImage> {
      const response = await postJson(url, {
        service: SERVICE,
        headers: { authorization: `Key ${config.apiKey}`, accept: 'application/json' },
        body: {
          prompt: falPrompt(request),
          image_size: { width: request.width, height: request.height },
          num_images: 1,
          ...(request.seed !== undefined ? { seed: request.seed } : {}),
          output_format: 'png',
          sync_mode: true,
          enable_safety_checker: true,
        },
        timeoutMs,
        signal: request.signal,
      });
      const result = await readBody(SERVICE, () => response.json() as Promise<FalResult>, request.signal);
      // fal answers 200 with a blacked-out image when its safety checker trips.
      if (result.has_nsfw_concepts?.[0] === true) {
        throw new ProviderError('rejected', `${SERVICE}'s safety filter blocked this image. Try a different prompt.`);
      }
      const image = result.images?.[0];
      const link = typeof image?.url === 'string' ? image.url : '';
      const bytes =
        decodeDataUri(link) ??
        (/^https?:\/\//.test(link) ? await download(link, timeoutMs, request.signal) : undefined);
      const size = bytes ? imageDimensions(bytes) : undefined;
      if (!bytes || !size) throw new ProviderError('bad_output', `${SERVICE} sent back no usable image.`);
      return { png: bytes, width: size.width, height: size.height };
    },
  };
}
