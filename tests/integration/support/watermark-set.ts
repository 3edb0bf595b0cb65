/**
 * The labelled set for watermark detection: short clips made from ffmpeg's own sources (fractal zoom, cellular
 * automaton, life, noise, slow gradients, bars, test pattern) with marks drawn by ffmpeg (generated logos, text in a
 * Debian font, an opaque "TV9" box; semi-transparent, appearing partway, moving between corners, two at once) and
 * the marks' true boxes. Clips are generated on first use into a cache folder keyed by their recipe, never
 * committed. Sources that fill their first grid at random (`life`, `cellauto`) are given a seed, so every machine
 * makes the same clips (their default seed differs on every run). Used by the integration test and by
 * `scripts/bench-watermark.ts`.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { iou, type PixelBox } from '~/server/media/overlay-detect.ts';

export const SET_FRAME = { width: 480, height: 270, fps: 25 } as const;
const { width: W, height: H, fps: FPS } = SET_FRAME;
const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';

interface MarkBase {
  /** Seconds the mark shows; absent → the whole clip. */
  from?: number;
  to?: number;
}
/** A generated logo: a coloured card with a darker inner block, `opacity` 0..1. */
interface LogoMark extends MarkBase {
  kind: 'logo';
  x: number;
  y: number;
  w: number;
  h: number;
  colour: string;
  inner: string;
  opacity: number;
}
interface TextMark extends MarkBase {
  kind: 'text';
  x: number;
  y: number;
  text: string;
  size: number;
  colour: string;
  opacity: number;
}
/** An opaque box with text on it, like a channel's "TV9" bug. */
interface BugMark extends MarkBase {
  kind: 'bug';
  x: number;
  y: number;
  w: number;
  h: number;
  text: string;
  colour: string;
}
export type Mark = LogoMark | TextMark | BugMark;

export interface LabelledClip {
  name: string;
  /** What the background does, for the report. */
  background: 'busy' | 'calm' | 'noisy' | 'dark' | 'bright';
  /** A lavfi graph making W×H frames at FPS (no duration: the clip's is applied). */
  source: string;
  seconds: number;
  marks: Mark[];
  /** Extra filters drawn before the marks: part of the picture, never a mark (the still subject). */
  scene?: string;
}

export interface TrueMark {
  box: PixelBox;
  from: number | null;
  to: number | null;
  label: string;
}

const testsrc2 = `testsrc2=s=640x360:r=${FPS},crop=${W}:${H}:x='80+80*sin(t*1.9)':y='45+45*cos(t*1.5)'`;
const mandelbrot = `mandelbrot=s=${W}x${H}:r=${FPS}:end_scale=0.05:maxiter=256`;
const cellauto = `cellauto=s=240x135:r=${FPS}:seed=1:rule=30:random_fill_ratio=0.5:start_full=1,scale=${W}:${H}:flags=neighbor,format=yuv420p`;
const noise = (level: number, colour = 'gray') =>
  `color=c=${colour}:s=160x90:r=${FPS},noise=alls=${level}:allf=t,scale=${W}:${H}:flags=bilinear`;

