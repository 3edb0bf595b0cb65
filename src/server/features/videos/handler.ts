/**
 * The `video` job's handler (declared in job.ts): runs the media pipeline for one accepted request, reports the
 * pipeline's own stages as progress and stores the MP4, thumbnail, SRT and WebVTT for their owner. It resumes from the
 * video's work directory (pipeline/work.ts) and removes it once the video is made.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { createLogger } from '~/server/http/logger.ts';
import { type JobContext, JobError, type JobHandler } from '~/server/jobs/registry.ts';
import { ProviderError } from '~/server/providers/http.ts';
import { createDesignedImageProvider } from '~/server/providers/images/designed-provider.ts';
import { createImageProvider, imageEngineSettings, resolveEngine } from '~/server/providers/images/engines.ts';
import { isTransient } from '~/server/providers/job-errors.ts';
import { createSceneQueryWriter } from '~/server/providers/llm/visualQueries.ts';
import { createStockLibrary } from '~/server/providers/stock/index.ts';
import { createTtsProviders } from '~/server/providers/tts/index.ts';
import { createStorage, storageKey } from '~/server/storage/index.ts';
import { createContentCache } from './cache.ts';
import { MediaError } from './errors.ts';
import type { VideoJobPayload } from './job.ts';
import { runVideoPipeline, type VideoOutputs } from './pipeline/run.ts';
import { removeAbandonedWork, videoWorkDir } from './pipeline/work.ts';
import type { FinishedVideo } from './store.ts';

interface StoredOutputs {
  videoFileId: string;
  thumbnailFileId: string;
  subtitlesFileId: string;
  captionsVttFileId?: string;
}

function toJobError(error: unknown): unknown {
  if (!(error instanceof MediaError)) return error;
  const cause = error.cause;
  const retryable =
    error.retryable ??
    (cause instanceof ProviderError ? isTransient(cause) : !['clean', 'split'].includes(error.stage));
  return new JobError(error.message, retryable);
}

/**
 * Copies a stored file of the user's into the work directory once (a resumed run finds it there); `missing` is
 * what the user reads when it is gone.
 */
function fileCopier(ctx: JobContext<VideoJobPayload>, dir: string) {
  const storage = createStorage(ctx.config);
  return async (fileId: string, name: string, missing: string): Promise<string> => {
    const file = path.join(dir, name);
    if (
      await fs.access(file).then(
        () => true,
        () => false,
      )
    )
      return file;
    const bytes = await storage.get(storageKey(ctx.uid, fileId));
    if (!bytes) throw new JobError(missing, false);
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(file, bytes);
    return file;
  };
}

export const renderVideo: JobHandler<VideoJobPayload, FinishedVideo> = async (ctx) => {
  const { config } = ctx;
  const workDir = videoWorkDir(config.dataDir, ctx.payload.videoId);
  await removeAbandonedWork(config.dataDir);
  const voices = createTtsProviders(config.providers);
  const images = createDesignedImageProvider();
  const logger = createLogger(config.logLevel, 'video');
  // The AI source is the image studio's "auto" engine; with no cloud key that is the designed artwork, already last.
  const engines = imageEngineSettings(config);
  const aiEngine = resolveEngine('auto', engines);
  const ai = aiEngine && aiEngine !== 'offline' ? createImageProvider(aiEngine, engines) : undefined;
  const note = (reason: string) => logger.info({ jobId: ctx.jobId, videoId: ctx.payload.videoId }, reason);
  const cache = createContentCache(config.dataDir, config.videoCacheMaxBytes);
  const copy = fileCopier(ctx, path.join(workDir, 'uploads'));
  const { request, brand } = ctx.payload;
  try {
    const imageIds = request.visuals === 'uploaded' ? request.imageFileIds : [];
    const uploads: string[] = [];
    for (const [i, id] of imageIds.entries()) {
      uploads.push(
        await copy(
          id,
          `image-${String(i + 1).padStart(3, '0')}`,
          `Image ${i + 1} is no longer available. Please upload it again.`,
        ),
      );
    }
    const musicFile =
      request.music.enabled && request.music.fileId
        ? await copy(
            request.music.fileId,
            'music-upload',
            'Your music file is no longer available. Please upload it again.',
          )
        : undefined;
    const logo = brand?.logo
      ? await copy(
          brand.logo.fileId,
          'brand-logo',
          'Your brand logo is no longer available. Upload it again in your brand kit, or make the video without it.',
        )
      : null;
    const result = await runVideoPipeline({
      jobId: ctx.jobId,
      workDir,
      request,
      providers: {
        voices,
        images,
        ...(ai ? { ai } : {}),
        stock: createStockLibrary(config),
        queries: createSceneQueryWriter(config.llm, (reason) => note(`Scene queries from keywords: ${reason}`)),
        onSkip: (scene, reason) => note(`Scene ${scene} passed over a picture source: ${reason}`),
      },
      uploads,
      ...(ctx.payload.scenes ? { scenes: ctx.payload.scenes } : {}),
      ...(ctx.payload.storyboardId ? { storyboardId: ctx.payload.storyboardId } : {}),
      // A storyboard scene's upload.
      uploadFile: (fileId) =>
        copy(fileId, `file-${fileId.replace(/[^\w-]/g, '')}`, `The uploaded file ${fileId} is no longer available.`),
      cache,
      ...(musicFile ? { musicFile } : {}),
      ...(brand ? { brand: { snapshot: brand, logo } } : {}),
      signal: ctx.signal,
      onProgress: (stage, fraction) => ctx.reportProgress(stage, fraction),
      store: async (outputs: VideoOutputs): Promise<StoredOutputs> => ({
        videoFileId: (await ctx.putFile({ path: outputs.video }, { contentType: 'video/mp4', name: 'nxn-video.mp4' }))
          .fileId,
        thumbnailFileId: (
          await ctx.putFile({ path: outputs.thumbnail }, { contentType: 'image/jpeg', name: 'nxn-video.jpg' })
        ).fileId,
        subtitlesFileId: (
          await ctx.putFile({ path: outputs.subtitles }, { contentType: 'application/x-subrip', name: 'nxn-video.srt' })
        ).fileId,
        ...(outputs.captionsVtt
          ? {
              captionsVttFileId: (
                await ctx.putFile({ path: outputs.captionsVtt }, { contentType: 'text/vtt', name: 'nxn-video.vtt' })
              ).fileId,
            }
          : {}),
      }),
    });
    const stored = result.stored as StoredOutputs;
    await fs.rm(workDir, { recursive: true, force: true });
    const trimmed = await cache.trim();
    if (trimmed > 0) note(`Removed ${trimmed} least recently used entries from the video cache`);
    return {
      ...stored,
      durationMs: result.durationMs,
      width: result.width,
      height: result.height,
      stockCredits: result.stockCredits,
      pictures: result.pictures,
    };
  } catch (error) {
    throw toJobError(error);
  } finally {
    await Promise.all([voices.close(), images.close(), ai?.close?.()]);
  }
};
