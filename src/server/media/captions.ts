/**
 * Captions from word timings: words are grouped into short cues (one or two balanced lines, cut at pauses and
 * sentence ends), snapped to the burn-in's centisecond grid, then written from that one cue list as ASS for burning
 * in (line by line, or with the spoken word highlighted) and as SRT and WebVTT for download, so the files' words and
 * times are exactly the burned-in ones.
 */
import {
  CAPTION_SIZE_SCALE,
  type CaptionOptions,
  type CaptionPosition,
  type CaptionStyle,
  DEFAULT_CAPTION_OPTIONS,
} from '~/contract/video.ts';
import { CLAUSE_END, SENTENCE_END } from '~/contract/words.ts';
import type { TimedWord } from '~/server/media/word-timing.ts';

export interface CaptionLayout {
  fontSize: number;
  /** ASS numpad alignment: 8 top centre, 5 middle, 2 bottom centre. */
  alignment: number;
  maxCharsPerLine: number;
  maxLines: number;
  marginV: number;
  marginH: number;
}

export interface CaptionCue {
  startMs: number;
  endMs: number;
  lines: TimedWord[][];
}

const ALIGNMENT: Record<CaptionPosition, number> = { top: 8, middle: 5, bottom: 2 };

/**
 * Sized from the frame: type a share of the short side (medium 5.8%), lines no wider than 86% of the width, kept
 * clear of the edges phone apps cover.
 */
export function captionLayout(
  width: number,
  height: number,
  options: Pick<CaptionOptions, 'position' | 'size'> = DEFAULT_CAPTION_OPTIONS,
): CaptionLayout {
  const fontSize = Math.round(Math.min(width, height) * CAPTION_SIZE_SCALE[options.size]);
  const marginH = Math.round(width * 0.07);
  // Bold DejaVu Sans averages about 0.62 em per character.
  const maxCharsPerLine = Math.max(12, Math.floor((width - 2 * marginH) / (fontSize * 0.62)));
  const vertical = height > width;
  // Vertical videos keep captions above the app buttons that cover their bottom fifth and below the top bar
  // (about a tenth); libass ignores the margin for middle alignment.
  const marginV = Math.round(height * (options.position === 'top' ? (vertical ? 0.12 : 0.08) : vertical ? 0.2 : 0.08));
  return { fontSize, alignment: ALIGNMENT[options.position], maxCharsPerLine, maxLines: 2, marginV, marginH };
}

export interface GroupingOptions {
  /** A silence at least this long starts a new cue. */
  pauseMs: number;
  /** Longest a cue may stay up while words keep coming. */
  maxCueMs: number;
  /** How long a cue lingers after its last word, if nothing follows. */
  holdMs: number;
  minCueMs: number;
}

export const DEFAULT_GROUPING: GroupingOptions = { pauseMs: 450, maxCueMs: 4500, holdMs: 500, minCueMs: 900 };

const WIDE = /[\p{Script=Hangul}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\uFF01-\uFF60]/u;
const MARK = /\p{M}/u;

/** Width in average Latin characters: Hangul and other full-width glyphs are about 1 em, combining marks take none. */
export function textWidth(text: string): number {
  let width = 0;
  for (const char of text) width += MARK.test(char) ? 0 : WIDE.test(char) ? 1.6 : 1;
  return width;
}

const gap = (word: TimedWord, i: number): string => (i > 0 && !word.joinsPrevious ? ' ' : '');

const lineLength = (words: readonly TimedWord[]): number =>
  words.reduce((n, w, i) => n + textWidth(w.text) + gap(w, i).length, 0);

/** A line as read: words joined by spaces, except in scripts written without them. */
const lineText = (words: readonly TimedWord[], show: (word: TimedWord) => string = (w) => w.text): string =>
  words.map((w, i) => gap(w, i) + show(w)).join('');

const endsSentence = (word: TimedWord): boolean => SENTENCE_END.test(word.text);

/** Splits a cue's words into at most `maxLines` lines of similar length. */
export function balanceLines(
  words: readonly TimedWord[],
  layout: Pick<CaptionLayout, 'maxCharsPerLine' | 'maxLines'>,
): TimedWord[][] {
  if (lineLength(words) <= layout.maxCharsPerLine || layout.maxLines < 2 || words.length < 2) return [[...words]];
  let best = 1;
  let bestScore = Infinity;
  for (let cut = 1; cut < words.length; cut++) {
    const score = Math.max(lineLength(words.slice(0, cut)), lineLength(words.slice(cut)));
    if (score < bestScore) {
      bestScore = score;
      best = cut;
    }
  }
  return [words.slice(0, best), words.slice(best)];
}

