/**
 * Picture choices that work on this server, said the same way by the storyboard's API, its picture dialog and the
 * video page: why a source is missing (the key that would add it), the plan a video follows here, and what a finished
 * video's scenes used.
 */
import type { PictureSource, ScenePicture, VisualOrder, VisualSource } from './video.ts';
import { availableSources } from './video.ts';

export interface PictureAvailability {
  stock: boolean;
  ai: boolean;
}

/** Why a source this server lacks cannot be used, in plain words: what it needs and the key that would add it. */
export const MISSING_SOURCE_REASONS = {
  stock:
    'Stock photos and clips come from Pexels or Pixabay, and this server has no key for either (PEXELS_API_KEY or PIXABAY_API_KEY in its settings would add them).',
  ai: 'AI images need an image model, and none is connected to this server (OPENAI_API_KEY or FAL_KEY in its settings would add one).',
} as const;

/** The storyboard's 400 for a scene set to an AI image on a server without an image model. */
export const NO_IMAGE_MODEL_MESSAGE = `${MISSING_SOURCE_REASONS.ai} Choose an illustration or another picture for this scene.`;

const PLURAL: Record<PictureSource, [one: string, many: string]> = {
  stock: ['stock clip or photo', 'stock clips and photos'],
  ai: ['AI image', 'AI images'],
  illustration: ['illustration', 'illustrations'],
  designed: ['designed background', 'designed backgrounds'],
  upload: ['your upload', 'your uploads'],
};

const capital = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

/**
 * What a finished video's scenes used, most used first: "Illustrations (5 scenes), designed background (1)".
 * Null when the video kept no pictures (made before they were kept).
 */
export function picturesSummary(pictures: readonly Pick<ScenePicture, 'source'>[]): string | null {
  if (pictures.length === 0) return null;
  const counts = new Map<PictureSource, number>();
  for (const { source } of pictures) counts.set(source, (counts.get(source) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([source, count], i) => {
      const name = PLURAL[source][count === 1 ? 0 : 1];
      if (i > 0) return `${name} (${count})`;
      return `${capital(name)} (${count} ${count === 1 ? 'scene' : 'scenes'})`;
    })
    .join(', ');
}

const SOURCE_WORDS: Record<VisualSource, string> = {
  stock: 'stock clips and photos',
  ai: 'AI images',
  illustration: "illustrations drawn from each scene's words",
  designed: 'designed backgrounds',
};

/**
 * What a video's scenes will get on this server, by its visual order and the sources here: "Illustrations drawn
 * from each scene's words, or a designed background where nothing can be drawn".
 */
export function picturePlan(order: VisualOrder, available: PictureAvailability): string {
  const sources = availableSources(order, available).filter((source) => source !== 'designed');
  if (sources.length === 0) return 'Designed backgrounds only';
  const [first, ...rest] = sources.map((source) => SOURCE_WORDS[source]);
  const chain = rest.length > 0 ? `${capital(first!)} first, then ${rest.join(', then ')}` : capital(first!);
  return `${chain}, or a designed background where none has a picture`;
}
