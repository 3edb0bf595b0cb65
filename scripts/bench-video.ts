/**
 * Video pipeline benchmark: script in, MP4 out, for 1- and 5-minute videos (1080p by default), reported as a
 * multiple of real time with peak memory (our process plus every child, sampled from /proc), the ffmpeg render
 * pass alone, and the bare x264 encode of the same frames (the encoder's limit on this machine), each in wall time and
 * CPU seconds per second of video.
 *
 *   npx tsx scripts/bench-video.ts                       # 1 and 5 minutes at 1080p, writes docs/benchmarks.md
 *   npx tsx scripts/bench-video.ts --minutes 1 --no-write --preset veryfast --x264-params '' --crf 23 --threads 0
 *   npx tsx scripts/bench-video.ts --visual-order illustration  # the offline first video: scenes illustrated
 *   npx tsx scripts/bench-video.ts --minutes 0.1 --resolution 720p --repeat 1 --no-write  # the smallest run
 *
 * With illustrations the figures for the pass are the render stage's, measured in the pipeline run; the pass alone
 * against x264 alone is measured for designed stills, the comparison it was made for.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createVideoRequestSchema, VISUAL_ORDERS, type VisualOrder } from '../src/contract/video.ts';
import { runVideoPipeline, VIDEO_STAGES, type VideoStage } from '../src/server/features/videos/pipeline/run.ts';
import { DEFAULT_RENDER } from '../src/server/media/render.ts';
import { createDesignedImageProvider } from '../src/server/providers/images/designed-provider.ts';
import { createTtsProviders } from '../src/server/providers/tts/index.ts';
import {
  cpuSeconds,
  encoderAlone,
  GNU_TIME,
  parseTime,
  scriptOf,
  type TimedRun,
  treeRss,
  writeBenchmarkBlock,
} from './bench-support.ts';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '1,5' },
    resolution: { type: 'string', default: '1080p' },
    aspect: { type: 'string', default: '16:9' },
    captions: { type: 'string', default: 'word' },
    preset: { type: 'string', default: DEFAULT_RENDER.preset },
    'x264-params': { type: 'string', default: DEFAULT_RENDER.x264Params },
    crf: { type: 'string', default: String(DEFAULT_RENDER.crf) },
    threads: { type: 'string', default: String(DEFAULT_RENDER.threads) },
    /** Runs of the render pass alone and of x264 alone; the least CPU of each counts (other work only adds to it). */
    repeat: { type: 'string', default: '3' },
    'no-write': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    /** designed: stills only (the pass alone and x264 alone are measured too); illustration: the offline first video. */
    'visual-order': { type: 'string', default: 'designed' },
  },
});
const order = values['visual-order'] as VisualOrder;
if (!VISUAL_ORDERS.includes(order)) throw new Error(`--visual-order is one of ${VISUAL_ORDERS.join(', ')}`);

const mib = (bytes: number): string => `${Math.round(bytes / 1024 / 1024)} MiB`;

interface Figures {
  minutes: number;
  videoSeconds: number;
  wallSeconds: number;
  cpuSeconds: number;
  /** 1-minute load average when the run started: other work on the machine slows us down. */
  load: number;
  stageSeconds: Record<VideoStage, number>;
  /** CPU seconds of the render stage in the pipeline run (the encoder and every feeder). */
  renderStageCpu: number;
  peakBytes: number;
  /** Stills only: the pass run again on its own, and x264 alone on its frames. */
  renderAlone: Run | null;
  x264: Run | null;
  sizeBytes: number;
  scenes: number;
  illustrated: number;
}

type Run = TimedRun;

