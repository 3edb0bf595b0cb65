/**
 * What a video's run keeps in `<workDir>/manifest.json`: each stage's results and when it finished. A rerun of the same
 * request reads it back and skips whatever already finished.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { BrandSnapshot } from '~/contract/brand.ts';
import type { ClipAudio, StoryboardScene } from '~/contract/storyboard.ts';
import type { CreateVideoRequest, PictureSource, ScenePicture, StockCredit } from '~/contract/video.ts';
import type { BrandedTimeline } from '~/server/media/brand.ts';
import type { ClipInfo } from '~/server/media/clip.ts';
import type { MotionLayers } from '~/server/media/illustration/index.ts';
import type { TimedWord } from '~/server/media/word-timing.ts';
import type { SceneLog } from './stage.ts';

export const VIDEO_STAGES = [
  'clean',
  'split',
  'narrate',
  'visuals',
  'captions',
  'render',
  'thumbnail',
  'store',
] as const;
export type VideoStage = (typeof VIDEO_STAGES)[number];

export interface VideoOutputs {
  video: string;
  thumbnail: string;
  subtitles: string;
  /** Absent from runs whose captions stage finished before WebVTT was written. */
  captionsVtt?: string;
  durationMs: number;
  width: number;
  height: number;
  size: number;
}

export interface NarratedScene {
  file: string;
  durationMs: number;
  sampleRate: number;
  words: TimedWord[];
}

export interface Still {
  file: string;
  width: number;
  height: number;
  /** Absent on stills of manifests written before there was a choice: those were designed. */
  source?: PictureSource;
  subjects?: string[];
  /** An illustration's layout and what it draws (absent on other pictures and older manifests). */
  layout?: ScenePicture['layout'];
  elements?: ScenePicture['elements'];
  /** An illustration's layers: the scene's stills as its elements come in, and each element as it enters. */
  motion?: MotionLayers;
  credit?: Omit<StockCredit, 'scenes'> & { key: string };
  /** The user's video clip, shown as it is (`file` is the clip; width and height are the still size all the same). */
  clip?: ClipInfo;
  audio?: ClipAudio;
}

export interface Manifest {
  version: 1;
  jobId: string;
  /** Hash of the request; a different request in the same workDir starts over. */
  fingerprint: string;
  finished: Partial<Record<VideoStage, string>>;
  text?: string;
  scenes?: string[];
  /** Stock/AI search query per scene. */
  queries?: string[];
  narration?: Array<NarratedScene | null>;
  timeline?: BrandedTimeline;
  narrationTrack?: string;
  /** The brand kit's intro and outro stills. */
  cards?: { intro: string | null; outro: string | null };
  stills?: Array<Still | null>;
  /** `vtt` is absent from manifests written before WebVTT was. */
  captions?: { srt: string; vtt?: string; ass: string | null };
  outputs?: VideoOutputs;
  stored?: unknown;
}

const MANIFEST = 'manifest.json';

export async function readManifest(workDir: string): Promise<Manifest | null> {
  try {
    return JSON.parse(await fs.readFile(path.join(workDir, MANIFEST), 'utf8')) as Manifest;
  } catch {
    return null;
  }
}

async function writeManifest(workDir: string, manifest: Manifest): Promise<void> {
  const file = path.join(workDir, MANIFEST);
  // Write-then-rename: a crash mid-write leaves the previous manifest intact, never half a file.
  await fs.writeFile(`${file}.tmp`, JSON.stringify(manifest));
  await fs.rename(`${file}.tmp`, file);
}

export function fingerprint(
  request: CreateVideoRequest,
  uploads: readonly string[],
  scenes: readonly StoryboardScene[] | undefined,
  brand: BrandSnapshot | undefined,
): string {
  // Only what a run has: manifests of runs without scenes or a kit keep matching.
  const inputs = { request, uploads, ...(scenes ? { scenes } : {}), ...(brand ? { brand } : {}) };
  return createHash('sha256').update(JSON.stringify(inputs)).digest('hex');
}

/** The manifest an earlier run of the same request left in `workDir`, or a new one. */
export async function openManifest(workDir: string, jobId: string, print: string): Promise<Manifest> {
  const previous = await readManifest(workDir);
  return previous && previous.fingerprint === print && previous.version === 1
    ? previous
    : { version: 1, jobId, fingerprint: print, finished: {} };
}

export function manifestSaver(workDir: string, manifest: Manifest) {
  // Saves run one after another: stills finish two at a time and must not race on the manifest file.
  let saving: Promise<void> = Promise.resolve();
  const save = (): Promise<void> =>
    (saving = saving.catch(() => undefined).then(() => writeManifest(workDir, manifest)));
  /** A stage's per-scene results in one of the manifest's arrays, saved as each scene is kept. */
  const sceneLog = <T>(done: Array<T | null>): SceneLog<T> => ({
    done,
    keep: (index, value) => {
      done[index] = value;
      return save();
    },
  });
  return { save, sceneLog };
}
