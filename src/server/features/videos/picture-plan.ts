/**
 * What a scene's picture is, said in words before or after it is made: the storyboard shows what the render will
 * use, the video page what it used. Light on purpose (no rasteriser, no ffmpeg): the API's storyboard views use it.
 */
import { createHash } from 'node:crypto';
import type { BrandSnapshot } from '~/contract/brand.ts';
import type { StoryboardScene } from '~/contract/storyboard.ts';
import type { CaptionPosition, PictureSource, ScenePicture, VisualSource } from '~/contract/video.ts';
import { type IllustrationStyle, illustratedWords } from '~/server/media/illustration/compose.ts';
import { brandPalette, scriptPalette } from '~/server/media/illustration/palette.ts';

/**
 * A video's look for illustrations: the brand kit's colours when it has one, otherwise a palette seeded by `key`
 * (the storyboard's id, so its previews are what the render draws; else the job's), clear of its captions.
 */
export function videoIllustrationStyle(
  key: string,
  frame: { width: number; height: number },
  captionPosition: CaptionPosition,
  brand: Pick<BrandSnapshot, 'colors'> | null | undefined,
): IllustrationStyle {
  const seed = createHash('sha256').update(key).digest().readUInt32BE(0);
  return { palette: brand ? brandPalette(brand.colors) : scriptPalette('', seed), captionPosition, frame };
}

/** A search's words, for what a stock or AI picture found by it depicts. */
export const queryWords = (query: string): string[] => query.split(/\s+/).filter(Boolean);

/**
 * What a storyboard scene's picture will be, said before anything is made: for "auto", the first usable source that
 * has something (stock and AI are taken to find a picture; an illustration needs a subject it can draw).
 */
export function plannedPicture(
  scene: Pick<StoryboardScene, 'text' | 'query' | 'visual'>,
  sources: readonly VisualSource[],
  hasAi: boolean,
): ScenePicture {
  const designed: ScenePicture = { source: 'designed', subjects: [] };
  const illustration = (): ScenePicture | null => {
    const subjects = illustratedWords(scene.text);
    return subjects.length > 0 ? { source: 'illustration', subjects } : null;
  };
  const { visual } = scene;
  switch (visual.kind) {
    case 'designed':
      return designed;
    case 'upload':
      return { source: 'upload', subjects: [] };
    case 'stock':
      return { source: 'stock', subjects: queryWords(scene.query) };
    case 'ai':
      // Without an image model the render draws the illustration instead (scene-visuals.ts).
      return hasAi
        ? { source: 'ai', subjects: queryWords(visual.prompt || scene.query) }
        : (illustration() ?? designed);
    case 'illustration':
      return illustration() ?? designed;
    case 'auto':
      for (const source of sources) {
        if (source === 'stock' || source === 'ai') return { source, subjects: queryWords(scene.query) };
        const drawn = source === 'illustration' ? illustration() : null;
        if (drawn) return drawn;
      }
      return designed;
  }
}

/** A scene's picture as the video page and the storyboard say it. */
export const pictureOf = (picture: { source: PictureSource; subjects?: string[] | undefined }): ScenePicture => ({
  source: picture.source,
  subjects: picture.subjects ?? [],
});
