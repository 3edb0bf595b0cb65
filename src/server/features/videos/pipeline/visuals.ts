/**
 * Stage `visuals`: each scene's still at the timeline's still size (the user's uploads, a storyboard scene's chosen
 * visual, or the first source of the visual order that has one), an illustration's layers drawn for its motion, and
 * the brand kit's intro and outro cards.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { type BrandSnapshot, brandFont } from '~/contract/brand.ts';
import type { StoryboardScene } from '~/contract/storyboard.ts';
import { DEFAULT_CAPTION_OPTIONS } from '~/contract/video.ts';
import { type BrandedTimeline, narrationSlots } from '~/server/media/brand.ts';
import { drawCard } from '~/server/media/brand-card.ts';
import { runFfmpeg } from '~/server/media/ffmpeg.ts';
import { drawLayers, enterWithSpeech, readScript } from '~/server/media/illustration/index.ts';
import { fitImageArgs } from '~/server/media/render.ts';
import { stillSize } from '~/server/media/timeline.ts';
import { FONTS_DIR } from '~/server/media/tools.ts';
import type { ImageProvider } from '~/server/providers/images/types.ts';
import { keywordSceneQueries, type SceneQueryWriter } from '~/server/providers/llm/visualQueries.ts';
import type { StockLibrary } from '~/server/providers/stock/index.ts';
import type { ContentCache } from '../cache.ts';
import { isAbortError, MediaError } from '../errors.ts';
import { storyboardReadings, videoIllustrationStyle } from '../pictures/plan.ts';
import {
  autoPicture,
  type Picture,
  type PictureSources,
  pictureSize,
  type Size,
  storyboardPicture,
  usableSources,
} from '../pictures/scene-visuals.ts';
import type { Manifest, NarratedScene, Still } from './manifest.ts';
import { exists, type SceneLog, type StageRun, sceneFile } from './stage.ts';
import { fitUpload, storyboardClip, type UploadFile } from './user-visuals.ts';

const STILLS_AT_ONCE = 2;

/** Where a video's pictures come from, besides the user's own files. */
export interface PictureProviders {
  /** The designed background: offline, never fails, the last source of every visual order. */
  images: ImageProvider;
  /** The configured AI image engine; absent → scenes skip the "ai" source. */
  ai?: ImageProvider;
  /** Stock libraries with a key; absent or empty → scenes skip the "stock" source. */
  stock?: StockLibrary;
  /** A search query per scene; the built-in keywords when absent. */
  queries?: SceneQueryWriter;
  /** Why a scene passed over a source (rate limit, nothing found, a refused download), for the job log. */
  onSkip?: (scene: number, reason: string) => void;
}

export interface VisualsDeps {
  providers: PictureProviders;
  /** Seeds the illustrations' palette. */
  paletteKey: string;
  /** Local paths of the user's images and clips, shown in turn when the request's visuals are "uploaded". */
  uploads: readonly string[];
  storyboard: readonly StoryboardScene[] | undefined;
  uploadFile: UploadFile | undefined;
  cache: ContentCache | undefined;
  brand: { snapshot: BrandSnapshot; logo: string | null } | undefined;
}

export interface VisualsInput {
  scenes: string[];
  timeline: BrandedTimeline;
  narration: readonly NarratedScene[];
}

export interface VisualsLog {
  stills: SceneLog<Still>;
  /** The scenes' search queries found in the manifest (a storyboard's, or an earlier run's), and keeping new ones there. */
  queries: { readonly known: readonly string[] | undefined; keep(queries: string[]): void };
}

/** What drawing one scene's still needs from the run. */
interface SceneDrawing {
  dir: string;
  size: Size;
  timeline: BrandedTimeline;
  narration: readonly NarratedScene[];
  signal: AbortSignal | undefined;
}

