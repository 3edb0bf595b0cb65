/**
 * What the benchmark scripts share: a scratch production build, CPU time with children, memory of a process tree, a
 * script of a given length, and writing their section of docs/benchmarks.md.
 */
import { execFile, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { FFMPEG_ENV } from '../src/server/config/media-env.ts';

const run = promisify(execFile);

/** Builds the site (pre-compressed, as `npm run build` does) into a new temporary folder and returns it. */
export async function buildIntoTemp(): Promise<string> {
  const outDir = await mkdtemp(path.join(tmpdir(), 'nxn-bench-dist-'));
  const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };
  console.error(`building into ${outDir} ...`);
  await run('npx', ['astro', 'build', '--outDir', outDir], { env, maxBuffer: 64 * 1024 * 1024 });
  await run('npx', ['tsx', 'scripts/precompress.ts', outDir], { env });
  return outDir;
}

/** CPU seconds used so far by this process (all threads) and by the children it has waited for (ffmpeg, workers). */
export function cpuSeconds(): number {
  const own = process.cpuUsage();
  const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  // Fields 16 and 17 of /proc/<pid>/stat (cutime, cstime), in clock ticks of 1/100 s.
  const children = Number(fields[13]) + Number(fields[14]);
  return (own.user + own.system) / 1e6 + children / 100;
}

/** Replaces the `## <heading>` section of docs/benchmarks.md with `section` (which starts with that heading), or appends it. */
export function writeBenchmarkSection(heading: string, section: string): string {
  const file = path.resolve(import.meta.dirname, '..', 'docs', 'benchmarks.md');
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmarks\n';
  const start = current.search(new RegExp(`^## ${heading}\\s*$`, 'm'));
  let next: string;
  if (start === -1) next = `${current.trimEnd()}\n\n${section}`;
  else {
    const rest = current.slice(start + 1);
    const end = rest.search(/^## /m);
    next = current.slice(0, start) + section + (end === -1 ? '' : `\n${rest.slice(end)}`);
  }
  fs.writeFileSync(file, next.endsWith('\n') ? next : `${next}\n`);
  return file;
}

/**
 * Replaces the figures between `<!-- <marker>:start -->` and `<!-- <marker>:end -->` in docs/benchmarks.md, so the
 * notes written around them survive a new run; without the markers, appends them under `## <heading>`.
 */
export function writeBenchmarkBlock(marker: string, heading: string, figures: string): string {
  const file = path.resolve(import.meta.dirname, '..', 'docs', 'benchmarks.md');
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmarks\n';
  const [start, end] = [`<!-- ${marker}:start -->`, `<!-- ${marker}:end -->`];
  const block = `${start}\n${figures.trimEnd()}\n${end}`;
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  const next =
    from !== -1 && to > from
      ? `${current.slice(0, from)}${block}${current.slice(to + end.length)}`
      : `${current.trimEnd()}\n\n## ${heading}\n\n${block}\n`;
  fs.writeFileSync(file, next);
  return file;
}

/** Varied sentences so scenes differ in length and look, like a real script. */
const SENTENCES = [
  'Every great video starts with a simple idea and a clear voice.',
  'Our oceans cover more than seventy percent of the planet, and they shape the weather we feel every day.',
  'Small habits, repeated daily, quietly become the life you live.',
  'In the city at night, a thousand windows light up with a thousand different stories.',
  'Start with one goal.',
  'Write it down, break it into steps, and take the first step today, even if it feels tiny.',
  'The mountain trail is steep, but the view from the top is worth every breath.',
  'Technology moves fast; people who keep learning move with it.',
  'Good design is invisible: you only notice it when it is missing.',
  'Save a little money every month, and let time do the heavy lifting.',
  'A forest is not just trees, it is a living network that shares water, light and food.',
  'Ask better questions, and you will get better answers.',
  'When you feel stuck, change the scene: take a walk, call a friend, or simply rest.',
  'The best time to plant a tree was twenty years ago; the second best time is now.',
  'Customers remember how you made them feel long after they forget the price.',
];

export function scriptOf(words: number): string {
  const paragraphs: string[][] = [[]];
  let count = 0;
  for (let i = 0; ; i++) {
    const sentence = SENTENCES[i % SENTENCES.length]!;
    const length = sentence.split(/\s+/).length;
    // Stay at or under the target: the 5-minute run must pass the 750-word limit like any user's script.
    if (count + length > words) break;
    count += length;
    const paragraph = paragraphs.at(-1)!;
    paragraph.push(sentence);
    if (paragraph.length === 3 + (i % 2)) paragraphs.push([]);
  }
  return paragraphs
    .filter((p) => p.length > 0)
    .map((p) => p.join(' '))
    .join('\n\n');
}

/** Resident memory of a process and all its descendants, in bytes. */
export function treeRss(root: number): number {
  const children = new Map<number, number[]>();
  const rss = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = fs.readFileSync(`/proc/${entry}/status`, 'utf8');
      const ppid = Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]);
      const kb = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
      rss.set(Number(entry), kb * 1024);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // The process ended while we looked.
    }
  }
  const walk = (pid: number): number =>
    (rss.get(pid) ?? 0) + (children.get(pid) ?? []).reduce((sum, child) => sum + walk(child), 0);
  return walk(root);
}

