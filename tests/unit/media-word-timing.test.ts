import { describe, expect, it } from 'vitest';
import { countWords, tokenizeWords } from '~/contract/words.ts';
import {
  type EspeakEvent,
  estimateWordTimings,
  speechBounds,
  wordsFromCharacterAlignment,
  wordsFromEspeakEvents,
} from '~/server/media/word-timing.ts';

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

  it('finds the words of scripts written without spaces, and marks them as joined', () => {
    const chinese = tokenizeWords('今天天气很好，我们去公园吧。');
    expect(chinese.map((t) => t.text).join('')).toBe('今天天气很好，我们去公园吧。');
    expect(chinese.length).toBeGreaterThanOrEqual(6);
    expect(chinese[0]).toMatchObject({ text: '今天', start: 0, end: 2, joinsPrevious: false });
    expect(chinese.slice(1).every((t) => t.joinsPrevious)).toBe(true);
    // Punctuation rides on the word before it.
    expect(chinese.some((t) => t.text.endsWith('，'))).toBe(true);
    // Thai separates phrases, not words, with spaces: written back with spaces only where they were, it is the same.
    const thai = tokenizeWords('สวัสดีครับ วันนี้อากาศดี');
    expect(thai.slice(0, 2).map((t) => t.text)).toEqual(['สวัสดี', 'ครับ']);
    expect(thai.length).toBeGreaterThanOrEqual(4);
    expect(
      thai
        .map((t) => (t.joinsPrevious ? '' : ' ') + t.text)
        .join('')
        .trim(),
    ).toBe('สวัสดีครับ วันนี้อากาศดี');
    expect(tokenizeWords('Hello 世界').map((t) => [t.text, t.joinsPrevious])).toEqual([
      ['Hello', false],
      ['世界', false],
    ]);
  });

  it('counts words the same way for every script, so prices and limits hold for Chinese too', () => {
    expect(countWords('One two, three — four.')).toBe(4);
    expect(countWords('今天天气很好，我们去公园吧。')).toBeGreaterThanOrEqual(6);
    expect(countWords('今天天气很好，我们去公园吧。'.repeat(100))).toBeGreaterThan(600);
    expect(countWords('こんにちは、世界。')).toBeGreaterThanOrEqual(2);
    expect(countWords('— … !')).toBe(0);
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
    word(0, 0),
    word(6, 328),
    end(979),
    word(13, 979),
    word(18, 1178),
    word(21, 1300),
    word(23, 1363),
    word(28, 1724),
    word(35, 1952),
    word(42, 2329),
    end(3157),
    word(50, 3157),
    word(53, 3322),
    word(60, 3600),
    word(68, 4030),
    word(73, 4302),
    end(4955),
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
    const words = wordsFromEspeakEvents(
      'Then 1,000 people came.',
      [word(0, 0), word(5, 271), word(6, 517), word(11, 975), word(18, 1313), end(1600)],
      1700,
    );
    expect(words.map((w) => w.startMs)).toEqual([0, 271, 975, 1313]);
  });

  it('times Chinese word by word from eSpeak’s per-character events, across the whole narration', () => {
    // What eSpeak NG reported for this text with the zh voice: an event per character, clause ends at the commas.
    const chinese = '今天天气很好，我们一起去公园散步吧。然后我们去吃饭。';
    const zh = [
      word(0, 0),
      word(1, 417),
      word(2, 794),
      word(3, 1171),
      word(4, 1541),
      end(2504),
      word(7, 2504),
      word(8, 2775),
      word(9, 3010),
      word(11, 3601),
      word(12, 3971),
      word(13, 4490),
      word(14, 4831),
      word(15, 5220),
      word(16, 5498),
      end(6155),
      word(18, 6155),
      word(19, 6519),
      word(20, 6853),
      word(21, 7123),
      word(22, 7359),
      word(23, 7729),
      word(24, 8084),
      end(8497),
    ];
    const words = wordsFromEspeakEvents(chinese, zh, 8498);
    expect(words.map((w) => w.text).join('')).toBe(chinese);
    expect(words.length).toBeGreaterThan(8);
    expect(words[0]).toMatchObject({ text: '今天', startMs: 0 });
    expect(words.at(-1)!.endMs).toBe(8497);
    for (let i = 1; i < words.length; i++) expect(words[i]!.startMs).toBeGreaterThan(words[i - 1]!.startMs);
    expect(words.find((w) => w.text.startsWith('然后'))).toMatchObject({ startMs: 6155, joinsPrevious: true });
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
    expect(
      wordsFromCharacterAlignment({
        characters,
        character_start_times_seconds: starts,
        character_end_times_seconds: ends,
      }),
    ).toEqual([
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
