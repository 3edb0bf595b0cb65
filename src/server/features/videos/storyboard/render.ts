/** Rendering a storyboard: its video queued with the credits held, like POST /videos, and the storyboard marked. */
import { randomUUID } from 'node:crypto';
import { cardSeconds } from '~/contract/brand.ts';
import { renderableScenesSchema, storyboardScript } from '~/contract/storyboard.ts';
import { type CreateVideoRequest, scriptLengthError } from '~/contract/video.ts';
import type { ApiDeps } from '~/server/features/deps.ts';
import { HttpError } from '~/server/http/errors.ts';
import { parse } from '~/server/http/validate.ts';
import { VIDEO_JOB, type VideoJobPayload } from '../job.ts';
import { insertVideoRow } from '../store.ts';
import { invalid, type StoryboardChecks } from './checks.ts';
import { markRendering } from './store.ts';

export const RENDERING_MESSAGE =
  'This storyboard is already being rendered. Wait for the video, then edit and render it again.';

class RenderRaced extends Error {}

export function storyboardRender(
  { queue }: Pick<ApiDeps, 'queue'>,
  { existing, voiceOf, uploadedClips, musicName, brandOf }: StoryboardChecks,
) {
  /** Queues the video with its credits held (402 when short); a repeated idempotency key answers with the first video. */
  return async function render(
    uid: string,
    id: string,
    idempotencyKey: string | undefined,
  ): Promise<{ videoId: string; created: boolean }> {
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
    const request: CreateVideoRequest = {
      ...settings,
      script,
      visuals: 'generated',
      imageFileIds: [],
      clipAudio: 'mute',
    };
    const videoId = randomUUID();
    try {
      const { job, created } = await queue.enqueue({
        uid,
        kind: VIDEO_JOB,
        payload: { videoId, request, brand, storyboardId: id, scenes } satisfies VideoJobPayload,
        ...(idempotencyKey ? { idempotencyKey: `storyboard:${id}:${idempotencyKey}` } : {}),
        inTx: async (tx, job) => {
          await insertVideoRow(tx, {
            id: videoId,
            uid,
            jobId: job.id,
            request,
            brand,
            cost: job.cost,
            musicName: music,
            storyboard: { id, scenes },
          });
          if (!(await markRendering(tx, uid, id, videoId))) throw new RenderRaced();
        },
      });
      return { videoId: created ? videoId : (job.payload as VideoJobPayload).videoId, created };
    } catch (error) {
      if (error instanceof RenderRaced) throw new HttpError(409, RENDERING_MESSAGE);
      throw error;
    }
  };
}
