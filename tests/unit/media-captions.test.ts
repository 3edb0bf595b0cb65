import { describe, expect, it } from 'vitest';
import { tokenizeWords } from '~/contract/words.ts';
import {
  assTime,
  balanceLines,
  buildAss,
  buildSrt,
  buildVtt,
  captionLayout,
  groupCaptions,
  snapCues,
  srtTime,
  textWidth,
  vttCueSettings,
  vttText,
  vttTime,
} from '~/server/media/captions.ts';
import type { TimedWord } from '~/server/media/word-timing.ts';

/** Words of `text` spoken back to back, `ms` each, starting at `from`. */
const speak = (text: string, from = 0, ms = 300): TimedWord[] =>
  text.split(' ').map((t, i) => ({ text: t, startMs: from + i * ms, endMs: from + (i + 1) * ms }));

const layout = { maxCharsPerLine: 20, maxLines: 2 };

describe('captionLayout', () => {
  it('scales type with the frame and fits fewer characters on narrow frames', () => {
    const wide = captionLayout(1920, 1080);
    const tall = captionLayout(1080, 1920);
    expect(wide.fontSize).toBe(tall.fontSize);
    expect(wide.maxCharsPerLine).toBeGreaterThan(tall.maxCharsPerLine * 1.5);
    expect(tall.marginV).toBeGreaterThan(wide.marginV);
    expect(captionLayout(1280, 720).fontSize).toBeLessThan(wide.fontSize);
  });

  it('sizes type from the short side, so a phone frame gets the same size as a landscape one', () => {
    const sizes = (['small', 'medium', 'large'] as const).map((size) =>
      captionLayout(720, 1280, { position: 'bottom', size }),
    );
    expect(sizes.map((l) => l.fontSize)).toEqual([33, 42, 53]);
    expect(captionLayout(1280, 720, { position: 'bottom', size: 'large' }).fontSize).toBe(53);
    // Bigger type fits fewer characters on a line.
    expect(sizes[0]!.maxCharsPerLine).toBeGreaterThan(sizes[2]!.maxCharsPerLine);
  });

  it('maps positions to ASS alignment and keeps clear of the bands phone apps cover', () => {
    const top = captionLayout(720, 1280, { position: 'top', size: 'medium' });
    const middle = captionLayout(720, 1280, { position: 'middle', size: 'medium' });
    const bottom = captionLayout(720, 1280, { position: 'bottom', size: 'medium' });
    expect([top.alignment, middle.alignment, bottom.alignment]).toEqual([8, 5, 2]);
    expect(top.marginV).toBe(Math.round(1280 * 0.12));
    expect(bottom.marginV).toBe(256);
    expect(captionLayout(1280, 720, { position: 'top', size: 'medium' }).marginV).toBe(Math.round(720 * 0.08));
    for (const layout of [top, bottom]) expect(layout.marginH).toBe(Math.round(720 * 0.07));
  });
});

describe('groupCaptions', () => {
  it('keeps each cue within two lines of the width', () => {
    const cues = groupCaptions(
      speak('one two three four five six seven eight nine ten eleven twelve thirteen'),
      layout,
    );
    for (const cue of cues) {
      expect(cue.lines.length).toBeLessThanOrEqual(2);
      for (const line of cue.lines) expect(line.map((w) => w.text).join(' ').length).toBeLessThanOrEqual(20);
    }
    expect(cues.flatMap((c) => c.lines.flat().map((w) => w.text)).join(' ')).toBe(
      'one two three four five six seven eight nine ten eleven twelve thirteen',
    );
  });

  it('starts a new cue after a sentence and after a pause', () => {
    const words = [...speak('Hi there. New idea', 0), ...speak('later on', 3000)];
    const cues = groupCaptions(words, { maxCharsPerLine: 40, maxLines: 2 });
    expect(
      cues.map((c) =>
        c.lines
          .flat()
          .map((w) => w.text)
          .join(' '),
      ),
    ).toEqual(['Hi there.', 'New idea', 'later on']);
  });

  it('cuts a long sentence into even cues, never leaving a word alone', () => {
    const text = (cues: ReturnType<typeof groupCaptions>) =>
      cues.map((c) =>
        c.lines
          .flat()
          .map((w) => w.text)
          .join(' '),
      );
    // 14 words spoken over 7 s: too long for one cue (4.5 s), so two cues.
    const sentence = speak(
      'In the city at night, a thousand windows light up with a thousand different stories.',
      0,
      500,
    );
    expect(text(groupCaptions(sentence, { maxCharsPerLine: 47, maxLines: 2 }))).toEqual([
      'In the city at night, a thousand windows',
      'light up with a thousand different stories.',
    ]);
    // Near the middle, a comma wins over an exact split.
    expect(
      text(
        groupCaptions(speak('We walked along the river, and then we rested under the old trees.', 0, 500), {
          maxCharsPerLine: 47,
          maxLines: 2,
        }),
      ),
    ).toEqual(['We walked along the river,', 'and then we rested under the old trees.']);
    const even = groupCaptions(speak('aa bb cc dd ee ff gg hh ii jj kk ll mm'), { maxCharsPerLine: 10, maxLines: 2 });
    const sizes = even.map((c) => c.lines.flat().length);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
  });

  it('times a cue from its first word and never lets it overlap the next', () => {
    const cues = groupCaptions([...speak('Hi there.', 1000), ...speak('Next one.', 1700)], {
      maxCharsPerLine: 40,
      maxLines: 2,
    });
    expect(cues[0]!.startMs).toBe(1000);
    expect(cues[0]!.endMs).toBe(1700);
    expect(cues[1]!.startMs).toBe(1700);
    // Nothing follows: the last cue lingers briefly after its last word.
    expect(cues[1]!.endMs).toBe(2300 + 500);
  });
});

