import { describe, expect, it } from 'vitest';
import {
  estimateWordTimings,
  speechBounds,
  tokenizeWords,
  wordsFromCharacterAlignment,
  wordsFromEspeakEvents,
  type EspeakEvent,
} from '~/server/providers/tts/timing.ts';

const word = (textPosition: number, audioMs: number): EspeakEvent => ({ type: 'word', textPosition, audioMs });
const end = (audioMs: number): EspeakEvent => ({ type: 'end', textPosition: 0, audioMs });

describe('tokenizeWords', () => {
  it('keeps punctuation on its word and glues symbol-only tokens to a neighbour', () => {
    expect(tokenizeWords('Wait — what?! … Really.').map((t) => t.text)).toEqual(['Wait —', 'what?! …', 'Really.']);
    expect(tokenizeWords('— Hi there').map((t) => [t.text, t.start, t.end])).toEqual([
      ['— Hi', 0, 4],
      ['there', 5, 10],
    ]);
  });
});

describe('estimateWordTimings', () => {
  it('spreads words over the span in proportion to their length, in order, without gaps inside a clause', () => {
    const words = estimateWordTimings('I recommend it.', 1000, 3000);
    expect(words.map((w) => w.text)).toEqual(['I', 'recommend', 'it.']);
    expect(words[0]!.startMs).toBe(1000);
    expect(words.at(-1)!.endMs).toBe(3000);
    const lengths = words.map((w) => w.endMs - w.startMs);
    expect(lengths[1]).toBeGreaterThan(lengths[0]! * 3);
    for (let i = 1; i < words.length; i++) expect(words[i]!.startMs).toBeGreaterThanOrEqual(words[i - 1]!.endMs);
  });

  it('leaves a pause after punctuation', () => {
    const [first, second] = estimateWordTimings('Stop. Go', 0, 1000);
    expect(second!.startMs - first!.endMs).toBeGreaterThan(100);
  });
});

describe('wordsFromEspeakEvents', () => {
  // Events eSpeak NG produced for this text (positions made 0-based); it folds "the" into "of".
  const text = 'Hello world, this is a test of the speech engine. It should produce word events!';
  const events = [
    word(0, 0), word(6, 328), end(979), word(13, 979), word(18, 1178), word(21, 1300), word(23, 1363), word(28, 1724),
    word(35, 1952), word(42, 2329), end(3157), word(50, 3157), word(53, 3322), word(60, 3600), word(68, 4030), word(73, 4302), end(4955),
  ];

  it('gives every script word a time, sharing a folded word’s time by length', () => {
    const words = wordsFromEspeakEvents(text, events, 4956);
    expect(words.map((w) => w.text)).toEqual(text.split(' '));
    const of = words[6]!;
    const the = words[7]!;
    expect(of.startMs).toBe(1724);
    expect(the.startMs).toBe(1822);
    expect(words[8]!.startMs).toBe(1952);
  });

  it('ends a word at its clause end, so pauses are not highlighted as speech', () => {
    const words = wordsFromEspeakEvents(text, events, 4956);
    expect(words[1]).toEqual({ text: 'world,', startMs: 328, endMs: 979 });
    expect(words[9]).toEqual({ text: 'engine.', startMs: 2329, endMs: 3157 });
    expect(words.at(-1)).toEqual({ text: 'events!', startMs: 4302, endMs: 4955 });
  });

  it('takes the first of several events inside one token (numbers read as many words)', () => {
    const words = wordsFromEspeakEvents('Then 1,000 people came.', [word(0, 0), word(5, 271), word(6, 517), word(11, 975), word(18, 1313), end(1600)], 1700);
    expect(words.map((w) => w.startMs)).toEqual([0, 271, 975, 1313]);
  });

  it('falls back to an estimate when there are no word events', () => {
    const words = wordsFromEspeakEvents('Two words', [], 1000);
    expect(words.map((w) => w.text)).toEqual(['Two', 'words']);
    expect(words.at(-1)!.endMs).toBe(1000);
  });
});

describe('wordsFromCharacterAlignment', () => {
  it('times each word from its first character’s start to its last character’s end', () => {
    const characters = [...'Hi, you!'];
    const starts = characters.map((_, i) => i * 0.1);
    const ends = characters.map((_, i) => i * 0.1 + 0.08);
    expect(wordsFromCharacterAlignment({ characters, character_start_times_seconds: starts, character_end_times_seconds: ends })).toEqual([
      { text: 'Hi,', startMs: 0, endMs: 280 },
      { text: 'you!', startMs: 400, endMs: 780 },
    ]);
  });
});

describe('speechBounds', () => {
  it('finds where sound starts and stops in a clip', () => {
    const pcm = new Int16Array(1000);
    pcm.fill(5000, 250, 750);
    expect(speechBounds(pcm, 1000)).toEqual({ startMs: 250, endMs: 750 });
    expect(speechBounds(new Int16Array(500), 1000)).toEqual({ startMs: 0, endMs: 500 });
  });
});
