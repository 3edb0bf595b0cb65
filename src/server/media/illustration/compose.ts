/**
 * The parts every beat's composition is made of (composer/ lays them out, one file per layout): the spec the render
 * and the preview draw, the frame's content area clear of the captions, icons on the family's badge, type blocks, and
 * the timing of each element to the narration. The result is plain data (SVG strings and positions), so it is cached
 * with the picture and the render draws and animates the same layers the preview shows.
 */
import type { CaptionPosition, PictureElementKind } from '~/contract/video.ts';
import type { IllustrationPalette } from './palette.ts';
import type { BeatLayout, Scenery } from './reading.ts';
import { formatNumber, iconSvg, type NumberSubject } from './subjects.ts';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A layer drawn on its own (transparent around it), entering `delay` seconds into the scene. */
export interface IllustrationElement extends Box {
  svg: string;
  delay: number;
  /** The scene's words it shows, as written: it enters when the narrator says them (`enterWithSpeech`). */
  words: string;
  /** What it is, for the storyboard's "what is drawn": an icon, a map, a number or text (scenery is the background). */
  kind: Exclude<PictureElementKind, 'scenery'>;
  /** The icon's id, the place's name, the number or the text as shown. */
  name: string;
}

/** A number counting up in the scene's type, before its element (the finished number) takes over. */
export interface IllustrationCounter {
  /** Where the text starts (or its centre, when `align` is middle) and its baseline, in frame pixels. */
  x: number;
  align: 'start' | 'middle';
  baseline: number;
  fontSize: number;
  color: string;
  from: number;
  to: number;
  decimals: number;
  prefix: string;
  suffix: string;
  start: number;
  duration: number;
  /** The element that shows the finished number (it enters when the count ends). */
  element: number;
}

export interface IllustrationSpec {
  width: number;
  height: number;
  /** What the sentence does, which chose the layout. */
  layout: BeatLayout;
  /** The setting drawn behind, or null for the palette's own background. */
  scenery: Scenery | null;
  /**
   * The background drawn `bleed` pixels past the frame on every side (the frame at bleed, bleed of it), so the camera
   * can drift over it without showing an edge.
   */
  background: string;
  bleed: number;
  elements: IllustrationElement[];
  counter: IllustrationCounter | null;
  /** The scene's words the drawing depicts, for "Illustration: coffee, farm, Ethiopia". */
  subjects: string[];
}

export interface ComposeOptions {
  width: number;
  height: number;
  palette: IllustrationPalette;
  captionPosition: CaptionPosition;
  /** The scene's place in the video: alternates the layout's sides and varies the background's glow. */
  index: number;
  /** The product the script promotes, named on a call to action when the sentence does not name it. */
  productName?: string | undefined;
}

/** The display face the type is set in; the render's counter uses the same file. */
export const DISPLAY_FONT = {
  family: 'Noto Sans Display',
  file: '/usr/share/fonts/truetype/noto/NotoSansDisplay-Bold.ttf',
} as const;

/**
 * When the first element starts to enter: once the crossfade into the scene (0.6 s) is over, so the drawing rises
 * onto a settled background instead of blending with the scene before.
 */
export const ENTERS = 0.6;

/** Average advance of Noto Sans Display Bold, in ems: enough to fit lines without measuring glyphs. */
export const EM_PER_CHAR = 0.56;

export const escapeXml = (text: string): string => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const round = (n: number): number => Math.round(n);

/** The part of the frame the drawing may use: everything but the captions' band, with a margin. */
export function contentArea(width: number, height: number, captions: CaptionPosition): Box {
  const tall = height > width;
  const marginX = round(width * 0.06);
  const band = tall ? 0.3 : 0.26;
  const top = round(height * (tall ? 0.12 : 0.07));
  const bottom = round(height * (tall ? 0.08 : 0.07));
  if (captions === 'top')
    return {
      x: marginX,
      y: round(height * band),
      width: width - 2 * marginX,
      height: height - round(height * band) - bottom,
    };
  if (captions === 'middle') return { x: marginX, y: top, width: width - 2 * marginX, height: height - top - bottom };
  return { x: marginX, y: top, width: width - 2 * marginX, height: height - top - round(height * band) };
}

