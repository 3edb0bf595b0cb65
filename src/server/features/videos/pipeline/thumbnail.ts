/** Stage `thumbnail`: a still of the finished video for its poster. */
import { runFfmpeg } from '~/server/media/ffmpeg.ts';
import { thumbnailArgs } from '~/server/media/render.ts';
import { isAbortError, MediaError } from '../errors.ts';
import type { VideoOutputs } from './manifest.ts';

export async function thumbnail(outputs: VideoOutputs, signal: AbortSignal | undefined): Promise<void> {
  try {
    await runFfmpeg(thumbnailArgs(outputs.video, outputs.durationMs, outputs.thumbnail), { signal });
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new MediaError("We couldn't make the video's thumbnail. Please try again.", 'thumbnail', { cause: error });
  }
}