export async function visuals(
  run: StageRun,
  input: VisualsInput,
  log: VisualsLog,
  deps: VisualsDeps,
): Promise<Pick<Manifest, 'cards'>> {
  const { request, signal } = run;
  const { scenes, timeline } = input;
  const { storyboard, cache, uploads } = deps;
  const dir = path.join(run.workDir, 'stills');
  await fs.mkdir(dir, { recursive: true });
  const size = stillSize(timeline, run.width, run.height);
  const { ai, stock } = deps.providers;
  const captionPosition = (request.captionOptions ?? DEFAULT_CAPTION_OPTIONS).position;
  const from: PictureSources = {
    images: deps.providers.images,
    illustration: videoIllustrationStyle(
      deps.paletteKey,
      { width: run.width, height: run.height },
      captionPosition,
      deps.brand?.snapshot,
    ),
    ai,
    stock,
    uploadFile: deps.uploadFile,
  };
  const useUploads = !storyboard && request.visuals === 'uploaded' && uploads.length > 0;
  const sources = usableSources(request.visualOrder, { ai, stock });
  let queries = log.queries.known;
  if (!useUploads && !queries && sources.some((source) => source === 'stock' || source === 'ai')) {
    const made = await (deps.providers.queries ?? keywordSceneQueries)(scenes, signal);
    log.queries.keep(made);
    queries = made;
  }
  const drawing: SceneDrawing = { dir, size, timeline, narration: input.narration, signal };
  // Read once over the whole script: a sentence's setting can come from the ones before it.
  const readings = storyboard ? storyboardReadings(storyboard) : readScript(scenes);
  const taken = new Set(log.stills.done.flatMap((still) => (still?.credit ? [still.credit.key] : [])));

  const still = async (text: string, i: number): Promise<Still> => {
    const onSkip = (reason: string) => deps.providers.onSkip?.(i + 1, reason);
    if (useUploads) return fitUpload(uploads, i % uploads.length, { dir, size, clipAudio: request.clipAudio, signal });
    if (storyboard && cache) {
      const clip = await storyboardClip(storyboard[i]!, i, deps.uploadFile, signal);
      if (clip) return { ...clip, ...size };
      const picture = await storyboardPicture({ ...from, onSkip }, cache, {
        scene: { ...storyboard[i]!, text },
        reading: readings[i]!,
        number: i + 1,
        order: request.visualOrder,
        size: pictureSize({ width: run.width, height: run.height }),
        scratch: `${sceneFile(dir, i, 'png')}.made.png`,
        sceneMs: sceneMs(timeline, i),
        taken,
        signal,
      });
      return { ...(await fromCache(picture, i, drawing)), ...size };
    }
    const query = queries?.[i] ?? '';
    const file = sceneFile(dir, i, 'png');
    const picture = await autoPicture({ ...from, onSkip }, sources, {
      scene: i + 1,
      text,
      reading: readings[i]!,
      query,
      seed: i,
      size,
      file,
      minClipMs: sceneMs(timeline, i),
      taken,
      signal,
      drawingOnly: true,
    });
    return { ...(await withMotion(picture, i, drawing)), ...size };
  };

  let finished = 0;
  // Two stills at a time: drawing is single-threaded and this machine class has two cores.
  await forEachLimited(scenes, STILLS_AT_ONCE, async (text, i) => {
    const done = log.stills.done[i];
    if (!done || !(await exists(done.file))) await log.stills.keep(i, await still(text, i));
    run.progress(++finished / scenes.length);
  });
  return deps.brand
    ? { cards: await drawBrandCards(deps.brand, { width: run.width, height: run.height }, size, dir, signal) }
    : {};
}

/** Runs `task` over `items` with at most `limit` in flight; the first failure stops new starts and is thrown. */
async function forEachLimited<T>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failed = false;
  const lane = async (): Promise<void> => {
    while (next < items.length && !failed) {
      const index = next++;
      try {
        await task(items[index]!, index);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/** How long scene i is on screen, transitions included: a stock clip must run at least this long. */
function sceneMs(timeline: BrandedTimeline, i: number): number {
  return Math.ceil((narrationSlots(timeline)[i]!.frames / timeline.fps) * 1000);
}

/**
 * The render's own copy of a cached picture, so the cache may trim it meanwhile: a clip linked (or copied) as
 * it is, a picture fitted to this timeline's still size.
 */
async function fromCache(picture: Picture, i: number, drawing: SceneDrawing): Promise<Omit<Still, 'width' | 'height'>> {
  if (picture.illustration) return withMotion(picture, i, drawing);
  if (picture.clip) {
    const file = sceneFile(drawing.dir, i, 'mp4');
    await fs.rm(file, { force: true });
    await fs.link(picture.file, file).catch(() => fs.copyFile(picture.file, file));
    return { ...picture, file };
  }
  const file = sceneFile(drawing.dir, i, 'png');
  await runFfmpeg(fitImageArgs(picture.file, drawing.size, file), { signal: drawing.signal });
  return { ...picture, file };
}

/** An illustration's layers drawn for the render, each entering as its words are said; other pictures as they are. */
async function withMotion(
  picture: Picture,
  i: number,
  { dir, size, timeline, narration, signal }: SceneDrawing,
): Promise<Omit<Still, 'width' | 'height'>> {
  const { illustration, ...still } = picture;
  if (!illustration) return still;
  const slot = narrationSlots(timeline)[i]!;
  const sceneStart = slot.firstFrame / timeline.fps;
  const timed = enterWithSpeech(
    illustration,
    narration[i]!.words,
    slot.audioStartMs / 1000 - sceneStart,
    slot.frames / timeline.fps,
  );
  try {
    const motion = await drawLayers(
      timed,
      path.join(dir, `scene-${String(i + 1).padStart(3, '0')}-layers`),
      size,
      signal,
    );
    // The background is the scene's still on the lanes (a cached picture's own PNG shows the finished frame).
    return { ...still, file: motion.background, motion };
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new MediaError(`We couldn't draw the illustration for scene ${i + 1}.`, 'visuals', { cause: error });
  }
}

async function drawBrandCards(
  kit: NonNullable<VisualsDeps['brand']>,
  frame: Size,
  still: Size,
  dir: string,
  signal: AbortSignal | undefined,
): Promise<NonNullable<Manifest['cards']>> {
  const { snapshot } = kit;
  const draw = async (name: 'intro' | 'outro'): Promise<string | null> => {
    const card = snapshot[name];
    if (!card) return null;
    const output = path.join(dir, `${name}.png`);
    const logo =
      kit.logo && snapshot.logo ? { path: kit.logo, width: snapshot.logo.width, height: snapshot.logo.height } : null;
    const fontFile = path.join(FONTS_DIR, brandFont(snapshot.font).file);
    try {
      await drawCard(
        {
          text: card.text,
          background: snapshot.colors.primary,
          textColor: snapshot.colors.secondary,
          fontFile,
          logo,
          frame,
          still,
          output,
        },
        signal,
      );
    } catch (error) {
      if (isAbortError(error)) throw error;
      throw new MediaError(`We couldn't draw your brand ${name} card.`, 'visuals', { cause: error });
    }
    return output;
  };
  return { intro: await draw('intro'), outro: await draw('outro') };
}
