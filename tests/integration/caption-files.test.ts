/**
 * The caption files a finished video offers say exactly what is burned into it: whole renders (eSpeak NG, designed
 * backgrounds) whose burned-in ASS is read back and compared, cue by cue and word by word, with the WebVTT and SRT
 * the same run wrote. Timings are eSpeak's own word timings, off the centisecond grid until the cue list is snapped.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { localRenders } from './support/local-renders.ts';

const SCRIPT = `The lighthouse keeper climbs the stairs at dusk, one hundred and twelve steps.

Her lamp guides the ships home & keeps the rocks away.`;

const { render, workDir, close } = localRenders('caption-files', {
  script: SCRIPT,
  voiceId: 'en-us-olivia',
  aspect: '16:9',
  resolution: '720p',
  visuals: 'generated',
  visualOrder: 'designed',
  music: { enabled: false, volume: 30 },
  captions: 'line',
});
afterAll(close);

/** "0:00:01.23" or "00:00:01.230" as milliseconds. */
const ms = (time: string): number => {
  const [h = '0', m = '0', s = '0'] = time.split(':');
  return Math.round((Number(h) * 3600 + Number(m) * 60 + Number(s)) * 1000);
};

interface Cue {
  start: number;
  end: number;
  text: string;
  /** When each word after the first starts (WebVTT timestamp tags); empty without them. */
  wordStarts: number[];
}

const unescapeVtt = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

function vttCues(vtt: string): Cue[] {
  expect(vtt.startsWith('WEBVTT\n\n')).toBe(true);
  return vtt
    .slice('WEBVTT\n\n'.length)
    .trim()
    .split('\n\n')
    .map((block) => {
      const [, timing = '', ...lines] = block.split('\n');
      const [start = '', rest = ''] = timing.split(' --> ');
      const payload = lines.join('\n');
      return {
        start: ms(start),
        end: ms(rest.split(' ')[0]!),
        text: unescapeVtt(payload.replace(/<[\d:.]+>/g, '')),
        wordStarts: [...payload.matchAll(/<([\d:.]+)>/g)].map((m) => ms(m[1]!)),
      };
    });
}

/** The burned-in events: start, end and the text as drawn (override tags dropped, ASS line breaks as newlines). */
function assEvents(ass: string): Omit<Cue, 'wordStarts'>[] {
  return ass
    .split('\n')
    .filter((line) => line.startsWith('Dialogue:'))
    .map((line) => {
      const fields = line.slice('Dialogue: '.length).split(',');
      return {
        start: ms(fields[1]!),
        end: ms(fields[2]!),
        text: fields
          .slice(9)
          .join(',')
          .replace(/\{[^}]*\}/g, '')
          .replace(/\\N/g, '\n'),
      };
    });
}

const read = (name: string, file: string) => fs.readFileSync(path.join(workDir(name), file), 'utf8');

describe('caption files', () => {
  it('line captions: every WebVTT and SRT cue is a burned-in event, same words, same start and end', async () => {
    await render('line', { captions: 'line' });
    const burned = assEvents(read('line', 'captions.ass'));
    const vtt = vttCues(read('line', 'captions.vtt'));
    expect(burned.length).toBeGreaterThan(2);
    // ASS cannot show braces or backslashes, but this script has neither, so the texts must match exactly.
    expect(vtt.map(({ start, end, text }) => ({ start, end, text }))).toEqual(burned);
    expect(vtt.every((cue) => cue.wordStarts.length === 0)).toBe(true);
    // The ampersand is escaped in the file and reads as itself.
    expect(read('line', 'captions.vtt')).toContain('home &amp; keeps');
    expect(vtt.map((cue) => cue.text.replace(/\n/g, ' ')).join(' ')).toContain('home & keeps the rocks away.');

    const srt = read('line', 'captions.srt')
      .trim()
      .split('\n\n')
      .map((block) => {
        const [, timing = '', ...lines] = block.split('\n');
        const [start = '', end = ''] = timing.replace(/,/g, '.').split(' --> ');
        return { start: ms(start), end: ms(end), text: lines.join('\n') };
      });
    expect(srt).toEqual(burned);
  });

  it('word highlight: each WebVTT word timestamp is when the burn-in moves its highlight to that word', async () => {
    await render('word', { captions: 'word' });
    const burned = assEvents(read('word', 'captions.ass'));
    const vtt = vttCues(read('word', 'captions.vtt'));
    let used = 0;
    for (const cue of vtt) {
      // The burned events of this cue: back to back, one per spoken word, all showing the cue's text.
      const events = burned.filter((event) => event.start >= cue.start && event.end <= cue.end);
      used += events.length;
      expect(events.length).toBeGreaterThan(1);
      expect(events.every((event) => event.text === cue.text)).toBe(true);
      expect(events[0]!.start).toBe(cue.start);
      expect(events.at(-1)!.end).toBe(cue.end);
      expect(events.slice(1).map((event) => event.start)).toEqual(cue.wordStarts);
    }
    expect(used).toBe(burned.length);
  });
});
