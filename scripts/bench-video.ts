/**
 * Video pipeline benchmark: script in, MP4 out, for 1- and 5-minute videos (1080p by default), reported as a
 * multiple of real time with peak memory (our process plus every child, sampled from /proc), the ffmpeg render
 * pass alone, and the bare x264 encode of the same frames (the encoder's limit on this machine).
 *
 *   npx tsx scripts/bench-video.ts                       # 1 and 5 minutes at 1080p, writes docs/benchmarks.md
 *   npx tsx scripts/bench-video.ts --minutes 1 --no-write --preset faster --crf 23 --threads 0
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { cpuSeconds } from './bench-support.ts';
import { createVideoRequestSchema } from '../src/contract/video.ts';
import { runVideoPipeline, VIDEO_STAGES, type VideoStage } from '../src/server/features/videos/pipeline.ts';
import { DEFAULT_RENDER } from '../src/server/media/render.ts';
import { createDesignedImageProvider } from '../src/server/providers/images/designed-provider.ts';
import { createTtsProviders } from '../src/server/providers/tts/index.ts';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '1,5' },
    resolution: { type: 'string', default: '1080p' },
    aspect: { type: 'string', default: '16:9' },
    captions: { type: 'string', default: 'word' },
    preset: { type: 'string', default: DEFAULT_RENDER.preset },
    crf: { type: 'string', default: String(DEFAULT_RENDER.crf) },
    threads: { type: 'string', default: String(DEFAULT_RENDER.threads) },
    'no-write': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});

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

function scriptOf(words: number): string {
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
function treeRss(root: number): number {
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
  const walk = (pid: number): number => (rss.get(pid) ?? 0) + (children.get(pid) ?? []).reduce((sum, child) => sum + walk(child), 0);
  return walk(root);
}

const mib = (bytes: number): string => `${Math.round(bytes / 1024 / 1024)} MiB`;

interface Figures {
  minutes: number;
  videoSeconds: number;
  wallSeconds: number;
  cpuSeconds: number;
  /** 1-minute load average when the run started: other work on the machine slows us down. */
  load: number;
  stageSeconds: Record<VideoStage, number>;
  peakBytes: number;
  renderAloneSeconds: number;
  renderAlonePeakBytes: number;
  x264Seconds: number;
  sizeBytes: number;
  scenes: number;
}

