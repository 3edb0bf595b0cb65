/**
 * A scene's picture, fitted to the still size: the first source of the visual order that has one (stock, AI, an
 * illustration of what it says, designed), or, for a storyboard scene, the visual the user chose. The render and the storyboard's preview both
 * come through here, storyboard scenes through the content cache, so what the preview shows is what is rendered.
 */
import fs from 'node:fs/promises';
import type { ClipAudio, StoryboardScene } from '~/contract/storyboard.ts';
import {
  availableSources,
  type PictureSource,
  type ScenePicture,
  type StockCredit,
  type VisualOrder,
  type VisualSource,
} from '~/contract/video.ts';
import { type ClipInfo, probeClip } from '~/server/media/clip.ts';
import { runFfmpeg } from '~/server/media/ffmpeg.ts';
import {
  drawIllustration,
  type IllustrationSpec,
  type IllustrationStyle,
  illustrateBeat,
  type SentenceReading,
} from '~/server/media/illustration/index.ts';
import { fitImageArgs } from '~/server/media/render.ts';
import { localPictureProblem } from '~/server/media/upload.ts';
import type { ImageProvider } from '~/server/providers/images/types.ts';
import {
  findStockPhoto,
  findStockVideo,
  resolveStockItem,
  type StockLibrary,
  type StockOrientation,
  stockPhotoKey,
  stockVideoKey,
} from '~/server/providers/stock/index.ts';
import { type ContentCache, sceneSeed, sceneVisualKeyInput, visualKey } from '../cache.ts';
import { isAbortError, MediaError, withReason } from '../errors.ts';
import { illustrationPictureOf, queryWords } from './plan.ts';

export type Size = { width: number; height: number };

/**
 * The size a storyboard scene's picture is made and cached at, whatever the timeline: the render's still size
 * depends on the longest scene's pan, so keying by it would make every picture new after one text edit. A quarter
 * larger than the frame covers most pans; the render fits this to its still size.
 */
export const pictureSize = (frame: Size): Size => {
  const even = (n: number) => 2 * Math.round(n / 2);
  return { width: even(frame.width * 1.25), height: even(frame.height * 1.25) };
};

export interface Picture {
  /** A PNG of the size asked for, or a video clip (then `clip` is set) shown as it is. */
  file: string;
  source: PictureSource;
  /** The scene's words it depicts; absent on pictures cached before it was kept. */
  subjects?: string[];
  /** An illustration's layout and what it draws, where (pictureElements). */
  layout?: ScenePicture['layout'];
  elements?: ScenePicture['elements'];
  /** An illustration's drawing, which the render animates (the PNG is how it ends). */
  illustration?: IllustrationSpec;
  credit?: Omit<StockCredit, 'scenes'> & { key: string };
  clip?: ClipInfo;
  audio?: ClipAudio;
}

export interface PictureSources {
  /** The designed background: offline, never fails. */
  images: ImageProvider;
  /** The video's look for illustrations, which are offline too. */
  illustration: IllustrationStyle;
  ai?: ImageProvider | undefined;
  stock?: StockLibrary | undefined;
  /** Local copy of one of the user's uploaded files. */
  uploadFile?: ((fileId: string, signal?: AbortSignal) => Promise<string>) | undefined;
  onSkip?: ((reason: string) => void) | undefined;
}

/** The sources of `order` this server can use, in order; always ends with "designed". */
export const usableSources = (
  order: VisualOrder,
  { ai, stock }: Pick<PictureSources, 'ai' | 'stock'>,
): VisualSource[] => availableSources(order, { ai: Boolean(ai), stock: Boolean(stock && stock.providers.length > 0) });

export const orientationOf = (size: Size): StockOrientation =>
  size.width > size.height ? 'landscape' : size.width < size.height ? 'portrait' : 'square';

async function fit(source: string, file: string, size: Size, signal?: AbortSignal): Promise<void> {
  await runFfmpeg(fitImageArgs(source, size, file), { signal });
}

export async function generatePicture(
  engine: ImageProvider,
  prompt: string,
  seed: number,
  file: string,
  size: Size,
  signal?: AbortSignal,
): Promise<void> {
  const image = await engine.generate({ prompt, ...size, seed, ...(signal ? { signal } : {}) });
  if (image.width === size.width && image.height === size.height) await fs.writeFile(file, image.png);
  else {
    // Cloud engines offer a few sizes only; bring theirs to ours like an upload.
    await fs.writeFile(`${file}.source`, image.png);
    await fit(`${file}.source`, file, size, signal);
    await fs.rm(`${file}.source`, { force: true });
  }
}

export interface AutoPick {
  /** 1-based, for messages. */
  scene: number;
  text: string;
  /** What the scene's sentence says, read for drawing (readScript over the whole script). */
  reading: SentenceReading;
  query: string;
  seed: number;
  size: Size;
  /** Where a picture goes (a PNG); a stock clip goes beside it, as .mp4. */
  file: string;
  /** How long a stock clip must run to fill the scene without looping. */
  minClipMs: number;
  /** Stock items other scenes show, so two scenes do not pick the same one. */
  taken: Set<string>;
  signal?: AbortSignal | undefined;
  /**
   * An illustration's drawing without its finished frame as a PNG (`file` is then empty): a render that is not
   * cached draws only the layers it animates, and the still of the whole frame would be drawn for nothing.
   */
  drawingOnly?: boolean;
}

