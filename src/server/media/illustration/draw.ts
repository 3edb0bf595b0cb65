/**
 * Rasterises an illustration with resvg (off the event loop): the whole frame as one still, for the cache and the
 * storyboard's preview, and the same drawing as the render's layers (the stills the scene shows as its elements come
 * in, and each element on its own, which the render animates while it enters). Only the display font is loaded,
 * never the system's fonts, so a drawing is the same on every machine that has the Debian font packages.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { type RenderedImage, type ResvgRenderOptions, renderAsync } from '@resvg/resvg-js';
import { encodePng } from '../png.ts';
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
async function rasterize(svg: string, signal?: AbortSignal): Promise<RenderedImage> {
  signal?.throwIfAborted();
  const own = new AbortController();
  const abort = () => own.abort(signal?.reason);
  signal?.addEventListener('abort', abort, { once: true });
  try {
    return await renderAsync(
      svg,
      { font: FONT, fitTo: { mode: 'original' }, shapeRendering: 2, textRendering: 1 },
      own.signal,
    );
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
  const body =
    inner(spec.background, -spec.bleed, -spec.bleed) + spec.elements.map((e) => inner(e.svg, e.x, e.y)).join('');
  await fs.writeFile(file, (await rasterize(covering(spec, size, body), signal)).asPng());
}

/** Premultiplied RGBA, row by row, as resvg gives it (read once: each read of `RenderedImage.pixels` is a new copy). */
interface Pixels {
  pixels: Uint8Array;
  width: number;
  height: number;
}

const pixelsOf = (image: RenderedImage): Pixels => ({ pixels: image.pixels, width: image.width, height: image.height });

/**
 * `layer` drawn over `canvas` with its top-left corner at x, y: what resvg draws when both are in one picture (source
 * over), without drawing either again.
 */
export function drawOver(canvas: Pixels, layer: Pixels, x: number, y: number): void {
  const [from, to] = [Math.max(0, -x), Math.min(layer.width, canvas.width - x)];
  for (let row = Math.max(0, -y); row < Math.min(layer.height, canvas.height - y); row++)
    for (let col = from; col < to; col++) {
      const src = (row * layer.width + col) * 4;
      const alpha = layer.pixels[src + 3]!;
      if (alpha === 0) continue;
      const dst = ((y + row) * canvas.width + x + col) * 4;
      for (let c = 0; c < 4; c++)
        canvas.pixels[dst + c] = layer.pixels[src + c]! + Math.round((canvas.pixels[dst + c]! * (255 - alpha)) / 255);
    }
}

/**
 * A still as the render's lanes read it: RGB, so every still of a video has one pixel format (the designed ones are
 * RGB too). The frame's part of it is opaque, so the premultiplied colours are the colours.
 */
function stillPng(canvas: Pixels): Buffer {
  const rgb = new Uint8Array(canvas.width * canvas.height * 3);
  for (let i = 0, j = 0; j < rgb.length; i += 4, j += 3) {
    rgb[j] = canvas.pixels[i]!;
    rgb[j + 1] = canvas.pixels[i + 1]!;
    rgb[j + 2] = canvas.pixels[i + 2]!;
  }
  return encodePng(rgb, canvas.width, canvas.height);
}

/**
 * What the render needs (motion.ts): the scene's stills at the still size asked for, the frame in their middle (the
 * scene rests there rather than pan): the background, then the background with the elements drawn in as they will
 * have entered (`stillSchedule`); and each element alone at frame pixels, which the render overlays while it enters.
 * The background and each element are rasterised once; the stills are made of those layers rather than drawn again
 * (drawing and encoding each still with resvg took three times as long).
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
  const canvasSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="${stillSize.width}" height="${stillSize.height}">${inner(spec.background, origin.x - spec.bleed, origin.y - spec.bleed)}</svg>`;
  const [background, layers] = await Promise.all([
    rasterize(canvasSvg, signal),
    Promise.all(spec.elements.map((element) => rasterize(element.svg, signal))),
  ]);
  const elements = await Promise.all(
    spec.elements.map(async (element, i) => {
      const file = path.join(dir, `element-${i}.png`);
      await fs.writeFile(file, layers[i]!.asPng());
      return { file, x: Math.round(element.x), y: Math.round(element.y), delay: element.delay };
    }),
  );
  const canvas = pixelsOf(background);
  const still = async (name: string): Promise<string> => {
    const file = path.join(dir, name);
    await fs.writeFile(file, stillPng(canvas));
    return file;
  };
  const first = await still('background.png');
  const stills: NonNullable<MotionLayers['rest']>['stills'] = [];
  for (const { from, drawn } of stillSchedule(spec)) {
    for (let i = stills.at(-1)?.drawn ?? 0; i < drawn; i++)
      drawOver(canvas, pixelsOf(layers[i]!), origin.x + elements[i]!.x, origin.y + elements[i]!.y);
    stills.push({ file: await still(`drawn-${drawn}.png`), from, drawn });
  }
  return {
    width: spec.width,
    height: spec.height,
    background: first,
    rest: { origin, stills, drift: spec.bleed },
    elements,
    counter: spec.counter,
    fontFile: DISPLAY_FONT.file,
  };
}