/** Runs a command, returning its wall time and peak RSS from GNU time. */
function timed(command: string, args: string[]): { seconds: number; peakBytes: number } {
  const started = performance.now();
  const result = spawnSync('/usr/bin/time', ['-f', '%M', command, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const seconds = (performance.now() - started) / 1000;
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr.slice(-2000)}`);
  const kb = Number(result.stderr.trim().split('\n').at(-1));
  return { seconds, peakBytes: kb * 1024 };
}

async function bench(minutes: number): Promise<Figures> {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), `nxn-bench-${minutes}m-`));
  const request = createVideoRequestSchema.parse({
    script: scriptOf(minutes * 150),
    voiceId: 'en-us-olivia',
    aspect: values.aspect,
    resolution: values.resolution,
    captions: values.captions,
    visuals: 'generated',
    music: { enabled: true, volume: 30 },
  });
  const voices = createTtsProviders({ openaiBaseUrl: '', elevenlabsBaseUrl: '', festivalPath: '/usr/bin/festival' });
  const images = createDesignedImageProvider();

  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, treeRss(process.pid))), 100);
  const stageStart = new Map<VideoStage, number>();
  let renderCommand: string[] = [];
  const load = os.loadavg()[0]!;
  const started = performance.now();
  const cpuStart = cpuSeconds();
  try {
    const result = await runVideoPipeline({
      jobId: `bench-${minutes}`,
      workDir,
      request,
      providers: { voices, images },
      render: { preset: values.preset!, crf: Number(values.crf), threads: Number(values.threads) },
      onProgress: (stage) => {
        if (!stageStart.has(stage)) stageStart.set(stage, performance.now());
      },
      onFfmpegSpawn: (pid) => {
        const argv = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
        if (argv.includes('-filter_complex_script')) renderCommand = argv;
      },
    });
    const wallSeconds = (performance.now() - started) / 1000;
    const cpu = cpuSeconds() - cpuStart;
    clearInterval(sampler);
    const ends = VIDEO_STAGES.map((_stage, i) => stageStart.get(VIDEO_STAGES[i + 1]!) ?? started + wallSeconds * 1000);
    const stageSeconds = Object.fromEntries(VIDEO_STAGES.map((stage, i) => [stage, (ends[i]! - (stageStart.get(stage) ?? ends[i]!)) / 1000])) as Record<
      VideoStage,
      number
    >;
    const manifest = JSON.parse(fs.readFileSync(path.join(workDir, 'manifest.json'), 'utf8')) as { scenes: string[] };

    // The same render pass on its own, then x264 alone on the finished frames (decoding H.264 is cheap next to it).
    const alone = timed('ffmpeg', renderCommand.slice(1).map((a) => (a.endsWith('video.partial.mp4') ? path.join(workDir, 'alone.mp4') : a)));
    const x264 = timed('ffmpeg', [
      '-v', 'error', '-i', result.video, '-map', '0:v', '-c:v', 'libx264', '-preset', values.preset!, '-crf', values.crf!,
      ...(Number(values.threads) > 0 ? ['-threads', values.threads!] : []), '-f', 'null', '-',
    ]);
    return {
      minutes,
      videoSeconds: result.durationMs / 1000,
      wallSeconds,
      cpuSeconds: cpu,
      load,
      stageSeconds,
      peakBytes: peak,
      renderAloneSeconds: alone.seconds,
      renderAlonePeakBytes: alone.peakBytes,
      x264Seconds: x264.seconds,
      sizeBytes: result.size,
      scenes: manifest.scenes.length,
    };
  } finally {
    clearInterval(sampler);
    await Promise.all([voices.close(), images.close()]);
    if (!values.keep) fs.rmSync(workDir, { recursive: true, force: true });
  }
}

const x = (video: number, seconds: number): string => `${(video / seconds).toFixed(2)}x`;

function report(all: Figures[]): string {
  const cpu = os.cpus();
  const lines = [
    `Measured ${new Date().toISOString().slice(0, 10)} on ${cpu.length} × ${cpu[0]?.model.trim() ?? 'CPU'}, ${mib(os.totalmem())} RAM, ffmpeg ` +
      `${execFileSync('ffmpeg', ['-version']).toString().split(' ')[2]}, Node ${process.version}. The two cores are shared with other work ` +
      '(the load column): wall-clock figures move with it, CPU time much less.',
    '',
    `Command: \`npx tsx scripts/bench-video.ts\` (${values.resolution} ${values.aspect}, captions "${values.captions}", music on, offline voice ` +
      `and backgrounds, x264 \`${values.preset}\` CRF ${values.crf}). "× realtime" = video length ÷ time taken; above 1x is faster than real time.`,
    '',
    '| Video | Scenes | Load at start | End to end | × realtime | CPU time (all processes) | Peak memory (all processes) | Render pass alone | x264 alone (same frames) | File size |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...all.map(
      (f) =>
        `| ${f.videoSeconds.toFixed(1)} s | ${f.scenes} | ${f.load.toFixed(1)} | ${f.wallSeconds.toFixed(1)} s | **${x(f.videoSeconds, f.wallSeconds)}** | ` +
        `${f.cpuSeconds.toFixed(0)} s (${(f.cpuSeconds / f.videoSeconds).toFixed(2)} s per video second) | ${mib(f.peakBytes)} | ` +
        `${f.renderAloneSeconds.toFixed(1)} s (${x(f.videoSeconds, f.renderAloneSeconds)}, ${mib(f.renderAlonePeakBytes)}) | ` +
        `${f.x264Seconds.toFixed(1)} s (${x(f.videoSeconds, f.x264Seconds)}) | ${mib(f.sizeBytes)} |`,
    ),
    '',
    'Time per stage (seconds):',
    '',
    `| Video | ${VIDEO_STAGES.join(' | ')} |`,
    `|---|${VIDEO_STAGES.map(() => '---').join('|')}|`,
    ...all.map((f) => `| ${f.videoSeconds.toFixed(0)} s | ${VIDEO_STAGES.map((s) => f.stageSeconds[s].toFixed(2)).join(' | ')} |`),
    '',
  ];
  return lines.join('\n');
}

const START = '<!-- bench-video:start -->';
const END = '<!-- bench-video:end -->';

/**
 * Replaces the measured part of our "Video pipeline" section in docs/benchmarks.md (between markers, so the notes
 * written around it survive), or appends the section; other teams' headings are left alone.
 */
function writeFigures(figuresText: string): void {
  const file = path.join(import.meta.dirname, '..', 'docs', 'benchmarks.md');
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmarks\n';
  const block = `${START}\n${figuresText.trimEnd()}\n${END}`;
  const start = current.indexOf(START);
  const end = current.indexOf(END);
  const next =
    start !== -1 && end > start
      ? `${current.slice(0, start)}${block}${current.slice(end + END.length)}`
      : `${current.trimEnd()}\n\n## Video pipeline\n\n${block}\n`;
  fs.writeFileSync(file, next);
}

const figures: Figures[] = [];
for (const minutes of values.minutes!.split(',').map(Number)) {
  const f = await bench(minutes);
  figures.push(f);
  console.log(
    `${minutes} min: ${f.videoSeconds.toFixed(1)} s video in ${f.wallSeconds.toFixed(1)} s (${x(f.videoSeconds, f.wallSeconds)}), cpu ${f.cpuSeconds.toFixed(1)} s, ` +
      `peak ${mib(f.peakBytes)}; render alone ${f.renderAloneSeconds.toFixed(1)} s; x264 alone ${f.x264Seconds.toFixed(1)} s; ` +
      `stages ${VIDEO_STAGES.map((s) => `${s} ${f.stageSeconds[s].toFixed(1)}`).join(', ')}`,
  );
}
const text = report(figures);
if (!values['no-write']) writeFigures(text);
console.log(`\n${text}`);
