/**
 * What every layout is built from: the frame's shape and content area, and elements (an icon on its badge, a block
 * of type, a card) placed in a box, each saying what it is and the words it stands for.
 */
import {
  type Align,
  type Box,
  badgeSvg,
  type ComposeOptions,
  contentArea,
  DISPLAY_FONT,
  EM_PER_CHAR,
  ENTERS,
  escapeXml,
  type IllustrationElement,
  phraseBlock,
  placeIcon,
  round,
  wrap,
  wrapLines,
} from '../compose.ts';
import type { IllustrationPalette } from '../palette.ts';
import type { ReadThing } from '../reading.ts';

export type Shape = 'wide' | 'tall' | 'square';

/** What a layout is given: the frame, its content area (clear of the captions) and the video's look. */
export interface Frame {
  width: number;
  height: number;
  short: number;
  shape: Shape;
  area: Box;
  palette: IllustrationPalette;
  index: number;
  productName: string | undefined;
}

export function frameOf(options: ComposeOptions): Frame {
  const { width, height } = options;
  const ratio = width / height;
  return {
    width,
    height,
    short: Math.min(width, height),
    shape: ratio >= 1.3 ? 'wide' : ratio <= 0.77 ? 'tall' : 'square',
    area: contentArea(width, height, options.captionPosition),
    palette: options.palette,
    index: options.index,
    productName: options.productName,
  };
}

/** A square of `size` centred on (cx, cy). */
export const squareAt = (cx: number, cy: number, size: number): Box => ({
  x: cx - size / 2,
  y: cy - size / 2,
  width: size,
  height: size,
});

/** A red stroke across a drawing: a thing said to be absent or not needed is never drawn plainly. */
const crossOut = (size: number): string =>
  `<line x1="${round(size * 0.2)}" y1="${round(size * 0.2)}" x2="${round(size * 0.8)}" y2="${round(size * 0.8)}" stroke="#ff4d4d" stroke-width="${round(size * 0.06)}" stroke-linecap="round"/>`;

/** A thing as an icon on the family's badge (crossed out when negated), entering with its words. */
export function iconElement(
  thing: Pick<ReadThing, 'icon' | 'words'> & { negated?: boolean },
  box: Box,
  palette: IllustrationPalette,
  options: { color?: string; prefix: string; delay?: number },
): IllustrationElement {
  const size = round(box.width);
  let svg = badgeSvg(thing.icon, size, palette, options.color ?? palette.accent, options.prefix);
  if (thing.negated) svg = svg.replace(/<\/svg>$/, `${crossOut(size)}</svg>`);
  return {
    ...box,
    width: size,
    height: size,
    svg,
    delay: options.delay ?? ENTERS,
    words: thing.words,
    kind: 'icon',
    name: thing.icon,
  };
}

/** Type in `area` (a bar of the second colour over it), as tall as its lines; `words` enter it. */
export function textElement(
  text: string,
  area: Box,
  frame: Frame,
  options: { size: number; align: Align; words?: string; delay?: number },
): IllustrationElement {
  const block = phraseBlock(text, area, frame.palette, round(options.size), options.align);
  return {
    ...block.box,
    svg: block.svg,
    delay: options.delay ?? ENTERS + 0.2,
    words: options.words ?? text,
    kind: 'text',
    name: text,
  };
}

/** Lines of `text` in a face as large as fits `area` in at most `maxLines` lines, from `size` down to 60 % of it. */
export function fitLines(
  text: string,
  area: Box,
  size: number,
  maxLines: number,
): { lines: string[]; fontSize: number } {
  let fontSize = size;
  const lay = () => wrapLines(text, Math.max(4, Math.floor(area.width / (fontSize * EM_PER_CHAR))));
  let lines = lay();
  while (
    (lines.length > maxLines || Math.max(...lines.map((l) => l.length)) * fontSize * EM_PER_CHAR > area.width) &&
    fontSize > size * 0.6
  ) {
    fontSize = round(fontSize * 0.92);
    lines = lay();
  }
  return { lines, fontSize };
}

