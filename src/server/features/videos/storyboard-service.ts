/**
 * The storyboard's rules, behind its routes: a script becomes scenes the way the pipeline splits them (with a
 * search query each), saves are checked against the version edited, previews come from the same content cache the
 * render reads (so previewing is not paid twice), and a render holds its credits like POST /videos.
 */
import { randomUUID } from 'node:crypto';
import { appliedBrand, cardSeconds, type BrandSnapshot } from '~/contract/brand.ts';
import type { z } from 'zod';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { cleanScript } from '~/contract/clean.ts';
import {
  newSceneId,
  renderableScenesSchema,
  storyboardCost,
  storyboardScript,
  type CreateStoryboardRequest,
  type saveStoryboardRequestSchema,
  type Storyboard,
  type StoryboardScene,
} from '~/contract/storyboard.ts';
import { availableSources, estimateNarration, MUSIC_UPLOAD, scriptLengthError, videoDimensions, videoTitle, VIDEO_UPLOAD, type CreateVideoRequest, type VideoSettings } from '~/contract/video.ts';
import { isVoiceAvailable, UNKNOWN_VOICE_MESSAGE, unavailableVoiceMessage, type Voice } from '~/contract/voices.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { TokenBuckets } from '../../http/rate-limit.ts';
import { parse } from '../../http/validate.ts';
import { runFfmpeg } from '../../media/ffmpeg.ts';
import { splitScenes } from '../../media/scenes.ts';
import { encodeWav } from '../../media/wav.ts';
import { createDesignedImageProvider } from '../../providers/images/designed-provider.ts';
import { createImageProvider, imageEngineSettings, resolveEngine } from '../../providers/images/engines.ts';
import { createSceneQueryWriter } from '../../providers/llm/visualQueries.ts';
import { createStockLibrary } from '../../providers/stock/index.ts';
import { voiceCatalogue } from '../../providers/tts/catalogue.ts';
import { availableEngines, createTtsProviders, type TtsProviders } from '../../providers/tts/index.ts';
import { storageKey } from '../../storage/index.ts';
import type { ApiDeps } from '../deps.ts';
import { createContentCache, narrationKey } from './cache.ts';
import { VIDEO_JOB, type VideoJobPayload } from './job.ts';
import type { PictureSources } from './scene-visuals.ts';
import { plannedPicture, videoIllustrationStyle } from './picture-plan.ts';
import { pictureSourceAvailability } from './picture-sources.ts';
import type { IllustrationStyle } from '../../media/illustration/compose.ts';
import type { BrandKitSource } from './service.ts';
import { insertVideoRow, ownedFiles } from './store.ts';
import { deleteStoryboard, findStoryboard, insertStoryboard, markRendering, updateStoryboard, type StoryboardRow } from './storyboard-store.ts';

const invalid = (field: string, message: string) => new HttpError(400, 'Invalid input', { [field]: message });

export const STALE_STORYBOARD_MESSAGE = 'This storyboard was changed in another tab or window. Reload it to see the latest version, then make your edits again.';
export const RENDERING_MESSAGE = 'This storyboard is already being rendered. Wait for the video, then edit and render it again.';

class RenderRaced extends Error {}

/** The width of the visual preview; enough for the storyboard's cards, small enough to send at once. */
const PREVIEW_WIDTH = 640;

