/** What the MCP tools tell a model: status, link, cost and next step, and the API's refusals field by field. */
import { describe, expect, it } from 'vitest';
import type { ImageRecord } from '~/contract/images.ts';
import type { ScriptRecord } from '~/contract/scripts.ts';
import type { SpeechRecord } from '~/contract/speech.ts';
import type { VideoRecord } from '~/contract/video.ts';
import { VOICES } from '~/contract/voices.ts';
import {
  apiFailure,
  balanceResult,
  imageBatchResult,
  imageResult,
  scriptResult,
  speechResult,
  VOICE_LIST_MAX,
  videoResult,
  voicesResult,
} from '~/server/api/mcp/results.ts';

const text = (result: { content: unknown[] }) => (result.content[0] as { text: string }).text;

const link = (name: string) => ({
  fileId: name,
  url: `https://api.test/files/${name}?sig=x`,
  contentType: 'x',
  size: 1,
});

const video = (patch: Partial<VideoRecord>): VideoRecord =>
  ({
    id: 'v1',
    status: 'queued',
    stage: null,
    progress: 0,
    width: 1280,
    height: 720,
    durationSec: null,
    estimatedSec: 14,
    cost: 5,
    creditsCharged: 0,
    error: null,
    setupFailure: false,
    video: null,
    thumbnail: null,
    subtitles: null,
    captionsVtt: null,
    ...patch,
  }) as VideoRecord;

describe('apiFailure', () => {
  it("lists the API's message and each field it named", () => {
    const result = apiFailure({
      status: 400,
      body: { error: 'Invalid input', fields: { script: 'Write a script first.', 'music.volume': 'From 0 to 100.' } },
    });
    expect(result.isError).toBe(true);
    expect(text(result)).toBe('Invalid input\n- script: Write a script first.\n- music.volume: From 0 to 100.');
  });

  it('says what a missing balance, a rate limit and a server failure mean for the next call', () => {
    expect(text(apiFailure({ status: 402, body: { error: 'Not enough credits', needed: 12, available: 1 } }))).toBe(
      'Not enough credits\nIt needs 12 credits; 1 credit is available. The account owner can buy credits on the Billing page.',
    );
    expect(text(apiFailure({ status: 429, body: { error: 'Too many requests' }, retryAfter: '3' }))).toBe(
      'Too many requests\nWait 3 seconds, then call again.',
    );
    expect(text(apiFailure({ status: 502, body: '<html>Bad gateway</html>' }))).toBe(
      'The API answered HTTP 502.\nThe server failed (HTTP 502); try again later.',
    );
  });
});

describe('videoResult', () => {
  it('tells a model to poll a running video, with what is held', () => {
    const result = videoResult(video({ status: 'active', stage: 'narrate', progress: 0.42 }), 'Video accepted.');
    expect(text(result)).toBe(
      [
        'Video accepted.',
        'Video v1 is active (Recording the narration), 42% done; about 0:14 long when finished.',
        '5 credits are held for it; it is charged per started minute of the finished video.',
        'Call get_video with id "v1" again in about 5 seconds until the status is succeeded.',
      ].join('\n'),
    );
    expect(result.structuredContent).toMatchObject({ id: 'v1', status: 'active', videoUrl: null, cost: 5 });
  });

  it('gives the links and the charge of a finished video', () => {
    const done = video({
      status: 'succeeded',
      progress: 1,
      durationSec: 13.6,
      creditsCharged: 3,
      video: link('mp4'),
      subtitles: link('srt'),
    });
    expect(text(videoResult(done))).toBe(
      [
        'Video v1 is ready: 0:14 long, 1280x720, 3 credits charged.',
        'MP4: https://api.test/files/mp4?sig=x',
        'Subtitles (SRT): https://api.test/files/srt?sig=x',
        'Signed link, valid for about an hour; call again for a fresh one.',
      ].join('\n'),
    );
    expect(videoResult(done).structuredContent).toMatchObject({ videoUrl: 'https://api.test/files/mp4?sig=x' });
  });

  it('says why a video failed and whether trying again can help', () => {
    const failed = text(videoResult(video({ status: 'failed', error: 'ffmpeg is not installed', setupFailure: true })));
    expect(failed).toContain('Video v1 failed: ffmpeg is not installed');
    expect(failed).toContain('the 5 credits held for it were returned');
    expect(failed).toContain('trying again will not help');
  });
});

