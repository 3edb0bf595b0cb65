import { describe, expect, it } from 'vitest';
import {
  createVideoRequestSchema,
  estimateDurationSeconds,
  estimateVideoCost,
  scriptLengthError,
  videoDimensions,
  wordCount,
} from '~/contract/video.ts';

const words = (n: number): string => Array.from({ length: n }, () => 'word').join(' ');

const valid = {
  script: 'A short script about the sea.',
  voiceId: 'en-us-olivia',
  aspect: '16:9',
  resolution: '1080p',
  captions: 'word',
  visuals: 'generated',
  music: { enabled: true, volume: 40 },
};

const fieldErrors = (input: unknown): Record<string, string> => {
  const result = createVideoRequestSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('script length and cost', () => {
  it('counts words the way the script generator does, ignoring lone symbols', () => {
    expect(wordCount('Hello,   world — this is  NXN!')).toBe(5);
    expect(wordCount('')).toBe(0);
  });

  it('estimates duration at 150 words a minute', () => {
    expect(estimateDurationSeconds(words(150))).toBe(60);
    expect(estimateDurationSeconds(words(375))).toBe(150);
  });

  it('accepts up to 5 minutes and explains how much to cut beyond that', () => {
    expect(scriptLengthError(words(750))).toBeNull();
    expect(scriptLengthError(words(800))).toBe(
      'This script would run about 5:20. Videos can be up to 5 minutes (about 750 words), so remove about 50 words.',
    );
    expect(scriptLengthError('  ')).toMatch(/Write a script first/);
  });

  it('prices the estimated length per started minute and resolution', () => {
    expect(estimateVideoCost(words(150), '1080p')).toBe(15);
    expect(estimateVideoCost(words(160), '1080p')).toBe(30);
    expect(estimateVideoCost(words(160), '720p')).toBe(20);
  });

  it('holds the limit and the price for scripts written without spaces', () => {
    // About 1,650 characters of Chinese: far more than 5 minutes, though it has no spaces at all.
    const long = '今天天气很好，我们一起去公园散步吧。然后我们去吃饭，晚上一起看电影。'.repeat(50);
    expect(scriptLengthError(long)).toMatch(/Videos can be up to 5 minutes/);
    const minute = '今天天气很好，我们一起去公园散步吧。'.repeat(10);
    expect(estimateDurationSeconds(minute)).toBeGreaterThan(30);
    expect(estimateVideoCost(minute, '1080p')).toBeGreaterThanOrEqual(15);
  });

  it('maps aspect and resolution to pixel sizes', () => {
    expect(videoDimensions('16:9', '1080p')).toEqual({ width: 1920, height: 1080 });
    expect(videoDimensions('9:16', '720p')).toEqual({ width: 720, height: 1280 });
    expect(videoDimensions('1:1', '1080p')).toEqual({ width: 1080, height: 1080 });
  });
});

describe('createVideoRequestSchema', () => {
  it('accepts a complete request and fills defaults', () => {
    const parsed = createVideoRequestSchema.parse({ ...valid, music: undefined });
    expect(parsed.music).toEqual({ enabled: false, volume: 30 });
    expect(parsed.imageFileIds).toEqual([]);
  });

  it('reports each invalid field with a clear message', () => {
    expect(
      fieldErrors({ ...valid, voiceId: 'robot-9000', aspect: '4:3', resolution: '4k', captions: 'karaoke', music: { enabled: true, volume: 140 } }),
    ).toEqual({
      voiceId: 'Choose a voice from the list.',
      aspect: 'Choose 16:9, 9:16 or 1:1.',
      resolution: 'Choose 720p or 1080p.',
      captions: 'Choose a caption style.',
      'music.volume': 'Music volume goes from 0 to 100.',
    });
  });

  it('refuses scripts over 5 minutes and uploaded visuals without images', () => {
    const errors = fieldErrors({ ...valid, script: words(900), visuals: 'uploaded', imageFileIds: [] });
    expect(errors.script).toMatch(/Videos can be up to 5 minutes/);
    expect(errors.imageFileIds).toBe('Upload at least one image, or choose generated backgrounds.');
  });
});
