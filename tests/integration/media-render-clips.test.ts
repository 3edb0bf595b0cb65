/**
 * One render mixing a stock-like clip (with sound, ducked), a phone clip shot upright but stored sideways, an
 * uploaded image and a designed background, with a crossfade, a dip to black and a hard cut, checked the way a
 * viewer would notice: the file's streams and length, each scene's picture (the phone clip upright), black at the
 * dip, no blend at the cut, and the clip's sound in the pauses of the narration.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVideoRequestSchema } from '~/contract/video.ts';
import { type Manifest, runVideoPipeline } from '~/server/features/videos/pipeline/run.ts';
import { probeClip } from '~/server/media/clip.ts';
import { type ProbeResult, probe } from '~/server/media/ffmpeg.ts';
import { DEFAULT_RENDER, fitImageArgs, planRender, type RenderVisual } from '~/server/media/render.ts';
import { runRender } from '~/server/media/render-run.ts';
import { buildTimeline, stillSize, type Timeline } from '~/server/media/timeline.ts';
import { encodeWav } from '~/server/media/wav.ts';
import { createDesignedImageProvider } from '~/server/providers/images/designed-provider.ts';
import { createTtsProviders } from '~/server/providers/tts/index.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nxn-render-clips-'));
const file = (name: string) => path.join(dir, name);
const ffmpeg = (...args: string[]) =>
  execFileSync('ffmpeg', ['-v', 'error', '-y', ...args], { maxBuffer: 64 * 1024 * 1024 });
const WIDTH = 1280;
const HEIGHT = 720;
const x264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];

/** Scene 2 comes in through black, scene 3 on a hard cut. */
const timeline: Timeline = buildTimeline([2600, 2400, 2500, 2600], false, ['crossfade', 'crossfade', 'dip', 'cut']);
let info: ProbeResult;
let designed: string;

/** Frame `n` shrunk to 16×9, as RGB triplets. */
function frame(n: number): number[][] {
  const out = ffmpeg(
    '-i',
    file('video.mp4'),
    '-vf',
    `select=eq(n\\,${n}),scale=16:9:flags=area`,
    '-frames:v',
    '1',
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgb24',
    '-',
  );
  return Array.from({ length: 16 * 9 }, (_, i) => [out[i * 3]!, out[i * 3 + 1]!, out[i * 3 + 2]!]);
}
const mean = (pixels: number[][], channel: number) => pixels.reduce((sum, p) => sum + p[channel]!, 0) / pixels.length;
const rows = (pixels: number[][], from: number, to: number) => pixels.slice(from * 16, to * 16);
const middle = (scene: number) => timeline.scenes[scene]!.firstFrame + Math.floor(timeline.scenes[scene]!.frames / 2);

/** Root mean square level (0..1) of the finished video's sound from `start` for `seconds`. */
function level(start: number, seconds: number): number {
  const out = ffmpeg(
    '-ss',
    start.toFixed(3),
    '-t',
    seconds.toFixed(3),
    '-i',
    file('video.mp4'),
    '-vn',
    '-ac',
    '1',
    '-f',
    's16le',
    '-',
  );
  const samples = new Int16Array(out.buffer, out.byteOffset, Math.floor(out.length / 2));
  return Math.sqrt(samples.reduce((sum, s) => sum + (s / 32768) ** 2, 0) / samples.length);
}