describe('balanceLines', () => {
  it('splits into two lines of similar length', () => {
    const lines = balanceLines(speak('aaaa bbbb cccc dddd eeee ffff'), layout);
    expect(lines.map((l) => l.map((w) => w.text).join(' '))).toEqual(['aaaa bbbb cccc', 'dddd eeee ffff']);
  });
});

describe('ASS and SRT', () => {
  const cues = groupCaptions(speak('Hello brave new world.', 500), { maxCharsPerLine: 40, maxLines: 2 });
  const full = captionLayout(1920, 1080);

  it('formats times for both formats', () => {
    expect(assTime(3_723_456)).toBe('1:02:03.46');
    expect(srtTime(3_723_456)).toBe('01:02:03,456');
  });

  it('writes one event per cue for line captions', () => {
    const ass = buildAss(cues, 'line', full, 1920, 1080);
    expect(ass).toContain('PlayResX: 1920');
    expect(ass.match(/^Dialogue:/gm)).toHaveLength(1);
    expect(ass).toContain('Dialogue: 0,0:00:00.50,0:00:02.20,Caption,,0,0,0,,Hello brave new world.');
  });

  it('highlights exactly the spoken word, one back-to-back event per word', () => {
    const events = buildAss(cues, 'word', full, 1920, 1080)
      .split('\n')
      .filter((l) => l.startsWith('Dialogue:'));
    expect(events).toHaveLength(4);
    expect(events[1]).toBe(
      'Dialogue: 0,0:00:00.80,0:00:01.10,Caption,,0,0,0,,Hello {\\c&H4DD8FF&}brave{\\c&HFFFFFF&} new world.',
    );
    for (const event of events) expect(event.match(/\\c&H4DD8FF&/g)).toHaveLength(1);
    const times = events.map((e) => e.split(',').slice(1, 3));
    for (let i = 1; i < times.length; i++) expect(times[i]![0]).toBe(times[i - 1]![1]);
  });

  const style = (ass: string) =>
    ass
      .split('\n')
      .find((l) => l.startsWith('Style: Caption,'))!
      .split(',');
  const dialogues = (ass: string) => ass.split('\n').filter((l) => l.startsWith('Dialogue:'));

  it('writes the position and size into the style', () => {
    const top = style(buildAss(cues, 'line', captionLayout(720, 1280, { position: 'top', size: 'large' }), 720, 1280));
    // Fontsize, Alignment, MarginL, MarginR, MarginV
    expect([top[2], top[18], top[19], top[20], top[21]]).toEqual(['53', '8', '50', '50', '154']);
    expect(
      style(buildAss(cues, 'line', captionLayout(720, 1280, { position: 'middle', size: 'small' }), 720, 1280))[18],
    ).toBe('5');
  });

  it('highlights the spoken word in the chosen colour', () => {
    const events = dialogues(buildAss(cues, 'word', full, 1920, 1080, '#12AB9F'));
    expect(events[2]).toBe(
      'Dialogue: 0,0:00:01.10,0:00:01.40,Caption,,0,0,0,,Hello brave {\\c&H9FAB12&}new{\\c&HFFFFFF&} world.',
    );
  });

  it('sweeps karaoke fills across each word for as long as it is spoken, in one event per cue', () => {
    const ass = buildAss(cues, 'karaoke', full, 1920, 1080, '#FF6FB5');
    // \kf fills from the secondary colour (white, still to come) to the primary (the highlight).
    expect(style(ass).slice(3, 5)).toEqual(['&H00B56FFF', '&H00FFFFFF']);
    expect(dialogues(ass)).toEqual([
      'Dialogue: 0,0:00:00.50,0:00:02.20,Caption,,0,0,0,,{\\kf30}Hello {\\kf30}brave {\\kf30}new {\\kf30}world.',
    ]);
    const paused = groupCaptions(
      [...speak('one two', 0), ...speak('three', 800)],
      { maxCharsPerLine: 40, maxLines: 2 },
      { pauseMs: 1000, maxCueMs: 4500, holdMs: 500, minCueMs: 900 },
    );
    // A word held before a pause keeps its fill going until the next word starts.
    expect(dialogues(buildAss(paused, 'karaoke', full, 1920, 1080))[0]).toContain(
      '{\\kf30}one {\\kf50}two {\\kf30}three',
    );
  });

  it('keeps karaoke line breaks between the fills', () => {
    const two = groupCaptions(speak('one two three four five six seven'), layout);
    expect(dialogues(buildAss(two, 'karaoke', full, 1920, 1080))[0]).toContain('{\\kf30}four\\N{\\kf30}five');
  });

  it('pops in one word at a time, in the highlight colour, back to back', () => {
    const ass = buildAss(cues, 'pop', full, 1920, 1080, '#7CF27C');
    expect(style(ass)[3]).toBe('&H007CF27C');
    const events = dialogues(ass);
    expect(events).toHaveLength(4);
    // A word alone grows from 60% to 130% of the line size in 120 ms.
    expect(events[1]).toBe(
      'Dialogue: 0,0:00:00.80,0:00:01.10,Caption,,0,0,0,,{\\fscx78\\fscy78\\t(0,120,\\fscx130\\fscy130)}brave',
    );
    for (const event of events)
      expect(
        event
          .split(',,')
          .at(-1)!
          .replace(/\{[^}]*\}/g, ''),
      ).not.toContain(' ');
    const times = events.map((e) => e.split(',').slice(1, 3));
    for (let i = 1; i < times.length; i++) expect(times[i]![0]).toBe(times[i - 1]![1]);
  });

  it('grows a popped word only as far as the line width allows', () => {
    const narrow = { ...full, maxCharsPerLine: 12 };
    const long = dialogues(buildAss(groupCaptions(speak('unbelievably'), layout), 'pop', narrow, 1920, 1080))[0]!;
    expect(long).toContain('\\t(0,120,\\fscx100\\fscy100)}unbelievably');
    const ten = dialogues(buildAss(groupCaptions(speak('abcdefghij'), layout), 'pop', narrow, 1920, 1080))[0]!;
    expect(ten).toContain('\\fscx120\\fscy120)}abcdefghij');
  });

  it('escapes text that ASS would treat as commands', () => {
    const ass = buildAss(groupCaptions(speak('a {b} c\\N'), layout), 'line', full, 1920, 1080);
    expect(ass).toContain('a (b) c∖N');
  });

  it('writes numbered SRT cues with line breaks', () => {
    expect(buildSrt(groupCaptions(speak('one two three four five six seven'), layout))).toBe(
      '1\n00:00:00,000 --> 00:00:02,600\none two three four\nfive six seven\n',
    );
  });

  it('joins the words of scripts written without spaces, in captions and in the SRT', () => {
    const text = '今天天气很好，我们一起去公园散步吧。';
    const words = tokenizeWords(text).map((t, i) => ({
      text: t.text,
      startMs: i * 300,
      endMs: (i + 1) * 300,
      joinsPrevious: t.joinsPrevious,
    }));
    const cues = groupCaptions(words, layout);
    expect(cues.flatMap((c) => c.lines.map((line) => line.map((w) => w.text).join(''))).join('')).toBe(text);
    const srt = buildSrt(cues);
    expect(srt).not.toMatch(/[\u4e00-\u9fff，] [\u4e00-\u9fff]/u);
    expect(srt).toContain('今天天气');
    // Chinese characters are about 1.6 Latin characters wide: no line may run past the width.
    for (const cue of cues)
      for (const line of cue.lines) expect(textWidth(line.map((w) => w.text).join(''))).toBeLessThanOrEqual(20);
    const highlighted = buildAss(cues, 'word', full, 1920, 1080)
      .split('\n')
      .filter((l) => l.startsWith('Dialogue:'));
    expect(highlighted[1]).toContain(`今天{\\c&H4DD8FF&}${words[1]!.text}{\\c&HFFFFFF&}`);
  });

  it('measures Hangul as wide and combining marks as nothing, so lines stay inside the frame', () => {
    expect(textWidth('Hello')).toBe(5);
    expect(textWidth('날씨가')).toBeCloseTo(4.8);
    // न + म + ् + स + ् + त + े: the virama and the vowel sign are marks.
    expect(textWidth('नमस्ते')).toBe(4);
    const korean = groupCaptions(speak('오늘 날씨가 정말 좋네요 공원에 산책하러 가요 친구들과 함께'), layout);
    for (const cue of korean)
      for (const line of cue.lines) expect(textWidth(line.map((w) => w.text).join(' '))).toBeLessThanOrEqual(20);
    expect(korean.length).toBeGreaterThan(1);
  });
});