export const LABELLED_SET: LabelledClip[] = [
  {
    name: 'mandelbrot-logo',
    background: 'busy',
    source: mandelbrot,
    seconds: 4,
    marks: [{ kind: 'logo', x: 392, y: 16, w: 72, h: 44, colour: 'white', inner: '0x1040c0', opacity: 0.6 }],
  },
  {
    name: 'cellauto-text',
    background: 'busy',
    source: cellauto,
    seconds: 4,
    marks: [{ kind: 'text', x: 18, y: 232, text: 'NEWS 24', size: 22, colour: 'white', opacity: 1 }],
  },
  {
    name: 'cellauto-tv9',
    background: 'busy',
    source: cellauto,
    seconds: 4,
    marks: [{ kind: 'bug', x: 14, y: 12, w: 70, h: 34, text: 'TV9', colour: '0xd01010' }],
  },
  {
    name: 'testsrc2-tv9',
    background: 'busy',
    source: testsrc2,
    seconds: 4,
    marks: [{ kind: 'bug', x: 398, y: 14, w: 66, h: 32, text: 'TV9', colour: '0xd01010' }],
  },
  {
    name: 'life-text',
    background: 'noisy',
    source: `life=s=240x135:r=${FPS}:seed=1:mold=10:ratio=0.2:life_color=#00ff88:death_color=#202060:mold_color=#604020,scale=${W}:${H}:flags=neighbor,format=yuv420p`,
    seconds: 4,
    marks: [{ kind: 'text', x: 380, y: 14, text: 'LIVE', size: 24, colour: 'white', opacity: 0.75 }],
  },
  {
    name: 'noise-logo',
    background: 'noisy',
    source: noise(80),
    seconds: 4,
    marks: [{ kind: 'logo', x: 396, y: 214, w: 68, h: 42, colour: '0xffd000', inner: '0x202020', opacity: 1 }],
  },
  {
    name: 'noise-text-translucent',
    background: 'noisy',
    source: noise(80),
    seconds: 4,
    marks: [{ kind: 'text', x: 16, y: 236, text: 'sample.tv', size: 20, colour: 'white', opacity: 0.5 }],
  },
  {
    name: 'gradient-logo',
    background: 'calm',
    source: `gradients=s=${W}x${H}:r=${FPS}:speed=0.01:c0=0x203060:c1=0x60a0c0`,
    seconds: 4,
    marks: [{ kind: 'logo', x: 14, y: 14, w: 64, h: 40, colour: 'white', inner: '0xc02060', opacity: 1 }],
  },
  {
    name: 'gradient-text-translucent',
    background: 'calm',
    source: `gradients=s=${W}x${H}:r=${FPS}:speed=0.015:c0=0x502020:c1=0xe0a040:type=radial`,
    seconds: 4,
    marks: [{ kind: 'text', x: 330, y: 236, text: '@channel', size: 20, colour: 'white', opacity: 0.6 }],
  },
  {
    name: 'colour-text',
    background: 'calm',
    source: `color=c=0x306090:s=${W}x${H}:r=${FPS},hue=h=t*12`,
    seconds: 4,
    marks: [{ kind: 'text', x: 16, y: 14, text: 'STUDIO', size: 22, colour: 'white', opacity: 0.9 }],
  },
  {
    name: 'bars-logo',
    background: 'calm',
    source: `smptebars=s=640x${H}:r=${FPS},crop=${W}:${H}:x='t*10'`,
    seconds: 4,
    marks: [{ kind: 'logo', x: 16, y: 212, w: 66, h: 42, colour: 'white', inner: '0x101010', opacity: 0.7 }],
  },
  {
    name: 'dark-text',
    background: 'dark',
    source: `gradients=s=160x90:r=${FPS}:speed=0.02:c0=0x101018:c1=0x000000,format=yuv420p,noise=alls=6:allf=t,scale=${W}:${H}:flags=bilinear`,
    seconds: 4,
    marks: [{ kind: 'text', x: 340, y: 234, text: 'NIGHT 7', size: 22, colour: '0x808080', opacity: 0.7 }],
  },
  {
    name: 'bright-logo',
    background: 'bright',
    source: `gradients=s=160x90:r=${FPS}:speed=0.02:c0=0xf8f4e8:c1=0xe8f0ff,format=yuv420p,noise=alls=8:allf=t,scale=${W}:${H}:flags=bilinear`,
    seconds: 4,
    marks: [{ kind: 'logo', x: 398, y: 14, w: 66, h: 40, colour: '0x202020', inner: '0x808080', opacity: 0.5 }],
  },
  {
    name: 'two-marks',
    background: 'busy',
    source: testsrc2,
    seconds: 4,
    marks: [
      { kind: 'logo', x: 392, y: 16, w: 72, h: 44, colour: 'white', inner: '0x000000', opacity: 0.55 },
      { kind: 'text', x: 18, y: 236, text: 'NXN SAMPLE', size: 18, colour: 'white', opacity: 0.8 },
    ],
  },
  {
    name: 'appears-partway',
    background: 'busy',
    source: mandelbrot,
    seconds: 6,
    marks: [
      { kind: 'logo', x: 396, y: 214, w: 68, h: 42, colour: 'white', inner: '0xe03000', opacity: 0.8, from: 2.5 },
    ],
  },
  {
    name: 'moves-corners',
    background: 'busy',
    source: testsrc2,
    seconds: 6,
    marks: [
      { kind: 'text', x: 16, y: 14, text: 'CH 5', size: 24, colour: 'white', opacity: 0.9, to: 3 },
      { kind: 'text', x: 400, y: 234, text: 'CH 5', size: 24, colour: 'white', opacity: 0.9, from: 3 },
    ],
  },
  {
    name: 'still-subject',
    background: 'busy',
    source: noise(60, '0x406040'),
    seconds: 4,
    // A textured subject in the middle that sways by a few pixels: part of the picture, not a mark.
    scene: `[scene]mandelbrot=s=120x120:r=${FPS}:start_scale=0.5:end_scale=0.5,trim=end_frame=1,loop=loop=-1:size=1,setpts=N/${FPS}/TB[subject];[bg][subject]overlay=x='180+3*sin(2*t)':y='75+2*cos(3*t)':shortest=1`,
    marks: [{ kind: 'text', x: 392, y: 14, text: 'WXYZ', size: 22, colour: 'white', opacity: 0.85 }],
  },
  { name: 'no-mark', background: 'busy', source: mandelbrot, seconds: 4, marks: [] },
];

