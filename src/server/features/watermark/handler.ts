/**
 * The `watermark` job's handler (declared in job.ts): one ffmpeg pass over the whole source with the user's boxes,
 * progress by frames, the clean file stored for its owner. Cancelling kills ffmpeg; the work folder goes either way.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { JobError, type JobHandler } from '~/server/jobs/registry.ts';
import { FfmpegError, runFfmpeg } from '~/server/media/ffmpeg.ts';
import { buildRemovalFilter, removalOutputArgs } from '~/server/media/overlay-removal.ts';
import { createStorage } from '~/server/storage/index.ts';
import { outputType, removalBoxes } from './boxes.ts';
import type { WatermarkJobPayload, WatermarkJobResult } from './job.ts';
import { sourceInput } from './source.ts';

/** How long a presigned source link must live: longer than any render. */
const SOURCE_LINK_SECONDS = 8 * 60 * 60;

export const renderWatermarkRemoval: JobHandler<WatermarkJobPayload, WatermarkJobResult> = async (ctx) => {
  const { payload, config } = ctx;
  const storage = createStorage(config);
  const input = await sourceInput(config, (key) => storage.directUrl(key, SOURCE_LINK_SECONDS), payload.sourceKey);
  if (config.storage.driver === 'local' && !(await fs.stat(input).catch(() => undefined))) {
    throw new JobError('The uploaded video is no longer in your storage. Upload it again.', false);
  }
  const workDir = path.join(config.dataDir, 'tmp', `watermark-${ctx.jobId}`);
  await fs.mkdir(workDir, { recursive: true });
  try {
    const frame = { width: payload.width, height: payload.height };
    const boxes = await removalBoxes(payload.boxes, frame, payload.facts, workDir);
    let filter: string;
    try {
      filter = buildRemovalFilter(boxes, frame.width, frame.height);
    } catch (error) {
      if (error instanceof RangeError) throw new JobError(error.message, false);
      throw error;
    }
    const type = outputType(payload.facts.container);
    const output = path.join(workDir, `clean.${type.ext}`);
    const frames = payload.facts.frames;
    ctx.reportProgress('Starting', 0);
    await runFfmpeg(
      [
        '-y',
        '-i',
        input,
        ...removalOutputArgs(
          filter,
          { ...payload.facts, ...frame },
          { preset: config.watermark.x264Preset, audio: payload.facts.hasAudio, mp4: type.ext !== 'mkv' },
        ),
        output,
      ],
      {
        signal: ctx.signal,
        durationMs: payload.durationMs,
        onFrame: (n) => {
          if (frames) ctx.reportProgress(`Frame ${Math.min(n, frames)} of ${frames}`, Math.min(0.98, n / frames));
        },
        onProgress: (fraction) => {
          if (!frames) ctx.reportProgress('Cleaning', Math.min(0.98, fraction));
        },
      },
    ).catch((error: unknown) => {
      if (error instanceof FfmpegError)
        throw new JobError(`The video could not be cleaned: ${error.stderr.trim().split('\n').pop() ?? error.message}`);
      throw error;
    });
    ctx.reportProgress('Saving', 0.99);
    const base = payload.name.replace(/\.[^.]+$/, '') || 'video';
    const stored = await ctx.putFile(
      { path: output },
      { contentType: type.contentType, name: `${base}-clean.${type.ext}` },
    );
    return { fileId: stored.fileId };
  } finally {
    await fs.rm(workDir, { recursive: true, force: true });
  }
};