describe('WebVTT', () => {
  /** Word timings as an engine reports them: milliseconds off the centisecond grid, a word that starts as one ends. */
  const words: TimedWord[] = [
    { text: 'Fish', startMs: 1_004, endMs: 1_336 },
    { text: '&', startMs: 1_336, endMs: 1_501 },
    { text: '<chips>', startMs: 1_501, endMs: 2_117 },
    { text: 'cost', startMs: 2_117, endMs: 2_405 },
    { text: '£3.', startMs: 2_405, endMs: 3_006 },
  ];
  const layout = captionLayout(1280, 720);
  const cues = snapCues(groupCaptions(words, layout));

  it('writes times as HH:MM:SS.mmm, hours included', () => {
    expect(vttTime(0)).toBe('00:00:00.000');
    expect(vttTime(3_723_456)).toBe('01:02:03.456');
    expect(vttTime(-5)).toBe('00:00:00.000');
  });

  it('escapes what would read as markup, so no caption can close a cue or open a tag', () => {
    expect(vttText('a < b && c > d')).toBe('a &lt; b &amp;&amp; c &gt; d');
    expect(vttText('-->')).toBe('--&gt;');
    const vtt = buildVtt(cues);
    expect(vtt).toContain('Fish &amp; &lt;chips&gt; cost £3.');
    expect(vtt.split('\n').filter((line) => line.includes('-->'))).toHaveLength(cues.length);
  });

  it('snaps every time onto the centisecond grid the burn-in draws on, so all formats state the same instants', () => {
    const times = cues.flatMap((cue) => [
      cue.startMs,
      cue.endMs,
      ...cue.lines.flat().flatMap((w) => [w.startMs, w.endMs]),
    ]);
    for (const ms of times) expect(ms % 10).toBe(0);
    expect(cues[0]!.startMs).toBe(1_000);
    const ass = buildAss(cues, 'line', layout, 1280, 720);
    const srt = buildSrt(cues);
    const vtt = buildVtt(cues);
    expect(ass).toContain('Dialogue: 0,0:00:01.00,0:00:03.51,');
    expect(srt).toContain('00:00:01,000 --> 00:00:03,510');
    expect(vtt).toContain('00:00:01.000 --> 00:00:03.510');
  });

  it('writes one numbered cue per burned-in cue, with the same words and line breaks as the SRT', () => {
    const long = snapCues(
      groupCaptions(speak('one two three four five six seven eight nine ten.'), { maxCharsPerLine: 12, maxLines: 2 }),
    );
    const vtt = buildVtt(long);
    const srt = buildSrt(long);
    expect(vtt.startsWith('WEBVTT\n\n1\n')).toBe(true);
    expect(vtt.replace('WEBVTT\n\n', '').replace(/(\d\d)\.(\d{3})/g, '$1,$2')).toBe(srt);
  });

  it('places cues where the burn-in puts them: near the bottom, at the top, or in the middle', () => {
    expect(vttCueSettings(captionLayout(1280, 720, { position: 'bottom', size: 'medium' }), 720)).toBe(
      'line:92%,end align:center',
    );
    expect(vttCueSettings(captionLayout(720, 1280, { position: 'bottom', size: 'medium' }), 1280)).toBe(
      'line:80%,end align:center',
    );
    expect(vttCueSettings(captionLayout(720, 1280, { position: 'top', size: 'medium' }), 1280)).toBe(
      'line:12%,start align:center',
    );
    expect(vttCueSettings(captionLayout(1080, 1080, { position: 'middle', size: 'small' }), 1080)).toBe(
      'line:50%,center align:center',
    );
    expect(buildVtt(cues, { placement: { layout, height: 720 } })).toContain(
      '00:00:01.000 --> 00:00:03.510 line:92%,end align:center\n',
    );
  });

  it('marks when each later word starts, for word-timed looks, never at or outside the cue', () => {
    const vtt = buildVtt(cues, { wordTimestamps: true });
    expect(vtt).toContain('Fish <00:00:01.340>&amp; <00:00:01.500>&lt;chips&gt; <00:00:02.120>cost <00:00:02.410>£3.');
    // A word that starts with the cue gets no tag of its own.
    const together = snapCues([
      {
        startMs: 0,
        endMs: 1_000,
        lines: [
          [
            { text: 'a', startMs: 0, endMs: 0 },
            { text: 'b', startMs: 0, endMs: 500 },
          ],
        ],
      },
    ]);
    expect(buildVtt(together, { wordTimestamps: true })).toContain('\na b\n');
  });
});
