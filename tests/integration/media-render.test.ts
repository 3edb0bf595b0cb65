/**
 * Renders a real ~15-second video through the whole pipeline (eSpeak NG, designed backgrounds, ffmpeg) and checks
 * the file the user would download.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VideoResult } from '~/server/features/videos/pipeline/run.ts';
import { type ProbeResult, probe } from '~/server/media/ffmpeg.ts';
import { localRenders } from './support/local-renders.ts';

const SCRIPT = `## A calmer morning

Start your day with five quiet minutes. Breathe slowly, and notice the light in the room.

Then write down one small goal. Tiny steps, repeated every day, become the habits that change your life.`;

const { render, workDir, close } = localRenders('render', {
  script: SCRIPT,
  voiceId: 'en-us-olivia',
  aspect: '16:9',
  resolution: '720p',
  captions: 'word',
  visuals: 'generated',
  // Designed backgrounds are the same for both renders; an illustration's palette follows its job.
  visualOrder: 'designed',
  music: { enabled: false, volume: 30 },
});

/** One video frame as 8-bit grey levels. */
function grabGray(video: string, atSeconds: number, width: number, height: number): Uint8Array {
  const out = execFileSync(
    'ffmpeg',
    [
      '-v',
      'error',
      '-ss',
      atSeconds.toFixed(2),
      '-i',
      video,
      '-frames:v',
      '1',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'gray',
      '-',
    ],
    {
      maxBuffer: width * height * 2,
    },
  );
  expect(out.length).toBe(width * height);
  return new Uint8Array(out);
}

