import { describe, expect, it } from 'vitest';
import { fieldErrors as flattenIssues } from '~/contract/errors.ts';
import { MUSIC_TRACKS } from '~/contract/music.ts';
import {
  createVideoRequestSchema,
  estimateDurationSeconds,
  estimateVideoCost,
  NOTHING_TO_READ_MESSAGE,
  narrationLengthError,
  scriptLengthError,
  videoDimensions,
  wordCount,
} from '~/contract/video.ts';
import { spokenWords } from '~/contract/words.ts';

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
  return flattenIssues(result.error.issues);
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

  it('counts the words a voice says, however they are joined', () => {
    expect(spokenWords('a,b,c')).toBe(3);
    expect(spokenWords("don't")).toBe(1);
    expect(spokenWords('l’eau.')).toBe(1);
    expect(spokenWords('—')).toBe(0);
    expect(wordCount(Array.from({ length: 225 }, () => 'sea').join(','))).toBe(225);
  });

  // Each of these made a longer video than it was priced for (eSpeak's real lengths in the NARRATION_PACE note).
  it('prices scripts written to look short at no less than the time they take to say', () => {
    const commaJoined = Array.from({ length: 225 }, (_, i) => 'ab'[i % 2]).join(',');
    expect(commaJoined).toHaveLength(449);
    expect(estimateDurationSeconds(commaJoined)).toBeGreaterThanOrEqual(60);
    expect(estimateVideoCost(commaJoined, '1080p')).toBeGreaterThan(0);

    const oneGiantWord = 'thelighthousekeeperclimbsthestairsatdusk'.repeat(11);
    expect(estimateDurationSeconds(oneGiantWord)).toBeGreaterThanOrEqual(29);
    expect(estimateVideoCost(oneGiantWord, '1080p')).toBe(15);
    expect(estimateDurationSeconds('1234567890'.repeat(45))).toBeGreaterThanOrEqual(30);

    // 160 one-word sentences ran 2:43 (2:26 of speech plus the breaths between scenes).
    const sentences = Array.from({ length: 160 }, () => 'Word.').join(' ');
    expect(estimateDurationSeconds(sentences)).toBeGreaterThanOrEqual(160);
    expect(estimateVideoCost(sentences, '1080p')).toBe(45);
    expect(scriptLengthError(Array.from({ length: 320 }, () => 'Go!').join(' '))).toMatch(
      /run about 5:20\. Videos can be up to 5 minutes/,
    );

    // A single word is a video too, and never free.
    expect(estimateVideoCost('Hello.', '720p')).toBe(10);
  });

  it('does not charge ordinary prose more for the floors', () => {
    const prose = 'The lighthouse keeper climbs the stairs at dusk, counting each step as her father once did. ';
    expect(estimateDurationSeconds(prose.repeat(10))).toBe(Math.round((16 * 10) / 2.5));
  });

  it('estimates what will be read: stage directions, links and code are not narrated or priced', () => {
    const script =
      '[Upbeat music]\n\nWelcome to the show. See https://example.com/a/very/long/link for more.\n\n```js\nconsole.log("hi")\n```';
    expect(wordCount(script)).toBe(7);
    expect(estimateDurationSeconds(script)).toBe(estimateDurationSeconds('Welcome to the show. See for more.'));
  });

  it('refuses a script made only of what is never read aloud, with a field error', () => {
    for (const script of [
      '[Upbeat music] [Scene 2: the beach]',
      '(Pause)\n\n(Music swells) [Intro] https://example.com/promo',
      'https://example.com/watch?v=123',
      '```\nconst x = 1;\n```',
      '<!-- note --> ![logo](x.png)',
    ]) {
      expect(scriptLengthError(script), script).toBe(NOTHING_TO_READ_MESSAGE);
      expect(fieldErrors({ ...valid, script }), script).toEqual({ script: NOTHING_TO_READ_MESSAGE });
    }
    expect(scriptLengthError('...')).toMatch(/Write a script first/);
  });

  it('stops a video whose real narration runs past 5 minutes, in plain words', () => {
    expect(narrationLengthError(300_000)).toBeNull();
    expect(narrationLengthError(312_000)).toBe(
      'The narration runs 5:12, over the 5-minute limit. Shorten the script and try again. No credits were charged.',
    );
    expect(narrationLengthError(300_200)).toMatch(/^The narration runs 5:01,/);
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
    expect(parsed.music).toEqual({ enabled: false, volume: 30, track: 'calm-pad' });
    expect(parsed.imageFileIds).toEqual([]);
  });

  it('reports each invalid field with a clear message', () => {
    expect(
      fieldErrors({
        ...valid,
        voiceId: 'robot-9000',
        aspect: '4:3',
        resolution: '4k',
        captions: 'rainbow',
        music: { enabled: true, volume: 140 },
      }),
    ).toEqual({
      voiceId: 'Choose a voice from the list.',
      aspect: 'Choose 16:9, 9:16 or 1:1.',
      resolution: 'Choose 720p or 1080p.',
      captions: 'Choose a caption style.',
      'music.volume': 'Music volume goes from 0 to 100.',
    });
  });

  it('checks caption position, size and colour, and gives videos made before the choice the old look', () => {
    expect(fieldErrors({ ...valid, captionOptions: { position: 'left', size: 'huge', color: 'yellow' } })).toEqual({
      'captionOptions.position': 'Choose top, middle or bottom.',
      'captionOptions.size': 'Choose small, medium or large.',
      'captionOptions.color': 'Use a colour like #FFD84D.',
    });
    expect(fieldErrors({ ...valid, captionOptions: { color: '#12345' } })).toEqual({
      'captionOptions.color': 'Use a colour like #FFD84D.',
    });
    expect(createVideoRequestSchema.parse(valid).captionOptions).toEqual({
      position: 'bottom',
      size: 'medium',
      color: '#FFD84D',
    });
    expect(
      createVideoRequestSchema.parse({
        ...valid,
        captions: 'pop',
        captionOptions: { position: 'top', color: '#ff6fb5' },
      }).captionOptions,
    ).toEqual({
      position: 'top',
      size: 'medium',
      color: '#FF6FB5',
    });
  });

  it('refuses scripts over 5 minutes and uploaded visuals without images', () => {
    const errors = fieldErrors({ ...valid, script: words(900), visuals: 'uploaded', imageFileIds: [] });
    expect(errors.script).toMatch(/Videos can be up to 5 minutes/);
    expect(errors.imageFileIds).toBe('Upload at least one image, or choose generated backgrounds.');
  });
});

describe('background music track', () => {
  it('defaults to the calm pad, so requests made before the library still parse as they sounded', () => {
    expect(createVideoRequestSchema.parse(valid).music).toEqual({ enabled: true, volume: 40, track: 'calm-pad' });
    const { music: _, ...withoutMusic } = valid;
    expect(createVideoRequestSchema.parse(withoutMusic).music).toEqual({
      enabled: false,
      volume: 30,
      track: 'calm-pad',
    });
  });

  it('takes a library track and refuses any other', () => {
    expect(
      createVideoRequestSchema.parse({ ...valid, music: { enabled: true, volume: 40, track: 'warm-piano' } }).music
        .track,
    ).toBe('warm-piano');
    expect(fieldErrors({ ...valid, music: { enabled: true, volume: 40, track: 'chart-hit' } })).toEqual({
      'music.track': 'Choose one of the music tracks.',
    });
  });

  it('records a licence for every track', () => {
    for (const track of MUSIC_TRACKS)
      expect(track.licence).toMatch(/^Made by NXN; free to use in videos made with NXN, commercial use included/);
    expect(new Set(MUSIC_TRACKS.map((t) => t.mood)).size).toBe(MUSIC_TRACKS.length);
  });
});