/** Icon markup nested at a box, its ids made unique so two icons' gradients cannot collide. */
export function placeIcon(name: string, box: Box, prefix: string): string {
  const svg = iconSvg(name);
  const open = /<svg\b([^>]*)>/.exec(svg);
  const viewBox = open ? /viewBox="([^"]+)"/.exec(open[1]!)?.[1] : undefined;
  const body = svg.replace(/^[\s\S]*?<svg\b[^>]*>/, '').replace(/<\/svg>\s*$/, '');
  const unique = body
    .replace(/\bid="([^"]+)"/g, `id="${prefix}$1"`)
    .replace(/url\(#([^)]+)\)/g, `url(#${prefix}$1)`)
    .replace(/href="#([^"]+)"/g, `href="#${prefix}$1"`);
  return `<svg x="${round(box.x)}" y="${round(box.y)}" width="${round(box.width)}" height="${round(box.height)}" viewBox="${viewBox ?? '0 0 32 32'}">${unique}</svg>`;
}

export const wrap = (svgBody: string, box: Box): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${round(box.width)}" height="${round(box.height)}" viewBox="0 0 ${round(box.width)} ${round(box.height)}">${svgBody}</svg>`;

/** An icon on a soft disc with a ring and a shadow: the family look of every subject. */
export function badgeSvg(
  icon: string,
  size: number,
  palette: IllustrationPalette,
  color: string,
  prefix: string,
): string {
  const r = size / 2;
  const shadow = `<ellipse cx="${r}" cy="${round(size * 0.8)}" rx="${round(size * 0.26)}" ry="${round(size * 0.05)}" fill="#000" opacity="0.28"/>`;
  const disc = `<circle cx="${r}" cy="${r}" r="${round(r * 0.96)}" fill="${color}" fill-opacity="0.2" stroke="${color}" stroke-opacity="0.7" stroke-width="${Math.max(2, round(size * 0.012))}"/>`;
  const inner = `<circle cx="${r}" cy="${r}" r="${round(r * 0.8)}" fill="${palette.ink}" fill-opacity="0.06"/>`;
  const iconSize = size * 0.6;
  return wrap(
    `${disc}${inner}${shadow}${placeIcon(icon, { x: r - iconSize / 2, y: r - iconSize / 2, width: iconSize, height: iconSize }, prefix)}`,
    { x: 0, y: 0, width: size, height: size },
  );
}

/** Lines of at most `maxChars` characters, breaking at spaces. */
export function wrapLines(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= maxChars) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

export interface TextBlock {
  svg: string;
  box: Box;
}

export type Align = 'start' | 'middle';

/** x of a line and its anchor in a block `width` wide. */
const anchor = (align: Align, width: number) =>
  align === 'middle' ? `x="${round(width / 2)}" text-anchor="middle"` : 'x="0"';

/** The key phrase in large type under a short bar of the second colour, fitted to `area`. */
export function phraseBlock(
  phrase: string,
  area: Box,
  palette: IllustrationPalette,
  size: number,
  align: Align,
): TextBlock {
  let fontSize = size;
  let lines = wrapLines(phrase, Math.max(6, Math.floor(area.width / (fontSize * EM_PER_CHAR))));
  while (
    (lines.length > 3 || Math.max(...lines.map((l) => l.length)) * fontSize * EM_PER_CHAR > area.width) &&
    fontSize > size * 0.5
  ) {
    fontSize = round(fontSize * 0.9);
    lines = wrapLines(phrase, Math.max(6, Math.floor(area.width / (fontSize * EM_PER_CHAR))));
  }
  const lineHeight = round(fontSize * 1.12);
  const bar = round(fontSize * 0.16);
  const height = bar + round(fontSize * 0.45) + lines.length * lineHeight;
  const width = area.width;
  const text = lines
    .map(
      (line, i) =>
        `<text ${anchor(align, width)} y="${bar + round(fontSize * 0.45) + round(fontSize * 0.9) + i * lineHeight}" font-family="${DISPLAY_FONT.family}" font-weight="700" font-size="${fontSize}" fill="${palette.ink}">${escapeXml(line)}</text>`,
    )
    .join('');
  const barWidth = round(fontSize * 1.6);
  const barX = align === 'middle' ? round((width - barWidth) / 2) : 0;
  const svg = wrap(
    `<rect x="${barX}" y="0" width="${barWidth}" height="${bar}" rx="${round(bar / 2)}" fill="${palette.second}"/>${text}`,
    { x: 0, y: 0, width, height },
  );
  return { svg, box: { x: area.x, y: area.y, width, height } };
}

