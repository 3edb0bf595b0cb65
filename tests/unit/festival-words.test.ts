import { describe, expect, it } from 'vitest';
import { wordsFromEspeakEvents } from '~/server/media/word-timing.ts';
import { festivalEvents, festivalScript, parseFestivalTokens, schemeString } from '~/server/providers/tts/festival.ts';

describe('Festival script', () => {
  it('passes any text as one Scheme string literal', () => {
    expect(schemeString('He said "hi" \\ left')).toBe('"He said \\"hi\\" \\\\ left"');
    const script = festivalScript('Bye") (system "rm -rf /")\u0007', 'cmu_us_slt_arctic_hts', '/tmp/x.wav', 1.25);
    expect(script).toContain('(Utterance Text "Bye\\") (system \\"rm -rf /\\") ")');
    expect(script).toContain('(list "-r" 1.250)');
    expect(script.startsWith('(voice_cmu_us_slt_arctic_hts)')).toBe(true);
  });
});

describe('Festival word times', () => {
  // What the script prints for `Hello, it's 1,000 -- "yes".`: punctuation words come back as 0..0.
  const output = [
    'T\tHello',
    'W\t0.165\t0.43',
    'W\t0\t0',
    "T\tit's",
    'W\t0.43\t0.62',
    'T\t1,000',
    'W\t0.62\t0.9',
    'W\t0.9\t1.4',
    'T\t--',
    'W\t0\t0',
    'T\tyes',
    'W\t1.6\t1.9',
    '',
  ].join('\n');

  it('reads each token with the span of the words Festival made of it, leaving out silent ones', () => {
    expect(parseFestivalTokens(output)).toEqual([
      { name: 'Hello', startMs: 165, endMs: 430 },
      { name: "it's", startMs: 430, endMs: 620 },
      { name: '1,000', startMs: 620, endMs: 1400 },
      { name: 'yes', startMs: 1600, endMs: 1900 },
    ]);
  });

  it("puts the times on the script's own words, closing a word at a pause", () => {
    const text = 'Hello, it\'s 1,000 -- "yes".';
    const events = festivalEvents(text, parseFestivalTokens(output));
    expect(events).toEqual([
      { type: 'word', textPosition: 0, audioMs: 165 },
      { type: 'word', textPosition: 7, audioMs: 430 },
      { type: 'word', textPosition: 12, audioMs: 620 },
      { type: 'end', textPosition: 12, audioMs: 1400 },
      { type: 'word', textPosition: 22, audioMs: 1600 },
      { type: 'end', textPosition: 22, audioMs: 1900 },
    ]);
    expect(wordsFromEspeakEvents(text, events, 2000)).toEqual([
      { text: 'Hello,', startMs: 165, endMs: 430 },
      { text: "it's", startMs: 430, endMs: 620 },
      { text: '1,000 --', startMs: 620, endMs: 1400 },
      { text: '"yes".', startMs: 1600, endMs: 1900 },
    ]);
  });

  it('skips a token it cannot find where it belongs instead of jumping ahead', () => {
    const text = 'Alpha beta gamma.';
    const events = festivalEvents(text, [
      { name: 'Alpha', startMs: 0, endMs: 100 },
      { name: 'zeta', startMs: 100, endMs: 200 },
      { name: 'gamma', startMs: 200, endMs: 300 },
    ]);
    expect(events.filter((e) => e.type === 'word').map((e) => e.textPosition)).toEqual([0, 11]);
  });
});