beforeAll(async () => {
  // Stock-like: green with a white box moving across, 30 fps, pink noise for sound.
  ffmpeg(
    ...[
      '-f',
      'lavfi',
      '-i',
      "color=c=0x10a040:s=1920x1080:r=30:d=4[bg];color=c=white:s=200x200[box];[bg][box]overlay=x='mod(t*400\\,1700)':y=400",
    ],
    ...[
      '-f',
      'lavfi',
      '-i',
      'anoisesrc=c=pink:a=0.5:d=4',
      ...x264,
      '-profile:v',
      'high',
      '-c:a',
      'aac',
      '-shortest',
      file('stock.mp4'),
    ],
  );
  // A phone held upright: red top half, blue bottom half, stored turned a quarter to the left with a display matrix
  // that turns it back (as phones do: ffprobe shows rotation -90). Shorter than its scene, so it loops.
  ffmpeg(
    '-f',
    'lavfi',
    '-i',
    'color=c=blue:s=720x1280:r=30:d=2,drawbox=x=0:y=0:w=720:h=640:c=red:t=fill',
    '-vf',
    'transpose=cclock',
    ...x264,
    file('stored.mp4'),
  );
  ffmpeg('-i', file('stored.mp4'), '-c', 'copy', '-metadata:s:v:0', 'rotate=270', file('phone.mp4'));
  ffmpeg('-f', 'lavfi', '-i', 'color=c=yellow:s=800x600', '-frames:v', '1', file('photo.png'));

  const size = stillSize(timeline, WIDTH, HEIGHT);
  ffmpeg(...fitImageArgs(file('photo.png'), size, file('image.png')));
  const images = createDesignedImageProvider();
  try {
    const art = await images.generate({ prompt: 'A quiet harbour at dawn', ...size, seed: 3 });
    designed = file('designed.png');
    fs.writeFileSync(designed, art.png);
  } finally {
    await images.close();
  }

  // Narration: a tone in each scene's speaking slot, silence in the pauses between them.
  const rate = 24_000;
  const pcm = new Int16Array(Math.round((timeline.totalMs / 1000) * rate));
  for (const slot of timeline.scenes) {
    const from = Math.round((slot.audioStartMs / 1000) * rate);
    for (let i = 0; i < (slot.audioMs / 1000) * rate; i++)
      pcm[from + i] = Math.round(6000 * Math.sin((2 * Math.PI * 220 * i) / rate));
  }
  fs.writeFileSync(file('narration.wav'), encodeWav({ pcm, sampleRate: rate, channels: 1 }));

  const visuals: RenderVisual[] = [
    { kind: 'clip', file: file('stock.mp4'), clip: await probeClip(file('stock.mp4')), audio: 'duck' },
    { kind: 'clip', file: file('phone.mp4'), clip: await probeClip(file('phone.mp4')), audio: 'duck' },
    { kind: 'still', file: file('image.png') },
    { kind: 'still', file: designed },
  ];
  const plan = planRender({
    width: WIDTH,
    height: HEIGHT,
    timeline,
    visuals,
    stillSize: size,
    narration: file('narration.wav'),
    output: file('video.mp4'),
    workDir: dir,
    settings: DEFAULT_RENDER,
  });
  await runRender(plan);
  info = await probe(file('video.mp4'));
}, 180_000);

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('a render mixing clips and stills', () => {
  it('is one H.264 High video stream and one AAC stream, BT.709, as long as the narration', () => {
    const videos = info.streams.filter((s) => s.codec_type === 'video');
    const audios = info.streams.filter((s) => s.codec_type === 'audio');
    expect(videos).toHaveLength(1);
    expect(audios).toHaveLength(1);
    expect(videos[0]).toMatchObject({
      codec_name: 'h264',
      width: WIDTH,
      height: HEIGHT,
      pix_fmt: 'yuv420p',
      color_space: 'bt709',
    });
    expect(audios[0]!.codec_name).toBe('aac');
    expect(Math.abs(info.durationMs - timeline.totalMs)).toBeLessThan(500);
  });

  it('shows the stock clip, moving, in the first scene', () => {
    const a = frame(middle(0));
    expect(mean(a, 1)).toBeGreaterThan(mean(a, 0) + 40);
    const b = frame(middle(0) + 10);
    const moved = a.reduce((sum, p, i) => sum + Math.abs(p[0]! - b[i]![0]!), 0) / a.length;
    expect(moved).toBeGreaterThan(3);
  });

  it('turns the sideways phone clip upright: its top half on top, cropped to fill the frame', () => {
    const picture = frame(middle(1));
    const top = rows(picture, 0, 3);
    const bottom = rows(picture, 6, 9);
    expect(mean(top, 0)).toBeGreaterThan(150);
    expect(mean(top, 2)).toBeLessThan(80);
    expect(mean(bottom, 2)).toBeGreaterThan(150);
    expect(mean(bottom, 0)).toBeLessThan(80);
    // No bars: the left and right columns show the clip too.
    expect(picture.filter((_, i) => i % 16 === 0 || i % 16 === 15).every((p) => p[0]! + p[2]! > 150)).toBe(true);
  });

  it('shows the image, then dips through black into it', () => {
    const image = frame(middle(2));
    expect(mean(image, 0)).toBeGreaterThan(200);
    expect(mean(image, 1)).toBeGreaterThan(200);
    expect(mean(image, 2)).toBeLessThan(60);
    const dip = frame(timeline.scenes[2]!.firstFrame);
    expect(Math.max(mean(dip, 0), mean(dip, 1), mean(dip, 2))).toBeLessThan(12);
  });

  it('cuts to the designed background with no blend: the frame before is all image, the cut frame all background', () => {
    const cut = timeline.scenes[3]!.firstFrame;
    const before = frame(cut - 1);
    expect(mean(before, 0)).toBeGreaterThan(200);
    expect(mean(before, 2)).toBeLessThan(60);
    const reference = ffmpeg(
      '-i',
      designed,
      '-vf',
      `crop=${WIDTH}:${HEIGHT},scale=16:9:flags=area`,
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      '-',
    );
    for (const n of [cut, middle(3)]) {
      const shown = frame(n);
      const difference = shown.reduce(
        (sum, p, i) =>
          sum +
          Math.abs(p[0]! - reference[i * 3]!) +
          Math.abs(p[1]! - reference[i * 3 + 1]!) +
          Math.abs(p[2]! - reference[i * 3 + 2]!),
        0,
      );
      expect(difference / shown.length / 3).toBeLessThan(20);
    }
  });

  it('plays the ducked clip’s sound in the narration’s pauses, and nothing in the pauses of the stills', () => {
    const pause = (scene: number) => {
      const slot = timeline.scenes[scene]!;
      return (slot.audioStartMs + slot.audioMs + 150) / 1000;
    };
    expect(level(pause(0), 0.2)).toBeGreaterThan(0.008);
    expect(level(pause(2), 0.2)).toBeLessThan(0.002);
  });
});

