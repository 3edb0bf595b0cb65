import { describe, expect, it } from 'vitest';
import { chunkSpeechText, PAUSES_MS } from '~/server/features/speech/chunks';

describe('splitting text for synthesis', () => {
  it('keeps short text in one chunk', () => {
    expect(chunkSpeechText('Hello there. How are you?', 100)).toEqual([
      { text: 'Hello there. How are you?', pauseAfterMs: PAUSES_MS.sentence },
    ]);
  });

  it('packs whole sentences up to the limit and never cuts inside one that fits', () => {
    const sentence = 'This sentence has exactly forty chars!!';
    const text = Array.from({ length: 10 }, () => sentence).join(' ');
    const chunks = chunkSpeechText(text, 100);
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) {
      expect([...chunk.text].length).toBeLessThanOrEqual(100);
      expect(chunk.text.startsWith('This')).toBe(true);
      expect(chunk.text.endsWith('!!')).toBe(true);
    }
    expect(chunks.map((c) => c.text).join(' ')).toBe(text);
  });

  it('ends a chunk at each paragraph with the longer pause', () => {
    const chunks = chunkSpeechText('First paragraph. Still first.\n\nSecond paragraph.\r\n\r\nThird.', 500);
    expect(chunks).toEqual([
      { text: 'First paragraph. Still first.', pauseAfterMs: PAUSES_MS.paragraph },
      { text: 'Second paragraph.', pauseAfterMs: PAUSES_MS.paragraph },
      { text: 'Third.', pauseAfterMs: PAUSES_MS.sentence },
    ]);
  });

  it('does not end sentences at abbreviations', () => {
    expect(chunkSpeechText('Dr. Smith arrived. Mrs. Jones left.', 20).map((c) => c.text)).toEqual([
      'Dr. Smith arrived.',
      'Mrs. Jones left.',
    ]);
  });

  it('splits an over-long sentence at clauses, then at spaces, keeping every word', () => {
    const long = `${'one two three four five, '.repeat(12)}and finally the end`;
    const chunks = chunkSpeechText(long, 60);
    for (const chunk of chunks) expect([...chunk.text].length).toBeLessThanOrEqual(60);
    expect(
      chunks
        .map((c) => c.text)
        .join(' ')
        .split(/\s+/),
    ).toEqual(long.trim().split(/\s+/));
    expect(chunks.at(-1)!.pauseAfterMs).toBe(PAUSES_MS.sentence);
    const noSpaces = 'x'.repeat(130);
    expect(chunkSpeechText(noSpaces, 50).map((c) => c.text.length)).toEqual([50, 50, 30]);
  });

  it('handles a 5000-character text within the engine cap', () => {
    const text = Array.from(
      { length: 80 },
      (_, i) => `Sentence number ${i} talks about something useful, briefly.`,
    ).join(' ');
    const chunks = chunkSpeechText(text.slice(0, 5000), 600);
    expect(chunks.every((c) => [...c.text].length <= 600)).toBe(true);
    expect(chunks.map((c) => c.text).join(' ')).toBe(text.slice(0, 5000).trim());
  });
});