/** One line of type as its own element, so a phrase can build up line by line as it is said. */
export function lineElement(
  line: string,
  box: Box,
  fontSize: number,
  color: string,
  align: Align,
  delay: number,
): IllustrationElement {
  const width = round(box.width);
  const height = round(fontSize * 1.25);
  const x = align === 'middle' ? `x="${round(width / 2)}" text-anchor="middle"` : 'x="0"';
  return {
    x: box.x,
    y: box.y,
    width,
    height,
    svg: wrap(
      `<text ${x} y="${round(fontSize * 0.98)}" font-family="${DISPLAY_FONT.family}" font-weight="700" font-size="${fontSize}" fill="${color}">${escapeXml(line)}</text>`,
      { x: 0, y: 0, width, height },
    ),
    delay,
    words: line,
    kind: 'text',
    name: line,
  };
}

/**
 * A rounded card with an optional icon at its left and its text: a step, a list item, a side of a comparison, a
 * call to action's button. `mark` is drawn in a disc at the left (a step's number, a tick) when there is no icon.
 */
export function cardElement(
  text: string,
  box: Box,
  frame: Frame,
  options: { fill: string; fillOpacity: number; ink: string; icon?: string | undefined; mark?: string; delay: number },
): IllustrationElement {
  const width = round(box.width);
  const height = round(box.height);
  const pad = round(height * 0.18);
  const disc = height - 2 * pad;
  const left = options.icon
    ? placeIcon(options.icon, { x: pad, y: pad, width: disc, height: disc }, `c${round(box.y)}x${round(box.x)}`)
    : options.mark
      ? `<circle cx="${pad + disc / 2}" cy="${height / 2}" r="${round(disc * 0.42)}" fill="${frame.palette.second}"/><text x="${pad + disc / 2}" y="${round(height / 2 + disc * 0.17)}" text-anchor="middle" font-family="${DISPLAY_FONT.family}" font-weight="700" font-size="${round(disc * 0.48)}" fill="#10131c">${escapeXml(options.mark)}</text>`
      : '';
  const textX = left ? pad * 2 + disc : pad * 1.5;
  const room = width - textX - pad;
  const { lines, fontSize } = fitLines(text, { x: 0, y: 0, width: room, height }, height * 0.34, 2);
  const lineHeight = fontSize * 1.1;
  const top = height / 2 - (lines.length * lineHeight) / 2 + fontSize * 0.85;
  const type = lines
    .map(
      (line, i) =>
        `<text x="${round(textX)}" y="${round(top + i * lineHeight)}" font-family="${DISPLAY_FONT.family}" font-weight="700" font-size="${fontSize}" fill="${options.ink}">${escapeXml(line)}</text>`,
    )
    .join('');
  const svg = wrap(
    `<rect x="2" y="2" width="${width - 4}" height="${height - 4}" rx="${round(height * 0.22)}" fill="${options.fill}" fill-opacity="${options.fillOpacity}" stroke="${frame.palette.ink}" stroke-opacity="0.25" stroke-width="3"/>${left}${type}`,
    { x: 0, y: 0, width, height },
  );
  return { ...box, width, height, svg, delay: options.delay, words: text, kind: 'text', name: text };
}

/** Words a phrase cut short must not end on: "Both are good for you in" reads as broken. */
const DANGLING = new Set(
  'a an the of in on at to for from with by and or but as is are was were be that this these those your our my their its'.split(
    ' ',
  ),
);

/**
 * The words worth setting in type when a sentence has nothing surer: its key phrase, else its first six words, cut
 * back so they do not end on a word that leads on.
 */
export function phraseOf(reading: { phrase: string; text: string }): string {
  if (reading.phrase.trim()) return reading.phrase.trim();
  const words = reading.text
    .replace(/[.!?…]+$/u, '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 6);
  while (
    words.length > 2 &&
    DANGLING.has(
      words
        .at(-1)!
        .toLowerCase()
        .replace(/[^\p{L}]/gu, ''),
    )
  )
    words.pop();
  return words.join(' ').replace(/[,;:]$/u, '');
}

/** Boxes stacked from `top`, centred in `area` when they leave room: the y of each in turn. */
export function stack(area: Box, heights: readonly number[], gap: number): number[] {
  const total = heights.reduce((sum, h) => sum + h, 0) + gap * Math.max(0, heights.length - 1);
  let y = area.y + Math.max(0, (area.height - total) / 2);
  return heights.map((h) => {
    const at = y;
    y += h + gap;
    return at;
  });
}
