/**
 * Stage `render`: the stills (or clips), the brand cards, the narration, the music, the captions and the logo put
 * together by one ffmpeg pass into `video.mp4`, then probed for what it really is.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { type BrandSnapshot, logoPlacement } from '~/contract/brand.ts';
import { DEFAULT_MUSIC_TRACK } from '~/contract/music.ts';
import { type BrandedTimeline, logoWindow, stillsWithCards } from '~/server/media/brand.ts';
import { probe } from '~/server/media/ffmpeg.ts';
import { DEFAULT_PAD, generateTrack } from '~/server/media/music.ts';
import { planRender, type RenderSettings, type RenderVisual } from '~/server/media/render.ts';
import { runRender } from '~/server/media/render-run.ts';
import { FONTS_DIR } from '~/server/media/tools.ts';
import { encodeWav } from '~/server/media/wav.ts';
import { isAbortError, MediaError } from '../errors.ts';
import type { Manifest, Still } from './manifest.ts';
import type { StageRun } from './stage.ts';

export interface RenderInput {
  timeline: BrandedTimeline;
  stills: readonly Still[];
  cards: Manifest['cards'];
  captions: NonNullable<Manifest['captions']>;
  narrationTrack: string;
}

export interface RenderDeps {
  /** Seeds the library track's variation. */
  jobId: string;
  /** The user's own track, played instead of the library's. */
  musicFile: string | undefined;
  brand: { snapshot: BrandSnapshot; logo: string | null } | undefined;
  settings: RenderSettings;
  /** Called with each ffmpeg pid (benchmarks sample their memory). */
  onFfmpegSpawn: ((pid: number) => void) | undefined;
}

export async function render(
  run: StageRun,
  input: RenderInput,
  deps: RenderDeps,
): Promise<Required<Pick<Manifest, 'outputs'>>> {
  const { workDir, width, height, signal } = run;
  const { timeline, stills } = input;
  const { brand } = deps;
  const output = path.join(workDir, 'video.mp4');
  const partial = path.join(workDir, 'video.partial.mp4');
  const ass = input.captions.ass;
  const card = (file: string | null | undefined): RenderVisual | null => (file ? { kind: 'still', file } : null);
  const visuals = stillsWithCards(
    stills.map(
      (still): RenderVisual =>
        still.clip
          ? { kind: 'clip', file: still.file, clip: still.clip, audio: still.audio ?? 'mute' }
          : { kind: 'still', file: still.file, ...(still.motion ? { layers: still.motion } : {}) },
    ),
    { intro: card(input.cards?.intro), outro: card(input.cards?.outro) },
  );
  const plan = planRender({
    width,
    height,
    timeline,
    visuals,
    stillSize: { width: stills[0]!.width, height: stills[0]!.height },
    narration: input.narrationTrack,
    music: await music(run, deps),
    subtitles: ass ? { path: ass, fontsDir: FONTS_DIR } : undefined,
    logo:
      brand?.logo && brand.snapshot.logo
        ? {
            path: brand.logo,
            placement: logoPlacement(
              { width, height },
              brand.snapshot.logo,
              brand.snapshot.logo.corner,
              brand.snapshot.logo.size,
            ),
            opacity: brand.snapshot.logo.opacity / 100,
            ...logoWindow(timeline),
          }
        : undefined,
    output: partial,
    workDir,
    settings: deps.settings,
  });
  try {
    await runRender(plan, {
      durationMs: timeline.totalMs,
      signal,
      onProgress: (f) => run.progress(f),
      ...(deps.onFfmpegSpawn ? { onSpawn: deps.onFfmpegSpawn } : {}),
    });
  } catch (error) {
    await fs.rm(partial, { force: true });
    if (isAbortError(error)) throw error;
    throw new MediaError("We couldn't put the video together. Please try again.", 'render', { cause: error });
  }
  await fs.rename(partial, output);
  const info = await probe(output, signal);
  const video = info.streams.find((s) => s.codec_type === 'video');
  return {
    outputs: {
      video: output,
      thumbnail: path.join(workDir, 'thumbnail.jpg'),
      subtitles: input.captions.srt,
      ...(input.captions.vtt ? { captionsVtt: input.captions.vtt } : {}),
      durationMs: info.durationMs,
      width: video?.width ?? width,
      height: video?.height ?? height,
      size: info.size,
    },
  };
}

/** The music bed, or undefined when the request has none. */
async function music(
  { workDir, request }: StageRun,
  { jobId, musicFile }: RenderDeps,
): Promise<{ path: string; volume: number } | undefined> {
  if (!request.music.enabled || request.music.volume <= 0) return undefined;
  // The user's own track is played as uploaded; the render loops, fades and ducks it like a library one.
  let file = musicFile;
  if (!file) {
    file = path.join(workDir, 'music.wav');
    const seed = createHash('sha256').update(jobId).digest().readUInt32BE(0);
    // Jobs queued before the music library carry no track in their stored payload: they had the pad.
    const track = request.music.track ?? DEFAULT_MUSIC_TRACK;
    await fs.writeFile(
      file,
      encodeWav({
        pcm: generateTrack(track, { ...DEFAULT_PAD, seed }),
        sampleRate: DEFAULT_PAD.sampleRate,
        channels: 2,
      }),
    );
  }
  return { path: file, volume: request.music.volume / 100 };
}
