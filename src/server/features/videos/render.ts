/**
 * The `video` job: runs the media pipeline for one accepted request in a forked child (rendering is CPU-heavy),
 * reports the pipeline's own stages as progress and stores the MP4, thumbnail and SRT for their owner.
 *
 * The pipeline's work directory is keyed by video id under DATA_DIR, so when a worker dies, an attempt is retried,
 * or the user retries a failed video, the next run resumes from the last finished stage (the narration of scenes
 * already spoken is not paid for again). It is removed when the video is made or cancelled; a failed video's stays
 * for its retry until it has been left alone for a week.
 * Credits are the framework's: the estimate's price held on accept; on success the real video's price captured
 * (never more than held) and the rest released; all released on failure or cancel.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { videoCost } from '~/contract/pricing.ts';
import { loadConfig } from '~/server/config/index.ts';
import { JobError, registerJobHandler, type JobContext } from '~/server/jobs/registry.ts';
import { ProviderError, type ProviderErrorKind } from '~/server/providers/http.ts';
import { createDesignedImageProvider } from '~/server/providers/images/designed-provider.ts';
import { createTtsProviders } from '~/server/providers/tts/index.ts';
import { createStorage, storageKey } from '~/server/storage/index.ts';
import { VIDEO_JOB, VideoJobPayload, videoJobPrice } from '~/server/features/videos/job.ts';
import { completeVideo, failVideo, type FinishedVideo } from '~/server/features/videos/store.ts';
import { MediaError } from './errors.ts';
import { runVideoPipeline, type VideoOutputs } from './pipeline.ts';

interface StoredOutputs {
  videoFileId: string;
  thumbnailFileId: string;
  subtitlesFileId: string;
}

const workRoot = (dataDir: string): string => path.join(dataDir, 'work', 'videos');
export const videoWorkDir = (dataDir: string, videoId: string): string => path.join(workRoot(dataDir), videoId);

/** Failed videos nobody retried (or deleted since) leave their work behind; this long untouched, it goes. */
const ABANDONED_WORK_MS = 7 * 24 * 3600_000;

export async function removeAbandonedWork(dataDir: string, now = Date.now()): Promise<string[]> {
  const root = workRoot(dataDir);
  const entries = await fs.readdir(root).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const entry of entries) {
    const dir = path.join(root, entry);
    const stat = await fs.stat(dir).catch(() => null);
    if (stat && now - stat.mtimeMs > ABANDONED_WORK_MS) {
      await fs.rm(dir, { recursive: true, force: true });
      removed.push(entry);
    }
  }
  return removed;
}

/** Worth another attempt: the service may answer next time. A refused key or an empty script will not change. */
const TRANSIENT: ReadonlySet<ProviderErrorKind> = new Set(['rate_limited', 'unavailable', 'timeout', 'unreachable']);

export function toJobError(error: unknown): unknown {
  if (!(error instanceof MediaError)) return error;
  const cause = error.cause;
  const retryable = error.retryable ?? (cause instanceof ProviderError ? TRANSIENT.has(cause.kind) : !['clean', 'split'].includes(error.stage));
  return new JobError(error.message, retryable);
}

/** Copies the user's images out of storage, in order, for the renderer to read. */
async function fetchUploads(ctx: JobContext<VideoJobPayload>, dir: string): Promise<string[]> {
  const ids = ctx.payload.request.visuals === 'uploaded' ? ctx.payload.request.imageFileIds : [];
  if (ids.length === 0) return [];
  const storage = createStorage(loadConfig());
  await fs.mkdir(dir, { recursive: true });
  const paths: string[] = [];
  for (const [i, id] of ids.entries()) {
    const file = path.join(dir, `image-${String(i + 1).padStart(3, '0')}`);
    try {
      await fs.access(file);
    } catch {
      const bytes = await storage.get(storageKey(ctx.uid, id));
      if (!bytes) throw new JobError(`Image ${i + 1} is no longer available. Please upload it again.`, false);
      await fs.writeFile(file, bytes);
    }
    paths.push(file);
  }
  return paths;
}

async function makeVideo(ctx: JobContext<VideoJobPayload>): Promise<FinishedVideo> {
  const config = loadConfig();
  const workDir = videoWorkDir(config.dataDir, ctx.payload.videoId);
  await removeAbandonedWork(config.dataDir);
  const voices = createTtsProviders(config.providers);
  const images = createDesignedImageProvider();
  try {
    const uploads = await fetchUploads(ctx, path.join(workDir, 'uploads'));
    const result = await runVideoPipeline({
      jobId: ctx.jobId,
      workDir,
      request: ctx.payload.request,
      providers: { voices, images },
      uploads,
      signal: ctx.signal,
      onProgress: (stage, fraction) => ctx.reportProgress(stage, fraction),
      store: async (outputs: VideoOutputs): Promise<StoredOutputs> => ({
        videoFileId: (await ctx.putFile({ path: outputs.video }, { contentType: 'video/mp4', name: 'nxn-video.mp4' })).fileId,
        thumbnailFileId: (await ctx.putFile({ path: outputs.thumbnail }, { contentType: 'image/jpeg', name: 'nxn-video.jpg' })).fileId,
        subtitlesFileId: (await ctx.putFile({ path: outputs.subtitles }, { contentType: 'application/x-subrip', name: 'nxn-video.srt' })).fileId,
      }),
    });
    const stored = result.stored as StoredOutputs;
    await fs.rm(workDir, { recursive: true, force: true });
    return { ...stored, durationMs: result.durationMs, width: result.width, height: result.height };
  } catch (error) {
    throw toJobError(error);
  } finally {
    await Promise.all([voices.close(), images.close()]);
  }
}

registerJobHandler<VideoJobPayload, FinishedVideo>(VIDEO_JOB, makeVideo, {
  payload: VideoJobPayload,
  price: videoJobPrice,
  public: false,
  runInChild: import.meta.url,
  retryLimit: 1,
  // A 5-minute video renders in a few minutes; the margin covers a machine busy with other jobs.
  timeoutSeconds: 45 * 60,
  // Per started minute of the video actually made; the framework caps it at the estimate's price it held.
  charge: (result, payload) => videoCost(result.durationMs, payload.request.resolution),
  onSuccess: (tx, job, result, charged) => completeVideo(tx, job.id, result, charged),
  onFailure: async (tx, job) => {
    await failVideo(tx, job);
    // A failed video keeps its finished stages for the user's retry; a cancelled one is not coming back as it was.
    if (job.status === 'cancelled') {
      const { videoId } = VideoJobPayload.parse(job.payload);
      await fs.rm(videoWorkDir(loadConfig().dataDir, videoId), { recursive: true, force: true });
    }
  },
});
