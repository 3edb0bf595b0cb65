/**
 * The test video for watermark removal: moving `testsrc2` content under a semi-transparent logo (top right) and a
 * text mark (bottom left), with a tone. Also the marks' true boxes, measured by drawing them alone on black.
 */
import { execFileSync } from 'node:child_process';
import type { PixelBox } from '~/server/media/overlay-detect.ts';

export const TEST_VIDEO = { width: 640, height: 360, fps: 25 } as const;
export const LOGO_BOX: PixelBox = { x: 520, y: 24, w: 96, h: 64 };

const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
const logo = (seconds: number) =>
  `color=c=white:s=${LOGO_BOX.w}x${LOGO_BOX.h}:r=25:d=${seconds},format=rgba,drawbox=x=20:y=14:w=56:h=36:color=black:t=fill,colorchannelmixer=aa=0.55`;
const TEXT = `drawtext=fontfile=${FONT}:text='NXN SAMPLE':fontsize=22:fontcolor=white@0.8:x=24:y=318`;

const ffmpeg = (args: string[]) =>
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], { maxBuffer: 64 * 1024 * 1024 });

/** Writes an MP4 (H.264 + AAC) of `seconds` at 640x360, or `size` when given (the benchmark's 1080p). */
export function makeWatermarkedVideo(
  path: string,
  seconds = 5,
  size: { width: number; height: number } = TEST_VIDEO,
): void {
  const { width, height } = size;
  ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `testsrc2=s=800x480:r=25:d=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    logo(seconds),
    '-f',
    'lavfi',
    '-i',
    `sine=f=440:d=${seconds}`,
    '-filter_complex',
    `[0:v]crop=${TEST_VIDEO.width}:${TEST_VIDEO.height}:x='80+80*sin(t*1.9)':y='60+60*cos(t*1.5)'[bg];[bg][1:v]overlay=${LOGO_BOX.x}:${LOGO_BOX.y}[o];[o]${TEXT},scale=${width}:${height},format=yuv420p[v]`,
    '-map',
    '[v]',
    '-map',
    '2:a',
    '-c:v',
    'libx264',
    '-crf',
    '16',
    '-preset',
    'veryfast',
    '-c:a',
    'aac',
    '-b:a',
    '96k',
    '-shortest',
    path,
  ]);
}

/** The text mark's box: its pixels drawn alone on black. */
export function textMarkBox(): PixelBox {
  const { width, height }: { width: number; height: number } = TEST_VIDEO;
  const raw = ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `color=c=black:s=${width}x${height}:d=0.04`,
    '-vf',
    `${TEXT},format=gray`,
    '-frames:v',
    '1',
    '-f',
    'rawvideo',
    'pipe:1',
  ]);
  let x0 = width,
    y0 = height,
    x1 = -1,
    y1 = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (raw[y * width + x]! > 16) {
        x0 = Math.min(x0, x);
        x1 = Math.max(x1, x);
        y0 = Math.min(y0, y);
        y1 = Math.max(y1, y);
      }
    }
  }
  return { x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1 };
}
