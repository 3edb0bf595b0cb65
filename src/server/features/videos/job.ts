/**
 * The `video` job as the API and the worker know it: the accepted request and the id of the `videos` row it
 * belongs to, its price (the estimate, shown in the editor and held on accept) and what settling it writes. The
 * handler itself (handler.ts, the media pipeline) is imported only where the job runs.
 *
 * Progress: the handler reports the pipeline's own stage ids (clean … store) with its fraction; the pages name
 * them. Uploaded images: `request.imageFileIds` are the owner's files (checked on accept), stored under
 * `storageKey(uid, fileId)`, used in this order.
 * Brand kit: `brand` is the kit's snapshot; its logo is the owner's file `brand.logo.fileId`.
 * Credits are the framework's: the estimate's price held on accept; on success the real video's price captured
 * (never more than held) and the rest released; all released on failure or cancel.
 */
import fs from 'node:fs/promises';
import { z } from 'zod';
import { brandSnapshotSchema, cardSeconds } from '~/contract/brand.ts';
import { videoCost } from '~/contract/pricing.ts';
import { storyboardCost, storyboardSceneSchema } from '~/contract/storyboard.ts';
import { VIDEO_TOOLS } from '~/contract/system-tools.ts';
import { createVideoRequestSchema, estimateVideoCost } from '~/contract/video.ts';
import { defineJob, handlerIn } from '~/server/jobs/registry.ts';
import { videoWorkDir } from './pipeline/work.ts';
import { completeVideo, type FinishedVideo, failVideo } from './store.ts';
import { settleStoryboard } from './storyboard/store.ts';

export const VIDEO_JOB = 'video';
/** What a worker must have to make a video; GET /videos/availability asks the same. */
export const VIDEO_NEEDS = { tools: VIDEO_TOOLS, doing: 'make videos' } as const;

export const VideoJobPayload = z.object({
  videoId: z.uuid(),
  request: createVideoRequestSchema,
  /** Rendered from a storyboard: its id, and its scenes as they were when the render was asked for. */
  storyboardId: z.uuid().optional(),
  scenes: z.array(storyboardSceneSchema).optional(),
  /** The brand kit taken when the video was accepted (absent on jobs queued before brand kits, and without one). */
  brand: brandSnapshotSchema.nullable().optional(),
});
export type VideoJobPayload = z.output<typeof VideoJobPayload>;

/** The brand cards are part of the video's length, so they are priced with it. */
export function videoJobPrice(payload: VideoJobPayload): number {
  const cards = cardSeconds(payload.brand);
  return payload.scenes
    ? storyboardCost(payload.scenes, payload.request.resolution, cards)
    : estimateVideoCost(payload.request.script, payload.request.resolution, cards);
}

export const videoJobs = [
  defineJob<VideoJobPayload, FinishedVideo>({
    kind: VIDEO_JOB,
    payload: VideoJobPayload,
    price: videoJobPrice,
    handler: handlerIn<typeof import('./handler.ts')>(new URL('./handler.ts', import.meta.url).href).export(
      'renderVideo',
    ),
    // Rendering is CPU-heavy: a forked child keeps the worker responsive.
    runInChild: true,
    // Batches queue many at once: each user gets a fair share of the workers.
    fairShare: true,
    needs: VIDEO_NEEDS,
    public: false,
    retryLimit: 1,
    // A 5-minute video renders in a few minutes; the margin covers a machine busy with other jobs.
    timeoutSeconds: 45 * 60,
    // Per started minute of the video actually made; the framework caps it at the estimate's price it held.
    event: { subject: 'video', record: (_tx, job) => ({ id: VideoJobPayload.parse(job.payload).videoId }) },
    charge: (result, payload) => videoCost(result.durationMs, payload.request.resolution),
    onSuccess: async (tx, job, result, charged) => {
      await completeVideo(tx, job.id, result, charged);
      await settleStoryboard(tx, job.id, 'rendered');
    },
    onFailure: async (tx, job, config) => {
      await failVideo(tx, job);
      // A storyboard whose render failed is a draft again, to edit and render anew.
      await settleStoryboard(tx, job.id, 'draft');
      // A failed video keeps its finished stages for the user's retry; a cancelled one is not coming back as it was.
      if (job.status === 'cancelled') {
        const { videoId } = VideoJobPayload.parse(job.payload);
        await fs.rm(videoWorkDir(config.dataDir, videoId), { recursive: true, force: true });
      }
    },
  }),
];
