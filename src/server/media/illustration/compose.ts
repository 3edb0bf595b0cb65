/**
 * The layout of an illustrated scene: what the scene names, placed as a designed explainer frame would place it.
 *
 *   visual   the place as a map (the named country lit, its neighbours faint, a pin on a named city) with the first
 *            icons as badges on it; or the first icon as a large badge with up to two smaller ones around it
 *   text     a number the scene says, counting up, with the key phrase under it; or the key phrase alone
 *
 * Wide frames put the visual and the text side by side (the side alternating scene by scene); tall and square frames
 * stack them. Everything stays clear of the captions' band. The result is plain data (SVG strings and positions), so
 * it is cached with the picture and the render draws and animates the same layers the preview shows.
 */
import type { CaptionPosition } from '~/contract/video.ts';
import { mapSvg } from './map.ts';
import type { IllustrationPalette } from './palette.ts';
import { countryFeature } from './places.ts';
import {
  formatNumber,
  type IconSubject,
  iconSvg,
  type NumberSubject,
  type PlaceSubject,
  type SceneSubjects,
  sceneSubjects,
} from './subjects.ts';

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
  background: string;
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
const EM_PER_CHAR = 0.56;

const escapeXml = (text: string): string => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

const round = (n: number): number => Math.round(n);

