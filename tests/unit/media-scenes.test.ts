import { describe, expect, it } from 'vitest';
import { countWords } from '~/contract/scripts.ts';
import { splitLongSentence, splitScenes, splitSentences } from '~/server/media/scenes.ts';

const sentence = (words: number, end = '.'): string =>
  `${Array.from({ length: words }, (_, i) => (i === 0 ? 'Word' : 'word')).join(' ')}${end}`;

describe('splitSentences', () => {
  it('splits at sentence ends but not at abbreviations, initials or decimals', () => {
    expect(
      splitSentences('Dr. Smith paid $3.50 for it. J. R. R. Tolkien agreed! Did he? Yes, e.g. on Jan. 5 too.'),
    ).toEqual(['Dr. Smith paid $3.50 for it.', 'J. R. R. Tolkien agreed!', 'Did he?', 'Yes, e.g. on Jan. 5 too.']);
  });

  it('handles closing quotes and full-width stops', () => {
    expect(splitSentences('He said "stop." Then he left.')).toEqual(['He said "stop."', 'Then he left.']);
    expect(splitSentences('你好！这是测试。')).toEqual(['你好！', '这是测试。']);
  });
});

describe('splitLongSentence', () => {
  it('cuts a sentence that is too long at clause punctuation, packing clauses', () => {
    const text =
      'First we gather every ingredient we need, then we wash them all, after that we chop the onions finely, and finally we cook everything slowly.';
    const pieces = splitLongSentence(text, 12);
    expect(pieces.join(' ')).toBe(text);
    expect(pieces.length).toBeGreaterThan(1);
    for (const piece of pieces.slice(0, -1)) expect(piece).toMatch(/,$/);
    for (const piece of pieces) expect(countWords(piece)).toBeLessThanOrEqual(12);
  });

  it('falls back to cutting between words when a clause alone is too long', () => {
    const pieces = splitLongSentence(sentence(30), 10);
    expect(pieces.map(countWords)).toEqual([10, 10, 10]);
  });
});

describe('splitScenes', () => {
  const script = Array.from({ length: 12 }, (_, i) => sentence(8 + (i % 4) * 3)).join(' ');

  it('never splits inside a sentence: scenes are whole sentences in order', () => {
    const scenes = splitScenes(script);
    expect(scenes.join(' ')).toBe(script);
    for (const scene of scenes) expect(scene).toMatch(/\.$/);
  });

  it('keeps scenes between about 8 and 20 seconds of speech and at most 4 sentences', () => {
    const scenes = splitScenes(script);
    expect(scenes.length).toBeGreaterThan(2);
    for (const scene of scenes) {
      expect(countWords(scene)).toBeLessThanOrEqual(50);
      expect(splitSentences(scene).length).toBeLessThanOrEqual(4);
    }
    for (const scene of scenes.slice(0, -1)) expect(countWords(scene)).toBeGreaterThanOrEqual(20);
  });

  it('starts a new scene at a paragraph break once the scene has some substance', () => {
    const scenes = splitScenes(`${sentence(12)}\n\n${sentence(6)} ${sentence(6)}\n\n${sentence(14)}`);
    expect(scenes).toEqual([sentence(12), `${sentence(6)} ${sentence(6)}`, sentence(14)]);
  });

  it('does not leave a fleeting last scene', () => {
    const scenes = splitScenes(`${sentence(14)} ${sentence(14)} ${sentence(3)}`);
    expect(scenes).toEqual([`${sentence(14)} ${sentence(14)} ${sentence(3)}`]);
  });

  it('splits a very long sentence across scenes at its clauses', () => {
    const clause = `${Array.from({ length: 15 }, () => 'word').join(' ')},`;
    const long = `Start ${clause} ${clause} ${clause} ${clause} end.`;
    const scenes = splitScenes(long);
    expect(scenes.length).toBeGreaterThan(1);
    expect(scenes.join(' ')).toBe(long);
    for (const scene of scenes) expect(countWords(scene)).toBeLessThanOrEqual(50);
  });
});