const meanDifference = (a: Uint8Array, b: Uint8Array, width: number, fromRow: number, toRow: number): number => {
  let sum = 0;
  for (let i = fromRow * width; i < toRow * width; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / ((toRow - fromRow) * width);
};

let captioned: VideoResult;
let plain: VideoResult;
let info: ProbeResult;

beforeAll(async () => {
  // Two renders of the same script, one after the other (two cores are shared with the rest of the suite).
  captioned = await render('captioned', { captions: 'word', music: { enabled: true, volume: 40 } });
  plain = await render('plain', { captions: 'off' });
  info = await probe(captioned.video);
}, 240_000);

afterAll(close);

describe('a rendered video', () => {
  it('is an H.264 + AAC MP4 of the chosen size, tagged BT.709', () => {
    const video = info.streams.find((s) => s.codec_type === 'video')!;
    const audio = info.streams.find((s) => s.codec_type === 'audio')!;
    expect([video.codec_name, video.width, video.height, video.pix_fmt]).toEqual(['h264', 1280, 720, 'yuv420p']);
    expect([video.color_space, video.color_primaries, video.color_transfer]).toEqual(['bt709', 'bt709', 'bt709']);
    expect([audio.codec_name, audio.sample_rate, audio.channels]).toEqual(['aac', '48000', 2]);
    expect([captioned.width, captioned.height]).toEqual([1280, 720]);
    expect(captioned.size).toBe(fs.statSync(captioned.video).size);
  });

  it('lasts as long as its narration (within half a second), about 15 seconds', async () => {
    const narration = await probe(path.join(workDir('captioned'), 'narration.wav'));
    expect(Math.abs(info.durationMs - narration.durationMs)).toBeLessThanOrEqual(500);
    expect(Math.abs(captioned.durationMs - info.durationMs)).toBeLessThanOrEqual(50);
    expect(info.durationMs).toBeGreaterThan(10_000);
    expect(info.durationMs).toBeLessThan(25_000);
  });

  it('keeps faststart: the index comes before the media data', () => {
    const head = fs
      .readFileSync(captioned.video)
      .subarray(0, 64 * 1024)
      .toString('latin1');
    expect(head.indexOf('moov')).toBeGreaterThan(-1);
    expect(head.indexOf('moov')).toBeLessThan(head.indexOf('mdat') === -1 ? Infinity : head.indexOf('mdat'));
  });

  it('comes with a JPEG thumbnail and an SRT file timed to the words', () => {
    expect(fs.readFileSync(captioned.thumbnail).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    const srt = fs.readFileSync(captioned.subtitles, 'utf8');
    expect(srt).toMatch(/^1\n00:00:00,\d{3} --> 00:00:0\d,\d{3}\nA calmer morning\.\n/);
    expect(srt).toContain('become the habits');
    // Captions are optional on the picture, but the SRT is always there.
    const words = (text: string) => text.replace(/^[\d:, \->]+$/gm, '');
    expect(words(fs.readFileSync(plain.subtitles, 'utf8'))).toBe(words(srt));
  });

  it('burns the captions into the picture: the caption area differs from the caption-less render', () => {
    const srt = fs.readFileSync(captioned.subtitles, 'utf8');
    const [, start, end] = /\n(\d\d:\d\d:\d\d,\d{3}) --> (\d\d:\d\d:\d\d,\d{3})\n/.exec(srt.split('\n\n')[1]!)!;
    const seconds = (t: string) => {
      const [h, m, s] = t.replace(',', '.').split(':').map(Number);
      return h! * 3600 + m! * 60 + s!;
    };
    const at = (seconds(start!) + seconds(end!)) / 2;
    const withCaptions = grabGray(captioned.video, at, 1280, 720);
    const without = grabGray(plain.video, at, 1280, 720);
    expect(meanDifference(withCaptions, without, 1280, 540, 720)).toBeGreaterThan(4);
    // Same backgrounds, same moment: the top of the picture matches.
    expect(meanDifference(withCaptions, without, 1280, 0, 300)).toBeLessThan(1.5);
  });
});

/** The quietest 100 ms of the video's sound (RMS, full scale 1), past the music's fade-in and before its fade-out. */
function quietestLevel(video: string, durationMs: number): number {
  const rate = 8000;
  const pcm = execFileSync(
    'ffmpeg',
    ['-v', 'error', '-i', video, '-vn', '-ac', '1', '-ar', String(rate), '-f', 's16le', '-'],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const samples = new Int16Array(pcm.buffer, pcm.byteOffset, pcm.length / 2);
  const window = rate / 10;
  let quietest = Infinity;
  for (let start = 2.5 * rate; start + window <= ((durationMs - 3500) / 1000) * rate; start += window / 2) {
    let sum = 0;
    for (let i = start; i < start + window; i++) sum += samples[i]! ** 2;
    quietest = Math.min(quietest, Math.sqrt(sum / window) / 32768);
  }
  return quietest;
}

describe('background music', () => {
  let pluck: VideoResult;
  beforeAll(async () => {
    pluck = await render('pluck', { captions: 'off', music: { enabled: true, volume: 40, track: 'upbeat-pluck' } });
  }, 120_000);

  it('plays under the narration, so the gaps between sentences are not silent as they are with music off', () => {
    const silence = quietestLevel(plain.video, plain.durationMs);
    expect(silence).toBeLessThan(0.0005);
    for (const withMusic of [captioned, pluck])
      expect(quietestLevel(withMusic.video, withMusic.durationMs)).toBeGreaterThan(0.0015);
  });
});

describe('captions in other alphabets', () => {
  /** Renders `script` with captions and without, and checks the caption area differs halfway through. */
  async function burnsCaptions(name: string, script: string, voiceId: string): Promise<VideoResult> {
    const request = { script, voiceId, captions: 'word' } as const;
    const drawn = await render(`${name}-captioned`, request);
    const bare = await render(`${name}-plain`, { ...request, captions: 'off' });
    const at = Math.min(drawn.durationMs, bare.durationMs) / 2000;
    expect(
      meanDifference(grabGray(drawn.video, at, 1280, 720), grabGray(bare.video, at, 1280, 720), 1280, 540, 720),
    ).toBeGreaterThan(4);
    return drawn;
  }

  it('burns Hindi captions, drawn by the fallback font', async () => {
    const hindi = await burnsCaptions('hindi', 'आज मौसम बहुत अच्छा है। चलिए पार्क में टहलने चलते हैं।', 'hi-in-priya');
    expect(fs.readFileSync(hindi.subtitles, 'utf8')).toContain('आज मौसम');
  }, 120_000);

  it('burns Chinese captions cut into words, written without spaces', async () => {
    const chinese = await burnsCaptions('chinese', '今天天气很好，我们一起去公园散步吧。然后我们去吃饭。', 'zh-cn-wei');
    const srt = fs.readFileSync(chinese.subtitles, 'utf8');
    expect(srt).toContain('今天天气很好，');
    expect(srt).not.toMatch(/[\u4e00-\u9fff] [\u4e00-\u9fff]/u);
    // Timed across the whole narration, not squeezed into its first clause.
    const cues = srt.trim().split('\n\n');
    expect(cues.length).toBeGreaterThan(1);
    const lastStart = /(\d\d):(\d\d):(\d\d),(\d{3}) -->/.exec(cues.at(-1)!)!.slice(1).map(Number);
    expect(lastStart[2]! * 1000 + lastStart[3]!).toBeGreaterThan(chinese.durationMs / 2);
  }, 120_000);
});