/** Where a speaker stops: after a sentence, or at a silence. Cues never run across these. */
function phrases(words: readonly TimedWord[], pauseMs: number): TimedWord[][] {
  const out: TimedWord[][] = [];
  let current: TimedWord[] = [];
  for (const word of words) {
    const previous = current.at(-1);
    if (previous && (endsSentence(previous) || word.startMs - previous.endMs >= pauseMs)) {
      out.push(current);
      current = [];
    }
    current.push(word);
  }
  if (current.length > 0) out.push(current);
  return out;
}

/**
 * Cuts a phrase into `parts` cues of similar length, preferring cuts after commas, with no cue over `capacity`
 * characters; null when that many parts cannot fit. Balanced cuts avoid a lone last word on its own cue.
 */
function splitEvenly(phrase: readonly TimedWord[], parts: number, capacity: number): TimedWord[][] | null {
  const n = phrase.length;
  const ideal = lineLength(phrase) / parts;
  // best[k][i]: lowest cost of cutting the first i words into k cues; from[k][i]: where the last cue starts.
  const best = Array.from({ length: parts + 1 }, () => new Array<number>(n + 1).fill(Infinity));
  const from = Array.from({ length: parts + 1 }, () => new Array<number>(n + 1).fill(0));
  best[0]![0] = 0;
  for (let k = 1; k <= parts; k++) {
    for (let i = 1; i <= n; i++) {
      for (let j = k - 1; j < i; j++) {
        if (best[k - 1]![j] === Infinity) continue;
        const chunk = phrase.slice(j, i);
        const length = lineLength(chunk);
        if (length > capacity) continue;
        const comma = i < n && CLAUSE_END.test(phrase[i - 1]!.text) ? ideal * ideal * 0.15 : 0;
        const cost = best[k - 1]![j]! + (length - ideal) ** 2 - comma;
        if (cost < best[k]![i]!) {
          best[k]![i] = cost;
          from[k]![i] = j;
        }
      }
    }
  }
  if (best[parts]![n] === Infinity) return null;
  const cues: TimedWord[][] = [];
  for (let k = parts, i = n; k > 0; k--) {
    const j = from[k]![i]!;
    cues.unshift(phrase.slice(j, i));
    i = j;
  }
  return cues;
}

/**
 * Cues for one stretch of narration (call it per scene, so no cue straddles a cut): each phrase becomes as few
 * cues as fit in the lines and stay up no longer than `maxCueMs`, cut evenly.
 */
export function groupCaptions(
  words: readonly TimedWord[],
  layout: Pick<CaptionLayout, 'maxCharsPerLine' | 'maxLines'>,
  options: GroupingOptions = DEFAULT_GROUPING,
): CaptionCue[] {
  // A little slack per cue so two balanced lines still fit when the words do not break evenly.
  const capacity = layout.maxCharsPerLine * layout.maxLines - (layout.maxLines > 1 ? 4 : 0);
  const groups = phrases(words, options.pauseMs).flatMap((phrase) => {
    const spoken = phrase.at(-1)!.endMs - phrase[0]!.startMs;
    let parts = Math.max(Math.ceil(lineLength(phrase) / capacity), Math.ceil(spoken / options.maxCueMs), 1);
    for (; parts <= phrase.length; parts++) {
      const cues = splitEvenly(phrase, parts, capacity);
      if (cues) return cues;
    }
    // Only a single word longer than the capacity gets here: it stands alone.
    return phrase.map((word) => [word]);
  });

  return groups.map((group, i) => {
    const startMs = group[0]!.startMs;
    const lastEnd = group.at(-1)!.endMs;
    const nextStart = groups[i + 1]?.[0]?.startMs ?? Infinity;
    const endMs = Math.min(
      Math.max(lastEnd + options.holdMs, startMs + options.minCueMs),
      Math.max(nextStart, lastEnd),
    );
    return { startMs, endMs, lines: balanceLines(group, layout) };
  });
}

/** ASS counts time in centiseconds; the nearest step on that grid, in ms. */
const onCentiseconds = (ms: number): number => Math.max(0, Math.round(ms / 10) * 10);

/**
 * The cues with every time (cue and word) on ASS's centisecond grid: the ASS writer's rounding then changes nothing,
 * and SRT and WebVTT, written in milliseconds from the same list, state exactly the times that are burned in.
 */
