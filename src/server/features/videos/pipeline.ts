/**
 * Script in, MP4 out, as a sequence of stages that each persist their result in `workDir/manifest.json`:
 *
 *   clean → split → narrate (per scene) → visuals (per scene) → captions → render → thumbnail → store
 *
 * A rerun with the same job reads the manifest and skips whatever already finished (narration and stills are even
 * resumed scene by scene), so a crash or a restart costs only the stage that was running. The AbortSignal cancels
 * any stage, killing ffmpeg or a synthesis worker on the spot.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { StoryboardScene } from '~/contract/storyboard.ts';
import {
  DEFAULT_CAPTION_OPTIONS,
  narrationLengthError,
  NOTHING_TO_READ_MESSAGE,
  videoDimensions,
  type CreateVideoRequest,
  type PictureSource,
  type ScenePicture,
  type StockCredit,
} from '~/contract/video.ts';
import type { Voice } from '~/contract/voices.ts';
import type { ImageProvider } from '~/server/providers/images/types.ts';
import { keywordSceneQueries, type SceneQueryWriter } from '~/server/providers/llm/visualQueries.ts';
import type { StockLibrary } from '~/server/providers/stock/index.ts';
import type { TimedWord } from '~/server/media/word-timing.ts';
import type { TtsProvider } from '~/server/providers/tts/types.ts';
import { buildAss, buildSrt, captionLayout, groupCaptions } from '../../media/captions.ts';
import { cleanScript } from '~/contract/clean.ts';
import { isAbortError, MediaError, withReason } from './errors.ts';
import { probe, runFfmpeg } from '../../media/ffmpeg.ts';
import { DEFAULT_PAD, generateTrack } from '../../media/music.ts';
import { DEFAULT_MUSIC_TRACK } from '~/contract/music.ts';
import { DEFAULT_RENDER, fitImageArgs, planRender, thumbnailArgs, type RenderSettings, type RenderVisual } from '../../media/render.ts';
import { runRender } from '../../media/render-run.ts';
import { probeClip, type ClipInfo } from '../../media/clip.ts';
import type { ClipAudio } from '~/contract/storyboard.ts';
import { sniffType, SNIFF_BYTES } from '~/server/storage/sniff.ts';
import { splitScenes } from '../../media/scenes.ts';
import { buildTimeline, stillSize } from '../../media/timeline.ts';
import { FONTS_DIR } from '../../media/tools.ts';
import { brandFont, logoPlacement, type BrandSnapshot } from '~/contract/brand.ts';
import { logoWindow, narrationSlots, stillsWithCards, withBrandCards, type BrandedTimeline } from '../../media/brand.ts';
import { drawCard } from '../../media/brand-card.ts';
import { decodeWav, encodeWav, normalizingGain } from '../../media/wav.ts';
import { narrationKey, type ContentCache } from './cache.ts';
import { drawLayers, enterWithSpeech, type MotionLayers } from '../../media/illustration/index.ts';
import { autoPicture, pictureSize, storyboardPicture, usableSources, type Picture, type PictureSources } from './scene-visuals.ts';
import { pictureOf, videoIllustrationStyle } from './picture-plan.ts';

export const VIDEO_STAGES = ['clean', 'split', 'narrate', 'visuals', 'captions', 'render', 'thumbnail', 'store'] as const;
export type VideoStage = (typeof VIDEO_STAGES)[number];

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

const STILLS_AT_ONCE = 2;

/** Runs `task` over `items` with at most `limit` in flight; the first failure stops new starts and is thrown. */
async function forEachLimited<T>(items: readonly T[], limit: number, task: (item: T, index: number) => Promise<void>): Promise<void> {
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

export interface VideoProviders {
  /** Resolves the request's voice id (static or live) and gives its engine. */
  voices: { forVoice(voice: Voice): TtsProvider; findVoice(id: string): Promise<Voice | undefined> };
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

export interface VideoOutputs {
  video: string;
  thumbnail: string;
  subtitles: string;
  durationMs: number;
  width: number;
  height: number;
  size: number;
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
  uploadFile?: (fileId: string, signal?: AbortSignal) => Promise<string>;
  /** Narration and pictures by content: scenes found there are not made again. */
  cache?: ContentCache;
  /** Local path of the user's own music track when `request.music.fileId` is set; it plays instead of the library's. */
  musicFile?: string;
  /** `fraction` is the whole job's progress, 0..1, and only ever grows. */
  onProgress?: (stage: VideoStage, fraction: number) => void;
  signal?: AbortSignal;
  /** Saves the finished files somewhere lasting; its answer is kept in the manifest. */
  store?: (outputs: VideoOutputs, signal?: AbortSignal) => Promise<unknown>;
  render?: Partial<RenderSettings>;
  /** Called with each ffmpeg pid (benchmarks sample their memory). */
  onFfmpegSpawn?: (pid: number) => void;
  /** The brand kit as the video was accepted with it, and the logo's local file when it has one. */
  brand?: { snapshot: BrandSnapshot; logo: string | null };
}

interface NarratedScene {
  file: string;
  durationMs: number;
  sampleRate: number;
  words: TimedWord[];
}

interface Still {
  file: string;
  width: number;
  height: number;
  /** Absent on stills of manifests written before there was a choice: those were designed. */
  source?: PictureSource;
  subjects?: string[];
  /** An illustration's layers: its background pans as the scene's still, its elements are animated over it. */
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
  captions?: { srt: string; ass: string | null };
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

const exists = (file: string): Promise<boolean> =>
  fs.access(file).then(
    () => true,
    () => false,
  );

/** Whether an upload is a video clip rather than an image, by its first bytes. */
async function isVideo(file: string): Promise<boolean> {
  const handle = await fs.open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(SNIFF_BYTES), 0, SNIFF_BYTES, 0);
    return sniffType(buffer.subarray(0, bytesRead))?.startsWith('video/') ?? false;
  } finally {
    await handle.close();
  }
}

const sceneFile = (dir: string, index: number, ext: string) => path.join(dir, `scene-${String(index + 1).padStart(3, '0')}.${ext}`);

function fingerprint(request: CreateVideoRequest, uploads: readonly string[], scenes: readonly StoryboardScene[] | undefined, brand: BrandSnapshot | undefined): string {
  // Only what a run has: manifests of runs without scenes or a kit keep matching.
  const inputs = { request, uploads, ...(scenes ? { scenes } : {}), ...(brand ? { brand } : {}) };
  return createHash('sha256').update(JSON.stringify(inputs)).digest('hex');
}

export async function runVideoPipeline(options: RunVideoPipelineOptions): Promise<VideoResult> {
  const { workDir, request, signal } = options;
  const uploads = options.uploads ?? [];
  const settings: RenderSettings = { ...DEFAULT_RENDER, ...options.render };
  await fs.mkdir(workDir, { recursive: true });

  const storyboard = options.scenes;
  const cache = options.cache;
  const brand = options.brand;
  const print = fingerprint(request, uploads, storyboard, brand?.snapshot);
  const previous = await readManifest(workDir);
  const manifest: Manifest =
    previous && previous.fingerprint === print && previous.version === 1
      ? previous
      : { version: 1, jobId: options.jobId, fingerprint: print, finished: {} };
  // Saves run one after another: stills finish two at a time and must not race on the manifest file.
  let saving: Promise<void> = Promise.resolve();
  const save = (): Promise<void> => (saving = saving.catch(() => undefined).then(() => writeManifest(workDir, manifest)));

  const voice = await options.providers.voices.findVoice(request.voiceId);
  if (!voice) throw new MediaError('This voice is no longer available. Please choose another voice.', 'narrate');
  const { width, height } = videoDimensions(request.aspect, request.resolution);

  let reported = 0;
  const progress = (stage: VideoStage, within: number) => {
    const before = VIDEO_STAGES.slice(0, VIDEO_STAGES.indexOf(stage)).reduce((sum, s) => sum + STAGE_WEIGHTS[s], 0);
    const fraction = Math.min(1, before + STAGE_WEIGHTS[stage] * Math.min(1, Math.max(0, within)));
    if (fraction < reported) return;
    reported = fraction;
    options.onProgress?.(stage, fraction);
  };

  const stages: Record<VideoStage, () => Promise<void>> = {
    async clean() {
      const text = cleanScript(request.script);
      if (!/[\p{L}\p{N}]/u.test(text)) throw new MediaError(NOTHING_TO_READ_MESSAGE, 'clean', { retryable: false });
      manifest.text = text;
    },

    async split() {
      if (!storyboard) {
        manifest.scenes = splitScenes(manifest.text!);
        return;
      }
      // The user's scenes stand; only what a voice cannot read is taken out of each.
      manifest.scenes = storyboard.map((scene, i) => {
        const text = cleanScript(scene.text);
        if (!/[\p{L}\p{N}]/u.test(text)) throw new MediaError(`Scene ${i + 1} has nothing a voice can read. Edit it and render again.`, 'split', { retryable: false });
        return text;
      });
      manifest.queries = storyboard.map((scene) => scene.query);
    },

    async narrate() {
      const scenes = manifest.scenes!;
      const dir = path.join(workDir, 'narration');
      await fs.mkdir(dir, { recursive: true });
      manifest.narration ??= scenes.map(() => null);
      const provider = options.providers.voices.forVoice(voice);
      const pcm: Int16Array[] = [];
      for (const [i, text] of scenes.entries()) {
        const done = manifest.narration[i];
        if (done && (await exists(done.file))) {
          pcm[i] = decodeWav(await fs.readFile(done.file)).pcm;
        } else {
          try {
            const key = narrationKey({ voice, settings: {}, text });
            const cached = await cache?.getNarration(key);
            const file = sceneFile(dir, i, 'wav');
            if (cached) {
              await fs.copyFile(cached.wav, file);
              pcm[i] = decodeWav(await fs.readFile(file)).pcm;
              manifest.narration[i] = { file, durationMs: cached.durationMs, sampleRate: cached.sampleRate, words: cached.words };
            } else {
              const speech = await provider.synthesize(text, voice, { ...(signal ? { signal } : {}) });
              const wav = encodeWav({ pcm: speech.pcm, sampleRate: speech.sampleRate, channels: 1 });
              await fs.writeFile(file, wav);
              await cache?.putNarration(key, wav, { durationMs: speech.durationMs, sampleRate: speech.sampleRate, words: speech.words });
              pcm[i] = speech.pcm;
              manifest.narration[i] = { file, durationMs: speech.durationMs, sampleRate: speech.sampleRate, words: speech.words };
            }
            await save();
          } catch (error) {
            if (isAbortError(error)) throw error;
            throw new MediaError(withReason(`We couldn't generate the narration for scene ${i + 1}.`, error), 'narrate', { cause: error });
          }
        }
        progress('narrate', (i + 1) / scenes.length);
      }

      const narrated = manifest.narration as NarratedScene[];
      const sampleRate = narrated[0]!.sampleRate;
      if (narrated.some((n) => n.sampleRate !== sampleRate)) throw new MediaError("We couldn't join the narration of all scenes.", 'narrate');
      const timeline = withBrandCards(
        buildTimeline(
          narrated.map((n) => n.durationMs),
          height > width,
          storyboard?.map((scene) => scene.transition) ?? [],
        ),
        (brand?.snapshot.intro?.seconds ?? 0) * 1000,
        (brand?.snapshot.outro?.seconds ?? 0) * 1000,
      );
      // The estimate priced and allowed the script; the real voice decides. Nothing is rendered past 5 minutes.
      const tooLong = narrationLengthError(timeline.totalMs);
      if (tooLong) throw new MediaError(tooLong, 'narrate', { retryable: false });
      // One track for the whole video, exactly as long as the picture: scenes placed at their slots, silence between.
      const track = new Int16Array(Math.round((timeline.totalMs / 1000) * sampleRate));
      const gain = normalizingGain(pcm);
      narrationSlots(timeline).forEach((slot, i) => {
        const offset = Math.round((slot.audioStartMs / 1000) * sampleRate);
        const samples = pcm[i]!;
        for (let s = 0; s < samples.length && offset + s < track.length; s++) {
          track[offset + s] = Math.max(-32768, Math.min(32767, Math.round(samples[s]! * gain)));
        }
      });
      manifest.narrationTrack = path.join(workDir, 'narration.wav');
      await fs.writeFile(manifest.narrationTrack, encodeWav({ pcm: track, sampleRate, channels: 1 }));
      manifest.timeline = timeline;
    },

    async visuals() {
      const timeline = manifest.timeline!;
      const scenes = manifest.scenes!;
      const dir = path.join(workDir, 'stills');
      await fs.mkdir(dir, { recursive: true });
      const size = stillSize(timeline, width, height);
      const { ai, stock } = options.providers;
      const captionPosition = (request.captionOptions ?? DEFAULT_CAPTION_OPTIONS).position;
      const from: PictureSources = {
        images: options.providers.images,
        illustration: videoIllustrationStyle(options.storyboardId ?? options.jobId, { width, height }, captionPosition, brand?.snapshot),
        ai,
        stock,
        uploadFile: options.uploadFile,
      };
      const useUploads = !storyboard && request.visuals === 'uploaded' && uploads.length > 0;
      const sources = usableSources(request.visualOrder, { ai, stock });
      if (!useUploads && sources.some((source) => source === 'stock' || source === 'ai')) manifest.queries ??= await (options.providers.queries ?? keywordSceneQueries)(scenes, signal);
      manifest.stills ??= scenes.map(() => null);
      const taken = new Set(manifest.stills.flatMap((still) => (still?.credit ? [still.credit.key] : [])));
      let finished = 0;
      // Two stills at a time: drawing is single-threaded and this machine class has two cores.
      await forEachLimited(scenes, STILLS_AT_ONCE, async (text, i) => {
        const done = manifest.stills![i];
        if (!done || !(await exists(done.file))) {
          const onSkip = (reason: string) => options.providers.onSkip?.(i + 1, reason);
          const file = sceneFile(dir, i, 'png');
          if (useUploads) manifest.stills![i] = await fitUpload(i % uploads.length, size);
          else if (storyboard && cache) {
            const clip = await storyboardClip(storyboard[i]!, i);
            if (clip) {
              manifest.stills![i] = { ...clip, ...size };
              await save();
              progress('visuals', ++finished / scenes.length);
              return;
            }
            const picture = await storyboardPicture({ ...from, onSkip }, cache, {
              scene: { ...storyboard[i]!, text },
              number: i + 1,
              order: request.visualOrder,
              size: pictureSize({ width, height }),
              scratch: `${file}.made.png`,
              sceneMs: sceneMs(i),
              taken,
              signal,
            });
            manifest.stills![i] = { ...(await fromCache(picture, i)), ...size };
          } else {
            const query = manifest.queries?.[i] ?? '';
            const picture = await autoPicture({ ...from, onSkip }, sources, { scene: i + 1, text, query, seed: i, size, file, minClipMs: sceneMs(i), taken, signal, drawingOnly: true });
            manifest.stills![i] = { ...(await withMotion(picture, i)), ...size };
          }
          await save();
        }
        progress('visuals', ++finished / scenes.length);
      });
      if (brand) manifest.cards = await drawBrandCards(brand, size);

      /** How long scene i is on screen, transitions included: a stock clip must run at least this long. */
      function sceneMs(i: number): number {
        return Math.ceil((narrationSlots(timeline)[i]!.frames / timeline.fps) * 1000);
      }

      /**
       * The render's own copy of a cached picture, so the cache may trim it meanwhile: a clip linked (or copied) as
       * it is, a picture fitted to this timeline's still size.
       */
      async function fromCache(picture: Picture, i: number): Promise<Omit<Still, 'width' | 'height'>> {
        if (picture.illustration) return withMotion(picture, i);
        if (picture.clip) {
          const file = sceneFile(dir, i, 'mp4');
          await fs.rm(file, { force: true });
          await fs.link(picture.file, file).catch(() => fs.copyFile(picture.file, file));
          return { ...picture, file };
        }
        const file = sceneFile(dir, i, 'png');
        await runFfmpeg(fitImageArgs(picture.file, size, file), { signal });
        return { ...picture, file };
      }

      /** An illustration's layers drawn for the render, each entering as its words are said; other pictures as they are. */
      async function withMotion(picture: Picture, i: number): Promise<Omit<Still, 'width' | 'height'>> {
        const { illustration, ...still } = picture;
        if (!illustration) return still;
        const slot = narrationSlots(timeline)[i]!;
        const sceneStart = slot.firstFrame / timeline.fps;
        const timed = enterWithSpeech(illustration, manifest.narration![i]!.words, slot.audioStartMs / 1000 - sceneStart, slot.frames / timeline.fps);
        try {
          const motion = await drawLayers(timed, path.join(dir, `scene-${String(i + 1).padStart(3, '0')}-layers`), size, signal);
          // The background is the scene's still on the lanes (a cached picture's own PNG shows the finished frame).
          return { ...still, file: motion.background, motion };
        } catch (error) {
          if (isAbortError(error)) throw error;
          throw new MediaError(`We couldn't draw the illustration for scene ${i + 1}.`, 'visuals', { cause: error });
        }
      }

      /** A storyboard scene showing one of the user's clips plays the clip itself; undefined for anything else. */
      async function storyboardClip(scene: StoryboardScene, i: number): Promise<Pick<Still, 'file' | 'source' | 'clip' | 'audio'> | undefined> {
        if (scene.visual.kind !== 'upload' || !options.uploadFile) return undefined;
        let file: string;
        try {
          file = await options.uploadFile(scene.visual.fileId, signal);
        } catch (error) {
          if (isAbortError(error)) throw error;
          // Gone since it was checked: the picture path reports it and falls back to the automatic pick.
          return undefined;
        }
        if (!(await isVideo(file))) return undefined;
        try {
          return { file, source: 'upload', clip: await probeClip(file, signal), audio: scene.visual.audio };
        } catch (error) {
          if (isAbortError(error)) throw error;
          throw new MediaError(`We couldn't read the clip of scene ${i + 1}. Please upload it again as MP4, MOV or WebM.`, 'visuals', { cause: error });
        }
      }

      // Every scene using upload k shares one fitted copy of it; a clip is read as it is by the render.
      async function fitUpload(k: number, stillSize: { width: number; height: number }): Promise<Still> {
        if (await isVideo(uploads[k]!)) {
          try {
            const clip = await probeClip(uploads[k]!, signal);
            // Jobs queued before clips carry no clip audio in their stored payload.
            return { file: uploads[k]!, ...stillSize, source: 'upload', clip, audio: request.clipAudio ?? 'mute' };
          } catch (error) {
            if (isAbortError(error)) throw error;
            throw new MediaError(`We couldn't read your clip ${k + 1}. Please upload it again as MP4, MOV or WebM.`, 'visuals', { cause: error });
          }
        }
        const file = path.join(dir, `upload-${String(k + 1).padStart(3, '0')}.png`);
        if (!(await exists(file))) {
          try {
            await runFfmpeg(fitImageArgs(uploads[k]!, stillSize, file), { signal });
          } catch (error) {
            if (isAbortError(error)) throw error;
            throw new MediaError(`We couldn't read your image ${k + 1}. Please upload JPEG, PNG or WebP images.`, 'visuals', { cause: error });
          }
        }
        return { file, ...stillSize, source: 'upload' };
      }

      async function drawBrandCards(kit: NonNullable<typeof brand>, still: { width: number; height: number }) {
        const { snapshot } = kit;
        const draw = async (name: 'intro' | 'outro'): Promise<string | null> => {
          const card = snapshot[name];
          if (!card) return null;
          const output = path.join(dir, `${name}.png`);
          const logo = kit.logo && snapshot.logo ? { path: kit.logo, width: snapshot.logo.width, height: snapshot.logo.height } : null;
          const fontFile = path.join(FONTS_DIR, brandFont(snapshot.font).file);
          try {
            await drawCard({ text: card.text, background: snapshot.colors.primary, textColor: snapshot.colors.secondary, fontFile, logo, frame: { width, height }, still, output }, signal);
          } catch (error) {
            if (isAbortError(error)) throw error;
            throw new MediaError(`We couldn't draw your brand ${name} card.`, 'visuals', { cause: error });
          }
          return output;
        };
        return { intro: await draw('intro'), outro: await draw('outro') };
      }
    },

    async captions() {
      const timeline = manifest.timeline!;
      const narrated = manifest.narration as NarratedScene[];
      // Jobs queued before caption styles existed carry no options in their stored payload.
      const style = request.captionOptions ?? DEFAULT_CAPTION_OPTIONS;
      const layout = captionLayout(width, height, style);
      const slots = narrationSlots(timeline);
      const cues = narrated.flatMap((scene, i) => {
        const offset = slots[i]!.audioStartMs;
        const words = scene.words.map((w) => ({ ...w, startMs: w.startMs + offset, endMs: w.endMs + offset }));
        return groupCaptions(words, layout);
      });
      const srt = path.join(workDir, 'captions.srt');
      await fs.writeFile(srt, buildSrt(cues));
      let ass: string | null = null;
      if (request.captions !== 'off') {
        ass = path.join(workDir, 'captions.ass');
        const font = brand ? brandFont(brand.snapshot.font).name : undefined;
        await fs.writeFile(ass, buildAss(cues, request.captions, layout, width, height, style.color, font));
      }
      manifest.captions = { srt, ass };
    },

    async render() {
      const timeline = manifest.timeline!;
      let music: { path: string; volume: number } | undefined;
      if (request.music.enabled && request.music.volume > 0) {
        // The user's own track is played as uploaded; the render loops, fades and ducks it like a library one.
        let file = options.musicFile;
        if (!file) {
          file = path.join(workDir, 'music.wav');
          const seed = createHash('sha256').update(options.jobId).digest().readUInt32BE(0);
          // Jobs queued before the music library carry no track in their stored payload: they had the pad.
          const track = request.music.track ?? DEFAULT_MUSIC_TRACK;
          await fs.writeFile(file, encodeWav({ pcm: generateTrack(track, { ...DEFAULT_PAD, seed }), sampleRate: DEFAULT_PAD.sampleRate, channels: 2 }));
        }
        music = { path: file, volume: request.music.volume / 100 };
      }
      const output = path.join(workDir, 'video.mp4');
      const partial = path.join(workDir, 'video.partial.mp4');
      const ass = manifest.captions!.ass;
      const stills = manifest.stills!.map((still) => still!);
      const card = (file: string | null | undefined): RenderVisual | null => (file ? { kind: 'still', file } : null);
      const visuals = stillsWithCards(
        stills.map((still): RenderVisual =>
          still.clip ? { kind: 'clip', file: still.file, clip: still.clip, audio: still.audio ?? 'mute' } : { kind: 'still', file: still.file, ...(still.motion ? { layers: still.motion } : {}) },
        ),
        { intro: card(manifest.cards?.intro), outro: card(manifest.cards?.outro) },
      );
      const plan = planRender({
        width,
        height,
        timeline,
        visuals,
        stillSize: { width: stills[0]!.width, height: stills[0]!.height },
        narration: manifest.narrationTrack!,
        music,
        subtitles: ass ? { path: ass, fontsDir: FONTS_DIR } : undefined,
        logo:
          brand?.logo && brand.snapshot.logo
            ? {
                path: brand.logo,
                placement: logoPlacement({ width, height }, brand.snapshot.logo, brand.snapshot.logo.corner, brand.snapshot.logo.size),
                opacity: brand.snapshot.logo.opacity / 100,
                ...logoWindow(timeline),
              }
            : undefined,
        output: partial,
        workDir,
        settings,
      });
      try {
        await runRender(plan, {
          durationMs: timeline.totalMs,
          signal,
          onProgress: (f) => progress('render', f),
          ...(options.onFfmpegSpawn ? { onSpawn: options.onFfmpegSpawn } : {}),
        });
      } catch (error) {
        await fs.rm(partial, { force: true });
        if (isAbortError(error)) throw error;
        throw new MediaError("We couldn't put the video together. Please try again.", 'render', { cause: error });
      }
      await fs.rename(partial, output);
      const info = await probe(output, signal);
      const video = info.streams.find((s) => s.codec_type === 'video');
      manifest.outputs = {
        video: output,
        thumbnail: path.join(workDir, 'thumbnail.jpg'),
        subtitles: manifest.captions!.srt,
        durationMs: info.durationMs,
        width: video?.width ?? width,
        height: video?.height ?? height,
        size: info.size,
      };
    },

    async thumbnail() {
      const outputs = manifest.outputs!;
      try {
        await runFfmpeg(thumbnailArgs(outputs.video, outputs.durationMs, outputs.thumbnail), { signal });
      } catch (error) {
        if (isAbortError(error)) throw error;
        throw new MediaError("We couldn't make the video's thumbnail. Please try again.", 'thumbnail', { cause: error });
      }
    },

    async store() {
      if (!options.store) return;
      try {
        manifest.stored = await options.store(manifest.outputs!, signal);
      } catch (error) {
        if (isAbortError(error)) throw error;
        throw new MediaError("We couldn't save the finished video. Please try again.", 'store', { cause: error });
      }
    },
  };

  for (const stage of VIDEO_STAGES) {
    signal?.throwIfAborted();
    if (!manifest.finished[stage]) {
      progress(stage, 0);
      try {
        await stages[stage]();
      } catch (error) {
        if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : error;
        if (error instanceof MediaError || isAbortError(error)) throw error;
        throw new MediaError('Something went wrong while making your video. Please try again.', stage, { cause: error });
      }
      manifest.finished[stage] = new Date().toISOString();
      await save();
    }
    progress(stage, 1);
  }

  const stills = manifest.stills ?? [];
  return { ...manifest.outputs!, stored: manifest.stored ?? null, stockCredits: stockCredits(stills), pictures: stills.map((still) => pictureOf({ source: still?.source ?? 'designed', subjects: still?.subjects ?? [] })) };
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
