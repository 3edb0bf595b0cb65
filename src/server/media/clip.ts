/**
 * Video clips as scene visuals: what a clip is (probe) and how one scene's worth of it becomes frames the render can
 * take as they are (the feeder's arguments). A feeder decodes one clip in its own ffmpeg and writes raw BT.709 4:2:0
 * frames of the output size and rate, so the render graph holds no clip decoder and only blits finished frames.
 */
import { type ProbeResult, probe } from './ffmpeg.ts';

export interface ClipInfo {
  durationMs: number;
  /** As displayed, after rotation. */
  width: number;
  height: number;
  /** Clockwise turn that makes the stored picture upright (phones store portrait footage sideways). */
  rotation: 0 | 90 | 180 | 270;
  fps: number;
  hasAudio: boolean;
  /** ffprobe's `color_space` when the file tags one (bt709, smpte170m, …). */
  colorSpace?: string;
}

export class ClipProbeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ClipProbeError';
  }
}

type VideoStream = ProbeResult['streams'][number] & {
  tags?: { rotate?: string };
  duration?: string;
  r_frame_rate?: string;
};

const quarterTurn = (degrees: number): ClipInfo['rotation'] => {
  const turn = (((Math.round(degrees / 90) * 90) % 360) + 360) % 360;
  return turn as ClipInfo['rotation'];
};

/**
 * The display matrix says how far to turn counter-clockwise (ffprobe prints -90 for a phone's portrait clip); the
 * legacy `rotate` tag says clockwise. The matrix wins when both are there.
 */
export function clipRotation(stream: Pick<VideoStream, 'side_data_list' | 'tags'>): ClipInfo['rotation'] {
  const matrix = stream.side_data_list?.find((d) => typeof d.rotation === 'number')?.rotation;
  if (matrix !== undefined) return quarterTurn(-matrix);
  const tag = Number(stream.tags?.rotate ?? 0);
  return Number.isFinite(tag) ? quarterTurn(tag) : 0;
}

const rate = (value: string | undefined): number => {
  const [num, den] = (value ?? '').split('/').map(Number);
  return num && den ? num / den : 0;
};

export function clipInfo(result: ProbeResult): ClipInfo {
  const video = result.streams.find((s) => s.codec_type === 'video') as VideoStream | undefined;
  if (!video?.width || !video.height) throw new ClipProbeError('This file has no video picture.');
  const rotation = clipRotation(video);
  const sideways = rotation === 90 || rotation === 270;
  const durationMs = result.durationMs || Math.round(Number(video.duration ?? 0) * 1000);
  return {
    durationMs,
    width: sideways ? video.height : video.width,
    height: sideways ? video.width : video.height,
    rotation,
    fps: rate(video.avg_frame_rate) || rate(video.r_frame_rate),
    hasAudio: result.streams.some((s) => s.codec_type === 'audio'),
    ...(video.color_space && video.color_space !== 'unknown' ? { colorSpace: video.color_space } : {}),
  };
}

export async function probeClip(file: string, signal?: AbortSignal): Promise<ClipInfo> {
  return clipInfo(await probe(file, signal));
}

/** Filters that turn the stored picture upright; ffmpeg's own autorotation is off so the choice is ours and tested. */
export function uprightFilters(rotation: ClipInfo['rotation']): string[] {
  if (rotation === 90) return ['transpose=clock'];
  if (rotation === 270) return ['transpose=cclock'];
  if (rotation === 180) return ['hflip', 'vflip'];
  return [];
}

const SD_MATRICES = ['smpte170m', 'bt470bg', 'bt601'];

/**
 * swscale copies YUV to YUV without changing the matrix, so SD colours (BT.601) would come out shifted in a BT.709
 * video: those clips go through `colorspace` first. Untagged clips are taken as players take them: SD below 720
 * lines, HD otherwise.
 */
export function matrixFilters(clip: Pick<ClipInfo, 'colorSpace' | 'width' | 'height'>): string[] {
  const sd = clip.colorSpace ? SD_MATRICES.includes(clip.colorSpace) : Math.min(clip.width, clip.height) < 720;
  return sd ? ['colorspace=all=bt709:iall=bt601-6-625:fast=1'] : [];
}

export interface ClipScene {
  file: string;
  clip: ClipInfo;
  /** Frames to write, after skipping `skip` frames of the clip at the output rate (already shown elsewhere). */
  frames: number;
  skip?: number;
}

/** Whether the clip is shorter than the part of its scene asked for and plays again from the start. */
export const clipLoops = (scene: ClipScene, fps: number): boolean =>
  scene.clip.durationMs < (((scene.skip ?? 0) + scene.frames) * 1000) / fps;

/**
 * Part of a clip scene as raw frames on stdout: exactly `frames` of them at `fps`, upright, scaled and cropped to
 * cover `width`×`height` (no bars), BT.709 4:2:0. Trimmed when longer, looped when shorter; a last frame is
 * repeated if the file ends early, so the frame count, and every later scene's timing, always holds.
 */
export function clipFeedArgs(scene: ClipScene, size: { width: number; height: number }, fps: number): string[] {
  const { width, height } = size;
  const filters = [
    // Frames the output rate drops, or that were shown already, are dropped before anything is scaled.
    `fps=${fps}`,
    ...(scene.skip ? [`trim=start_frame=${scene.skip}`] : []),
    ...matrixFilters(scene.clip),
    ...uprightFilters(scene.clip.rotation),
    `scale=${width}:${height}:force_original_aspect_ratio=increase:flags=bilinear:out_color_matrix=bt709:out_range=tv`,
    `crop=${width}:${height}`,
    'format=yuv420p',
    'tpad=stop=-1:stop_mode=clone',
  ];
  return [
    '-noautorotate',
    // One decoding thread: frame threads cost a tenth more CPU, and one thread already decodes 1080p at several
    // times real time, more than the encoder takes while the cores are shared with it.
    '-threads',
    '1',
    ...(clipLoops(scene, fps) ? ['-stream_loop', '-1'] : []),
    '-i',
    scene.file,
    '-an',
    '-sn',
    '-dn',
    '-vf',
    filters.join(','),
    '-frames:v',
    String(scene.frames),
    '-f',
    'rawvideo',
    '-pix_fmt',
    'yuv420p',
    'pipe:1',
  ];
}

/** Sample format of a clip's sound as the render reads it. */
export const CLIP_SOUND = { sampleRate: 48000, channels: 2 } as const;

/** A clip's sound for `ms` (looped like its picture), as 16-bit stereo PCM on stdout. */
export function clipSoundArgs(file: string, clip: ClipInfo, ms: number): string[] {
  return [
    ...(clip.durationMs < ms ? ['-stream_loop', '-1'] : []),
    '-i',
    file,
    '-vn',
    '-sn',
    '-dn',
    '-t',
    (ms / 1000).toFixed(3),
    '-ac',
    String(CLIP_SOUND.channels),
    '-ar',
    String(CLIP_SOUND.sampleRate),
    '-f',
    's16le',
    'pipe:1',
  ];
}
