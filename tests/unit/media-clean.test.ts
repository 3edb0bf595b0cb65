import { describe, expect, it } from 'vitest';
import { cleanScript } from '~/contract/clean.ts';

describe('cleanScript', () => {
  it('strips Markdown structure but keeps the words and sentence punctuation', () => {
    const raw = [
      '# Five tips for better sleep',
      '',
      'Sleep is **really** important, and _most_ of us get too little!',
      '',
      '- Keep a `fixed` schedule',
      '- Avoid screens before bed',
      '1. Dim the lights',
      '',
      '> Rest is not idleness.',
    ].join('\n');
    expect(cleanScript(raw)).toBe(
      [
        'Five tips for better sleep.',
        'Sleep is really important, and most of us get too little!',
        'Keep a fixed schedule. Avoid screens before bed. Dim the lights.',
        'Rest is not idleness.',
      ].join('\n\n'),
    );
  });

  it('keeps link text, drops link targets, bare URLs, images and code blocks', () => {
    const raw =
      'Read [our guide](https://example.com/guide) or visit https://nxn.ai/docs today. ![logo](logo.png)\n\n```js\nconsole.log(1)\n```\nDone.';
    expect(cleanScript(raw)).toBe('Read our guide or visit today.\n\nDone.');
  });

  it('removes emojis, pictographs and stage directions that a voice would read out', () => {
    expect(cleanScript('[Upbeat music] Welcome back 👋🏽! Let’s go 🚀🔥 → now ✅.')).toBe(
      'Welcome back! Let’s go now.',
    );
    // A keycap emoji keeps its digit: "1️⃣" is read as "1".
    expect(cleanScript('Family 👨‍👩‍👧 time, 1️⃣ step and 🇫🇷 trip.')).toBe('Family time, 1 step and trip.');
  });

  it('keeps symbols that are spoken as words, and hashtags as their words', () => {
    expect(cleanScript('It costs $5 or 20% less & ships today. #SmallBusiness')).toBe(
      'It costs $5 or 20% less & ships today. SmallBusiness',
    );
  });

  it('normalises whitespace and repeated punctuation, joining wrapped lines of a paragraph', () => {
    expect(cleanScript('  Hello   there!!!\r\nThis line   wraps\nhere ?? Yes.....  ')).toBe(
      'Hello there! This line wraps here? Yes...',
    );
  });

  it('keeps letters of every script, including joiners Persian needs', () => {
    expect(cleanScript('سلام! ویدیوی شما این‌گونه شنیده می‌شود.')).toBe('سلام! ویدیوی شما این‌گونه شنیده می‌شود.');
    expect(cleanScript('你好！这是一个测试。')).toBe('你好！这是一个测试。');
  });

  it('drops directions in parentheses that stand as sentences of their own, and keeps parentheses inside a sentence', () => {
    expect(
      cleanScript('(Pause)\n\n(Music swells) Welcome back! (Beat) Let’s start. Thanks for watching. (Laughs)'),
    ).toBe('Welcome back! Let’s start. Thanks for watching.');
    expect(cleanScript('(SFX: whoosh) (Cut to the beach) 你好！')).toBe('你好！');
    expect(cleanScript('The cat (a Siamese) slept. (Almost) everyone knows it (really).')).toBe(
      'The cat (a Siamese) slept. (Almost) everyone knows it (really).',
    );
  });

  it('returns nothing when nothing can be read aloud', () => {
    expect(cleanScript('(Pause)\n(Music swells) [Intro] https://example.com/promo (Beat)\n\n- (Cut to black)')).toBe(
      '',
    );
    expect(cleanScript('🚀🚀 --- \n\n ``` code ``` \n https://example.com')).toBe('');
  });
});
