import { describe, expect, it } from 'vitest';
import { fieldErrors as flattenIssues } from '~/contract/errors.ts';
import {
  countWords,
  retimeScript,
  scriptContentSchema,
  scriptNarration,
  scriptRequestSchema,
  scriptTimeline,
  spokenSeconds,
  toHashtag,
} from '~/contract/scripts';

const valid = { topic: 'Meal prep for busy parents', tone: 'friendly', platform: 'youtube', targetSeconds: 60 };

const fieldErrors = (input: unknown) => {
  const result = scriptRequestSchema.safeParse(input);
  if (result.success) return {};
  return flattenIssues(result.error.issues);
};

describe('script request validation', () => {
  it('accepts a minimal request and fills the optional fields', () => {
    const parsed = scriptRequestSchema.parse({ ...valid, topic: '  Meal prep  ' });
    expect(parsed).toMatchObject({ topic: 'Meal prep', audience: '', keyPoints: [], callToAction: '' });
  });

  it('names the field and the rule for each invalid input', () => {
    const errors = fieldErrors({ topic: 'ab', tone: 'angry', platform: 'vhs', targetSeconds: 5 });
    expect(errors.topic).toMatch(/at least 3 characters/);
    expect(errors.tone).toBe('Choose a tone.');
    expect(errors.platform).toBe('Choose a platform.');
    expect(errors.targetSeconds).toMatch(/at least 15 seconds/);
  });

  it('caps lengths: long form at 5 minutes, vertical shorts at 3', () => {
    expect(fieldErrors({ ...valid, targetSeconds: 301 }).targetSeconds).toMatch(/at most 5 minutes/);
    expect(fieldErrors({ ...valid, platform: 'shorts', targetSeconds: 240 }).targetSeconds).toMatch(
      /shorts are at most 3 minutes/,
    );
    expect(fieldErrors({ ...valid, platform: 'youtube', targetSeconds: 240 })).toEqual({});
  });

  it('drops blank key points and limits their number and length', () => {
    expect(scriptRequestSchema.parse({ ...valid, keyPoints: ['one', '  ', 'two'] }).keyPoints).toEqual(['one', 'two']);
    expect(fieldErrors({ ...valid, keyPoints: Array.from({ length: 9 }, (_, i) => `p${i}`) }).keyPoints).toMatch(
      /at most 8/,
    );
    expect(fieldErrors({ ...valid, keyPoints: ['x'.repeat(201)] })['keyPoints.0']).toMatch(/under 200/);
  });

  it('accepts the target length as a form string', () => {
    expect(scriptRequestSchema.parse({ ...valid, targetSeconds: '90' }).targetSeconds).toBe(90);
  });
});

describe('timing at 150 words a minute', () => {
  const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

  it('counts words, not punctuation', () => {
    expect(countWords('Hello — world, again!  ')).toBe(3);
  });

  it('gives 150 words one minute and any spoken line at least a second', () => {
    expect(spokenSeconds(words(150))).toBe(60);
    expect(spokenSeconds(words(25))).toBe(10);
    expect(spokenSeconds('Hi.')).toBe(1);
    expect(spokenSeconds('')).toBe(0);
  });

  it('times scenes after the hook and ends with the call to action', () => {
    const script = retimeScript({
      hook: words(5),
      scenes: [
        { narration: words(25), visualCue: 'a', startSec: 99, endSec: 100 },
        { narration: words(50), visualCue: 'b', startSec: 0, endSec: 0 },
      ],
      cta: words(10),
    });
    expect(script.scenes.map((s) => [s.startSec, s.endSec])).toEqual([
      [2, 12],
      [12, 32],
    ]);
    expect(script.durationSec).toBe(36);
    const timeline = scriptTimeline(script);
    expect(timeline.map((e) => e.label)).toEqual(['Hook', 'Scene 1', 'Scene 2', 'Call to action']);
    expect(timeline.at(-1)).toMatchObject({ startSec: 32, endSec: 36 });
  });

  it('leaves out an empty hook and joins narration in spoken order', () => {
    const script = {
      hook: '',
      scenes: [{ narration: 'One two.', visualCue: '', startSec: 0, endSec: 0 }],
      cta: 'Subscribe now.',
    };
    expect(retimeScript(script).scenes[0]).toMatchObject({ startSec: 0, endSec: 1 });
    expect(scriptNarration(script)).toBe('One two.\n\nSubscribe now.');
  });
});

describe('script content validation', () => {
  it('requires at least one scene and one title', () => {
    const result = scriptContentSchema.safeParse({
      titles: [],
      hook: '',
      scenes: [],
      cta: '',
      description: '',
      hashtags: [],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['scenes', 'titles']);
  });

  it('rejects an empty scene narration', () => {
    const result = scriptContentSchema.safeParse({
      titles: ['T'],
      hook: '',
      scenes: [{ narration: '   ', visualCue: '', startSec: 0, endSec: 0 }],
      cta: '',
      description: '',
      hashtags: [],
    });
    expect(result.error?.issues[0]).toMatchObject({
      path: ['scenes', 0, 'narration'],
      message: 'A scene needs narration.',
    });
  });
});

describe('hashtags', () => {
  it('normalises free text into one camel-cased tag', () => {
    expect(toHashtag('meal prep')).toBe('#MealPrep');
    expect(toHashtag('#top_tips')).toBe('#TopTips');
    expect(toHashtag('#Shorts')).toBe('#Shorts');
    expect(toHashtag('###')).toBe('');
  });
});
