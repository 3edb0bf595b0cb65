/**
 * What a scene's picture is, said in words before or after it is made: the storyboard shows what the render will
 * use, the video page what it used. Light on purpose (no rasteriser, no ffmpeg): the API's storyboard views use it.
 */
import { createHash } from 'node:crypto';
import type { BrandSnapshot } from '~/contract/brand.ts';
import { cleanScript } from '~/contract/clean.ts';
import type { StoryboardScene } from '~/contract/storyboard.ts';
import type { CaptionPosition, PictureSource, ScenePicture, VisualSource } from '~/contract/video.ts';
import type { IllustrationSpec, IllustrationStyle } from '~/server/media/illustration/compose.ts';
import { illustrateBeat, pictureElements } from '~/server/media/illustration/composer/index.ts';
import { brandPalette, scriptPalette } from '~/server/media/illustration/palette.ts';
import { readScript } from '~/server/media/illustration/reader/index.ts';
import type { SentenceReading } from '~/server/media/illustration/reading.ts';

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

/** A storyboard's scenes read for drawing, each in the context of the whole (a setting carries on). */
export const storyboardReadings = (scenes: ReadonlyArray<Pick<StoryboardScene, 'text'>>): SentenceReading[] =>
  readScript(scenes.map((scene) => cleanScript(scene.text)));

/** An illustration as the storyboard and the video say it: the words it depicts, its layout, what it draws where. */
export const illustrationPictureOf = (spec: IllustrationSpec): ScenePicture => ({
  source: 'illustration',
  subjects: spec.subjects,
  layout: spec.layout,
  elements: pictureElements(spec),
});

/** What the composer needs to plan a scene's beat: its reading, its place in the video and the video's look. */
export interface PlannedBeat {
  reading: SentenceReading;
  index: number;
  style: IllustrationStyle;
}

/**
 * What a storyboard scene's picture will be, said before anything is made: for "auto", the first usable source (stock
 * and AI are taken to find a picture; an illustration always has one: every sentence gets a composition).
 */
export function plannedPicture(
  scene: Pick<StoryboardScene, 'text' | 'query' | 'visual'>,
  sources: readonly VisualSource[],
  hasAi: boolean,
  beat: PlannedBeat,
): ScenePicture {
  const designed: ScenePicture = { source: 'designed', subjects: [] };
  const illustration = (): ScenePicture => illustrationPictureOf(illustrateBeat(beat.reading, beat.index, beat.style));
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
      return illustration();
    case 'auto':
      for (const source of sources) {
        if (source === 'stock' || source === 'ai') return { source, subjects: queryWords(scene.query) };
        if (source === 'illustration') return illustration();
      }
      return designed;
  }
}

/** A scene's picture as the video page and the storyboard say it. */
export const pictureOf = (picture: {
  source: PictureSource;
  subjects?: string[] | undefined;
  layout?: ScenePicture['layout'];
  elements?: ScenePicture['elements'];
}): ScenePicture => ({
  source: picture.source,
  subjects: picture.subjects ?? [],
  ...(picture.layout ? { layout: picture.layout } : {}),
  ...(picture.elements ? { elements: picture.elements } : {}),
});
