/**
 * Runs a render plan (render.ts): writes its helper files, makes the ducked clips' sound track, then runs the one
 * encoding ffmpeg while the clip feeders fill its named pipes, one clip decoder per pipe at a time. Whichever side
 * fails first stops the other, so a broken clip never leaves an encoder waiting on a pipe, nor the reverse.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import { promisify } from 'node:util';
import { CLIP_SOUND } from './clip.ts';
import { type FfmpegRun, ffmpegInto, ffmpegOutput, runFfmpeg } from './ffmpeg.ts';
import type { ClipSoundPlan, RenderPlan } from './render.ts';
import { encodeWav } from './wav.ts';

const run = promisify(execFile);

/** Short fades at each part's ends, so a clip's sound never starts or stops with a click. */
const EDGE_MS = 150;

/** Places each part's PCM at its scene's start (parts of neighbouring scenes overlap in crossfades and add up). */
export function mixClipSound(
  plan: Pick<ClipSoundPlan, 'totalMs'>,
  parts: ReadonlyArray<{ startMs: number; pcm: Int16Array }>,
): Int16Array {
  const { sampleRate, channels } = CLIP_SOUND;
  const track = new Float32Array(Math.round((plan.totalMs / 1000) * sampleRate) * channels);
  const edge = Math.round((EDGE_MS / 1000) * sampleRate);
  for (const part of parts) {
    const offset = Math.round((part.startMs / 1000) * sampleRate) * channels;
    const frames = part.pcm.length / channels;
    for (let f = 0; f < frames; f++) {
      const gain = Math.min(1, f / edge, (frames - 1 - f) / edge);
      for (let c = 0; c < channels; c++) {
        const at = offset + f * channels + c;
        if (at < track.length) track[at]! += part.pcm[f * channels + c]! * gain;
      }
    }
  }
  return Int16Array.from(track, (v) => Math.max(-32768, Math.min(32767, Math.round(v))));
}

async function writeClipSound(plan: ClipSoundPlan, signal?: AbortSignal): Promise<void> {
  const parts: Array<{ startMs: number; pcm: Int16Array }> = [];
  for (const part of plan.parts) {
    const bytes = await ffmpegOutput(part.args, signal);
    const pcm = new Int16Array(bytes.buffer, bytes.byteOffset, Math.floor(bytes.length / 2));
    parts.push({ startMs: part.startMs, pcm });
  }
  await fs.writeFile(plan.file, encodeWav({ pcm: mixClipSound(plan, parts), ...CLIP_SOUND }));
}

export async function runRender(plan: RenderPlan, options: FfmpegRun = {}): Promise<void> {
  await Promise.all(Object.entries(plan.files).map(([file, content]) => fs.writeFile(file, content)));
  if (plan.clipSound) await writeClipSound(plan.clipSound, options.signal);
  if (plan.feeds.length === 0) return runFfmpeg(plan.args, options);

  for (const feed of plan.feeds) {
    await fs.rm(feed.pipe, { force: true });
    await run('mkfifo', [feed.pipe]);
  }
  // A read-write handle first, so that no open waits for the encoder to open its end; the feeders get a write-only
  // one, so that a feeder left behind by a crashed worker meets a pipe nobody reads and exits. The pipe reaches its
  // end when both handles and every feeder are closed.
  const holders = await Promise.all(plan.feeds.map((feed) => fs.open(feed.pipe, fs.constants.O_RDWR)));
  const pipes = await Promise.all(plan.feeds.map((feed) => fs.open(feed.pipe, fs.constants.O_WRONLY)));
  const stopRender = new AbortController();
  const stopFeeders = new AbortController();
  const outer = options.signal;
  const onOuterAbort = () => stopFeeders.abort(outer?.reason);
  outer?.addEventListener('abort', onOuterAbort, { once: true });
  let feederError: unknown;

  const feeding = plan.feeds.map(async (feed, i) => {
    const pipe = pipes[i]!;
    try {
      for (const args of feed.feeders) await ffmpegInto(args, pipe.fd, stopFeeders.signal);
    } catch (error) {
      if (!stopFeeders.signal.aborted) {
        feederError ??= error;
        stopRender.abort(error);
      }
    } finally {
      await Promise.all([pipe.close(), holders[i]!.close()]);
    }
  });
  try {
    await runFfmpeg(plan.args, {
      ...options,
      signal: outer ? AbortSignal.any([outer, stopRender.signal]) : stopRender.signal,
    });
  } catch (error) {
    throw feederError ?? error;
  } finally {
    // The encoder has all its frames (or has failed): feeders still writing have nobody to write for.
    stopFeeders.abort();
    await Promise.all(feeding);
    outer?.removeEventListener('abort', onOuterAbort);
    await Promise.all(plan.feeds.map((feed) => fs.rm(feed.pipe, { force: true })));
  }
}
