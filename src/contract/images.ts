/**
 * Image studio contract: the request both sides validate, the style presets, the pixel size of each aspect ratio
 * for engines that take free sizes, and the image record the API returns.
 */
import { z } from 'zod';
import { isUuid } from './ids.ts';
import { textField } from './text.ts';

export const IMAGE_ASPECTS = ['1:1', '16:9', '9:16', '4:3', '3:4'] as const;
export type ImageAspect = (typeof IMAGE_ASPECTS)[number];

export const ASPECT_LABELS: Record<ImageAspect, string> = {
  '1:1': 'Square 1:1',
  '16:9': 'Landscape 16:9',
  '9:16': 'Portrait 9:16',
  '4:3': 'Classic 4:3',
  '3:4': 'Portrait 3:4',
};

/** Exact ratios about one megapixel, multiples of 16 so every encoder and model accepts them. */
export const ASPECT_SIZES: Record<ImageAspect, { width: number; height: number }> = {
  '1:1': { width: 1024, height: 1024 },
  '16:9': { width: 1280, height: 720 },
  '9:16': { width: 720, height: 1280 },
  '4:3': { width: 1152, height: 864 },
  '3:4': { width: 864, height: 1152 },
};

export const IMAGE_STYLES = [
  'none',
  'photographic',
  'cinematic',
  'digital-art',
  'anime',
  'watercolor',
  '3d-render',
  'pixel-art',
  'line-art',
] as const;
export type ImageStyle = (typeof IMAGE_STYLES)[number];

export const STYLE_PRESETS: Record<ImageStyle, { label: string; prompt: string }> = {
  none: { label: 'No style', prompt: '' },
  photographic: { label: 'Photographic', prompt: 'professional photograph, natural light, sharp focus, high detail' },
  cinematic: {
    label: 'Cinematic',
    prompt: 'cinematic film still, dramatic lighting, shallow depth of field, color graded',
  },
  'digital-art': { label: 'Digital art', prompt: 'vibrant digital illustration, clean lines, rich colors' },
  anime: { label: 'Anime', prompt: 'anime style, cel shading, expressive, studio quality' },
  watercolor: { label: 'Watercolor', prompt: 'soft watercolor painting, paper texture, gentle washes of color' },
  '3d-render': { label: '3D render', prompt: '3D render, soft global illumination, smooth materials' },
  'pixel-art': { label: 'Pixel art', prompt: 'pixel art, limited palette, crisp pixels' },
  'line-art': { label: 'Line art', prompt: 'minimal black ink line art on white' },
};

/** `auto` picks the best configured engine: FLUX, then OpenAI, then the offline artwork. */
export const IMAGE_ENGINES = ['auto', 'offline', 'openai', 'fal'] as const;
export type ImageEngineChoice = (typeof IMAGE_ENGINES)[number];
export type ImageEngineId = Exclude<ImageEngineChoice, 'auto'>;

/** `GET /images/engines`: what the engine picker lists. */
export const imageEngineInfoSchema = z.object({
  id: z.enum(['offline', 'openai', 'fal']),
  label: z.string(),
  available: z.boolean(),
});
export type ImageEngineInfo = z.infer<typeof imageEngineInfoSchema>;

/**
 * The engine a request runs on: `auto` is FLUX, else OpenAI, else the offline artwork; a named engine the server has
 * no key for is undefined. The API runs by it and the form prices by it, so both name the same engine.
 */
export function resolveImageEngine(
  choice: ImageEngineChoice,
  available: (id: ImageEngineId) => boolean,
): ImageEngineId | undefined {
  if (choice === 'auto') return (['fal', 'openai'] as const).find(available) ?? 'offline';
  return choice === 'offline' || available(choice) ? choice : undefined;
}

export const IMAGE_LIMITS = {
  promptMin: 3,
  promptMax: 1000,
  negativeMax: 500,
  countMin: 1,
  countMax: 4,
  seedMax: 4_294_967_295,
} as const;

