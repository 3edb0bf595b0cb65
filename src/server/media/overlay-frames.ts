/**
 * Frames for overlay detection and previews, read with ffmpeg: small RGB frames sampled across a whole video (one
 * pass for a short video, one seek per sample for a long one, so a 30-minute file costs no more than a 2-minute one),
 * and the mask image `removelogo` reads.
 */
import fs from 'node:fs/promises';
import { ffmpegOutput, type ProbeResult } from './ffmpeg.ts';
import type { FrameStack, PixelBox } from './overlay-detect.ts';
import { logoPatch, type SourceFacts } from './overlay-removal.ts';

/** Detection works on frames at most this wide: enough for a channel bug, cheap for 4K, 19 MB for 48 frames. */
const ANALYSIS_WIDTH = 480;

export const analysisSize = (width: number, height: number) => {
  const scale = Math.min(1, ANALYSIS_WIDTH / width);
  return {
    width: Math.max(2, Math.round((width * scale) / 2) * 2),
    height: Math.max(2, Math.round((height * scale) / 2) * 2),
  };
};

/** The picture as shown (rotation applied, as ffmpeg decodes it) and its colour metadata; undefined for no video. */
export function sourceFacts(
  info: ProbeResult,
): (SourceFacts & { frames: number | undefined; fps: number | undefined }) | undefined {
  const video = info.streams.find((s) => s.codec_type === 'video' && s.width && s.height);
  if (!video?.width || !video.height) return undefined;
  const rotation = Math.abs(video.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? 0) % 180;
  const [num, den] = (video.avg_frame_rate ?? '0/1').split('/').map(Number);
  const fps = num && den ? num / den : undefined;
  const counted = Number(video.nb_frames);
  return {
    width: rotation === 90 ? video.height : video.width,
    height: rotation === 90 ? video.width : video.height,
    colorSpace: video.color_space,
    colorPrimaries: video.color_primaries,
    colorTransfer: video.color_transfer,
    colorRange: video.color_range,
    fps,
    frames: counted > 0 ? counted : fps ? Math.round((info.durationMs / 1000) * fps) : undefined,
  };
}

/**
 * Up to this many seconds of video are decoded in one pass (every frame decoded once, `count` kept); longer videos
 * are sampled by one seek per frame, whose cost depends on the distance between key frames, not on the length.
 */
const ONE_PASS_SECONDS = 90;

/** `count` RGB frames spread evenly over the video, each `width` × `height`, with the second each shows. */
export async function sampleFrames(
  input: string,
  durationMs: number,
  count: number,
  size: { width: number; height: number },
  signal?: AbortSignal,
): Promise<FrameStack> {
  const bytes = size.width * size.height * 3;
  const seconds = durationMs / 1000;
  const step = seconds / count;
  // Area averaging: each analysed pixel is the mean of the pixels it stands for, which also quiets encoder noise.
  const scale = `scale=${size.width}:${size.height}:flags=area,format=rgb24`;
  const frames: Uint8Array[] = [];
  const times: number[] = [];
  if (seconds <= ONE_PASS_SECONDS) {
    // The fps filter's k-th frame is the source frame nearest k × step (it starts at the first frame).
    const out = await ffmpegOutput(
      [
        '-i',
        input,
        '-map',
        '0:v:0',
        '-an',
        '-sn',
        '-vf',
        `fps=fps=${count}/${seconds.toFixed(3)},${scale}`,
        '-frames:v',
        String(count),
        '-f',
        'rawvideo',
        'pipe:1',
      ],
      signal,
    );
    for (let k = 0; (k + 1) * bytes <= out.length; k++) {
      frames.push(new Uint8Array(out.buffer, out.byteOffset + k * bytes, bytes));
      times.push(k * step);
    }
    return { ...size, frames, times };
  }
  for (let k = 0; k < count; k++) {
    const t = (k + 0.5) * step;
    const out = await ffmpegOutput(
      ['-ss', t.toFixed(3), '-i', input, '-map', '0:v:0', '-frames:v', '1', '-vf', scale, '-f', 'rawvideo', 'pipe:1'],
      signal,
    );
    // A seek past the last frame gives nothing: that sample is skipped.
    if (out.length >= bytes) {
      frames.push(new Uint8Array(out.buffer, out.byteOffset, bytes));
      times.push(t);
    }
  }
  return { ...size, frames, times };
}

/** A binary greyscale PGM, which ffmpeg's image readers (removelogo, movie) take. */
const pgm = (pixels: Uint8Array, w: number, h: number) => Buffer.concat([Buffer.from(`P5\n${w} ${h}\n255\n`), pixels]);

/**
 * Writes the images a `removelogo` box needs (see `logoPatch`): white where the mark's shape (detection's mask at
 * `maskSize`) lies inside `box` (frame pixels), or the whole box when the mask has nothing there (a box drawn by hand
 * over a mark detection missed); once at the patch's size and once at its fill size, where a pixel is white if any
 * pixel it stands for is.
 */
export async function writeMarkMask(
  paths: { alphaPath: string; fillPath: string },
  mask: Uint8Array | undefined,
  maskSize: { width: number; height: number },
  box: PixelBox,
  frame: { width: number; height: number },
): Promise<void> {
  const { region, fill } = logoPatch(box, frame.width, frame.height);
  const sx = maskSize.width / frame.width;
  const sy = maskSize.height / frame.height;
  const inBox = (fx: number, fy: number) => fx >= box.x && fx < box.x + box.w && fy >= box.y && fy < box.y + box.h;
  const alpha = new Uint8Array(region.w * region.h);
  let any = false;
  for (let y = 0; y < region.h; y++) {
    for (let x = 0; x < region.w; x++) {
      const fx = region.x + x,
        fy = region.y + y;
      if (inBox(fx, fy) && mask?.[Math.floor(fy * sy) * maskSize.width + Math.floor(fx * sx)]) {
        alpha[y * region.w + x] = 255;
        any = true;
      }
    }
  }
  if (!any)
    for (let y = 0; y < region.h; y++)
      for (let x = 0; x < region.w; x++) if (inBox(region.x + x, region.y + y)) alpha[y * region.w + x] = 255;
  const small = new Uint8Array(fill.w * fill.h);
  const kx = region.w / fill.w,
    ky = region.h / fill.h;
  for (let y = 0; y < region.h; y++) {
    for (let x = 0; x < region.w; x++) {
      if (alpha[y * region.w + x])
        small[Math.min(fill.h - 1, Math.floor(y / ky)) * fill.w + Math.min(fill.w - 1, Math.floor(x / kx))] = 255;
    }
  }
  await fs.writeFile(paths.alphaPath, pgm(alpha, region.w, region.h));
  await fs.writeFile(paths.fillPath, pgm(small, fill.w, fill.h));
}
