/**
 * Frames for overlay detection and previews, read with ffmpeg: grey frames sampled across a whole video (one fast
 * seek per sample, so a 30-minute file costs no more than a short one), and the mask image `removelogo` reads.
 */
import fs from 'node:fs/promises';
import type { PixelBox } from './overlay-detect.ts';
import { ffmpegOutput, type ProbeResult } from './ffmpeg.ts';
import type { SourceFacts } from './overlay-removal.ts';

/** Detection works on frames at most this wide: enough for a channel bug, cheap for 4K. */
const ANALYSIS_WIDTH = 640;

export const analysisSize = (width: number, height: number) => {
  const scale = Math.min(1, ANALYSIS_WIDTH / width);
  return { width: Math.max(2, Math.round((width * scale) / 2) * 2), height: Math.max(2, Math.round((height * scale) / 2) * 2) };
};

/** The picture as shown (rotation applied, as ffmpeg decodes it) and its colour metadata; undefined for no video. */
export function sourceFacts(info: ProbeResult): (SourceFacts & { frames: number | undefined; fps: number | undefined }) | undefined {
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

/** `count` grey frames spread evenly over the video (middles of equal slices), each `width` × `height`. */
export async function sampleGrayFrames(input: string, durationMs: number, count: number, size: { width: number; height: number }, signal?: AbortSignal): Promise<Uint8Array[]> {
  const frames: Uint8Array[] = [];
  const bytes = size.width * size.height;
  for (let k = 0; k < count; k++) {
    const t = ((k + 0.5) / count) * (durationMs / 1000);
    const out = await ffmpegOutput(
      ['-ss', t.toFixed(3), '-i', input, '-frames:v', '1', '-vf', `scale=${size.width}:${size.height},format=gray`, '-f', 'rawvideo', 'pipe:1'],
      signal,
    );
    // A seek past the last frame gives nothing: that sample is skipped.
    if (out.length >= bytes) frames.push(new Uint8Array(out.buffer, out.byteOffset, bytes));
  }
  return frames;
}

/**
 * Writes the PNG `removelogo` reads: the frame-sized image, white where the mark's shape (from detection's mask,
 * `maskSize`) lies inside `box` (frame pixels), or the whole box when the mask has nothing there (a box drawn by hand
 * over a mark detection missed).
 */
export async function writeMarkMask(path: string, mask: Uint8Array | undefined, maskSize: { width: number; height: number }, box: PixelBox, frame: { width: number; height: number }): Promise<void> {
  const { width, height } = maskSize;
  const sx = width / frame.width;
  const sy = height / frame.height;
  const x0 = Math.max(0, Math.floor(box.x * sx)), y0 = Math.max(0, Math.floor(box.y * sy));
  const x1 = Math.min(width, Math.ceil((box.x + box.w) * sx)), y1 = Math.min(height, Math.ceil((box.y + box.h) * sy));
  const out = new Uint8Array(width * height);
  let any = false;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      if (mask?.[y * width + x]) {
        out[y * width + x] = 255;
        any = true;
      }
    }
  }
  if (!any) for (let y = y0; y < y1; y++) out.fill(255, y * width + x0, y * width + x1);
  const raw = `${path}.gray`;
  await fs.writeFile(raw, out);
  try {
    await ffmpegOutput(['-y', '-f', 'rawvideo', '-pix_fmt', 'gray', '-s', `${width}x${height}`, '-i', raw, '-vf', `scale=${frame.width}:${frame.height}:flags=neighbor`, '-frames:v', '1', path]);
  } finally {
    await fs.rm(raw, { force: true });
  }
}
