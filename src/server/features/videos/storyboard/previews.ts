/**
 * The storyboard's previews of one scene: its narration and its picture, each made once into the content cache the
 * render reads (so previewing is not paid twice). Not charged; what is not cached yet is limited per user instead.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { cleanScript } from '~/contract/clean.ts';
import type { StoryboardScene } from '~/contract/storyboard.ts';
import { toolsMissingMessage } from '~/contract/system-tools.ts';
import { estimateNarration, videoDimensions } from '~/contract/video.ts';
import type { ApiDeps } from '~/server/features/deps.ts';
import { HttpError, notFound } from '~/server/http/errors.ts';
import { TokenBuckets } from '~/server/http/rate-limit.ts';
import { runFfmpeg, ToolNotInstalledError } from '~/server/media/ffmpeg.ts';
import type { IllustrationStyle } from '~/server/media/illustration/compose.ts';
import { encodeWav } from '~/server/media/wav.ts';
import { createDesignedImageProvider } from '~/server/providers/images/designed-provider.ts';
import { createImageProvider, imageEngineSettings, resolveEngine } from '~/server/providers/images/engines.ts';
import { createStockLibrary } from '~/server/providers/stock/index.ts';
import { createTtsProviders, type TtsProviders } from '~/server/providers/tts/index.ts';
import { storageKey } from '~/server/storage/index.ts';
import type { ContentCache } from '../cache.ts';
import { MediaError } from '../errors.ts';
import { storyboardReadings, videoIllustrationStyle } from '../pictures/plan.ts';
import type { PictureSources } from '../pictures/scene-visuals.ts';
import type { StoryboardChecks } from './checks.ts';
import type { StoryboardRow } from './store.ts';
import { narrationKeyOf } from './view.ts';

/** The width of the visual preview; enough for the storyboard's cards, small enough to send at once. */
const PREVIEW_WIDTH = 640;

const sceneOf = (row: StoryboardRow, sceneId: string): StoryboardScene => {
  const scene = row.scenes.find((s) => s.id === sceneId);
  if (!scene) throw notFound('Scene not found');
  return scene;
};

/** One more preview that is not in the cache yet, or 429 in plain words. */
/** 503 naming the missing program and its install command, as a refused render says it. */
const previewsNeed = (tool: string): HttpError => {
  const missing = {
    tool: tool === 'ffprobe' ? 'ffprobe' : 'ffmpeg',
    packages: ['ffmpeg'],
    problem: 'not installed',
  } as const;
  return new HttpError(
    503,
    toolsMissingMessage('show scene previews', [{ ...missing, packages: [...missing.packages] }]),
  );
};

function takePreview(buckets: TokenBuckets, uid: string, what: string): void {
  const taken = buckets.take(uid, Date.now());
  if (!taken.ok)
    throw new HttpError(
      429,
      `You have previewed a lot of ${what} in the last minute. Try again in ${taken.retryAfterSeconds} s.`,
      undefined,
      {
        'Retry-After': String(taken.retryAfterSeconds),
      },
    );
}

