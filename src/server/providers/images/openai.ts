/** OpenAI-compatible image generation (`POST /v1/images/generations`, base64 answers). */
import { apiUrl, ProviderError, postJson, readBody } from '../http.ts';
import type { GeneratedImage, ImageProvider, ImageRequest } from './types.ts';

export interface OpenAiImagesConfig {
  apiKey: string;
  baseUrl: string;
  /** gpt-image-1 (default) or a dall-e model. */
  model?: string;
  timeoutMs?: number;
}

const SIZES: Record<'gpt' | 'dalle', ReadonlyArray<readonly [number, number]>> = {
  gpt: [
    [1024, 1024],
    [1536, 1024],
    [1024, 1536],
  ],
  dalle: [
    [1024, 1024],
    [1792, 1024],
    [1024, 1792],
  ],
};

/** The supported size whose shape is closest to the one asked for. */
export function closestSize(width: number, height: number, model: string): readonly [number, number] {
  const sizes = SIZES[model.startsWith('dall-e') ? 'dalle' : 'gpt'];
  const wanted = Math.log(width / height);
  return sizes.reduce((best, size) =>
    Math.abs(Math.log(size[0] / size[1]) - wanted) < Math.abs(Math.log(best[0] / best[1]) - wanted) ? size : best,
  );
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function createOpenAiImageProvider(config: OpenAiImagesConfig): ImageProvider {
  const model = config.model ?? 'gpt-image-1';
  const url = apiUrl(config.baseUrl, '/v1/images/generations');
  return {
    id: 'openai',
    async generate(request: ImageRequest): Promise<GeneratedImage> {
      const [width, height] = closestSize(request.width, request.height, model);
      const prompt = [
        request.prompt,
        request.style ? `Style: ${request.style}.` : '',
        request.negativePrompt ? `Avoid: ${request.negativePrompt}.` : '',
      ]
        .filter(Boolean)
        .join(' ');
      const response = await postJson(url, {
        service: 'OpenAI',
        headers: { authorization: `Bearer ${config.apiKey}` },
        // gpt-image models always answer in base64 and reject `response_format`; dall-e needs it.
        body: {
          model,
          prompt,
          n: 1,
          size: `${width}x${height}`,
          ...(model.startsWith('dall-e') ? { response_format: 'b64_json' } : {}),
        },
        timeoutMs: config.timeoutMs ?? 120_000,
        signal: request.signal,
      });
      const json = await readBody(
        'OpenAI',
        () => response.json() as Promise<{ data?: Array<{ b64_json?: unknown }> }>,
        request.signal,
      );
      const b64 = json.data?.[0]?.b64_json;
      const png = typeof b64 === 'string' ? Buffer.from(b64, 'base64') : Buffer.alloc(0);
      if (png.length < 24 || !png.subarray(0, 8).equals(PNG_SIGNATURE))
        throw new ProviderError('bad_output', 'OpenAI sent back no usable image.');
      return { png, width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
    },
  };
}
