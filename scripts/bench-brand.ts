/**
 * What a brand kit costs the render: the same script rendered without a kit, with the logo only, and with the logo
 * between 3-second intro and outro cards, the render pass's wall time and CPU seconds per second of
 * video, and the time drawing the two cards takes. Prints the figures; docs/benchmarks.md "Brand kit" holds a run.
 *
 *   npx tsx scripts/bench-brand.ts [--resolution 1080p] [--sentences 10]   # --sentences 1 --resolution 720p: the smallest run
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { brandSnapshot, DEFAULT_BRAND_KIT } from '../src/contract/brand.ts';
import { createVideoRequestSchema } from '../src/contract/video.ts';
import { runVideoPipeline, type VideoStage } from '../src/server/features/videos/pipeline/run.ts';
import { createDesignedImageProvider } from '../src/server/providers/images/designed-provider.ts';
import { createTtsProviders } from '../src/server/providers/tts/index.ts';
import { cpuSeconds } from './bench-support.ts';

const { values } = parseArgs({
  options: { resolution: { type: 'string', default: '1080p' }, sentences: { type: 'string', default: '10' } },
});
const SENTENCES = [
  'Every great video starts with a simple idea and a clear voice.',
  'Small habits, repeated daily, quietly become the life you live.',
  'In the city at night, a thousand windows light up with a thousand different stories.',
  'Start with one goal.',
  'Write it down, break it into steps, and take the first step today, even if it feels tiny.',
  'The mountain trail is steep, but the view is worth it.',
  'Technology moves fast; people who keep learning move with it.',
  'Good design is invisible: you only notice it when it is missing.',
  'Save a little money every month, and let time do the heavy lifting.',
  'Ask better questions, and you will get better answers.',
];
const used = SENTENCES.slice(0, Number(values.sentences));
/** Two sentences a paragraph, so each paragraph is a scene. */
const SCRIPT = Array.from({ length: Math.ceil(used.length / 2) }, (_, p) =>
  used.slice(2 * p, 2 * p + 2).join(' '),
).join('\n\n');

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'nxn-bench-brand-'));
const logo = path.join(root, 'logo.png');
execFileSync('ffmpeg', [
  '-v',
  'error',
  '-y',
  '-f',
  'lavfi',
  '-i',
  'color=c=black:s=600x300:d=1',
  '-vf',
  "format=rgba,geq=r=255:g=0:b=255:a='if(lt(X,W/2),0,255)'",
  '-frames:v',
  '1',
  logo,
]);
const voices = createTtsProviders({
  openaiBaseUrl: 'http://127.0.0.1:9',
  elevenlabsBaseUrl: 'http://127.0.0.1:9',
  festivalPath: '/usr/bin/festival',
});
const images = createDesignedImageProvider();
const request = createVideoRequestSchema.parse({
  script: SCRIPT,
  voiceId: 'en-us-olivia',
  aspect: '16:9',
  resolution: values.resolution,
  captions: 'word',
  visuals: 'generated',
  visualOrder: 'designed',
  music: { enabled: true, volume: 30 },
});
const snapshot = brandSnapshot(
  {
    ...DEFAULT_BRAND_KIT,
    intro: { enabled: true, text: 'Acme Studio presents', seconds: 3 },
    outro: { enabled: true, text: 'Follow Acme for more', seconds: 3 },
  },
  { fileId: 'logo', width: 600, height: 300 },
);

async function measure(name: string, brand: typeof snapshot | null) {
  const stages = new Map<VideoStage, { wall: number; cpu: number }>();
  let current: VideoStage | null = null;
  let mark = { wall: performance.now(), cpu: cpuSeconds() };
  const result = await runVideoPipeline({
    jobId: `bench-${name}`,
    workDir: path.join(root, name),
    request,
    providers: { voices, images },
    ...(brand ? { brand: { snapshot: brand, logo } } : {}),
    onProgress: (stage) => {
      if (stage === current) return;
      const now = { wall: performance.now(), cpu: cpuSeconds() };
      if (current) stages.set(current, { wall: (now.wall - mark.wall) / 1000, cpu: now.cpu - mark.cpu });
      current = stage;
      mark = now;
    },
  });
  const render = stages.get('render')!;
  const visuals = stages.get('visuals')!;
  const seconds = result.durationMs / 1000;
  return {
    name,
    seconds,
    renderWall: render.wall,
    renderCpuPerSecond: render.cpu / seconds,
    visualsWall: visuals.wall,
  };
}

try {
  const rows = [
    await measure('no kit', null),
    await measure('logo only', { ...snapshot, intro: null, outro: null }),
    await measure('logo, intro and outro', snapshot),
  ];
  console.log(`${values.resolution}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'})`);
  console.log(
    '| Video | Length | Render pass, wall | Render CPU s per video s | Visuals stage (stills, cards), wall |',
  );
  console.log('|---|---|---|---|---|');
  for (const r of rows) {
    console.log(
      `| ${r.name} | ${r.seconds.toFixed(1)} s | ${r.renderWall.toFixed(1)} s | ${r.renderCpuPerSecond.toFixed(2)} | ${r.visualsWall.toFixed(2)} s |`,
    );
  }
} finally {
  await Promise.all([voices.close(), images.close()]);
  fs.rmSync(root, { recursive: true, force: true });
}
