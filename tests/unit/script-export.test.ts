import { describe, expect, it } from 'vitest';
import { clockTime, scriptFileName, scriptToSrt, scriptToText, srtTime } from '~/app/features/studios/script-export';
import { retimeScript, type ScriptContent } from '~/contract/scripts';
import { CREATE_HANDOFF_KEY, saveCreateHandoff, takeCreateHandoff } from '~/lib/create-handoff';

const words = (n: number, w = 'word') => Array.from({ length: n }, () => w).join(' ');
const script: ScriptContent = retimeScript({
  titles: ['Better Coffee at Home', 'Brew Like a Pro'],
  hook: words(5, 'hook'),
  scenes: [
    { narration: words(25, 'one'), visualCue: 'Grinder close-up', startSec: 0, endSec: 0 },
    { narration: words(10, 'two'), visualCue: '', startSec: 0, endSec: 0 },
  ],
  cta: words(5, 'cta'),
  description: 'Three tips.',
  hashtags: ['#coffee', '#BaristaLife'],
});

describe('script export', () => {
  it('formats SRT and clock times', () => {
    expect(srtTime(0)).toBe('00:00:00,000');
    expect(srtTime(83.4)).toBe('00:01:23,400');
    expect(srtTime(3725.05)).toBe('01:02:05,050');
    expect(clockTime(83.4)).toBe('1:23');
  });

  it('writes one SRT cue per spoken part, timed at 150 wpm, with visual cues', () => {
    expect(scriptToSrt(script)).toBe(
      [
        `1\n00:00:00,000 --> 00:00:02,000\n[Hook] ${words(5, 'hook')}\n`,
        `2\n00:00:02,000 --> 00:00:12,000\n[Scene 1] ${words(25, 'one')}\n(Grinder close-up)\n`,
        `3\n00:00:12,000 --> 00:00:16,000\n[Scene 2] ${words(10, 'two')}\n`,
        `4\n00:00:16,000 --> 00:00:18,000\n[Call to action] ${words(5, 'cta')}\n`,
      ].join('\n'),
    );
  });

  it('writes a readable text script with title, timings, description and hashtags', () => {
    const text = scriptToText(script, 'shorts');
    expect(
      text.startsWith('Better Coffee at Home\nTikTok / Reels / Shorts (9:16) · about 0:18\n\n[Hook · 0:00–0:02]\n'),
    ).toBe(true);
    expect(text).toContain('Visual: Grinder close-up');
    expect(text).toContain('- Brew Like a Pro');
    expect(text.trimEnd().endsWith('#coffee #BaristaLife')).toBe(true);
  });

  it('makes safe file names', () => {
    expect(scriptFileName('Crème Brûlée: 5 Tips!', 'srt')).toBe('creme-brulee-5-tips.srt');
    expect(scriptFileName('', 'txt')).toBe('script.txt');
  });
});

describe('handing a script to /create', () => {
  const memory = () => {
    const map = new Map<string, string>();
    return {
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => void map.set(k, v),
      removeItem: (k: string) => void map.delete(k),
      map,
    };
  };

  it('is taken once', () => {
    const storage = memory();
    saveCreateHandoff({ script: 'Hello.\n\nWorld.', title: 'T', aspect: '9:16', sourceId: 'abc' }, storage);
    expect(JSON.parse(storage.map.get(CREATE_HANDOFF_KEY)!)).toMatchObject({ script: 'Hello.\n\nWorld.' });
    expect(takeCreateHandoff(storage)).toEqual({
      script: 'Hello.\n\nWorld.',
      title: 'T',
      aspect: '9:16',
      sourceId: 'abc',
    });
    expect(takeCreateHandoff(storage)).toBeNull();
  });

  it('ignores unreadable or empty values', () => {
    const storage = memory();
    storage.setItem(CREATE_HANDOFF_KEY, '{not json');
    expect(takeCreateHandoff(storage)).toBeNull();
    storage.setItem(CREATE_HANDOFF_KEY, JSON.stringify({ script: '  ', aspect: '4:3' }));
    expect(takeCreateHandoff(storage)).toBeNull();
  });
});