/** The clip made from seed `seed` of its random source instead of seed 1; undefined for a clip without one. */
export function withSeed(clip: LabelledClip, seed: number): LabelledClip | undefined {
  return /:seed=\d+/.test(clip.source)
    ? { ...clip, source: clip.source.replace(/:seed=\d+/, `:seed=${seed}`) }
    : undefined;
}

const enable = (m: MarkBase) =>
  m.from === undefined && m.to === undefined
    ? ''
    : `:enable='${m.to === undefined ? `gte(t,${m.from})` : m.from === undefined ? `lt(t,${m.to})` : `between(t,${m.from},${m.to})`}'`;

const drawText = (m: TextMark, colour = `${m.colour}@${m.opacity}`) =>
  `drawtext=fontfile=${FONT}:text='${m.text}':fontsize=${m.size}:fontcolor=${colour}:x=${m.x}:y=${m.y}${enable(m)}`;

/** The filter graph: `[0:v]` the background → `[v]` with the scene and every mark drawn. */
function graph(clip: LabelledClip, seconds: number): string {
  const parts: string[] = [`[0:v]trim=duration=${seconds},setpts=PTS-STARTPTS,format=yuv420p[bg0]`];
  let current = 'bg0';
  if (clip.scene) {
    parts.push(`${clip.scene.replace('[scene]', '').replace('[bg]', `[${current}]`)}[bg1]`);
    current = 'bg1';
  }
  clip.marks.forEach((m, k) => {
    const out = `m${k}`;
    if (m.kind === 'text') parts.push(`[${current}]${drawText(m)}[${out}]`);
    else if (m.kind === 'bug') {
      const text = `drawtext=fontfile=${FONT}:text='${m.text}':fontsize=${Math.round(m.h * 0.7)}:fontcolor=white:x=${m.x}+(${m.w}-tw)/2:y=${m.y}+(${m.h}-th)/2${enable(m)}`;
      parts.push(
        `[${current}]drawbox=x=${m.x}:y=${m.y}:w=${m.w}:h=${m.h}:color=${m.colour}:t=fill${enable(m)},${text}[${out}]`,
      );
    } else {
      const inner = `drawbox=x=${Math.round(m.w * 0.2)}:y=${Math.round(m.h * 0.25)}:w=${Math.round(m.w * 0.6)}:h=${Math.round(m.h * 0.5)}:color=${m.inner}:t=fill`;
      parts.push(
        `color=c=${m.colour}:s=${m.w}x${m.h}:r=${FPS}:d=${seconds},format=rgba,${inner},colorchannelmixer=aa=${m.opacity}[logo${k}]`,
      );
      parts.push(`[${current}][logo${k}]overlay=${m.x}:${m.y}${enable(m)}[${out}]`);
    }
    current = out;
  });
  parts.push(`[${current}]null[v]`);
  return parts.join(';');
}

