/**
 * Video pipeline benchmark with stock-like video clips: a 5-minute 1080p script whose scenes are ~30 different H.264
 * High 1080p clips (25 and 30 fps, 6-15 s, real motion and fine detail: test patterns, fractals and cellular automata
 * with grain), some with sound ducked under the narration; captions and music on, as a user would. Reports wall time,
 * CPU seconds per video second (all processes) and peak memory (our process and every child, from /proc), end to end
 * and for the render stage.
 *
 *   npx tsx scripts/bench-clips.ts                     # makes the clips once (kept in $TMPDIR/nxn-bench-clips)
 *   npx tsx scripts/bench-clips.ts --clips 30 --minutes 5 --no-write
 *   npx tsx scripts/bench-clips.ts --from ~/footage --no-write        # your own clips (.mp4, .mov), in name order
 *   npx tsx scripts/bench-clips.ts --preset veryfast --x264-params '' --no-write   # other encoder settings
 *   npx tsx scripts/bench-clips.ts --from DIR --minutes 0.1 --resolution 720p --no-write  # the smallest run
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createVideoRequestSchema } from '../src/contract/video.ts';
import { runVideoPipeline, type VideoStage } from '../src/server/features/videos/pipeline/run.ts';
import { DEFAULT_RENDER } from '../src/server/media/render.ts';
import { createDesignedImageProvider } from '../src/server/providers/images/designed-provider.ts';
import { createTtsProviders } from '../src/server/providers/tts/index.ts';
import { BENCH_CLIPS_DIR, cpuSeconds, makeBenchClip, scriptOf, treeRss, writeBenchmarkBlock } from './bench-support.ts';

const { values } = parseArgs({
  options: {
    clips: { type: 'string', default: '30' },
    minutes: { type: 'string', default: '5' },
    resolution: { type: 'string', default: '1080p' },
    dir: { type: 'string', default: BENCH_CLIPS_DIR },
    'no-write': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    /** Only make the clips. */
    prepare: { type: 'boolean', default: false },
    from: { type: 'string' },
    preset: { type: 'string', default: DEFAULT_RENDER.preset },
    'x264-params': { type: 'string', default: DEFAULT_RENDER.x264Params },
  },
});

const mib = (bytes: number): string => `${Math.round(bytes / 1024 / 1024)} MiB`;

async function bench(clips: readonly string[], minutes: number) {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), `nxn-bench-clips-${minutes}m-`));
  const request = createVideoRequestSchema.parse({
    script: scriptOf(minutes * 150),
    voiceId: 'en-us-olivia',
    aspect: '16:9',
    resolution: values.resolution,
    captions: 'word',
    visuals: 'uploaded',
    imageFileIds: clips.map((_, i) => `clip-${i}`),
    clipAudio: 'duck',
    music: { enabled: true, volume: 30 },
  });
  const voices = createTtsProviders({ openaiBaseUrl: '', elevenlabsBaseUrl: '', festivalPath: '/usr/bin/festival' });
  const images = createDesignedImageProvider();
  let peak = 0;
  let renderPeak = 0;
  let stage: VideoStage = 'clean';
  const sampler = setInterval(() => {
    const rss = treeRss(process.pid);
    peak = Math.max(peak, rss);
    if (stage === 'render') renderPeak = Math.max(renderPeak, rss);
  }, 100);
  const marks = new Map<VideoStage, { at: number; cpu: number }>();
  const load = os.loadavg()[0]!;
  const started = performance.now();
  const cpuStart = cpuSeconds();
  try {
    const result = await runVideoPipeline({
      jobId: `bench-clips-${minutes}`,
      workDir,
      request,
      uploads: clips,
      providers: { voices, images },
      render: encoder,
      onProgress: (s) => {
        stage = s;
        if (!marks.has(s)) marks.set(s, { at: performance.now(), cpu: cpuSeconds() });
      },
    });
    const end = { at: performance.now(), cpu: cpuSeconds() };
    const renderEnd = marks.get('thumbnail') ?? end;
    const render = marks.get('render')!;
    const manifest = JSON.parse(fs.readFileSync(path.join(workDir, 'manifest.json'), 'utf8')) as { scenes: string[] };
    return {
      videoSeconds: result.durationMs / 1000,
      scenes: manifest.scenes.length,
      load,
      wallSeconds: (end.at - started) / 1000,
      cpuSeconds: end.cpu - cpuStart,
      renderSeconds: (renderEnd.at - render.at) / 1000,
      // Children count once waited for: the encoder and the feeders all end within the render stage.
      renderCpuSeconds: renderEnd.cpu - render.cpu,
      peakBytes: peak,
      renderPeakBytes: renderPeak,
      sizeBytes: result.size,
    };
  } finally {
    clearInterval(sampler);
    await Promise.all([voices.close(), images.close()]);
    if (!values.keep) fs.rmSync(workDir, { recursive: true, force: true });
  }
}