/** The finished number, as written in the script, in the accent colour. */
export function numberBlock(
  number: NumberSubject,
  area: Box,
  palette: IllustrationPalette,
  size: number,
  align: Align,
): TextBlock & { fontSize: number } {
  // Figures and signs are wider than the face's average: 0.66 em keeps "40%" and "$2.5 million" inside the area.
  const shown = formatNumber(number);
  const fontSize = Math.min(size, round(area.width / Math.max(1, shown.length * 0.66)));
  const height = round(fontSize * 1.2);
  const width = area.width;
  const svg = wrap(
    `<text ${anchor(align, width)} y="${round(fontSize * 0.95)}" font-family="${DISPLAY_FONT.family}" font-weight="700" font-size="${fontSize}" fill="${palette.accent}">${escapeXml(shown)}</text>`,
    { x: 0, y: 0, width, height },
  );
  return { svg, box: { x: area.x, y: area.y, width, height }, fontSize };
}

/** Where a count starts: a year counts the last few years up to it, anything else from zero. */
export const countFrom = (number: Pick<NumberSubject, 'value' | 'year'>): number =>
  number.year ? number.value - 25 : 0;

/** One video's look: every illustrated scene of it shares the palette and keeps clear of its captions. */
export interface IllustrationStyle {
  palette: IllustrationPalette;
  captionPosition: CaptionPosition;
  frame: { width: number; height: number };
}

const wordKey = (word: string): string => word.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * The drawing timed to the narration: the main element enters once the crossfade is over, so the scene is never
 * empty; every other one a moment before its words are said (not too late to be seen), and the count runs from just
 * before the number is said. An element whose words the narration does not have follows the one before it. Words
 * are the scene's narration timings; `speechStart` is where its speech begins, in seconds from the scene's start.
 */
export function enterWithSpeech(
  spec: IllustrationSpec,
  words: ReadonlyArray<{ text: string; startMs: number }>,
  speechStart: number,
  sceneSeconds: number,
): IllustrationSpec {
  const spoken = words.map((w) => ({ key: wordKey(w.text), at: speechStart + w.startMs / 1000 }));
  const latest = Math.max(ENTERS, sceneSeconds - 2);
  const whenSaid = (phrase: string): number | undefined => {
    const first = wordKey(phrase.split(/\s+/)[0] ?? '');
    return first ? spoken.find((w) => w.key === first || w.key.startsWith(first))?.at : undefined;
  };
  const clamp = (seconds: number) => Math.round(Math.min(latest, Math.max(ENTERS, seconds)) * 100) / 100;
  let previous = ENTERS;
  const elements = spec.elements.map((element, i) => {
    const said = i === 0 ? ENTERS : whenSaid(element.words);
    const delay = clamp(said === undefined ? previous + 0.2 : said - 0.3);
    previous = delay;
    return { ...element, delay };
  });
  const { counter } = spec;
  if (!counter) return { ...spec, elements };
  // The number's element is the finished number: the count runs from its entry, and it stands once the count ends.
  const start = elements[counter.element]!.delay;
  elements[counter.element] = {
    ...elements[counter.element]!,
    delay: Math.round((start + counter.duration) * 100) / 100,
  };
  return { ...spec, elements, counter: { ...counter, start } };
}