describe('the studio results', () => {
  it('gives a finished speech its links, and a running one the next step', () => {
    const speech = {
      id: 's1',
      status: 'succeeded',
      progress: 1,
      voiceId: 'en-us-olivia',
      voiceName: 'Olivia',
      engine: { id: 'espeak', label: 'eSpeak NG (offline)' },
      durationSec: 3.2,
      creditsCharged: 1,
      mp3: link('mp3'),
      wav: null,
      error: null,
    } as unknown as SpeechRecord;
    expect(text(speechResult(speech))).toMatch(
      /^Speech s1 is ready: 0:03 read by Olivia \(eSpeak NG \(offline\)\), 1 credit charged\.\nMP3: /,
    );
    expect(text(speechResult({ ...speech, status: 'queued', progress: 0 }, 'Accepted.'))).toBe(
      'Accepted.\nSpeech s1 is queued, 0% done.\nCall get_speech with id "s1" again in about 5 seconds until the status is succeeded.',
    );
  });

  it('lists the ids of a batch of images, then each one with its link', () => {
    const image = {
      id: 'i1',
      status: 'queued',
      engine: { id: 'offline', label: 'Offline artwork' },
      width: null,
      height: null,
      seed: 7,
      creditsCharged: 0,
      url: null,
      error: null,
    } as unknown as ImageRecord;
    const batch = imageBatchResult([image, { ...image, id: 'i2' }]);
    expect(text(batch)).toMatch(/^Accepted 2 images on Offline artwork: "i1", "i2"\./);
    expect(batch.structuredContent).toMatchObject({ ids: ['i1', 'i2'] });
    const done = { ...image, status: 'succeeded', width: 1024, height: 1024, url: 'https://api.test/files/png' };
    expect(text(imageResult(done as ImageRecord))).toContain('PNG: https://api.test/files/png');
  });

  it('hands back a script as the narration create_video takes, saying when the offline writer wrote it', () => {
    const script = {
      id: 'sc1',
      titles: ['Why tides turn'],
      hook: 'Ever wondered why the sea breathes?',
      scenes: [{ narration: 'The moon pulls the water.', visualCue: '', startSec: 0, endSec: 2 }],
      cta: 'Follow for more.',
      description: '',
      hashtags: ['#Tides'],
      engine: { kind: 'builtin', label: 'Built-in writer' },
      durationSec: 6,
      creditsCharged: 0,
    } as unknown as ScriptRecord;
    const result = scriptResult(script);
    expect(text(result)).toContain('written by Built-in writer (the offline writer');
    expect(text(result)).toContain(
      'Ever wondered why the sea breathes?\n\nThe moon pulls the water.\n\nFollow for more.',
    );
    expect(result.structuredContent).toMatchObject({ offline: true, creditsCharged: 0, title: 'Why tides turn' });
  });
});

describe('voicesResult', () => {
  const answer = { voices: [...VOICES], configured: {}, defaultVoiceId: 'en-us-olivia' };

  it('lists only voices the server can use, filtered by language tag or name, and marks the default', () => {
    const english = voicesResult(answer, { language: 'en' }).structuredContent as {
      voices: { id: string; language: string; quality: string }[];
      total: number;
    };
    expect(english.voices.every((voice) => voice.language.startsWith('en-') && voice.quality === 'Robotic')).toBe(true);
    expect(english.voices.length).toBeLessThanOrEqual(VOICE_LIST_MAX);
    expect(text(voicesResult(answer, { language: 'en-US' }))).toContain(
      'en-us-olivia: Olivia, English (US) (en-US), female, Robotic, the default',
    );
    const byName = voicesResult(answer, { language: 'portuguese' }).structuredContent as {
      voices: { language: string }[];
    };
    expect(byName.voices.length).toBeGreaterThan(0);
    expect(byName.voices.every((voice) => voice.language.startsWith('pt'))).toBe(true);
    // OpenAI's voices need its key.
    expect(voicesResult(answer, { engine: 'openai' }).structuredContent).toMatchObject({ total: 0 });
    expect(
      voicesResult({ ...answer, configured: { openai: true } }, { engine: 'openai' }).structuredContent,
    ).toMatchObject({
      voices: expect.arrayContaining([expect.objectContaining({ quality: 'Natural' })]),
    });
  });
});

it('reads the balance and what running jobs hold', () => {
  expect(text(balanceResult({ balance: 41, reserved: 1 }))).toBe(
    'Balance: 41 credits to spend, 1 credit held by jobs still running (returned if they fail).',
  );
});