export function snapCues(cues: readonly CaptionCue[]): CaptionCue[] {
  return cues.map((cue) => ({
    startMs: onCentiseconds(cue.startMs),
    endMs: onCentiseconds(cue.endMs),
    lines: cue.lines.map((line) =>
      line.map((word) => ({ ...word, startMs: onCentiseconds(word.startMs), endMs: onCentiseconds(word.endMs) })),
    ),
  }));
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** ASS time: H:MM:SS.cc */
export function assTime(ms: number): string {
  const cs = Math.max(0, Math.round(ms / 10));
  return `${Math.floor(cs / 360000)}:${pad(Math.floor(cs / 6000) % 60)}:${pad(Math.floor(cs / 100) % 60)}.${pad(cs % 100)}`;
}

/** SRT time: HH:MM:SS,mmm */
export function srtTime(ms: number): string {
  const t = Math.max(0, Math.round(ms));
  return `${pad(Math.floor(t / 3600000))}:${pad(Math.floor(t / 60000) % 60)}:${pad(Math.floor(t / 1000) % 60)},${pad(t % 1000, 3)}`;
}

/** WebVTT time: HH:MM:SS.mmm (hours always written, so any length reads the same). */
export function vttTime(ms: number): string {
  return srtTime(ms).replace(',', '.');
}

/** Braces start override blocks and backslashes escapes in ASS; captions must show them as plain text. */
const assText = (text: string): string => text.replace(/\\/g, '∖').replace(/\{/g, '(').replace(/\}/g, ')');

const bgr = (hex: string): string => [5, 3, 1].map((i) => hex.slice(i, i + 2).toUpperCase()).join('');

/** Style colour "&HAABBGGRR" from "#RRGGBB" and an alpha where 0 is opaque. */
const assColor = (hex: string, alpha = 0): string =>
  `&H${alpha.toString(16).toUpperCase().padStart(2, '0')}${bgr(hex)}`;

/** Inline colour override, "{\c&HBBGGRR&}". */
const colorTag = (hex: string): string => `{\\c&H${bgr(hex)}&}`;

/** ASS \k durations are in centiseconds. */
const centiseconds = (ms: number): number => Math.max(0, Math.round(ms / 10));

/**
 * Draws Latin, Cyrillic, Greek, Arabic and Hebrew. For other letters libass falls back through fontconfig to Noto
 * (Indic scripts, Thai and most others), Nanum (Hangul) and WenQuanYi Micro Hei (Chinese, Japanese), which
 * scripts/ensure-system-deps.sh and the Dockerfile install.
 */
export const CAPTION_FONT = 'DejaVu Sans';
const TEXT_COLOR = '#FFFFFF';
/** How long a pop-in word takes to grow into place: quick enough to keep up with speech. */
const POP_MS = 120;
/** A word alone is drawn larger than a line's words (percent), unless that would push it past the line's width. */
const POP_SCALE = 130;

export type BurnedCaptionStyle = Exclude<CaptionStyle, 'off'>;

/** The spoken words of a cue, each held on screen until the next one starts, so nothing blinks between words. */
const wordSpans = (cue: CaptionCue): { word: TimedWord; start: number; end: number }[] => {
  const words = cue.lines.flat();
  return words.map((word, i) => {
    const start = i === 0 ? cue.startMs : word.startMs;
    const end = i + 1 < words.length ? words[i + 1]!.startMs : cue.endMs;
    return { word, start, end: Math.max(start, end) };
  });
};

/**
 * ASS for burning in. 'line' shows each cue; 'word' recolours the spoken word; 'karaoke' sweeps the highlight
 * across each word while it is said (\kf: the secondary colour is the unsung text, the primary the sung);
 * 'pop' shows only the spoken word, in the highlight colour, growing into place.
 */
export function buildAss(
  cues: readonly CaptionCue[],
  style: BurnedCaptionStyle,
  layout: CaptionLayout,
  width: number,
  height: number,
  highlight: string = DEFAULT_CAPTION_OPTIONS.color,
  /** A font fontconfig knows by this family name (the brand kit's). */
  font: string = CAPTION_FONT,
): string {
  const outline = Math.max(2, Math.round(layout.fontSize * 0.08));
  // No drop shadow: libass would blend a third copy of every glyph on every frame (about 4% of the render's CPU),
  // and a firm outline alone keeps captions legible on any background.
  const shadow = 0;
  const primary = style === 'karaoke' || style === 'pop' ? highlight : TEXT_COLOR;
  const header = [
    '[Script Info]',
    'ScriptType: v4.00+',
    `PlayResX: ${width}`,
    `PlayResY: ${height}`,
    // Lines are broken by balanceLines; libass must not re-wrap them.
    'WrapStyle: 2',
    'ScaledBorderAndShadow: yes',
    'YCbCr Matrix: TV.709',
    '',
    '[V4+ Styles]',
    'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
    `Style: Caption,${font},${layout.fontSize},${assColor(primary)},${assColor(TEXT_COLOR)},${assColor('#000000', 0x30)},${assColor('#000000', 0x70)},-1,0,0,0,100,100,0,0,1,${outline},${shadow},${layout.alignment},${layout.marginH},${layout.marginH},${layout.marginV},1`,
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
  ];
  const dialogue = (startMs: number, endMs: number, text: string) =>
    `Dialogue: 0,${assTime(startMs)},${assTime(endMs)},Caption,,0,0,0,,${text}`;
  const render = (lines: TimedWord[][], show: (word: TimedWord) => string) =>
    lines.map((line) => lineText(line, show)).join('\\N');

  // biome-ignore lint/suspicious/useIterableCallbackReturn: the switch covers every caption style, which TypeScript checks
  const events = cues.flatMap((cue) => {
    switch (style) {
      case 'line':
        return [
          dialogue(
            cue.startMs,
            cue.endMs,
            render(cue.lines, (word) => assText(word.text)),
          ),
        ];
      case 'word':
        return wordSpans(cue).map(({ word: spoken, start, end }) =>
          dialogue(
            start,
            end,
            render(cue.lines, (word) =>
              word === spoken
                ? `${colorTag(highlight)}${assText(word.text)}${colorTag(TEXT_COLOR)}`
                : assText(word.text),
            ),
          ),
        );
      case 'karaoke': {
        // One event per cue; each word's fill lasts until the next word starts (the last one until it ends).
        const spans = new Map(
          wordSpans(cue).map(({ word, start, end }, i, all) => [
            word,
            i + 1 < all.length ? end - start : word.endMs - start,
          ]),
        );
        return [
          dialogue(
            cue.startMs,
            cue.endMs,
            render(cue.lines, (word) => `{\\kf${centiseconds(spans.get(word)!)}}${assText(word.text)}`),
          ),
        ];
      }
      case 'pop':
        return wordSpans(cue).map(({ word, start, end }) => {
          const scale = Math.max(
            100,
            Math.min(POP_SCALE, Math.floor((100 * layout.maxCharsPerLine) / textWidth(word.text))),
          );
          const from = Math.round(scale * 0.6);
          return dialogue(
            start,
            end,
            `{\\fscx${from}\\fscy${from}\\t(0,${POP_MS},\\fscx${scale}\\fscy${scale})}${assText(word.text)}`,
          );
        });
    }
  });
  return `${[...header, ...events].join('\n')}\n`;
}

export function buildSrt(cues: readonly CaptionCue[]): string {
  return cues
    .map(
      (cue, i) =>
        `${i + 1}\n${srtTime(cue.startMs)} --> ${srtTime(cue.endMs)}\n${cue.lines.map((line) => lineText(line)).join('\n')}\n`,
    )
    .join('\n');
}

/** What a WebVTT cue payload must not contain raw: markup starts and entities (and so never "-->"). */
export const vttText = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Cue settings placing the text where the burn-in puts it: the layout's margin from the top or bottom edge (as a
 * share of the height), or the middle; centred like the ASS style.
 */
