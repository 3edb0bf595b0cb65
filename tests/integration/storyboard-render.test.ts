/**
 * A storyboard rendered by the real pipeline (eSpeak, ffmpeg): four scenes that each show the visual the user chose
 * (a stock clip picked by its id from a local Pexels, the user's phone clip stored sideways, an AI image with its
 * prompt and seed, a designed background), with a cut and a dip between them. Then one scene's words change and it
 * is rendered again from the content cache: only that scene is narrated, and no picture is fetched or drawn again.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StoryboardScene, storyboardScript } from '~/contract/storyboard.ts';
import { createVideoRequestSchema } from '~/contract/video.ts';
import { findVoice } from '~/contract/voices.ts';
import { createContentCache } from '~/server/features/videos/cache.ts';
import { readManifest, runVideoPipeline, type VideoResult } from '~/server/features/videos/pipeline/run.ts';
import { type ProbeResult, probe } from '~/server/media/ffmpeg.ts';
import { DEFAULT_TIMELINE } from '~/server/media/timeline.ts';
import { createDesignedImageProvider } from '~/server/providers/images/designed-provider.ts';
import type { ImageProvider } from '~/server/providers/images/types.ts';
import { withSearchCache } from '~/server/providers/stock/cache.ts';
import { createPexelsProvider } from '~/server/providers/stock/pexels.ts';
import { createEspeakProvider } from '~/server/providers/tts/espeak.ts';
import type { TtsProvider } from '~/server/providers/tts/types.ts';
import { type StockServer, startStockServer } from './support/stock-servers.ts';
import { expectOnePictureAndSound } from './support/video-streams.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'nxn-storyboard-render-'));
const espeak = createEspeakProvider();
const designed = createDesignedImageProvider();
let pexels: StockServer;

/** eSpeak, counting what it is asked to say. */
const spoken: string[] = [];
const countingTts: TtsProvider = {
  engine: 'espeak',
  synthesize: (text, voice, options) => {
    spoken.push(text);
    return espeak.synthesize(text, voice, options);
  },
};

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

/** A phone clip stored sideways: its pixels are white on the left, black on the right, and it is to be turned 90°. */
function sidewaysClip(file: string): void {
  const stored = `${file}.stored.mp4`;
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'color=c=white:s=320x180:d=10,drawbox=x=160:y=0:w=160:h=180:color=black:t=fill',
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    stored,
  ]);
  execFileSync('ffmpeg', ['-v', 'error', '-i', stored, '-c', 'copy', '-metadata:s:v:0', 'rotate=90', file]);
}

