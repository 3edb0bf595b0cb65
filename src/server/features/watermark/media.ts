/**
 * The watermark studio's media work inside API requests: checking an upload is a video ffmpeg can decode,
 * detection, and the before/after previews. The service imports this module only when a request needs it, so an
 * API process that never sees such a request never loads ffmpeg.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { WATERMARK_LIMITS, type WatermarkBox } from '~/contract/watermark.ts';
import type { WatermarkFacts } from '~/server/db/schema/watermark.ts';
import { FfmpegError, ffmpegOutput, probe } from '~/server/media/ffmpeg.ts';
import { detectOverlays, encodeMask } from '~/server/media/overlay-detect.ts';
import { analysisSize, sampleFrames, sourceFacts } from '~/server/media/overlay-frames.ts';
import { boxesAt, buildRemovalFilter, removalOutputArgs, shiftBoxes } from '~/server/media/overlay-removal.ts';
import { removalBoxes } from './boxes.ts';

export class NotAVideoError extends Error {}

const NOT_A_VIDEO = 'This file is not a video we can read. Upload an MP4, MOV, WebM or MKV file.';

export interface InspectedVideo {
  durationMs: number;
  width: number;
  height: number;
  facts: WatermarkFacts;
}

/** ffprobe, then one decoded frame: a file that passes both is a video the render can read. */
export async function inspectVideo(file: string, name: string, maxMinutes: number): Promise<InspectedVideo> {
  const info = await probe(file).catch(() => {
    throw new NotAVideoError(NOT_A_VIDEO);
  });
  const facts = sourceFacts(info);
  // MP4 and MOV share one demuxer: the name tells which the user has.
  const container = /mp4|mov/.test(info.formatName)
    ? /\.mov$/i.test(name)
      ? 'mov'
      : 'mp4'
    : /matroska|webm/.test(info.formatName)
      ? 'mkv'
      : undefined;
  if (!facts || !container || info.durationMs <= 0) throw new NotAVideoError(NOT_A_VIDEO);
  if (info.durationMs > maxMinutes * 60_000)
    throw new NotAVideoError(`This video is longer than ${maxMinutes} minutes. Trim it and upload it again.`);
  await ffmpegOutput(['-i', file, '-map', '0:v:0', '-frames:v', '1', '-f', 'null', '-']).catch((error: unknown) => {
    if (error instanceof FfmpegError)
      throw new NotAVideoError(
        'The video track of this file could not be decoded. It may be damaged or use a codec we cannot read.',
      );
    throw error;
  });
  const { fps: _fps, width, height, frames, ...colour } = facts;
  const defined = Object.fromEntries(Object.entries(colour).filter(([, v]) => v !== undefined));
  return {
    durationMs: info.durationMs,
    width,
    height,
    facts: {
      container,
      frames: frames ?? null,
      hasAudio: info.streams.some((s) => s.codec_type === 'audio'),
      ...defined,
    },
  };
}

/**
 * Frames sampled across the video: enough for the whole video and each quarter of it to tell marks from the
 * picture, few enough for a quick answer (48 small RGB frames, 19 MB at most).
 */
const SAMPLES = 48;

/** Seconds in tenths, as the box editor shows them, rounded outwards: removal may start early, never late. */
const tenth = (s: number | null, round: (v: number) => number) => (s === null ? null : round(s * 10) / 10);

export async function detectMarks(
  input: string,
  video: { durationMs: number; width: number; height: number },
  signal?: AbortSignal,
): Promise<{ boxes: WatermarkBox[]; mask: NonNullable<WatermarkFacts['mask']> }> {
  const size = analysisSize(video.width, video.height);
  const found = detectOverlays(await sampleFrames(input, video.durationMs, SAMPLES, size, signal));
  const boxes = found.boxes.slice(0, WATERMARK_LIMITS.maxBoxes).map((b) => ({
    id: randomUUID().slice(0, 8),
    x: b.x / size.width,
    y: b.y / size.height,
    w: b.w / size.width,
    h: b.h / size.height,
    method: 'delogo' as const,
    startS: tenth(b.startS, Math.floor),
    endS: tenth(b.endS, Math.ceil),
    detected: true,
  }));
  return { boxes, mask: { ...size, runs: encodeMask(found.mask) } };
}

/** One frame of a video as a JPEG, at `atS` (kept before the end, where a seek finds no frame). */
export async function frameJpeg(
  input: string,
  durationMs: number,
  atS: number,
): Promise<{ bytes: Uint8Array; contentType: string }> {
  const at = Math.min(atS, Math.max(0, durationMs / 1000 - 0.1));
  const bytes = await ffmpegOutput([
    '-ss',
    at.toFixed(3),
    '-i',
    input,
    '-map',
    '0:v:0',
    '-frames:v',
    '1',
    '-c:v',
    'mjpeg',
    '-q:v',
    '3',
    '-f',
    'image2pipe',
    'pipe:1',
  ]);
  return { bytes, contentType: 'image/jpeg' };
}

export interface PreviewSource {
  input: string;
  width: number;
  height: number;
  durationMs: number;
  facts: WatermarkFacts;
}

/** A JPEG of the frame at `atS` (no boxes: the original), or an MP4 clip from there, rendered as the job would. */
export async function renderPreview(
  source: PreviewSource,
  boxes: readonly WatermarkBox[],
  atS: number,
  kind: 'frame' | 'clip',
  tmpDir: string,
  preset: string,
) {
  const at = Math.min(atS, Math.max(0, source.durationMs / 1000 - 0.1));
  const workDir = path.join(tmpDir, `watermark-preview-${randomUUID()}`);
  await fs.mkdir(workDir, { recursive: true });
  try {
    const frame = { width: source.width, height: source.height };
    const all = await removalBoxes(boxes, frame, source.facts, workDir);
    if (kind === 'frame') {
      const filter = buildRemovalFilter(boxesAt(all, at), frame.width, frame.height);
      const bytes = await ffmpegOutput([
        '-ss',
        at.toFixed(3),
        '-i',
        source.input,
        '-filter_complex',
        filter,
        '-map',
        '[v]',
        '-frames:v',
        '1',
        '-c:v',
        'mjpeg',
        '-q:v',
        '3',
        '-f',
        'image2pipe',
        'pipe:1',
      ]);
      return { bytes, contentType: 'image/jpeg' };
    }
    const out = path.join(workDir, 'clip.mp4');
    const filter = buildRemovalFilter(shiftBoxes(all, at), frame.width, frame.height);
    await ffmpegOutput([
      '-ss',
      at.toFixed(3),
      '-t',
      String(WATERMARK_LIMITS.clipSeconds),
      '-i',
      source.input,
      ...removalOutputArgs(filter, { ...source.facts, ...frame }, { preset, crf: 23, audio: false, mp4: true }),
      '-pix_fmt',
      'yuv420p',
      '-y',
      out,
    ]);
    return { bytes: await fs.readFile(out), contentType: 'video/mp4' };
  } finally {
    await fs.rm(workDir, { recursive: true, force: true });
  }
}