export const imageRequestSchema = z.object({
  prompt: textField({ error: 'Describe the image.' })
    .trim()
    .min(IMAGE_LIMITS.promptMin, 'Describe the image in at least 3 characters.')
    .max(IMAGE_LIMITS.promptMax, `Keep the prompt under ${IMAGE_LIMITS.promptMax} characters.`)
    .describe('What the image shows, at least 3 characters.'),
  negativePrompt: textField()
    .trim()
    .max(IMAGE_LIMITS.negativeMax, `Keep the negative prompt under ${IMAGE_LIMITS.negativeMax} characters.`)
    .default('')
    .describe('What to keep out of the image; the AI engines are asked to avoid it.'),
  aspect: z
    .enum(IMAGE_ASPECTS, { error: 'Choose an aspect ratio.' })
    .default('1:1')
    .describe('Frame shape of each image.'),
  style: z
    .enum(IMAGE_STYLES, { error: 'Choose a style.' })
    .default('none')
    .describe('A look added to the prompt; "none" leaves the prompt as it is.'),
  count: z.coerce
    .number({ error: 'Choose how many images.' })
    .int('Choose a whole number of images.')
    .min(IMAGE_LIMITS.countMin, 'Make at least one image.')
    .max(IMAGE_LIMITS.countMax, `Make at most ${IMAGE_LIMITS.countMax} images at once.`)
    .default(1)
    .describe('How many images to make; each AI image is charged, offline ones are free.'),
  engine: z
    .enum(IMAGE_ENGINES, { error: 'Choose an engine.' })
    .default('auto')
    .describe(
      '"auto" picks FLUX (fal), then OpenAI, then the free offline artwork; a named engine the server has no key for is refused.',
    ),
  /** Omitted → a random seed, reported back so the result can be reproduced. */
  seed: z.coerce
    .number({ error: 'The seed must be a number.' })
    .int('The seed is a whole number.')
    .min(0, 'The seed cannot be negative.')
    .max(IMAGE_LIMITS.seedMax, 'The seed is at most 4294967295.')
    .optional()
    .describe('For reproducible results: image i uses seed + i; omit for a random seed, reported back on each record.'),
});
/** `GET /images?ids=a,b`: the records of one batch (at most 8 ids; anything not an id is dropped). */
export const imageIdsQuery = z.object({
  ids: z
    .string()
    .max(40 * 8)
    .transform((s) => s.split(',').filter(isUuid).slice(0, 8)),
});

export type ImageRequestInput = z.input<typeof imageRequestSchema>;
export type ImageRequest = z.output<typeof imageRequestSchema>;

export const imageRecordSchema = z.object({
  id: z.string().describe("The image's id."),
  /** Images made by one request share it; the gallery groups by it. */
  batchId: z.string().describe('Images made by one request share it.'),
  status: z
    .enum(['queued', 'active', 'succeeded', 'failed'])
    .describe('"queued", "active", then "succeeded" or "failed".'),
  prompt: z.string().describe('The prompt as sent.'),
  negativePrompt: z.string().describe('The negative prompt as sent.'),
  aspect: z.enum(IMAGE_ASPECTS).describe('Frame shape as requested.'),
  style: z.enum(IMAGE_STYLES).describe('Style as requested.'),
  seed: z.number().int().nullable().describe("This image's seed, to make it again."),
  width: z.number().int().nullable().describe('Pixel width; null until the image exists.'),
  height: z.number().int().nullable().describe('Pixel height; null until the image exists.'),
  engine: z.object({ id: z.string(), label: z.string() }).describe('The engine that made it: id and display label.'),
  /** Signed, short-lived URL of the PNG; null until the image exists. */
  url: z.string().nullable().describe('Signed, short-lived URL of the PNG; null until the image exists.'),
  contentType: z.string().nullable().describe('The file\'s type, e.g. "image/png"; null until the image exists.'),
  error: z.string().nullable().describe('Plain-language reason when failed; else null.'),
  creditsCharged: z
    .number()
    .int()
    .describe('Credits charged for this image once it succeeded; 0 before, and when it failed.'),
  createdAt: z.string().describe('When it was accepted, ISO 8601.'),
});
export type ImageRecord = z.infer<typeof imageRecordSchema>;

export const imagePageSchema = z.object({
  items: z
    .array(imageRecordSchema)
    .describe('The image records: those just queued (POST), the batch asked for (ids), or newest first.'),
  nextCursor: z.string().nullable().describe('Pass it as `cursor` for the next page; null on the last page.'),
});
export type ImagePage = z.infer<typeof imagePageSchema>;