/** Grey levels of the frame at `seconds`, shrunk to 2×2: [top left, top right, bottom left, bottom right]. */
const quadrants = (video: string, seconds: number): number[] => [
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
    'scale=2:2:flags=area',
    '-f',
    'rawvideo',
    '-pix_fmt',
    'gray',
    '-',
  ]),
];
const colour = (video: string, seconds: number): number[] => [
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

const phoneClip = path.join(root, 'phone.mp4');
const cache = createContentCache(path.join(root, 'data'), 1024 ** 3);
let scenes: StoryboardScene[];
let first: VideoResult;
let info: ProbeResult;

const render = (work: string, board: StoryboardScene[]) =>
  runVideoPipeline({
    jobId: work,
    workDir: path.join(root, work),
    request: createVideoRequestSchema.parse({
      script: storyboardScript(board),
      voiceId: 'en-us-olivia',
      aspect: '16:9',
      resolution: '720p',
      captions: 'off',
      visuals: 'generated',
      visualOrder: 'stock-first',
    }),
    scenes: board,
    cache,
    uploadFile: async (fileId) => {
      if (fileId !== 'phone-clip') throw new Error('not an upload of this user');
      return phoneClip;
    },
    providers: {
      voices: { forVoice: () => countingTts, findVoice: async (id) => findVoice(id) },
      images: designed,
      ai: blueAi,
      stock: {
        providers: [
          withSearchCache(createPexelsProvider({ apiKey: 'pexels-key', baseUrl: pexels.url }), {
            dir: path.join(root, 'stock-cache'),
          }),
        ],
      },
    },
  });

beforeAll(async () => {
  pexels = await startStockServer({ kind: 'pexels', key: 'pexels-key', photos: {}, videos: { lime: 'yellow' } });
  sidewaysClip(phoneClip);
  scenes = [
    {
      id: 'lime',
      text: 'Slice the lime in half and squeeze it over the glass.',
      query: 'lime',
      visual: { kind: 'stock', provider: 'pexels', media: 'video', id: pexels.idOf('video', 'lime', 2) },
      transition: 'crossfade',
    },
    {
      id: 'phone',
      text: 'This is what it looked like from my phone.',
      query: '',
      visual: { kind: 'upload', fileId: 'phone-clip', audio: 'mute' },
      transition: 'cut',
    },
    {
      id: 'ai',
      text: 'A lighthouse stands alone on the cliff.',
      query: 'lighthouse',
      visual: { kind: 'ai', prompt: 'a blue lighthouse at night', seed: 3 },
      transition: 'dip',
    },
    {
      id: 'end',
      text: 'Thanks for watching, and see you next time.',
      query: '',
      visual: { kind: 'designed' },
      transition: 'crossfade',
    },
  ];
  first = await render('first', scenes);
  info = await probe(first.video);
}, 240_000);

afterAll(async () => {
  await Promise.all([espeak.close(), designed.close(), pexels.close()]);
  fs.rmSync(root, { recursive: true, force: true });
});

describe('a storyboard render', () => {
  it('is one H.264 video and one AAC audio stream, as long as its narration', async () => {
    expectOnePictureAndSound(info, { width: 1280, height: 720 });
    const manifest = (await readManifest(path.join(root, 'first')))!;
    const { leadInMs, gapMs, tailMs } = DEFAULT_TIMELINE;
    const narration = manifest.narration!.reduce((sum, n) => sum + n!.durationMs, 0) + leadInMs + gapMs * 3 + tailMs;
    expect(Math.abs(info.durationMs - narration)).toBeLessThan(500);
    // The user's scenes as they are: no re-split, their queries kept, their transitions on the timeline.
    expect(manifest.scenes).toEqual(scenes.map((s) => s.text));
    expect(manifest.timeline!.scenes.map((s) => s.transition)).toEqual([undefined, 'cut', 'dip', 'crossfade']);
  });

  it('shows each scene its chosen visual: the stock clip, the phone clip upright, the AI image, the designed background', async () => {
    const { timeline } = (await readManifest(path.join(root, 'first')))!;
    const middle = (i: number) => (timeline!.scenes[i]!.firstFrame + timeline!.scenes[i]!.frames / 2) / timeline!.fps;
    const [r, g, b] = colour(first.video, middle(0));
    expect([r! > 200, g! > 200, b! < 60]).toEqual([true, true, true]);
    // Turned upright, the clip's white and black halves lie one above the other, not side by side.
    const [tl, tr, bl, br] = quadrants(first.video, middle(1));
    expect(Math.abs(tl! - bl!)).toBeGreaterThan(100);
    expect(Math.abs(tl! - tr!)).toBeLessThan(40);
    expect(Math.abs(bl! - br!)).toBeLessThan(40);
    const ai = colour(first.video, middle(2));
    expect([ai[2]! > 200, ai[0]! + ai[1]! < 60]).toEqual([true, true]);
    const end = colour(first.video, middle(3));
    expect(end[2]! > 200 && end[0]! + end[1]! < 60).toBe(false);
    expect(blueAi.prompts).toEqual(['a blue lighthouse at night']);
    expect(pexels.state.lookups).toEqual([{ media: 'video', id: pexels.idOf('video', 'lime', 2) }]);
    expect(first.stockCredits).toEqual([
      expect.objectContaining({ provider: 'pexels', media: 'video', author: 'lime filmmaker', scenes: [1] }),
    ]);
  });

  it('renders again after one scene changed: only that scene is narrated, and every picture comes from the cache', async () => {
    spoken.length = 0;
    blueAi.prompts.length = 0;
    const lookups = pexels.state.lookups.length;
    const downloads = pexels.state.downloads.length;
    const edited = scenes.map((s) =>
      s.id === 'end' ? { ...s, text: 'Thanks for watching. Subscribe for the next one.' } : s,
    );
    const again = await render('second', edited);
    expect(spoken).toEqual(['Thanks for watching. Subscribe for the next one.']);
    expect(blueAi.prompts).toEqual([]);
    expect([pexels.state.lookups.length, pexels.state.downloads.length]).toEqual([lookups, downloads]);

    const [before, after] = await Promise.all([
      readManifest(path.join(root, 'first')),
      readManifest(path.join(root, 'second')),
    ]);
    // The unchanged scenes are narrated identically; the edited one is not.
    expect(after!.narration!.slice(0, 3).map((n) => n!.durationMs)).toEqual(
      before!.narration!.slice(0, 3).map((n) => n!.durationMs),
    );
    expect(after!.narration![3]!.words.map((w) => w.text)).toContain('Subscribe');
    expect(Math.abs((await probe(again.video)).durationMs - after!.timeline!.totalMs)).toBeLessThan(500);
  }, 240_000);
});
