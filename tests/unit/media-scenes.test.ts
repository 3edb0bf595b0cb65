import { describe, expect, it } from 'vitest';
import { countWords } from '~/contract/scripts.ts';
import { LONG_SCRIPT_WORDS, splitLongSentence, splitScenes, splitSentences } from '~/server/media/scenes.ts';

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

  it('gives a short script a scene (a beat) per sentence', () => {
    const scenes = splitScenes(script);
    expect(scenes).toEqual(splitSentences(script));
    expect(scenes).toHaveLength(12);
  });

  it('folds a fragment too short to stand alone into the next sentence, and a last word or two into the one before', () => {
    expect(splitScenes(`${sentence(8)} ${sentence(2)} ${sentence(9)} ${sentence(10)} ${sentence(2)}`)).toEqual([
      sentence(8),
      `${sentence(2)} ${sentence(9)}`,
      `${sentence(10)} ${sentence(2)}`,
    ]);
    // A short closing line ("Try it today.") is a beat of its own.
    expect(splitScenes(`${sentence(8)} ${sentence(3)}`)).toEqual([sentence(8), sentence(3)]);
  });

  it('keeps a long script to a calmer pace: at least 12 words and at most two sentences a scene', () => {
    const long = Array.from({ length: 80 }, (_, i) => sentence(6 + (i % 5) * 2)).join(' ');
    expect(countWords(long)).toBeGreaterThan(LONG_SCRIPT_WORDS);
    const scenes = splitScenes(long);
    expect(scenes.join(' ')).toBe(long);
    expect(scenes.length).toBeLessThan(80);
    for (const scene of scenes) expect(splitSentences(scene).length).toBeLessThanOrEqual(2);
    for (const scene of scenes.slice(0, -1)) expect(countWords(scene)).toBeGreaterThanOrEqual(12);
  });

  it('starts a new scene at a paragraph break once the scene has some substance', () => {
    const scenes = splitScenes(`${sentence(12)}\n\n${sentence(3)} ${sentence(6)}\n\n${sentence(14)}`);
    expect(scenes).toEqual([sentence(12), `${sentence(3)} ${sentence(6)}`, sentence(14)]);
  });

  it('splits a sentence longer than about 12 s across scenes at its clauses', () => {
    const clause = `${Array.from({ length: 15 }, () => 'word').join(' ')},`;
    const long = `Start ${clause} ${clause} ${clause} ${clause} end.`;
    const scenes = splitScenes(long);
    expect(scenes.length).toBeGreaterThan(1);
    expect(scenes.join(' ')).toBe(long);
    for (const scene of scenes) expect(countWords(scene)).toBeLessThanOrEqual(30);
  });
});
