/**
 * What the API hands the `video` job: the accepted request and the id of the `videos` row it belongs to. The
 * handler (media/video-job.ts) registers the kind with this schema and price (the estimate, shown in the editor
 * and held on accept); the amount captured on success follows the finished video:
 *
 *   registerJobHandler(VIDEO_JOB, makeVideo, {
 *     payload: VideoJobPayload, price: videoJobPrice, public: false, runInChild: import.meta.url,
 *     charge: (result, payload) => videoCost(result.durationMs, ...),      // the real length, capped at the hold
 *     onSuccess: (tx, job, result, charged) => completeVideo(tx, job.id, result, charged),
 *     onFailure: (tx, job) => failVideo(tx, job),
 *   });
 *
 * Progress: report the pipeline's own stage ids (clean … store) with its fraction; the pages name them.
 * Uploaded images: `request.imageFileIds` are the owner's files (checked on accept), stored under
 * `storageKey(uid, fileId)`, used in this order.
 */
import { z } from 'zod';
import { createVideoRequestSchema, estimateVideoCost } from '~/contract/video.ts';

export const VIDEO_JOB = 'video';

export const VideoJobPayload = z.object({
  videoId: z.uuid(),
  request: createVideoRequestSchema,
});
export type VideoJobPayload = z.output<typeof VideoJobPayload>;

export const videoJobPrice = (payload: VideoJobPayload): number => estimateVideoCost(payload.request.script, payload.request.resolution);