export function vttCueSettings(layout: Pick<CaptionLayout, 'alignment' | 'marginV'>, height: number): string {
  const margin = Math.round((layout.marginV / height) * 100);
  const line =
    layout.alignment === ALIGNMENT.top
      ? `line:${margin}%,start`
      : layout.alignment === ALIGNMENT.middle
        ? 'line:50%,center'
        : `line:${100 - margin}%,end`;
  return `${line} align:center`;
}

export interface VttOptions {
  /** Where the burn-in places the captions; absent, the player's default (bottom centre). */
  placement?: { layout: Pick<CaptionLayout, 'alignment' | 'marginV'>; height: number };
  /**
   * Word-timed looks (word, karaoke, pop) highlight each word as it starts; a timestamp tag before each word after
   * the first lets a player do the same (\`::cue(:future)\`). A tag must fall strictly inside its cue and after the one
   * before, so a word starting with the previous one shares its tag.
   */
  wordTimestamps?: boolean;
}

function vttPayload(cue: CaptionCue, wordTimestamps: boolean): string {
  let last = cue.startMs;
  const show = (word: TimedWord, index: number): string => {
    const tagged = wordTimestamps && index > 0 && word.startMs > last && word.startMs < cue.endMs;
    if (tagged) last = word.startMs;
    return tagged ? `<${vttTime(word.startMs)}>${vttText(word.text)}` : vttText(word.text);
  };
  let index = 0;
  return cue.lines.map((line) => lineText(line, (word) => show(word, index++))).join('\n');
}

/** WebVTT from the cue list the burn-in uses: the same cues, words and times (snapCues first for exact times). */
export function buildVtt(cues: readonly CaptionCue[], options: VttOptions = {}): string {
  const settings = options.placement ? ` ${vttCueSettings(options.placement.layout, options.placement.height)}` : '';
  const body = cues.map(
    (cue, i) =>
      `${i + 1}\n${vttTime(cue.startMs)} --> ${vttTime(cue.endMs)}${settings}\n${vttPayload(cue, options.wordTimestamps ?? false)}\n`,
  );
  return ['WEBVTT\n', ...body].join('\n');
}