/** Wall time, CPU (user + system of the process and its threads) and peak RSS of one process, from GNU time. */
export interface TimedRun {
  seconds: number;
  cpuSeconds: number;
  peakBytes: number;
}

export const GNU_TIME = ['-f', '%M %U %S'];

export function parseTime(stderr: string, started: number): TimedRun {
  const [kb, user, system] = stderr.trim().split('\n').at(-1)!.split(' ').map(Number) as [number, number, number];
  return { seconds: (performance.now() - started) / 1000, cpuSeconds: user + system, peakBytes: kb * 1024 };
}

/**
 * x264 alone on the frames `sourceArgs` (an ffmpeg writing raw 4:2:0 to pipe:1) produces, encoded with
 * `videoSettings` into `output` (discarded unless given); only the encoder's CPU is counted.
 */
export async function encoderAlone(
  sourceArgs: string[],
  size: { width: number; height: number },
  fps: string,
  videoSettings: string[],
  output: string[] = ['-f', 'null', '-'],
): Promise<TimedRun> {
  // The render's allocator settings on both sides, so the encoder is measured as the render runs it.
  const source = spawn('ffmpeg', ['-v', 'error', ...sourceArgs], {
    env: FFMPEG_ENV,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const started = performance.now();
  const encoder = spawn(
    '/usr/bin/time',
    [
      ...GNU_TIME,
      'ffmpeg',
      '-v',
      'error',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'yuv420p',
      '-s',
      `${size.width}x${size.height}`,
      '-r',
      fps,
      '-i',
      'pipe:0',
      ...videoSettings,
      ...output,
    ],
    { env: FFMPEG_ENV, stdio: ['pipe', 'ignore', 'pipe'] },
  );
  source.stdout.pipe(encoder.stdin);
  let stderr = '';
  encoder.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [sourceCode, encoderCode] = await Promise.all([once(source, 'close'), once(encoder, 'close')]);
  if (sourceCode[0] !== 0 || encoderCode[0] !== 0) throw new Error(`x264 alone failed: ${stderr.slice(-2000)}`);
  return parseTime(stderr, started);
}

/** Where the clip benchmarks keep the clips they generate, made once. */
export const BENCH_CLIPS_DIR = path.join(tmpdir(), 'nxn-bench-clips');

/** Picture sources with motion everywhere and detail x264 cannot wave away; grain like a real camera's. */
const SOURCES = [
  (fps: number) => `testsrc2=s=1920x1080:r=${fps},hue=H=t*0.4`,
  (fps: number) => `mandelbrot=s=960x540:r=${fps}:start_scale=2:end_scale=0.02,scale=1920:1080:flags=bicubic`,
  (fps: number) =>
    `life=s=640x360:r=${fps}:ratio=0.2:mold=20:life_color=#f0c060:death_color=#203050:mold_color=#608040,scale=1920:1080:flags=bicubic`,
  (fps: number) => `cellauto=s=1920x1080:r=${fps}:rule=110:scroll=1,format=yuv420p,hue=H=2*t:s=3`,
];

/** Makes clip `i` unless it is already there: H.264 High, yuv420p, BT.709 tags, at most 16 Mbit/s, every third one with sound. */
export function makeBenchClip(dir: string, i: number): string {
  const file = path.join(dir, `clip-${String(i + 1).padStart(2, '0')}.mp4`);
  if (fs.existsSync(file)) return file;
  const fps = i % 2 === 0 ? 25 : 30;
  const seconds = 6 + ((i * 7) % 10);
  const picture = `${SOURCES[i % SOURCES.length]!(fps)},noise=alls=3:allf=t,format=yuv420p`;
  const sound = i % 3 === 0 ? ['-f', 'lavfi', '-i', `anoisesrc=c=pink:a=0.2:d=${seconds},lowpass=f=2000`] : [];
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', picture, ...sound, '-t', String(seconds)],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'high', '-crf', '21', '-pix_fmt', 'yuv420p'],
    // Stock libraries' 1080p files run at about 8-16 Mbit/s; the automata alone would make 45.
    ...['-maxrate', '16M', '-bufsize', '32M'],
    ...[
      '-colorspace',
      'bt709',
      '-color_primaries',
      'bt709',
      '-color_trc',
      'bt709',
      ...(sound.length ? ['-c:a', 'aac'] : []),
      `${file}.tmp.mp4`,
    ],
  ]);
  fs.renameSync(`${file}.tmp.mp4`, file);
  return file;
}