describe('the one-step request with an uploaded clip', () => {
  it('shows the clip upright as its scene and the image as the next, muted by default', async () => {
    const voices = createTtsProviders({
      openaiBaseUrl: 'http://127.0.0.1:9',
      elevenlabsBaseUrl: 'http://127.0.0.1:9',
      festivalPath: '/usr/bin/festival',
    });
    const images = createDesignedImageProvider();
    const workDir = file('pipeline');
    try {
      const request = createVideoRequestSchema.parse({
        script:
          'The harbour wakes up slowly. Gulls circle over the water while the first lights come on along the quay and the market opens its doors.\n\n' +
          'Then the boats leave one by one for the open sea, their engines humming low, and the town is quiet again until the evening.',
        voiceId: 'en-us-olivia',
        aspect: '16:9',
        resolution: '720p',
        captions: 'off',
        visuals: 'uploaded',
        imageFileIds: ['clip', 'photo'],
      });
      // Uploads arrive without their names' extensions (the job copies them out of storage by id).
      fs.copyFileSync(file('phone.mp4'), file('upload-1'));
      fs.copyFileSync(file('photo.png'), file('upload-2'));
      const result = await runVideoPipeline({
        jobId: 'clip-upload',
        workDir,
        request,
        providers: { voices, images },
        uploads: [file('upload-1'), file('upload-2')],
      });
      const manifest = JSON.parse(fs.readFileSync(path.join(workDir, 'manifest.json'), 'utf8')) as Manifest;
      // Three sentences, three scenes; the two uploads take them in turn.
      expect(manifest.stills?.map((s) => (s?.clip ? `clip ${s.audio}` : 'still'))).toEqual([
        'clip mute',
        'still',
        'clip mute',
      ]);
      const scenes = manifest.timeline!.scenes;
      const grab = (n: number) => {
        const out = ffmpeg(
          '-i',
          result.video,
          '-vf',
          `select=eq(n\\,${n}),scale=16:9:flags=area`,
          '-frames:v',
          '1',
          '-f',
          'rawvideo',
          '-pix_fmt',
          'rgb24',
          '-',
        );
        return Array.from({ length: 16 * 9 }, (_, i) => [out[i * 3]!, out[i * 3 + 1]!, out[i * 3 + 2]!]);
      };
      const clipFrame = grab(Math.floor(scenes[0]!.frames / 2));
      expect(mean(rows(clipFrame, 0, 3), 0)).toBeGreaterThan(150);
      expect(mean(rows(clipFrame, 6, 9), 2)).toBeGreaterThan(150);
      const imageFrame = grab(scenes[1]!.firstFrame + Math.floor(scenes[1]!.frames / 2));
      expect(mean(imageFrame, 0)).toBeGreaterThan(200);
      expect(mean(imageFrame, 2)).toBeLessThan(60);
    } finally {
      await Promise.all([voices.close(), images.close()]);
    }
  }, 120_000);
});
