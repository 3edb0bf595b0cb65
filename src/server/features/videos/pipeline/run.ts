/**
 * Script in, MP4 out, as a sequence of stages (one file each in this folder) that each persist their result in
 * `<workDir>/manifest.json`:
 *
 *   clean → split → narrate (per scene) → visuals (per scene) → captions → render → thumbnail → store
 *
 * A rerun with the same job reads the manifest and skips whatever already finished (narration and stills are even
 * resumed scene by scene), so a crash or a restart costs only the stage that was running. The AbortSignal cancels
 * any stage, killing ffmpeg or a synthesis worker on the spot.
 */
import fs from 'node:fs/promises';
import { type BrandSnapshot, brandFont } from '~/contract/brand.ts';
import type { StoryboardScene } from '~/contract/storyboard.ts';
import { type CreateVideoRequest, type ScenePicture, type StockCredit, videoDimensions } from '~/contract/video.ts';
import type { Voice } from '~/contract/voices.ts';
import { DEFAULT_RENDER, type RenderSettings } from '~/server/media/render.ts';
import type { TtsProvider } from '~/server/providers/tts/types.ts';
import type { ContentCache } from '../cache.ts';
import { isAbortError, MediaError } from '../errors.ts';
import { pictureOf } from '../pictures/plan.ts';
import { captions } from './captions.ts';
import { clean } from './clean.ts';
import {
  fingerprint,
  type Manifest,
  manifestSaver,
  type NarratedScene,
  openManifest,
  type Still,
  VIDEO_STAGES,
  type VideoOutputs,
  type VideoStage,
} from './manifest.ts';
import { narrate } from './narrate.ts';
import { render } from './render.ts';
import { split } from './split.ts';
import type { StageRun } from './stage.ts';
import { type StoreOutputs, store } from './store.ts';
import { thumbnail } from './thumbnail.ts';
import type { UploadFile } from './user-visuals.ts';
import { type PictureProviders, visuals } from './visuals.ts';

export { type Manifest, readManifest, VIDEO_STAGES, type VideoOutputs, type VideoStage } from './manifest.ts';

/** Share of the total run time each stage takes (measured on 1- and 5-minute 1080p videos, docs/benchmarks.md). */
const STAGE_WEIGHTS: Record<VideoStage, number> = {
  clean: 0.005,
  split: 0.005,
  narrate: 0.04,
  visuals: 0.05,
  captions: 0.005,
  render: 0.87,
  thumbnail: 0.01,
  store: 0.015,
};

/** The whole job's progress, 0..1, when `stage` is `within` (0..1) done. */
function jobFraction(stage: VideoStage, within: number): number {
  const before = VIDEO_STAGES.slice(0, VIDEO_STAGES.indexOf(stage)).reduce((sum, s) => sum + STAGE_WEIGHTS[s], 0);
  return Math.min(1, before + STAGE_WEIGHTS[stage] * Math.min(1, Math.max(0, within)));
}

export interface VideoProviders extends PictureProviders {
  /** Resolves the request's voice id (static or live) and gives its engine. */
  voices: { forVoice(voice: Voice): TtsProvider; findVoice(id: string): Promise<Voice | undefined> };
}

export interface VideoResult extends VideoOutputs {
  /** What `store` returned (file ids, URLs). */
  stored: unknown;
  /** The stock pictures shown, for the credits on the video page. */
  stockCredits: StockCredit[];
  /** What each scene's picture was, for the video page. */
  pictures: ScenePicture[];
}

export interface RunVideoPipelineOptions {
  jobId: string;
  /** A storyboard render's storyboard: its id seeds the illustrations' palette, as it did for the previews. */
  storyboardId?: string;
  workDir: string;
  request: CreateVideoRequest;
  providers: VideoProviders;
  /** Local paths of the user's images, in order, when `request.visuals` is "uploaded". */
  uploads?: readonly string[];
  /**
   * A storyboard's scenes: used as they are (no split, their own queries), each showing its chosen visual. The
   * request's script is then their texts (storyboardScript), for the record and the price.
   */
  scenes?: readonly StoryboardScene[];
  /** Local copy of one of the user's uploaded files, for storyboard scenes that show one. */
  uploadFile?: UploadFile;
  /** Narration and pictures by content: scenes found there are not made again. */
  cache?: ContentCache;
  /** Local path of the user's own music track when `request.music.fileId` is set; it plays instead of the library's. */
  musicFile?: string;
  /** `fraction` is the whole job's progress, 0..1, and only ever grows. */
  onProgress?: (stage: VideoStage, fraction: number) => void;
  signal?: AbortSignal;
  /** Saves the finished files somewhere lasting; its answer is kept in the manifest. */
  store?: StoreOutputs;
  render?: Partial<RenderSettings>;
  /** Called with each ffmpeg pid (benchmarks sample their memory). */
  onFfmpegSpawn?: (pid: number) => void;
  /** The brand kit as the video was accepted with it, and the logo's local file when it has one. */
  brand?: { snapshot: BrandSnapshot; logo: string | null };
}

