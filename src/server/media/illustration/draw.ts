/**
 * Rasterises an illustration with resvg (off the event loop): the whole frame as one still, for the cache and the
 * storyboard's preview, and the same drawing as the render's layers (the stills the scene shows as its elements come
 * in, and each element on its own, which the render animates while it enters). Only the display font is loaded,
 * never the system's fonts, so a drawing is the same on every machine that has the Debian font packages.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { type ResvgRenderOptions, renderAsync } from '@resvg/resvg-js';
import { DISPLAY_FONT, type IllustrationSpec } from './compose.ts';
import { type MotionLayers, stillSchedule } from './motion.ts';

const FONT: NonNullable<ResvgRenderOptions['font']> = {
  loadSystemFonts: false,
  fontFiles: [DISPLAY_FONT.file],
  defaultFontFamily: DISPLAY_FONT.family,
};

/**
 * resvg takes an AbortSignal only once (napi wraps it; a second call with the same one throws InvalidArg), and a
 * render draws many pictures under one job's signal: each call gets its own signal that follows the caller's.
 */
async function rasterize(svg: string, signal?: AbortSignal): Promise<Buffer> {
  signal?.throwIfAborted();
  const own = new AbortController();
  const abort = () => own.abort(signal?.reason);
  signal?.addEventListener('abort', abort, { once: true });
  try {
    const image = await renderAsync(
      svg,
      { font: FONT, fitTo: { mode: 'original' }, shapeRendering: 2, textRendering: 1 },
      own.signal,
    );
    return image.asPng();
  } finally {
    signal?.removeEventListener('abort', abort);
  }
}

/**
 * An element's drawing moved to its place in the frame. Its own <svg> root is dropped (elements are drawn at their
 * viewBox's size): resvg lost a nested root's gradients and masks on some drawings.
 */
const inner = (svg: string, x: number, y: number): string =>
  `<g transform="translate(${Math.round(x)} ${Math.round(y)})">${svg.replace(/^\s*<svg\b[^>]*>/, '').replace(/<\/svg>\s*$/, '')}</g>`;

type Size = { width: number; height: number };

/** The frame-sized drawing `body` scaled to cover `size` (a still is larger than the frame, for its pan). */
const covering = (spec: IllustrationSpec, size: Size, body: string): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}" viewBox="0 0 ${spec.width} ${spec.height}" preserveAspectRatio="xMidYMid slice">${body}</svg>`;

/** The frame as it stands once every element has entered, scaled to cover `size`. */
export async function drawIllustration(
  spec: IllustrationSpec,
  size: Size,
  file: string,
  signal?: AbortSignal,
): Promise<void> {
  const body = inner(spec.background, 0, 0) + spec.elements.map((e) => inner(e.svg, e.x, e.y)).join('');
  await fs.writeFile(file, await rasterize(covering(spec, size, body), signal));
}

/**
 * What the render needs (motion.ts): the scene's stills at the still size asked for, the frame in their middle (the
 * scene rests there rather than pan): the background, then the background with the elements drawn in as they will
 * have entered (`stillSchedule`); and each element alone at frame pixels, which the render overlays while it enters.
 */
export async function drawLayers(
  spec: IllustrationSpec,
  dir: string,
  stillSize: Size,
  signal?: AbortSignal,
): Promise<MotionLayers> {
  await fs.mkdir(dir, { recursive: true });
  // Centred, which the render's crop can reach: a still's margin is 0 or an even number of at least 4 pixels on each
  // axis (timeline.ts stillSize), and the crop reaches all of it but the last pixel or two.
  const origin = {
    x: Math.floor((stillSize.width - spec.width) / 2),
    y: Math.floor((stillSize.height - spec.height) / 2),
  };
  const still = async (name: string, drawn: number): Promise<string> => {
    const file = path.join(dir, name);
    const body =
      inner(spec.background, origin.x, origin.y) +
      spec.elements
        .slice(0, drawn)
        .map((e) => inner(e.svg, origin.x + e.x, origin.y + e.y))
        .join('');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${stillSize.width}" height="${stillSize.height}" viewBox="0 0 ${stillSize.width} ${stillSize.height}">${body}</svg>`;
    await fs.writeFile(file, await rasterize(svg, signal));
    return file;
  };
  const [background, stills, elements] = await Promise.all([
    still('background.png', 0),
    Promise.all(
      stillSchedule(spec).map(async ({ from, drawn }) => ({
        file: await still(`drawn-${drawn}.png`, drawn),
        from,
        drawn,
      })),
    ),
    Promise.all(
      spec.elements.map(async (element, i) => {
        const file = path.join(dir, `element-${i}.png`);
        await fs.writeFile(file, await rasterize(element.svg, signal));
        return { file, x: Math.round(element.x), y: Math.round(element.y), delay: element.delay };
      }),
    ),
  ]);
  return {
    width: spec.width,
    height: spec.height,
    background,
    rest: { origin, stills },
    elements,
    counter: spec.counter,
    fontFile: DISPLAY_FONT.file,
  };
}