const encoder = { ...DEFAULT_RENDER, preset: values.preset!, x264Params: values['x264-params']! };
const dir = values.dir!;
fs.mkdirSync(dir, { recursive: true });
const makeStarted = performance.now();
const clips = values.from
  ? fs
      .readdirSync(values.from)
      .filter((f) => /\.(mp4|mov)$/i.test(f))
      .sort()
      .map((f) => path.resolve(values.from!, f))
  : Array.from({ length: Number(values.clips) }, (_, i) => makeBenchClip(dir, i));
const count = clips.length;
if (count === 0) throw new Error(`no .mp4 or .mov clips in ${values.from}`);
console.error(
  `${count} clips ready in ${((performance.now() - makeStarted) / 1000).toFixed(0)} s (${values.from ?? dir})`,
);
if (values.prepare) process.exit(0);
const f = await bench(clips, Number(values.minutes));
const x = (seconds: number) => `${(f.videoSeconds / seconds).toFixed(2)}x`;
const perSecond = (cpu: number) => (cpu / f.videoSeconds).toFixed(3);
const cpu = os.cpus();
const text = [
  `Measured ${new Date().toISOString().slice(0, 10)} on ${cpu.length} × ${cpu[0]?.model.trim() ?? 'CPU'}, ffmpeg ` +
    `${execFileSync('ffmpeg', ['-version']).toString().split(' ')[2]}, Node ${process.version}; 1-minute load ${f.load.toFixed(1)} at the start ` +
    '(the cores are shared: wall-clock figures move with the load, CPU time much less).',
  '',
  `Command: \`npx tsx scripts/bench-clips.ts${values.from ? ' --from …' : ''}\`: a ${values.minutes}-minute script, every scene one of ${count} uploaded ` +
    (values.from
      ? `clips from ${path.basename(values.from)}`
      : 'H.264 High 1080p clips (25 and 30 fps, 6-15 s, at most 16 Mbit/s, generated test patterns, fractals and cellular automata with grain; one in three with sound, ducked)') +
    `, ${values.resolution} 16:9, captions "word", music on, offline voice, x264 \`${encoder.preset}\`${encoder.x264Params ? ` with \`${encoder.x264Params}\`` : ''} ` +
    `CRF ${encoder.crf}. Shorter clips loop, longer ones are trimmed.`,
  '',
  '| Video | Scenes | End to end | × realtime | CPU (all processes) | Render stage | × realtime | Render CPU | Peak memory (all) | Peak during render | File size |',
  '|---|---|---|---|---|---|---|---|---|---|---|',
  `| ${f.videoSeconds.toFixed(1)} s | ${f.scenes} | ${f.wallSeconds.toFixed(1)} s | **${x(f.wallSeconds)}** | ${f.cpuSeconds.toFixed(0)} s ` +
    `(${perSecond(f.cpuSeconds)} s per video second) | ${f.renderSeconds.toFixed(1)} s | **${x(f.renderSeconds)}** | ${f.renderCpuSeconds.toFixed(0)} s ` +
    `(${perSecond(f.renderCpuSeconds)} s per video second) | ${mib(f.peakBytes)} | ${mib(f.renderPeakBytes)} | ${mib(f.sizeBytes)} |`,
  '',
  'Render CPU counts the encoding ffmpeg and every clip feeder (decoding the clips); what x264 alone costs on each kind',
  'of clip is `scripts/bench-encoder.ts`.',
  '',
].join('\n');
console.log(text);
if (!values['no-write']) writeBenchmarkBlock('bench-clips', 'Video pipeline with video clips', text);