export function storyboardPreviews(
  { config, storage }: Pick<ApiDeps, 'config' | 'storage'>,
  cache: ContentCache,
  { existing, voiceOf, brandOf }: StoryboardChecks,
) {
  const previews = new TokenBuckets({
    perMinute: config.narrationPreviewsPerMinute,
    burst: config.narrationPreviewsPerMinute,
  });
  // New pictures may be a cloud AI image or stock downloads, paid by the server, not the user.
  const pictures = new TokenBuckets({
    perMinute: config.visualPreviewsPerMinute,
    burst: config.visualPreviewsPerMinute,
  });
  // Made on the first preview (as the speech studio does): an API never asked for one starts no eSpeak worker, and
  // the worker's children exit when idle.
  let voices: TtsProviders | undefined;
  const tts = () => (voices ??= createTtsProviders(config.providers));

  /** What the render would draw the storyboard's illustrations with: its kit's colours or its own palette. */
  async function illustrationStyleOf(row: StoryboardRow): Promise<IllustrationStyle> {
    const frame = videoDimensions(row.settings.aspect, row.settings.resolution);
    return videoIllustrationStyle(
      row.id,
      frame,
      row.settings.captionOptions.position,
      await brandOf(row.uid, row.settings),
    );
  }

  function pictureSources(uid: string, illustration: IllustrationStyle): PictureSources & { close(): Promise<void> } {
    const engines = imageEngineSettings(config);
    const aiEngine = resolveEngine('auto', engines);
    const ai = aiEngine && aiEngine !== 'offline' ? createImageProvider(aiEngine, engines) : undefined;
    const images = createDesignedImageProvider();
    const dir = path.join(os.tmpdir(), `nxn-preview-${randomUUID()}`);
    return {
      images,
      illustration,
      ai,
      stock: createStockLibrary(config),
      uploadFile: async (fileId) => {
        const bytes = await storage.get(storageKey(uid, fileId));
        if (!bytes) throw new Error('the uploaded file is no longer available');
        await fs.mkdir(dir, { recursive: true });
        const file = path.join(dir, 'upload');
        await fs.writeFile(file, bytes);
        return file;
      },
      close: async () => {
        await Promise.all([images.close(), ai?.close?.(), fs.rm(dir, { recursive: true, force: true })]);
      },
    };
  }

  return {
    /**
     * The scene's narration as the render will speak it, synthesised once into the cache (the render then reads it
     * from there): not charged, limited per user instead.
     */
    async narration(uid: string, id: string, sceneId: string, signal?: AbortSignal): Promise<Uint8Array> {
      const row = await existing(uid, id);
      const scene = sceneOf(row, sceneId);
      const voice = await voiceOf(row.settings.voiceId);
      const key = narrationKeyOf(voice, scene);
      const cached = await cache.getNarration(key);
      if (cached) return fs.readFile(cached.wav);
      takePreview(previews, uid, 'narration');
      const text = cleanScript(scene.text);
      if (!/[\p{L}\p{N}]/u.test(text)) throw new HttpError(409, 'Nothing in this scene can be read aloud yet.');
      const speech = await tts()
        .forVoice(voice)
        .synthesize(text, voice, signal ? { signal } : {});
      const wav = encodeWav({ pcm: speech.pcm, sampleRate: speech.sampleRate, channels: 1 });
      await cache.putNarration(key, wav, {
        durationMs: speech.durationMs,
        sampleRate: speech.sampleRate,
        words: speech.words,
      });
      return wav;
    },

    /** A JPEG of the picture the render will show for the scene, made into the cache the render reads. */
    async preview(uid: string, id: string, sceneId: string, signal?: AbortSignal): Promise<Uint8Array> {
      const row = await existing(uid, id);
      const index = row.scenes.findIndex((s) => s.id === sceneId);
      const scene = sceneOf(row, sceneId);
      const sources = pictureSources(uid, await illustrationStyleOf(row));
      const scratch = path.join(os.tmpdir(), `nxn-preview-${randomUUID()}`);
      try {
        // The picture machinery (stock downloads, fitting, the render's helpers) loads on the first preview, not with the API.
        const { pictureSize, storyboardPicture, storyboardPictureKey } = await import('../pictures/scene-visuals.ts');
        const pick = {
          scene: { ...scene, text: cleanScript(scene.text) },
          reading: storyboardReadings(row.scenes)[index]!,
          number: index + 1,
          order: row.settings.visualOrder,
          size: pictureSize(videoDimensions(row.settings.aspect, row.settings.resolution)),
        };
        if (!(await cache.getVisual(storyboardPictureKey(sources, pick)))) takePreview(pictures, uid, 'scene pictures');
        await fs.mkdir(scratch, { recursive: true });
        const picture = await storyboardPicture(sources, cache, {
          ...pick,
          scratch: path.join(scratch, 'picture.png'),
          // Before it is narrated, the estimate is what the scene will run.
          sceneMs: Math.ceil(estimateNarration(scene.text).seconds * 1000),
          taken: new Set(),
          signal,
        });
        const jpeg = path.join(scratch, 'preview.jpg');
        await runFfmpeg(
          ['-y', '-i', picture.file, '-frames:v', '1', '-vf', `scale=${PREVIEW_WIDTH}:-2`, '-q:v', '4', jpeg],
          { signal },
        );
        return await fs.readFile(jpeg);
      } catch (error) {
        if (error instanceof ToolNotInstalledError) throw previewsNeed(error.tool);
        // What the render would fail with (e.g. an upload past the decoded-size rule), said the same way.
        if (error instanceof MediaError) throw new HttpError(422, error.message);
        throw error;
      } finally {
        await Promise.all([sources.close(), fs.rm(scratch, { recursive: true, force: true })]);
      }
    },
  };
}