/** Runs a command, returning its wall time, CPU time and peak RSS from GNU time. */
function timed(command: string, args: string[]): Run {
  const started = performance.now();
  const result = spawnSync('/usr/bin/time', [...GNU_TIME, command, ...args], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr.slice(-2000)}`);
  return parseTime(result.stderr, started);
}

/**
 * x264 alone on exactly the frames the render pass feeds it: the render's graph writes raw 4:2:0 frames into a pipe
 * and a second ffmpeg encodes them with the render's video settings; only the encoder's CPU is counted.
 */
function x264Alone(renderArgs: string[]): Promise<Run> {
  const graphArgs = renderArgs.slice(0, renderArgs.indexOf('-map'));
  const frames = renderArgs[renderArgs.indexOf('-frames:v') + 1]!;
  const fps = renderArgs[renderArgs.indexOf('-r') + 1]!;
  const size = /crop=(\d+):(\d+):x=/.exec(
    fs.readFileSync(renderArgs[renderArgs.indexOf('-filter_complex_script') + 1]!, 'utf8'),
  )!;
  const videoSettings = renderArgs.slice(renderArgs.indexOf('-c:v'), renderArgs.indexOf('-c:a'));
  const source = [
    ...graphArgs,
    '-map',
    '[vout]',
    '-frames:v',
    frames,
    '-f',
    'rawvideo',
    '-pix_fmt',
    'yuv420p',
    'pipe:1',
    '-map',
    '[aout]',
    '-f',
    'null',
    '-',
  ];
  return encoderAlone(source, { width: Number(size[1]), height: Number(size[2]) }, fps, videoSettings);
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
    visualOrder: order,
    music: { enabled: true, volume: 30 },
  });
  const voices = createTtsProviders({ openaiBaseUrl: '', elevenlabsBaseUrl: '', festivalPath: '/usr/bin/festival' });
  const images = createDesignedImageProvider();

  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, treeRss(process.pid))), 100);
  const stageStart = new Map<VideoStage, number>();
  const stageCpu = new Map<VideoStage, number>();
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
      render: {
        preset: values.preset!,
        x264Params: values['x264-params']!,
        crf: Number(values.crf),
        threads: Number(values.threads),
      },
      onProgress: (stage) => {
        if (!stageStart.has(stage)) stageStart.set(stage, performance.now());
        if (!stageCpu.has(stage)) stageCpu.set(stage, cpuSeconds());
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
    const stageSeconds = Object.fromEntries(
      VIDEO_STAGES.map((stage, i) => [stage, (ends[i]! - (stageStart.get(stage) ?? ends[i]!)) / 1000]),
    ) as Record<VideoStage, number>;
    const manifest = JSON.parse(fs.readFileSync(path.join(workDir, 'manifest.json'), 'utf8')) as {
      scenes: string[];
      stills: Array<{ source?: string }>;
    };
    // Children count once waited for: the encoder and the feeders all end within the render stage.
    const renderStageCpu = (stageCpu.get('thumbnail') ?? cpu + cpuStart) - stageCpu.get('render')!;

    // Designed stills only: the same render pass on its own, then x264 alone on the very frames the pass feeds it.
    const fed = order !== 'designed' || renderCommand.some((a) => a.endsWith('.pipe'));
    const least = (runs: Run[]) => runs.reduce((best, run) => (run.cpuSeconds < best.cpuSeconds ? run : best));
    const repeats = Array.from({ length: Math.max(1, Number(values.repeat)) });
    const aloneArgs = renderCommand
      .slice(1)
      .map((a) => (a.endsWith('video.partial.mp4') ? path.join(workDir, 'alone.mp4') : a));
    const renderAlone = fed ? null : least(repeats.map(() => timed('ffmpeg', aloneArgs)));
    const x264Runs: Run[] = [];
    if (!fed) for (const _ of repeats) x264Runs.push(await x264Alone(renderCommand.slice(1)));
    const x264 = fed ? null : least(x264Runs);
    return {
      renderStageCpu,
      illustrated: manifest.stills.filter((still) => still.source === 'illustration').length,
      minutes,
      videoSeconds: result.durationMs / 1000,
      wallSeconds,
      cpuSeconds: cpu,
      load,
      stageSeconds,
      peakBytes: peak,
      renderAlone,
      x264,
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
const perSecond = (f: Figures, cpu: number): string => (cpu / f.videoSeconds).toFixed(3);

/** Stills only: the render pass run again on its own against x264 alone on its frames. */
function passTable(all: Figures[]): string[] {
  const alone = all.filter(
    (f): f is Figures & { renderAlone: Run; x264: Run } => f.renderAlone !== null && f.x264 !== null,
  );
  if (alone.length === 0) return [];
  return [
    'The render pass (one ffmpeg run, run again on its own) against x264 alone encoding the very frames the pass feeds it',
    '(the same graph writes raw 4:2:0 frames into a pipe; only the encoder is counted). CPU = user + system seconds of',
    `that process and its threads, the least of ${values.repeat} runs each; the last column is the cost of everything around the encoder.`,
    '',
    '| Video | Render pass: wall | CPU | CPU per video second | Peak memory | x264 alone: wall | CPU | CPU per video second | Render ÷ x264 (CPU) |',
    '|---|---|---|---|---|---|---|---|---|',
    ...alone.map(
      (f) =>
        `| ${f.videoSeconds.toFixed(1)} s | ${f.renderAlone.seconds.toFixed(1)} s (${x(f.videoSeconds, f.renderAlone.seconds)}) | ` +
        `${f.renderAlone.cpuSeconds.toFixed(1)} s | ${perSecond(f, f.renderAlone.cpuSeconds)} s | ${mib(f.renderAlone.peakBytes)} | ` +
        `${f.x264.seconds.toFixed(1)} s (${x(f.videoSeconds, f.x264.seconds)}) | ${f.x264.cpuSeconds.toFixed(1)} s | ${perSecond(f, f.x264.cpuSeconds)} s | ` +
        `**${(f.renderAlone.cpuSeconds / f.x264.cpuSeconds).toFixed(2)}×** |`,
    ),
    '',
  ];
}

function report(all: Figures[]): string {
  const cpu = os.cpus();
  const lines = [
    `Measured ${new Date().toISOString().slice(0, 10)} on ${cpu.length} × ${cpu[0]?.model.trim() ?? 'CPU'}, ${mib(os.totalmem())} RAM, ffmpeg ` +
      `${execFileSync('ffmpeg', ['-version']).toString().split(' ')[2]}, Node ${process.version}. The two cores are shared with other work ` +
      '(the load column): wall-clock figures move with it, CPU time much less.',
    '',
    `Command: \`npx tsx scripts/bench-video.ts${order === 'designed' ? '' : ` --visual-order ${order}`}\` (${values.resolution} ${values.aspect}, captions "${values.captions}", music on, offline voice ` +
      `and ${order === 'designed' ? 'designed backgrounds' : 'pictures (no stock or AI key: illustrations, a designed background where a scene names nothing drawable)'}, x264 \`${values.preset}\`${values['x264-params'] ? ` with \`${values['x264-params']}\`` : ''} CRF ${values.crf}). "× realtime" = video length ÷ time taken; above 1x is faster than real time.`,
    '',
    '| Video | Scenes (illustrated) | Load at start | End to end | × realtime | CPU time (all processes) | Render stage: wall | CPU | Peak memory (all processes) | File size |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...all.map(
      (f) =>
        `| ${f.videoSeconds.toFixed(1)} s | ${f.scenes} (${f.illustrated}) | ${f.load.toFixed(1)} | ${f.wallSeconds.toFixed(1)} s | **${x(f.videoSeconds, f.wallSeconds)}** | ` +
        `${f.cpuSeconds.toFixed(0)} s (${perSecond(f, f.cpuSeconds)} s per video second) | ${f.stageSeconds.render.toFixed(1)} s | ` +
        `${f.renderStageCpu.toFixed(0)} s (${perSecond(f, f.renderStageCpu)} s per video second) | ${mib(f.peakBytes)} | ${mib(f.sizeBytes)} |`,
    ),
    '',
    ...passTable(all),
    'Time per stage (seconds):',
    '',
    `| Video | ${VIDEO_STAGES.join(' | ')} |`,
    `|---|${VIDEO_STAGES.map(() => '---').join('|')}|`,
    ...all.map(
      (f) =>
        `| ${f.videoSeconds.toFixed(0)} s | ${VIDEO_STAGES.map((s) => f.stageSeconds[s].toFixed(2)).join(' | ')} |`,
    ),
    '',
  ];
  return lines.join('\n');
}

const figures: Figures[] = [];
for (const minutes of values.minutes!.split(',').map(Number)) {
  const f = await bench(minutes);
  figures.push(f);
  console.log(
    `${minutes} min: ${f.videoSeconds.toFixed(1)} s video in ${f.wallSeconds.toFixed(1)} s (${x(f.videoSeconds, f.wallSeconds)}), cpu ${f.cpuSeconds.toFixed(1)} s, ` +
      `peak ${mib(f.peakBytes)}; render stage cpu ${f.renderStageCpu.toFixed(1)} s; ${f.illustrated} of ${f.scenes} scenes illustrated; ` +
      (f.renderAlone && f.x264
        ? `render alone ${f.renderAlone.seconds.toFixed(1)} s, cpu ${f.renderAlone.cpuSeconds.toFixed(1)} s; x264 alone ${f.x264.seconds.toFixed(1)} s, cpu ${f.x264.cpuSeconds.toFixed(1)} s; `
        : '') +
      `stages ${VIDEO_STAGES.map((s) => `${s} ${f.stageSeconds[s].toFixed(1)}`).join(', ')}`,
  );
}
const text = report(figures);
if (!values['no-write'])
  writeBenchmarkBlock(
    order === 'designed' ? 'bench-video' : `bench-video-${order}`,
    order === 'designed' ? 'Video pipeline' : `Video pipeline: visual order "${order}"`,
    text,
  );
console.log(`\n${text}`);