/** The first source in `sources` that has a picture for the scene; the designed one always does. */
export async function autoPicture(
  from: PictureSources,
  sources: readonly VisualSource[],
  pick: AutoPick,
): Promise<Picture> {
  const { file, size, signal, query, text } = pick;
  const { ai, stock } = from;
  for (const source of sources) {
    if (source === 'stock' && stock) {
      const picked = await stockVisual(from, stock, pick);
      if (picked) return { ...picked, subjects: queryWords(query) };
      continue;
    }
    if (source === 'illustration') return illustrationPicture(from, pick);
    if (source === 'ai' && ai) {
      try {
        await generatePicture(ai, query ? `${query}. ${text}` : text, pick.seed, file, size, signal);
        return { file, source, subjects: queryWords(query) };
      } catch (error) {
        if (isAbortError(error)) throw error;
        from.onSkip?.(`${ai.id}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
  try {
    await generatePicture(from.images, text, pick.seed, file, size, signal);
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new MediaError(withReason(`We couldn't create the background for scene ${pick.scene}.`, error), 'visuals', {
      cause: error,
    });
  }
  return { file, source: 'designed', subjects: [] };
}

/** The scene composed as a beat from its reading: every sentence has one (its key phrase in type at least). */
async function illustrationPicture(
  from: PictureSources,
  pick: Pick<AutoPick, 'scene' | 'reading' | 'file' | 'size' | 'signal' | 'drawingOnly'>,
): Promise<Picture> {
  const spec = illustrateBeat(pick.reading, pick.scene - 1, from.illustration);
  const said = { ...illustrationPictureOf(spec), illustration: spec };
  if (pick.drawingOnly) return { file: '', ...said };
  try {
    await drawIllustration(spec, pick.size, pick.file, pick.signal);
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new MediaError(withReason(`We couldn't draw the illustration for scene ${pick.scene}.`, error), 'visuals', {
      cause: error,
    });
  }
  return { file: pick.file, ...said };
}

/**
 * A stock clip at least as long as the scene, shown muted (stock clips' own sound is rarely wanted under a voice),
 * else a stock photo fitted to the frame; undefined when neither library has one.
 */
async function stockVisual(from: PictureSources, library: StockLibrary, pick: AutoPick): Promise<Picture | undefined> {
  const { file, size, signal, query, taken } = pick;
  const onSkip = (reason: string) => from.onSkip?.(reason);
  const orientation = orientationOf(size);
  const clipFile = `${file.replace(/\.png$/, '')}.mp4`;
  const video = await findStockVideo(library, {
    query,
    orientation,
    file: clipFile,
    taken,
    signal,
    onSkip,
    minDurationMs: pick.minClipMs,
  });
  if (video) {
    try {
      const clip = await probeClip(clipFile, signal);
      const credit = {
        key: stockVideoKey(video),
        provider: video.provider,
        media: 'video' as const,
        author: video.author,
        authorUrl: video.authorUrl,
        sourceUrl: video.pageUrl,
      };
      return { file: clipFile, source: 'stock', clip, audio: 'mute', credit };
    } catch (error) {
      if (isAbortError(error)) throw error;
      // Left taken, so no other scene picks the unreadable clip again.
      await fs.rm(clipFile, { force: true });
      onSkip(`${stockVideoKey(video)} could not be read as a clip`);
    }
  }
  const photo = await findStockPhoto(library, { query, orientation, file: `${file}.source`, taken, signal, onSkip });
  if (!photo) return undefined;
  try {
    await fit(`${file}.source`, file, size, signal);
    await fs.rm(`${file}.source`, { force: true });
  } catch (error) {
    if (isAbortError(error)) throw error;
    onSkip(`${stockPhotoKey(photo)} could not be fitted to the frame`);
    return undefined;
  }
  const credit = {
    key: stockPhotoKey(photo),
    provider: photo.provider,
    media: 'photo' as const,
    author: photo.author,
    authorUrl: photo.authorUrl,
    sourceUrl: photo.pageUrl,
  };
  return { file, source: 'stock', credit };
}

export interface StoryboardPick {
  scene: Pick<StoryboardScene, 'id' | 'text' | 'query' | 'visual'>;
  /** The scene's sentence read for drawing, in the context of the whole storyboard (storyboardReadings). */
  reading: SentenceReading;
  /** 1-based, for messages. */
  number: number;
  order: VisualOrder;
  size: Size;
  /** A scratch path (.png) for making the picture; the answer's file is the cache's. */
  scratch: string;
  /** How long the scene runs (an estimate before it is narrated), for choosing a stock clip. */
  sceneMs: number;
  taken: Set<string>;
  signal?: AbortSignal | undefined;
}

/**
 * A storyboard scene's picture (or stock clip) from the cache, or made and put there. A chosen stock item the
 * library no longer has (or an upload that is gone) is reported through onSkip and replaced by the automatic pick,
 * so a render never fails over one picture. The user's own clips are not cached: they are the user's file already.
 */
export async function storyboardPicture(
  from: PictureSources,
  cache: ContentCache,
  pick: StoryboardPick,
): Promise<Picture> {
  const sources = usableSources(pick.order, from);
  const key = storyboardPictureKey(from, pick);
  const cached = await cache.getVisual<Omit<Picture, 'file'>>(key);
  if (cached) {
    if (cached.meta.credit) pick.taken.add(cached.meta.credit.key);
    return { ...cached.meta, file: cached.file };
  }
  const made = await makeStoryboardPicture(from, sources, pick).catch(async (error: unknown) => {
    if (isAbortError(error) || error instanceof MediaError) throw error;
    from.onSkip?.(
      `scene ${pick.number}: ${error instanceof Error ? error.message : String(error)}; the automatic pick is used`,
    );
    return autoPicture(from, sources, autoPickOf(pick));
  });
  const { file, ...meta } = made;
  const stored = await cache.putVisual(key, file, meta);
  await fs.rm(file, { force: true });
  return { ...meta, file: stored.file };
}

/** The cache key of a storyboard scene's picture with these sources. */
export const storyboardPictureKey = (
  from: Pick<PictureSources, 'ai' | 'stock' | 'illustration'>,
  pick: Pick<StoryboardPick, 'scene' | 'reading' | 'number' | 'order' | 'size'>,
): string =>
  visualKey(
    sceneVisualKeyInput(pick.scene, {
      order: pick.order,
      sources: usableSources(pick.order, from),
      aiEngine: from.ai?.id,
      illustration: {
        palette: from.illustration.palette,
        captions: from.illustration.captionPosition,
        side: (pick.number - 1) % 2,
        reading: pick.reading,
      },
    }),
    pick.size,
  );

const autoPickOf = (pick: StoryboardPick): AutoPick => ({
  scene: pick.number,
  text: pick.scene.text,
  reading: pick.reading,
  query: pick.scene.query,
  seed: sceneSeed(pick.scene.id),
  size: pick.size,
  file: pick.scratch,
  minClipMs: pick.sceneMs,
  taken: pick.taken,
  signal: pick.signal,
});

async function makeStoryboardPicture(
  from: PictureSources,
  sources: readonly VisualSource[],
  pick: StoryboardPick,
): Promise<Picture> {
  const { scene, size, scratch: file, signal } = pick;
  const { visual } = scene;
  const seed = sceneSeed(scene.id);
  switch (visual.kind) {
    case 'designed':
      await generatePicture(from.images, scene.text, seed, file, size, signal);
      return { file, source: 'designed', subjects: [] };
    case 'illustration':
      return illustrationPicture(from, { scene: pick.number, reading: pick.reading, file, size, signal });
    case 'ai': {
      // A server that lost its image model draws the illustration instead, as the storyboard says before the render.
      if (!from.ai)
        return makeStoryboardPicture(from, sources, { ...pick, scene: { ...scene, visual: { kind: 'illustration' } } });
      const prompt = visual.prompt || (scene.query ? `${scene.query}. ${scene.text}` : scene.text);
      await generatePicture(from.ai, prompt, visual.seed, file, size, signal);
      return { file, source: 'ai', subjects: queryWords(visual.prompt || scene.query) };
    }
    case 'stock': {
      if (!from.stock) throw new Error(`no ${visual.provider} key is configured for the chosen stock ${visual.media}`);
      const target = visual.media === 'video' ? `${file.replace(/\.png$/, '')}.mp4` : `${file}.source`;
      const item = await resolveStockItem(
        from.stock,
        { provider: visual.provider, media: visual.media, id: visual.id },
        target,
        signal,
      );
      if (!item) throw new Error(`${visual.provider} no longer has the chosen ${visual.media} ${visual.id}`);
      const key = visual.media === 'video' ? stockVideoKey(item) : stockPhotoKey(item);
      pick.taken.add(key);
      const credit = {
        key,
        provider: item.provider,
        media: visual.media,
        author: item.author,
        authorUrl: item.authorUrl,
        sourceUrl: item.pageUrl,
      };
      const subjects = queryWords(scene.query);
      if (visual.media === 'video')
        return {
          file: target,
          source: 'stock',
          subjects,
          clip: await probeClip(target, signal),
          audio: 'mute',
          credit,
        };
      await fit(target, file, size, signal);
      await fs.rm(target, { force: true });
      return { file, source: 'stock', subjects, credit };
    }
    case 'upload': {
      if (!from.uploadFile) throw new Error('uploaded files cannot be read here');
      const local = await from.uploadFile(visual.fileId, signal);
      // The decoded-size rule of uploads, whatever route stored the file: checked before anything decodes it.
      const problem = await localPictureProblem(local);
      if (problem) throw new MediaError(`The picture of scene ${pick.number} cannot be used. ${problem}`, 'visuals');
      await fit(local, file, size, signal);
      return { file, source: 'upload', subjects: [] };
    }
    case 'auto':
      return autoPicture(from, sources, autoPickOf(pick));
  }
}
