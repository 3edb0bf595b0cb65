/**
 * Video pipeline benchmark with stock-like video clips: a 5-minute 1080p script whose scenes are ~30 different H.264
 * High 1080p clips (25 and 30 fps, 6-15 s, real motion and fine detail: test patterns, fractals and cellular automata
 * with grain), some with sound ducked under the narration; captions and music on, as a user would. Reports wall time,
 * CPU seconds per video second (all processes) and peak memory (our process and every child, from /proc), end to end
 * and for the render stage.
 *
 *   npx tsx scripts/bench-clips.ts                     # makes the clips once (kept in $TMPDIR/nxn-bench-clips)
 *   npx tsx scripts/bench-clips.ts --clips 30 --minutes 5 --no-write
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { cpuSeconds, encoderAlone, scriptOf, treeRss, writeBenchmarkSection } from './bench-support.ts';
import { createVideoRequestSchema } from '../src/contract/video.ts';
import { runVideoPipeline, type VideoStage } from '../src/server/features/videos/pipeline.ts';
import { DEFAULT_RENDER } from '../src/server/media/render.ts';
import { createDesignedImageProvider } from '../src/server/providers/images/designed-provider.ts';
import { createTtsProviders } from '../src/server/providers/tts/index.ts';

const { values } = parseArgs({
  options: {
    clips: { type: 'string', default: '30' },
    minutes: { type: 'string', default: '5' },
    dir: { type: 'string', default: path.join(os.tmpdir(), 'nxn-bench-clips') },
    'no-write': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    /** Only make the clips. */
    prepare: { type: 'boolean', default: false },
  },
});

/** Picture sources with motion everywhere and detail x264 cannot wave away; grain like a real camera's. */
const SOURCES = [
  (fps: number) => `testsrc2=s=1920x1080:r=${fps},hue=H=t*0.4`,
  (fps: number) => `mandelbrot=s=960x540:r=${fps}:start_scale=2:end_scale=0.02,scale=1920:1080:flags=bicubic`,
  (fps: number) => `life=s=640x360:r=${fps}:ratio=0.2:mold=20:life_color=#f0c060:death_color=#203050:mold_color=#608040,scale=1920:1080:flags=bicubic`,
  (fps: number) => `cellauto=s=1920x1080:r=${fps}:rule=110:scroll=1,format=yuv420p,hue=H=2*t:s=3`,
];

/** Makes clip `i` unless it is already there: H.264 High, yuv420p, BT.709 tags, at most 16 Mbit/s, every third one with sound. */
function makeClip(dir: string, i: number): string {
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
    ...['-colorspace', 'bt709', '-color_primaries', 'bt709', '-color_trc', 'bt709', ...(sound.length ? ['-c:a', 'aac'] : []), `${file}.tmp.mp4`],
  ]);
  fs.renameSync(`${file}.tmp.mp4`, file);
  return file;
}

const mib = (bytes: number): string => `${Math.round(bytes / 1024 / 1024)} MiB`;

async function bench(clips: readonly string[], minutes: number) {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), `nxn-bench-clips-${minutes}m-`));
  const request = createVideoRequestSchema.parse({
    script: scriptOf(minutes * 150),
    voiceId: 'en-us-olivia',
    aspect: '16:9',
    resolution: '1080p',
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
      render: DEFAULT_RENDER,
      onProgress: (s) => {
        stage = s;
        if (!marks.has(s)) marks.set(s, { at: performance.now(), cpu: cpuSeconds() });
      },
    });
    const end = { at: performance.now(), cpu: cpuSeconds() };
    const renderEnd = marks.get('thumbnail') ?? end;
    const render = marks.get('render')!;
    const manifest = JSON.parse(fs.readFileSync(path.join(workDir, 'manifest.json'), 'utf8')) as { scenes: string[] };
    // What the content alone costs to encode: x264 with the render's settings on the finished video's frames (decoded
    // by another process, not counted). Clips with grain cost x264 far more than panned stills.
    const { preset, crf } = DEFAULT_RENDER;
    const x264 = await encoderAlone(['-i', result.video, '-f', 'rawvideo', '-pix_fmt', 'yuv420p', 'pipe:1'], { width: 1920, height: 1080 }, '25', [
      ...['-c:v', 'libx264', '-preset', preset, '-crf', String(crf), '-profile:v', 'high', '-pix_fmt', 'yuv420p', '-g', '100'],
    ]);
    return {
      x264,
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

const dir = values.dir!;
fs.mkdirSync(dir, { recursive: true });
const count = Number(values.clips);
const makeStarted = performance.now();
const clips = Array.from({ length: count }, (_, i) => makeClip(dir, i));
console.error(`clips ready in ${((performance.now() - makeStarted) / 1000).toFixed(0)} s (${dir})`);
if (values.prepare) process.exit(0);
const f = await bench(clips, Number(values.minutes));
const x = (seconds: number) => `${(f.videoSeconds / seconds).toFixed(2)}x`;
const perSecond = (cpu: number) => (cpu / f.videoSeconds).toFixed(3);
const cpu = os.cpus();
const text = [
  '## Video pipeline with video clips',
  '',
  `Measured ${new Date().toISOString().slice(0, 10)} on ${cpu.length} × ${cpu[0]?.model.trim() ?? 'CPU'}, ffmpeg ` +
    `${execFileSync('ffmpeg', ['-version']).toString().split(' ')[2]}, Node ${process.version}; 1-minute load ${f.load.toFixed(1)} at the start ` +
    '(the cores are shared: wall-clock figures move with the load, CPU time much less).',
  '',
  `Command: \`npx tsx scripts/bench-clips.ts\`: a ${values.minutes}-minute script, every scene one of ${count} uploaded H.264 High 1080p ` +
    'clips (25 and 30 fps, 6-15 s, at most 16 Mbit/s, generated test patterns, fractals and cellular automata with grain; one in three with sound, ' +
    'ducked), 1080p 16:9, captions "word", music on, offline voice, x264 `veryfast` CRF 23. Shorter clips loop, longer ones are trimmed.',
  '',
  '| Video | Scenes | End to end | × realtime | CPU (all processes) | Render stage | × realtime | Render CPU | x264 alone on its frames: CPU | Render ÷ x264 (CPU) | Peak memory (all) | Peak during render | File size |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  `| ${f.videoSeconds.toFixed(1)} s | ${f.scenes} | ${f.wallSeconds.toFixed(1)} s | **${x(f.wallSeconds)}** | ${f.cpuSeconds.toFixed(0)} s ` +
    `(${perSecond(f.cpuSeconds)} s per video second) | ${f.renderSeconds.toFixed(1)} s | **${x(f.renderSeconds)}** | ${f.renderCpuSeconds.toFixed(0)} s ` +
    `(${perSecond(f.renderCpuSeconds)} s per video second) | ${f.x264.cpuSeconds.toFixed(0)} s (${perSecond(f.x264.cpuSeconds)} s per video second) | ` +
    `**${(f.renderCpuSeconds / f.x264.cpuSeconds).toFixed(2)}×** | ${mib(f.peakBytes)} | ${mib(f.renderPeakBytes)} | ${mib(f.sizeBytes)} |`,
  '',
  'Render CPU counts the encoding ffmpeg and every clip feeder (decoding the clips); "x264 alone" is the same encoder',
  'settings on the finished frames, so the ratio is what the render adds around the encoder, decoding included.',
  '',
].join('\n');
console.log(text);
if (!values['no-write']) writeBenchmarkSection('Video pipeline with video clips', text);