export function storyboardService({ database, queue, config, storage }: Pick<ApiDeps, 'database' | 'queue' | 'config' | 'storage'>, brandKit: BrandKitSource) {
  const catalogue = voiceCatalogue(config.providers);
  const cache = createContentCache(config.dataDir, config.videoCacheMaxBytes);
  const available = pictureSourceAvailability(config);
  const previews = new TokenBuckets({ perMinute: config.narrationPreviewsPerMinute, burst: config.narrationPreviewsPerMinute });
  // New pictures may be a cloud AI image or stock downloads, paid by the server, not the user.
  const pictures = new TokenBuckets({ perMinute: config.visualPreviewsPerMinute, burst: config.visualPreviewsPerMinute });

  /** One more preview that is not in the cache yet, or 429 in plain words. */
  function takePreview(buckets: TokenBuckets, uid: string, what: string): void {
    const taken = buckets.take(uid, Date.now());
    if (!taken.ok)
      throw new HttpError(429, `You have previewed a lot of ${what} in the last minute. Try again in ${taken.retryAfterSeconds} s.`, undefined, {
        'Retry-After': String(taken.retryAfterSeconds),
      });
  }
  // Made on the first preview (as the speech studio does): an API never asked for one starts no eSpeak worker, and
  // the worker's children exit when idle.
  let voices: TtsProviders | undefined;
  const tts = () => (voices ??= createTtsProviders(config.providers));

  async function voiceOf(voiceId: string): Promise<Voice> {
    const voice = await catalogue.find(voiceId);
    if (!voice) throw invalid('settings.voiceId', UNKNOWN_VOICE_MESSAGE);
    if (!isVoiceAvailable(voice, availableEngines(config.providers))) throw invalid('settings.voiceId', unavailableVoiceMessage(voice));
    return voice;
  }

  const existing = async (uid: string, id: string): Promise<StoryboardRow> => {
    const row = await findStoryboard(database.db, uid, id);
    if (!row) throw notFound('Storyboard not found');
    return row;
  };

  const sceneOf = (row: StoryboardRow, sceneId: string): StoryboardScene => {
    const scene = row.scenes.find((s) => s.id === sceneId);
    if (!scene) throw notFound('Scene not found');
    return scene;
  };

  /** The key of a scene's narration: what the render's narrate stage looks up. */
  const narrationKeyOf = (voice: Voice, scene: Pick<StoryboardScene, 'text'>) => narrationKey({ voice, settings: {}, text: cleanScript(scene.text) });

  /** `clipFileIds` when the caller has just read the uploads (a save checks them first). */
  async function view(row: StoryboardRow, clipFileIds?: string[]): Promise<Storyboard> {
    const cards = cardSeconds(await brandOf(row.uid, row.settings));
    const voice = await catalogue.find(row.settings.voiceId).catch(() => undefined);
    const script = storyboardScript(row.scenes);
    const sources = availableSources(row.settings.visualOrder, { stock: available.stock.available, ai: available.ai.available });
    const scenes = await Promise.all(
      row.scenes.map(async (scene) => {
        const narrated = voice ? await cache.getNarration(narrationKeyOf(voice, scene)) : null;
        const picture = plannedPicture({ ...scene, text: cleanScript(scene.text) }, sources, available.ai.available);
        return { ...scene, estimatedSec: estimateNarration(scene.text).seconds, narratedSec: narrated ? narrated.durationMs / 1000 : null, picture };
      }),
    );
    return {
      id: row.id,
      title: videoTitle(script),
      status: row.status,
      version: row.version,
      settings: row.settings,
      scenes,
      estimatedSec: estimateNarration(script).seconds + cards,
      cost: storyboardCost(row.scenes, row.settings.resolution, cards),
      videoId: row.videoId,
      clipFileIds: clipFileIds ?? (await uploadedClips(row.uid, row.scenes)),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /** The user's own music, when the settings name it, must still be theirs; its name is kept for the video page. */
  async function musicName(uid: string, settings: VideoSettings): Promise<string | null> {
    const fileId = settings.music.fileId;
    if (!fileId) return null;
    const music = (await ownedFiles(database.db, uid, [fileId])).get(fileId);
    if (!music || !(MUSIC_UPLOAD.types as readonly string[]).includes(music.contentType))
      throw invalid('settings.music.fileId', 'Your music file is no longer available. Upload it again.');
    return music.name;
  }

  /** The account's kit as a render would take it now, by the settings' switch (absent: the kit's own default). */
  async function brandOf(uid: string, settings: VideoSettings): Promise<BrandSnapshot | null> {
    return appliedBrand(await brandKit(uid), settings.brandKit);
  }

  /**
   * Which of the scenes' uploads are clips. With `refuseMissing`, a scene whose upload is no longer the user's image
   * or clip is refused (saving and rendering); a view only leaves it unmarked.
   */
  async function uploadedClips(uid: string, scenes: readonly StoryboardScene[], { refuseMissing = false } = {}): Promise<string[]> {
    const ids = scenes.flatMap((s) => (s.visual.kind === 'upload' ? [s.visual.fileId] : []));
    if (ids.length === 0) return [];
    const owned = await ownedFiles(database.db, uid, ids);
    const accepted: readonly string[] = [...VIDEO_UPLOAD.types, ...VIDEO_UPLOAD.clipTypes];
    if (refuseMissing)
      scenes.forEach((scene, i) => {
        if (scene.visual.kind === 'upload' && !accepted.includes(owned.get(scene.visual.fileId)?.contentType ?? ''))
          throw invalid(`scenes.${i}.visual`, 'This upload is no longer available. Upload it again or choose another visual.');
      });
    return ids.filter((id) => owned.get(id)?.contentType.startsWith('video/'));
  }

  /** What the render would draw the storyboard's illustrations with: its kit's colours or its own palette. */
  async function illustrationStyleOf(row: StoryboardRow): Promise<IllustrationStyle> {
    const frame = videoDimensions(row.settings.aspect, row.settings.resolution);
    return videoIllustrationStyle(row.id, frame, row.settings.captionOptions.position, await brandOf(row.uid, row.settings));
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
    view,

    async create(uid: string, request: CreateStoryboardRequest): Promise<Storyboard> {
      const { script, ...settings } = request;
      // The create form's fields are top-level (voiceId, music.fileId), not under `settings`.
      const topLevel = (error: unknown) => {
        if (error instanceof HttpError && error.fields)
          throw new HttpError(400, error.message, Object.fromEntries(Object.entries(error.fields).map(([field, message]) => [field.replace(/^settings\./, ''), message])));
        throw error;
      };
      await voiceOf(settings.voiceId).catch(topLevel);
      await musicName(uid, settings).catch(topLevel);
      const texts = splitScenes(cleanScript(script));
      const queries = await createSceneQueryWriter(config.llm)(texts);
      const scenes = parse(
        renderableScenesSchema,
        texts.map((text, i) => ({ id: newSceneId(), text, query: queries[i] ?? '', visual: { kind: 'auto' }, transition: 'crossfade' })),
      );
      return view(await insertStoryboard(database.db, { uid, settings: settings satisfies VideoSettings, scenes }));
    },

    get: async (uid: string, id: string) => view(await existing(uid, id)),

    async save(uid: string, id: string, request: z.output<typeof saveStoryboardRequestSchema>): Promise<Storyboard> {
      await voiceOf(request.settings.voiceId);
      const clips = await uploadedClips(uid, request.scenes, { refuseMissing: true });
      await musicName(uid, request.settings);
      const saved = await updateStoryboard(database.db, uid, id, request);
      if (saved === 'stale') throw new HttpError(409, STALE_STORYBOARD_MESSAGE);
      if (!saved) throw notFound('Storyboard not found');
      return view(saved, clips);
    },

    async remove(uid: string, id: string): Promise<void> {
      if (!(await deleteStoryboard(database.db, uid, id))) throw notFound('Storyboard not found');
    },

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
      await cache.putNarration(key, wav, { durationMs: speech.durationMs, sampleRate: speech.sampleRate, words: speech.words });
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
        const { pictureSize, storyboardPicture, storyboardPictureKey } = await import('./scene-visuals.ts');
        const pick = {
          scene: { ...scene, text: cleanScript(scene.text) },
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
        await runFfmpeg(['-y', '-i', picture.file, '-frames:v', '1', '-vf', `scale=${PREVIEW_WIDTH}:-2`, '-q:v', '4', jpeg], { signal });
        return await fs.readFile(jpeg);
      } finally {
        await Promise.all([sources.close(), fs.rm(scratch, { recursive: true, force: true })]);
      }
    },

    /** Queues the video with its credits held (402 when short); a repeated idempotency key answers with the first video. */
    async render(uid: string, id: string, idempotencyKey: string | undefined): Promise<{ videoId: string; created: boolean }> {
      const row = await existing(uid, id);
      const scenes = parse(renderableScenesSchema, row.scenes);
      await voiceOf(row.settings.voiceId);
      await uploadedClips(uid, scenes, { refuseMissing: true });
      const music = await musicName(uid, row.settings);
      // The kit as it is now is the video's; later edits of the kit do not reach it (as with POST /videos).
      const brand = await brandOf(uid, row.settings);
      const script = storyboardScript(scenes);
      const tooLong = brand ? scriptLengthError(script, cardSeconds(brand)) : null;
      if (tooLong) throw invalid('scenes', tooLong);
      const { brandKit: _switch, ...settings } = row.settings;
      const request: CreateVideoRequest = { ...settings, script, visuals: 'generated', imageFileIds: [], clipAudio: 'mute' };
      const videoId = randomUUID();
      try {
        const { job, created } = await queue.enqueue({
          uid,
          kind: VIDEO_JOB,
          payload: { videoId, request, brand, storyboardId: id, scenes } satisfies VideoJobPayload,
          ...(idempotencyKey ? { idempotencyKey: `storyboard:${id}:${idempotencyKey}` } : {}),
          inTx: async (tx, job) => {
            await insertVideoRow(tx, { id: videoId, uid, jobId: job.id, request, brand, cost: job.cost, musicName: music, storyboard: { id, scenes } });
            if (!(await markRendering(tx, uid, id, videoId))) throw new RenderRaced();
          },
        });
        return { videoId: created ? videoId : (job.payload as VideoJobPayload).videoId, created };
      } catch (error) {
        if (error instanceof RenderRaced) throw new HttpError(409, RENDERING_MESSAGE);
        throw error;
      }
    },
  };
}