/** The part of the frame the drawing may use: everything but the captions' band, with a margin. */
export function contentArea(width: number, height: number, captions: CaptionPosition): Box {
  const tall = height > width;
  const marginX = round(width * 0.06);
  const band = tall ? 0.3 : 0.26;
  const top = round(height * (tall ? 0.1 : 0.07));
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
function placeIcon(name: string, box: Box, prefix: string): string {
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

const wrap = (svgBody: string, box: Box): string =>
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

interface TextBlock {
  svg: string;
  box: Box;
}

type Align = 'start' | 'middle';

/** x of a line and its anchor in a block `width` wide. */
const anchor = (align: Align, width: number) =>
  align === 'middle' ? `x="${round(width / 2)}" text-anchor="middle"` : 'x="0"';

/** The key phrase in large type under a short bar of the second colour, fitted to `area`. */
function phraseBlock(phrase: string, area: Box, palette: IllustrationPalette, size: number, align: Align): TextBlock {
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
function numberBlock(
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

/** What a scene's illustration draws: up to three icons (two beside a map), one place, one number. */
export interface Drawn {
  icons: IconSubject[];
  place: PlaceSubject | undefined;
  number: NumberSubject | undefined;
  /** Their words as the scene writes them, for "Illustration: coffee, farm, Ethiopia"; empty when nothing can be drawn. */
  words: string[];
}

export function drawnSubjects(subjects: SceneSubjects): Drawn {
  const place = subjects.places.find((p) => countryFeature(p.countryId));
  const icons = subjects.icons.slice(0, place ? 2 : 3);
  const number = subjects.numbers[0];
  const words = [...icons.map((i) => i.word), ...(place ? [place.word] : []), ...(number ? [number.word] : [])];
  return { icons, place, number, words: [...new Set(words)] };
}

function backgroundSvg(width: number, height: number, palette: IllustrationPalette, index: number): string {
  const short = Math.min(width, height);
  // Two glows that trade places scene by scene, so consecutive scenes differ while staying one family.
  const left = index % 2 === 0;
  const glowA = { cx: round(width * (left ? 0.22 : 0.78)), cy: round(height * 0.32), r: round(short * 0.75) };
  const glowB = { cx: round(width * (left ? 0.85 : 0.15)), cy: round(height * 0.9), r: round(short * 0.6) };
  const dots: string[] = [];
  const step = round(short * 0.045);
  const dotsX = left ? width * 0.62 : width * 0.05;
  for (let y = round(height * 0.06); y < height * 0.3; y += step)
    for (let x = round(dotsX); x < dotsX + width * 0.3; x += step)
      dots.push(`<circle cx="${x}" cy="${y}" r="${Math.max(1.5, short * 0.0028).toFixed(1)}"/>`);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="0.3" y2="1"><stop offset="0" stop-color="${palette.top}"/><stop offset="1" stop-color="${palette.bottom}"/></linearGradient>` +
    `<radialGradient id="ga"><stop offset="0" stop-color="${palette.accent}" stop-opacity="0.22"/><stop offset="1" stop-color="${palette.accent}" stop-opacity="0"/></radialGradient>` +
    `<radialGradient id="gb"><stop offset="0" stop-color="${palette.second}" stop-opacity="0.16"/><stop offset="1" stop-color="${palette.second}" stop-opacity="0"/></radialGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>` +
    `<circle cx="${glowA.cx}" cy="${glowA.cy}" r="${glowA.r}" fill="url(#ga)"/><circle cx="${glowB.cx}" cy="${glowB.cy}" r="${glowB.r}" fill="url(#gb)"/>` +
    `<g fill="${palette.ink}" fill-opacity="0.1">${dots.join('')}</g>` +
    `<circle cx="${glowB.cx}" cy="${glowB.cy}" r="${round(short * 0.3)}" fill="none" stroke="${palette.ink}" stroke-opacity="0.06" stroke-width="${Math.max(2, round(short * 0.004))}"/>` +
    `</svg>`
  );
}

/** Splits the content area into the visual's square and the text's column (or row, on tall frames). */
function split(
  area: Box,
  width: number,
  height: number,
  index: number,
  hasText: boolean,
): { visual: Box; text: Box | null } {
  if (!hasText) {
    if (width / height >= 1.3) {
      const size = Math.min(area.height, area.width * 0.6);
      return {
        visual: {
          x: area.x + (area.width - size) / 2,
          y: area.y + (area.height - size) / 2,
          width: size,
          height: size,
        },
        text: null,
      };
    }
    // Tall and square frames keep room under the large badge for the small ones.
    const size = Math.min(area.width * 0.8, area.height * 0.6);
    return {
      visual: {
        x: area.x + (area.width - size) / 2,
        y: area.y + (area.height - size * 1.4) / 2,
        width: size,
        height: size,
      },
      text: null,
    };
  }
  if (width / height >= 1.3) {
    const size = Math.min(area.height, area.width * 0.46);
    const visualLeft = index % 2 === 0;
    const visual = {
      x: visualLeft ? area.x + area.width * 0.02 : area.x + area.width * 0.98 - size,
      y: area.y + (area.height - size) / 2,
      width: size,
      height: size,
    };
    const gap = area.width * 0.05;
    const textX = visualLeft ? visual.x + size + gap : area.x;
    const textWidth = visualLeft ? area.x + area.width - textX : visual.x - gap - area.x;
    return { visual, text: { x: textX, y: area.y, width: textWidth, height: area.height } };
  }
  const size = Math.min(area.width * 0.86, area.height * 0.62);
  const visual = { x: area.x + (area.width - size) / 2, y: area.y, width: size, height: size };
  const textY = visual.y + size + area.height * 0.04;
  return {
    visual,
    text: { x: area.x + area.width * 0.04, y: textY, width: area.width * 0.92, height: area.y + area.height - textY },
  };
}

/** The place as a map filling the visual's square, with the icons riding on its corners as badges. */
function mapElements(
  place: PlaceSubject,
  icons: IconSubject[],
  v: Box,
  palette: IllustrationPalette,
): IllustrationElement[] {
  const elements: IllustrationElement[] = [];
  const feature = countryFeature(place.countryId);
  if (feature) {
    const pin =
      place.place === 'city' && place.lon !== undefined && place.lat !== undefined
        ? { lon: place.lon, lat: place.lat }
        : null;
    elements.push({
      ...v,
      svg: mapSvg(
        feature,
        { width: round(v.width), height: round(v.height) },
        palette,
        { text: place.name, pin },
        DISPLAY_FONT.family,
      ),
      delay: ENTERS,
      words: place.word,
    });
  }
  const badge = round(v.width * 0.36);
  const corners = [
    { x: v.x + v.width - badge * 0.8, y: v.y + v.height - badge * 0.95 },
    { x: v.x - badge * 0.2, y: v.y + badge * 0.05 },
  ];
  icons.forEach((icon, i) => {
    const at = corners[i]!;
    elements.push({
      x: at.x,
      y: at.y,
      width: badge,
      height: badge,
      svg: badgeSvg(icon.icon, badge, palette, i === 0 ? palette.accent : palette.second, `i${i}`),
      delay: ENTERS + 0.35 + 0.2 * i,
      words: icon.word,
    });
  });
  return elements;
}

/** The first icon as a large badge filling the visual's square, the others as smaller badges around it. */
function badgeElements(
  icons: IconSubject[],
  v: Box,
  palette: IllustrationPalette,
  wide: boolean,
  hasText: boolean,
): IllustrationElement[] {
  const [main, ...rest] = icons;
  const elements: IllustrationElement[] = [
    {
      ...v,
      svg: badgeSvg(main!.icon, round(v.width), palette, palette.accent, 'm'),
      delay: ENTERS,
      words: main!.word,
    },
  ];
  const small = round(v.width * (hasText ? 0.38 : 0.42));
  // With text, the small badges sit on the large one's corners; alone, they flank it (or stand under it, tall).
  const spots = hasText
    ? [
        { x: v.x + v.width - small * 0.75, y: v.y + v.height - small * 0.9 },
        { x: v.x - small * 0.2, y: v.y - small * 0.05 },
      ]
    : wide
      ? [
          { x: v.x - small * 1.05, y: v.y + v.height * 0.55 - small / 2 },
          { x: v.x + v.width + small * 0.05, y: v.y + v.height * 0.45 - small / 2 },
        ]
      : [
          { x: v.x + v.width * 0.5 - small * 1.1, y: v.y + v.height * 0.92 },
          { x: v.x + v.width * 0.5 + small * 0.1, y: v.y + v.height * 0.92 },
        ];
  rest.forEach((icon, i) => {
    const at = spots[i]!;
    elements.push({
      x: at.x,
      y: at.y,
      width: small,
      height: small,
      svg: badgeSvg(icon.icon, small, palette, palette.second, `s${i}`),
      delay: ENTERS + 0.3 + 0.2 * i,
      words: icon.word,
    });
  });
  return elements;
}

interface TextLayers {
  elements: IllustrationElement[];
  counter: IllustrationCounter | null;
}

/**
 * The number (counting up) and the key phrase, stacked in the text area. `firstElement` is how many elements come
 * before them in the spec, so the counter can name the element that shows its finished number.
 */
function textLayers(
  number: NumberSubject | undefined,
  phrase: string,
  t: Box,
  options: { short: number; palette: IllustrationPalette; align: Align; visualSubject: boolean; firstElement: number },
): TextLayers {
  const { short, palette, align, visualSubject, firstElement } = options;
  const elements: IllustrationElement[] = [];
  let counter: IllustrationCounter | null = null;
  const blocks: Array<TextBlock & { words: string }> = [];
  let numberIndex = -1;
  let numberFont = 0;
  if (number) {
    const made = numberBlock(number, t, palette, round(short * (visualSubject ? 0.2 : 0.26)), align);
    numberFont = made.fontSize;
    numberIndex = blocks.push({ ...made, words: number.word }) - 1;
  }
  if (phrase)
    blocks.push({
      ...phraseBlock(phrase, t, palette, round(short * (number ? 0.055 : 0.075)), align),
      words: phrase,
    });
  // The blocks stack in the middle of the text area, each as wide as it.
  const gap = round(short * 0.03);
  const total = blocks.reduce((sum, b) => sum + b.box.height, 0) + gap * (blocks.length - 1);
  let y = t.y + Math.max(0, (t.height - total) / 2);
  blocks.forEach((block, i) => {
    const x = t.x;
    const element = {
      x,
      y,
      width: block.box.width,
      height: block.box.height,
      svg: block.svg,
      delay: ENTERS + 0.2 + 0.25 * i,
      words: block.words,
    };
    if (i === numberIndex && number) {
      const duration = 1.2;
      element.delay += duration;
      counter = {
        x: round(align === 'middle' ? x + block.box.width / 2 : x),
        align,
        baseline: round(y + numberFont * 0.95),
        fontSize: numberFont,
        color: palette.accent,
        from: countFrom(number),
        to: number.value,
        decimals: number.decimals,
        prefix: number.prefix,
        suffix: number.suffix,
        start: ENTERS + 0.2,
        duration,
        element: firstElement + elements.length,
      };
    }
    elements.push(element);
    y += block.box.height + gap;
  });
  return { elements, counter };
}

/**
 * The drawing for a scene, or null when it names nothing we can draw (then the designed background stands in). The
 * text alone is not an illustration: a picture has to show at least one thing the narration names.
 */
export function composeIllustration(subjects: SceneSubjects, options: ComposeOptions): IllustrationSpec | null {
  const { width, height, palette, index } = options;
  const { place, number, icons, words } = drawnSubjects(subjects);
  if (words.length === 0) return null;
  const short = Math.min(width, height);
  const area = contentArea(width, height, options.captionPosition);
  const visualSubject = Boolean(place || icons.length > 0);
  const phrase = subjects.phrase;
  const hasText = Boolean(number) || (visualSubject && phrase.length > 0);
  const layout = visualSubject ? split(area, width, height, index, hasText) : { visual: null, text: area };
  const elements: IllustrationElement[] = [];
  let counter: IllustrationCounter | null = null;

  if (layout.visual) {
    elements.push(
      ...(place
        ? mapElements(place, icons, layout.visual, palette)
        : badgeElements(icons, layout.visual, palette, width / height >= 1.3, hasText)),
    );
  }

  if (layout.text) {
    const align: Align = !visualSubject || height > width * 0.77 ? 'middle' : 'start';
    const text = textLayers(number, phrase, layout.text, {
      short,
      palette,
      align,
      visualSubject,
      firstElement: elements.length,
    });
    elements.push(...text.elements);
    counter = text.counter;
  }

  return {
    width,
    height,
    background: backgroundSvg(width, height, palette, index),
    elements,
    counter,
    subjects: words,
  };
}

/** One video's look: every illustrated scene of it shares the palette and keeps clear of its captions. */
export interface IllustrationStyle {
  palette: IllustrationPalette;
  captionPosition: CaptionPosition;
  frame: { width: number; height: number };
}

/** The scene's words an illustration of it would depict; empty when it names nothing we can draw. */
export const illustratedWords = (text: string): string[] => drawnSubjects(sceneSubjects(text)).words;

/** The drawing of the scene at `index` (0-based: it alternates the layout's sides), or null when nothing can be drawn. */
export const illustrateScene = (text: string, index: number, style: IllustrationStyle): IllustrationSpec | null =>
  composeIllustration(sceneSubjects(text), {
    ...style.frame,
    palette: style.palette,
    captionPosition: style.captionPosition,
    index,
  });

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
