/**
 * The render's x264 settings against the presets around them, on the kinds of picture videos are made of: a designed
 * background panned one pixel a frame (what stills-only videos show), one clip of each kind the clip benchmark
 * generates, and any camera footage you pass. Each setting encodes the same frames at CRF 23 (decoded by another
 * process, not counted) and is measured in CPU seconds (GNU time), bytes, and SSIM against the frames it was given.
 *
 *   npx tsx scripts/bench-encoder.ts
 *   npx tsx scripts/bench-encoder.ts --footage street.mp4,flower.mov --seconds 10
 *   npx tsx scripts/bench-encoder.ts --footage clip.mp4 --generated 0 --seconds 0.2 --size 320x180   # the smallest run
 *
 * --generated N: how many of the generated clip kinds to include (all 4 by default; each is made once, 1080p).
 * --size WxH: the frames encoded (1920x1080).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_RENDER } from '../src/server/media/render.ts';
import { createDesignedImageProvider } from '../src/server/providers/images/designed-provider.ts';
import { BENCH_CLIPS_DIR, encoderAlone, makeBenchClip } from './bench-support.ts';

const { values } = parseArgs({
  options: {
    footage: { type: 'string', default: '' },
    seconds: { type: 'string', default: '10' },
    generated: { type: 'string', default: '4' },
    size: { type: 'string', default: '1920x1080' },
  },
});

const FPS = 25;
const frames = Number(values.seconds) * FPS;
const [width, height] = values.size!.split('x').map(Number) as [number, number];
const SIZE = { width, height };
const SETTINGS = [
  { name: 'veryfast', preset: 'veryfast', params: '' },
  { name: 'superfast', preset: 'superfast', params: '' },
  {
    name: `${DEFAULT_RENDER.preset} + ${DEFAULT_RENDER.x264Params} (the render's)`,
    preset: DEFAULT_RENDER.preset,
    params: DEFAULT_RENDER.x264Params,
  },
];

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'nxn-bench-encoder-'));

/** Decoder arguments giving `frames` raw 4:2:0 frames of SIZE of a source (looped when shorter), as the render would see them. */
const decoded = (input: string[], filters: string): string[] => [
  ...input,
  '-map',
  '0:v',
  '-vf',
  `${filters}fps=${FPS},scale=${SIZE.width}:${SIZE.height}:force_original_aspect_ratio=increase,crop=${SIZE.width}:${SIZE.height},format=yuv420p`,
  '-frames:v',
  String(frames),
];

async function pannedStill(): Promise<{ name: string; source: string[] }> {
  const images = createDesignedImageProvider();
  try {
    // One pixel a frame on both axes, as the render pans a still (whole pixels, no resampling).
    const still = await images.generate({
      prompt: 'city lights at night',
      width: SIZE.width + frames,
      height: SIZE.height + frames,
      seed: 7,
    });
    const file = path.join(work, 'still.png');
    fs.writeFileSync(file, still.png);
    return {
      name: 'Designed background, panned',
      source: decoded(
        ['-loop', '1', '-framerate', String(FPS), '-i', file],
        `crop=${SIZE.width}:${SIZE.height}:x=n:y=n,`,
      ),
    };
  } finally {
    await images.close();
  }
}

const clipSource = (name: string, file: string) => ({ name, source: decoded(['-stream_loop', '-1', '-i', file], '') });

fs.mkdirSync(BENCH_CLIPS_DIR, { recursive: true });
const sources = [
  await pannedStill(),
  ...['test pattern', 'fractal zoom', 'cellular automaton', 'scrolling automaton']
    .slice(0, Number(values.generated))
    .map((kind, i) => clipSource(`Generated clip: ${kind}, grain`, makeBenchClip(BENCH_CLIPS_DIR, i))),
  ...values
    .footage!.split(',')
    .filter(Boolean)
    .map((file) => clipSource(`Footage: ${path.basename(file)}`, path.resolve(file))),
];

/** SSIM of `encoded` against the frames it was made from, in dB (higher is closer). */
function ssimDb(encoded: string, source: string[]): number {
  const input = source.slice(0, source.indexOf('-map'));
  const chain = source[source.indexOf('-vf') + 1]!;
  const args = [
    '-nostdin',
    '-v',
    'info',
    '-i',
    encoded,
    ...input,
    '-filter_complex',
    `[1:v]${chain}[ref];[0:v][ref]ssim`,
    '-frames:v',
    String(frames),
    '-f',
    'null',
    '-',
  ];
  const { stderr } = spawnSync('ffmpeg', args, { encoding: 'utf8' });
  const db = /All:[\d.]+ \(([\d.]+)\)/.exec(stderr)?.[1];
  if (!db) throw new Error(`SSIM failed: ${stderr.slice(-1000)}`);
  return Number(db);
}

const rows: string[] = [];
for (const { name, source } of sources) {
  const baseline: { cpu: number; bytes: number }[] = [];
  for (const setting of SETTINGS) {
    const output = path.join(work, 'encoded.mp4');
    const run = await encoderAlone(
      [...source, '-f', 'rawvideo', 'pipe:1'],
      SIZE,
      String(FPS),
      [
        ...['-c:v', 'libx264', '-preset', setting.preset, ...(setting.params ? ['-x264-params', setting.params] : [])],
        ...['-crf', '23', '-profile:v', 'high', '-pix_fmt', 'yuv420p', '-g', String(FPS * 4)],
      ],
      ['-f', 'mp4', '-y', output],
    );
    const bytes = fs.statSync(output).size;
    const ssim = ssimDb(output, source);
    baseline.push({ cpu: run.cpuSeconds, bytes });
    const first = baseline[0]!;
    const change = (now: number, before: number) =>
      `${now >= before ? '+' : ''}${Math.round((now / before - 1) * 100)} %`;
    rows.push(
      `| ${name} | ${setting.name} | ${run.cpuSeconds.toFixed(1)} s (${(run.cpuSeconds / Number(values.seconds)).toFixed(3)} per video s) | ` +
        `${change(run.cpuSeconds, first.cpu)} | ${(bytes / 1e6).toFixed(1)} MB | ${change(bytes, first.bytes)} | ${ssim.toFixed(2)} dB |`,
    );
    console.error(rows.at(-1));
  }
}
fs.rmSync(work, { recursive: true, force: true });
const cpu = os.cpus();
console.log(
  [
    `Measured ${new Date().toISOString().slice(0, 10)} on ${cpu.length} × ${cpu[0]?.model.trim() ?? 'CPU'}, ffmpeg ${execFileSync('ffmpeg', ['-version']).toString().split(' ')[2]}; ` +
      `${values.seconds} s of ${SIZE.width}×${SIZE.height} at ${FPS} fps per source, CRF 23, High profile, keyframe every 4 s.`,
    '',
    '| Source | x264 settings | Encoder CPU | CPU vs veryfast | Size | Size vs veryfast | SSIM |',
    '|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n'),
);