/** The text's true box: drawn alone, opaque white on black, and measured. */
function textBox(m: TextMark): PixelBox {
  const { from: _from, to: _to, ...always } = m;
  const raw = execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `color=c=black:s=${W}x${H}:d=0.04`,
    '-vf',
    `${drawText(always, 'white')},format=gray`,
    '-frames:v',
    '1',
    '-f',
    'rawvideo',
    'pipe:1',
  ]);
  let x0: number = W,
    y0: number = H,
    x1 = -1,
    y1 = -1;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      if (raw[y * W + x]! > 24) {
        x0 = Math.min(x0, x);
        x1 = Math.max(x1, x);
        y0 = Math.min(y0, y);
        y1 = Math.max(y1, y);
      }
    }
  }
  return { x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1 };
}

/** Each mark's true box and the seconds it shows (null: from the start / to the end). */
export function trueMarks(clip: LabelledClip): TrueMark[] {
  return clip.marks.map((m) => ({
    box: m.kind === 'text' ? textBox(m) : { x: m.x, y: m.y, w: m.w, h: m.h },
    from: m.from ?? null,
    to: m.to ?? null,
    label:
      m.kind === 'text'
        ? `text "${m.text}"${m.opacity < 1 ? ` at ${Math.round(m.opacity * 100)} %` : ''}`
        : m.kind === 'bug'
          ? `opaque "${m.text}" box`
          : `logo${m.opacity < 1 ? ` at ${Math.round(m.opacity * 100)} %` : ''}`,
  }));
}

const CACHE = path.join(os.tmpdir(), 'nxn-watermark-set');

/** The clip's MP4 (H.264, no audio), made once per recipe and kept in the temp folder's cache. */
export function labelledClipFile(clip: LabelledClip): string {
  const args = [
    '-f',
    'lavfi',
    '-i',
    clip.source,
    '-filter_complex',
    graph(clip, clip.seconds),
    '-map',
    '[v]',
    '-t',
    String(clip.seconds),
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '20',
    '-pix_fmt',
    'yuv420p',
    '-movflags',
    '+faststart',
  ];
  const key = createHash('sha256').update(JSON.stringify(args)).digest('hex').slice(0, 16);
  const file = path.join(CACHE, `${clip.name}-${key}.mp4`);
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(CACHE, { recursive: true });
  const partial = `${file}.${process.pid}.part.mp4`;
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args, partial]);
  fs.renameSync(partial, file);
  return file;
}

/** A mark is found when a box overlaps it with IoU ≥ this; a box that finds no mark is a false box. */
export const FOUND_IOU = 0.5;

export interface DetectedBox extends PixelBox {
  startS: number | null;
  endS: number | null;
}

export interface ClipScore {
  marks: number;
  found: number;
  falseBoxes: number;
  /** Areas in pixels of the set's frame. */
  largestFalse: number;
  largestMark: number;
  /** Each found mark's detected seconds, for marks that show part of the time ("2.4–6.0 s"). */
  ranges: string[];
}

const seconds = (v: number | null, end: boolean) => (v === null ? (end ? 'end' : 'start') : `${v.toFixed(1)} s`);

export function scoreClip(truth: readonly TrueMark[], boxes: readonly DetectedBox[]): ClipScore {
  const matched = truth.map((t) => boxes.find((b) => iou(b, t.box) >= FOUND_IOU));
  const falses = boxes.filter((b) => !truth.some((t) => iou(b, t.box) >= FOUND_IOU));
  return {
    marks: truth.length,
    found: matched.filter(Boolean).length,
    falseBoxes: falses.length,
    largestFalse: Math.max(0, ...falses.map((b) => b.w * b.h)),
    largestMark: Math.max(0, ...truth.map((t) => t.box.w * t.box.h)),
    ranges: truth.flatMap((t, k) =>
      matched[k] && (t.from !== null || t.to !== null)
        ? [`${seconds(matched[k].startS, false)} to ${seconds(matched[k].endS, true)}`]
        : [],
    ),
  };
}