export async function runVideoPipeline(options: RunVideoPipelineOptions): Promise<VideoResult> {
  const { workDir, request, signal, providers, cache, brand } = options;
  const storyboard = options.scenes;
  const uploads = options.uploads ?? [];
  await fs.mkdir(workDir, { recursive: true });

  const manifest = await openManifest(
    workDir,
    options.jobId,
    fingerprint(request, uploads, storyboard, brand?.snapshot),
  );
  const { save, sceneLog } = manifestSaver(workDir, manifest);
  const nulls = () => manifest.scenes!.map(() => null);

  const voice = await providers.voices.findVoice(request.voiceId);
  if (!voice) throw new MediaError('This voice is no longer available. Please choose another voice.', 'narrate');
  const { width, height } = videoDimensions(request.aspect, request.resolution);

  let reported = 0;
  const progress = (stage: VideoStage, within: number) => {
    const fraction = jobFraction(stage, within);
    if (fraction < reported) return;
    reported = fraction;
    options.onProgress?.(stage, fraction);
  };

  // Each stage reads what earlier stages kept in the manifest; what it answers is kept there too.
  const stages: Record<VideoStage, (run: StageRun) => Promise<Partial<Manifest>>> = {
    clean: async () => clean(request.script),
    split: async () => split(manifest.text!, storyboard),
    narrate: (run) => {
      manifest.narration ??= nulls();
      return narrate(run, manifest.scenes!, sceneLog(manifest.narration), {
        voice,
        provider: providers.voices.forVoice(voice),
        cache,
        transitions: storyboard?.map((scene) => scene.transition) ?? [],
        brand: brand?.snapshot,
      });
    },
    visuals: (run) => {
      manifest.stills ??= nulls();
      const queries = {
        known: manifest.queries,
        keep: (made: string[]) => {
          manifest.queries = made;
        },
      };
      return visuals(
        run,
        { scenes: manifest.scenes!, timeline: manifest.timeline!, narration: manifest.narration as NarratedScene[] },
        { stills: sceneLog(manifest.stills), queries },
        {
          providers,
          paletteKey: options.storyboardId ?? options.jobId,
          uploads,
          storyboard,
          uploadFile: options.uploadFile,
          cache,
          brand,
        },
      );
    },
    captions: (run) =>
      captions(run, {
        timeline: manifest.timeline!,
        narration: manifest.narration as NarratedScene[],
        font: brand ? brandFont(brand.snapshot.font).name : undefined,
      }),
    render: (run) =>
      render(
        run,
        {
          timeline: manifest.timeline!,
          stills: manifest.stills!.map((still) => still!),
          cards: manifest.cards,
          captions: manifest.captions!,
          narrationTrack: manifest.narrationTrack!,
        },
        {
          jobId: options.jobId,
          musicFile: options.musicFile,
          brand,
          settings: { ...DEFAULT_RENDER, ...options.render },
          onFfmpegSpawn: options.onFfmpegSpawn,
        },
      ),
    thumbnail: async () => {
      await thumbnail(manifest.outputs!, signal);
      return {};
    },
    store: () => store(manifest.outputs!, options.store, signal),
  };

  for (const stage of VIDEO_STAGES) {
    signal?.throwIfAborted();
    if (!manifest.finished[stage]) {
      progress(stage, 0);
      try {
        Object.assign(
          manifest,
          await stages[stage]({
            workDir,
            request,
            width,
            height,
            signal,
            progress: (within) => progress(stage, within),
          }),
        );
      } catch (error) {
        if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : error;
        if (error instanceof MediaError || isAbortError(error)) throw error;
        throw new MediaError('Something went wrong while making your video. Please try again.', stage, {
          cause: error,
        });
      }
      manifest.finished[stage] = new Date().toISOString();
      await save();
    }
    progress(stage, 1);
  }

  const stills = manifest.stills ?? [];
  return {
    ...manifest.outputs!,
    stored: manifest.stored ?? null,
    stockCredits: stockCredits(stills),
    pictures: stills.map((still) =>
      pictureOf({ ...still, source: still?.source ?? 'designed', subjects: still?.subjects ?? [] }),
    ),
  };
}

/** One credit per picture, naming the scenes (1-based) that show it. */
export function stockCredits(stills: ReadonlyArray<Pick<Still, 'credit'> | null>): StockCredit[] {
  const byKey = new Map<string, StockCredit>();
  stills.forEach((still, i) => {
    const credit = still?.credit;
    if (!credit) return;
    const { key, ...shown } = credit;
    const entry = byKey.get(key);
    if (entry) entry.scenes.push(i + 1);
    else byKey.set(key, { ...shown, scenes: [i + 1] });
  });
  return [...byKey.values()];
}
