/**
 * A video whose scenes get their pictures in the user's order: a stock clip from a local Pexels where it has one
 * long enough, else a stock photo, and an AI image for the scene it has nothing for. Each Pexels subject is a
 * solid-colour JPEG or MP4 and the AI image solid blue, so a frame grabbed in the middle of each scene shows which
 * picture the render put there.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVideoRequestSchema } from '~/contract/video.ts';
import { findVoice } from '~/contract/voices.ts';
import { readManifest, runVideoPipeline, type VideoResult } from '~/server/features/videos/pipeline/run.ts';
import { type ProbeResult, probe } from '~/server/media/ffmpeg.ts';
import { createDesignedImageProvider } from '~/server/providers/images/designed-provider.ts';
import type { ImageProvider } from '~/server/providers/images/types.ts';
import { withSearchCache } from '~/server/providers/stock/cache.ts';
import { createPexelsProvider } from '~/server/providers/stock/pexels.ts';
import { createEspeakProvider } from '~/server/providers/tts/espeak.ts';
import { type StockServer, startStockServer } from './support/stock-servers.ts';
import { expectOnePictureAndSound } from './support/video-streams.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'nxn-stock-render-'));
const espeak = createEspeakProvider();
const designed = createDesignedImageProvider();
let pexels: StockServer;

/** Three sentences, so three scenes (a scene per sentence). */
const script = [
  'The tomato is ripe and heavy, and this tomato came from a small garden where every tomato grew slowly in the warm summer sun.',
  'The lime is bright and sour, so slice the lime in half, squeeze the lime over the glass, and taste how fresh the drink becomes now.',
  'The unicorn stands in the meadow, and nobody has ever seen a unicorn up close, but the unicorn in this story is very shy and quiet.',
].join('\n\n');

/** An AI engine that paints every prompt solid blue, at the size asked. */
const blueAi: ImageProvider & { prompts: string[] } = {
  id: 'test-ai',
  prompts: [],
  async generate(request) {
    blueAi.prompts.push(request.prompt);
    const png = execFileSync('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      `color=c=blue:s=${request.width}x${request.height}`,
      '-frames:v',
      '1',
      '-f',
      'image2',
      '-c:v',
      'png',
      '-',
    ]);
    return { png, width: request.width, height: request.height };
  },
};

/** The average colour of the frame at `seconds`, as [r, g, b]. */
const frameColour = (video: string, seconds: number): number[] => [
  ...execFileSync('ffmpeg', [
    '-v',
    'error',
    '-ss',
    seconds.toFixed(2),
    '-i',
    video,
    '-frames:v',
    '1',
    '-vf',
    'scale=1:1:flags=area',
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgb24',
    '-',
  ]),
];

let result: VideoResult;
let info: ProbeResult;

beforeAll(async () => {
  pexels = await startStockServer({
    kind: 'pexels',
    key: 'pexels-key',
    photos: { tomato: 'red', lime: 'lime' },
    videos: { lime: 'yellow' },
  });
  const request = createVideoRequestSchema.parse({
    script,
    voiceId: 'en-us-olivia',
    aspect: '16:9',
    resolution: '720p',
    captions: 'off',
    visuals: 'generated',
    visualOrder: 'stock-first',
  });
  result = await runVideoPipeline({
    jobId: 'stock-render',
    workDir: path.join(root, 'work'),
    request,
    providers: {
      voices: { forVoice: () => espeak, findVoice: async (id) => findVoice(id) },
      images: designed,
      ai: blueAi,
      stock: {
        providers: [
          withSearchCache(createPexelsProvider({ apiKey: 'pexels-key', baseUrl: pexels.url }), {
            dir: path.join(root, 'cache'),
          }),
        ],
      },
    },
  });
  info = await probe(result.video);
}, 180_000);

afterAll(async () => {
  await Promise.all([espeak.close(), designed.close(), pexels.close()]);
  fs.rmSync(root, { recursive: true, force: true });
});

describe('a video with stock clips and photos', () => {
  it('is one H.264 video and one AAC audio stream, as long as the narration', async () => {
    expectOnePictureAndSound(info, { width: 1280, height: 720 });
    const manifest = await readManifest(path.join(root, 'work'));
    expect(Math.abs(result.durationMs - manifest!.timeline!.totalMs)).toBeLessThan(500);
  });

  it('searched Pexels with each scene query in the frame orientation', async () => {
    const manifest = await readManifest(path.join(root, 'work'));
    expect(manifest!.scenes).toHaveLength(3);
    expect(manifest!.queries!.map((q) => q.split(' '))).toEqual([
      expect.arrayContaining(['tomato']),
      expect.arrayContaining(['lime']),
      expect.arrayContaining(['unicorn']),
    ]);
    // Clips first for every scene; photos only where no clip was found.
    const searched = pexels.state.searches.map(
      (s) => `${s.media}:${s.query.includes('lime') ? 'lime' : s.query.includes('tomato') ? 'tomato' : 'unicorn'}`,
    );
    expect(searched.sort()).toEqual(['photo:tomato', 'photo:unicorn', 'video:lime', 'video:tomato', 'video:unicorn']);
    expect(new Set(pexels.state.searches.map((s) => s.orientation))).toEqual(new Set(['landscape']));
    // The lime scene is longer than the 4 s clip: the 12 s one was downloaded, in its 1080p size.
    expect(pexels.state.downloads.filter((d) => d.startsWith('lime'))).toEqual(['lime-2-1920x1080']);
  });

  it('shows the stock clip or photo in its scene and the AI image where stock had none', async () => {
    const { timeline } = (await readManifest(path.join(root, 'work')))!;
    const middle = (i: number) => (timeline!.scenes[i]!.firstFrame + timeline!.scenes[i]!.frames / 2) / timeline!.fps;
    const [tomato, lime, unicorn] = [0, 1, 2].map((i) => frameColour(result.video, middle(i)));
    // ffmpeg's red is (255, 0, 0), the lime clip's yellow (255, 255, 0); the AI's blue (0, 0, 255).
    expect(tomato![0]).toBeGreaterThan(200);
    expect(tomato![1]! + tomato![2]!).toBeLessThan(60);
    expect(lime![0]).toBeGreaterThan(200);
    expect(lime![1]).toBeGreaterThan(200);
    expect(lime![2]).toBeLessThan(60);
    expect(unicorn![2]).toBeGreaterThan(200);
    expect(unicorn![0]! + unicorn![1]!).toBeLessThan(60);
    expect(blueAi.prompts).toHaveLength(1);
    expect(blueAi.prompts[0]).toMatch(/unicorn/);
  });

  it('credits each stock photo and clip with its author and page, for the scene that shows it', () => {
    expect(result.stockCredits).toEqual([
      expect.objectContaining({
        provider: 'pexels',
        media: 'photo',
        author: 'tomato photographer',
        authorUrl: 'https://www.pexels.com/@tomato',
        scenes: [1],
      }),
      expect.objectContaining({
        provider: 'pexels',
        media: 'video',
        author: 'lime filmmaker',
        authorUrl: 'https://www.pexels.com/@lime-films',
        scenes: [2],
      }),
    ]);
    expect(result.stockCredits[0]!.sourceUrl).toMatch(/^https:\/\/www\.pexels\.com\/photo\/tomato-/);
    expect(result.stockCredits[1]!.sourceUrl).toBe(
      `https://www.pexels.com/video/lime-${pexels.idOf('video', 'lime', 2)}/`,
    );
  });
});
