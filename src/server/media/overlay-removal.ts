/**
 * The filter graph that takes overlays out of a video in one ffmpeg pass, one method per box: `delogo` (smooth fill
 * from the box's border), `removelogo` (fill shaped by a mask image of the mark), `blur` (the box blurred in place)
 * or `crop` (the frame cropped past the mark at its nearest edge and scaled back to its size, aspect kept). A box may
 * hold for a time range only (`enable`); a crop holds for the whole video since the picture cannot change size
 * midway. Pure: strings from numbers.
 */
import type { PixelBox } from './overlay-detect.ts';

export type RemovalMethod = 'delogo' | 'removelogo' | 'blur' | 'crop';

export interface RemovalBox extends PixelBox {
  method: RemovalMethod;
  /** Seconds of the source; absent → from the start / to the end. */
  startS?: number | undefined;
  endS?: number | undefined;
  /**
   * `removelogo` only: greyscale images, white where the mark is, of the box's patch (`logoPatch`): `alphaPath`
   * at the patch's size, `fillPath` at its reduced fill size.
   */
  mask?: { alphaPath: string; fillPath: string } | undefined;
}

/**
 * removelogo's work per frame grows with the mark's area times the square of its depth (a 1080p logo takes half a
 * second a frame), so the fill is computed on a copy of the patch at most this many pixels across and scaled back;
 * only the mark's own pixels (feathered) take the result, the rest of the patch stays sharp.
 */
const FILL_SIDE = 64;

export interface LogoPatch {
  /** The part of the frame cut out around the box. */
  region: PixelBox;
  /** The size removelogo works at. */
  fill: { w: number; h: number };
}

export function logoPatch(box: PixelBox, width: number, height: number): LogoPatch {
  const b = clampBox(box, width, height, 6, 0);
  const region = { x: even(b.x), y: even(b.y), w: Math.max(8, even(b.w)), h: Math.max(8, even(b.h)) };
  region.w = Math.min(region.w, even(width - region.x));
  region.h = Math.min(region.h, even(height - region.y));
  const scale = Math.min(1, FILL_SIDE / Math.min(region.w, region.h));
  return { region, fill: { w: Math.max(8, even(region.w * scale)), h: Math.max(8, even(region.h * scale)) } };
}

/** A crop may take at most this share of the width or height away. */
export const MAX_CROP_SHARE = 0.25;

const even = (n: number) => Math.max(0, Math.floor(n / 2) * 2);

/** ffmpeg filter option values: backslash-escape what the option and graph parsers treat specially. */
const escapeValue = (value: string) => value.replace(/[\\':,;[\]]/g, (c) => `\\${c}`);

function enableOf(box: RemovalBox): string {
  if (box.startS === undefined && box.endS === undefined) return '';
  const start = (box.startS ?? 0).toFixed(3);
  const expr = box.endS === undefined ? `gte(t,${start})` : `between(t,${start},${box.endS.toFixed(3)})`;
  return `:enable='${expr}'`;
}

/** The box kept within the frame with a `margin` around it (delogo needs a one-pixel border inside the frame). */
function clampBox(box: PixelBox, width: number, height: number, margin: number, inset: number): PixelBox {
  const x = Math.max(inset, Math.round(box.x - margin));
  const y = Math.max(inset, Math.round(box.y - margin));
  const right = Math.min(width - inset, Math.round(box.x + box.w + margin));
  const bottom = Math.min(height - inset, Math.round(box.y + box.h + margin));
  return { x, y, w: Math.max(2, right - x), h: Math.max(2, bottom - y) };
}

/**
 * The part of the frame kept when every `crop` box is cut away at its nearest edge, widened or heightened so the
 * picture keeps its aspect; undefined when no box asks for a crop. Throws when a mark sits too far from an edge.
 */
export function edgeCrop(boxes: readonly RemovalBox[], width: number, height: number): PixelBox | undefined {
  const crops = boxes.filter((b) => b.method === 'crop');
  if (crops.length === 0) return undefined;
  const inset = { left: 0, right: 0, top: 0, bottom: 0 };
  for (const b of crops) {
    const distances = { left: b.x, right: width - (b.x + b.w), top: b.y, bottom: height - (b.y + b.h) };
    const edge = (Object.keys(distances) as Array<keyof typeof distances>).reduce((best, k) =>
      distances[k] < distances[best] ? k : best,
    );
    const depth =
      edge === 'left' ? b.x + b.w : edge === 'right' ? width - b.x : edge === 'top' ? b.y + b.h : height - b.y;
    inset[edge] = Math.max(inset[edge], Math.ceil(depth) + 2);
  }
  let w = width - inset.left - inset.right;
  let h = height - inset.top - inset.bottom;
  // Cut the other dimension too, evenly on both sides, so nothing is stretched when scaled back.
  if (w / h > width / height) {
    const excess = w - Math.round((h * width) / height);
    inset.left += Math.floor(excess / 2);
    w -= excess;
  } else {
    const excess = h - Math.round((w * height) / width);
    inset.top += Math.floor(excess / 2);
    h -= excess;
  }
  if (w < width * (1 - MAX_CROP_SHARE) || h < height * (1 - MAX_CROP_SHARE)) {
    throw new RangeError(
      'A mark chosen for cropping sits too far from the edge of the picture: pick another method for it.',
    );
  }
  return { x: even(inset.left), y: even(inset.top), w: even(w), h: even(h) };
}

/** `[0:v]` in, `[v]` out. */
export function buildRemovalFilter(boxes: readonly RemovalBox[], width: number, height: number): string {
  const parts: string[] = [];
  let current = '0:v';
  let n = 0;
  const next = () => `r${n++}`;
  for (const box of boxes) {
    const enable = enableOf(box);
    if (box.method === 'delogo') {
      const b = clampBox(box, width, height, 1, 1);
      const out = next();
      parts.push(
        `[${current}]delogo=x=${b.x}:y=${b.y}:w=${Math.min(b.w, width - 1 - b.x)}:h=${Math.min(b.h, height - 1 - b.y)}${enable}[${out}]`,
      );
      current = out;
    } else if (box.method === 'removelogo') {
      if (!box.mask) throw new Error('removelogo needs a mask image');
      const { region, fill } = logoPatch(box, width, height);
      const [base, copy, small, filled, alpha, patch, out] = [next(), next(), next(), next(), next(), next(), next()];
      parts.push(
        `[${current}]split[${base}][${copy}]`,
        `[${copy}]crop=${region.w}:${region.h}:${region.x}:${region.y},scale=${fill.w}:${fill.h}:flags=area,removelogo=filename=${escapeValue(box.mask.fillPath)}[${small}]`,
        `[${small}]scale=${region.w}:${region.h}:flags=bicubic[${filled}]`,
        `movie=filename=${escapeValue(box.mask.alphaPath)},format=gray,boxblur=luma_radius=2:luma_power=1[${alpha}]`,
        `[${filled}][${alpha}]alphamerge[${patch}]`,
        `[${base}][${patch}]overlay=${region.x}:${region.y}${enable}[${out}]`,
      );
      current = out;
    } else if (box.method === 'blur') {
      const b = clampBox(box, width, height, 2, 0);
      const area = { x: even(b.x), y: even(b.y), w: Math.max(4, even(b.w)), h: Math.max(4, even(b.h)) };
      area.w = Math.min(area.w, even(width - area.x));
      area.h = Math.min(area.h, even(height - area.y));
      const side = Math.min(area.w, area.h);
      // boxblur's radius may not pass half the (chroma-subsampled) plane.
      const luma = Math.max(1, Math.min(24, Math.floor(side / 2) - 1));
      const chroma = Math.max(1, Math.min(12, Math.floor(side / 4) - 1));
      const [base, copy, blurred, out] = [next(), next(), next(), next()];
      parts.push(
        `[${current}]split[${base}][${copy}]`,
        `[${copy}]crop=${area.w}:${area.h}:${area.x}:${area.y},boxblur=luma_radius=${luma}:luma_power=3:chroma_radius=${chroma}:chroma_power=3[${blurred}]`,
        `[${base}][${blurred}]overlay=${area.x}:${area.y}${enable}[${out}]`,
      );
      current = out;
    }
  }
  const crop = edgeCrop(boxes, width, height);
  const tail = crop ? `crop=${crop.w}:${crop.h}:${crop.x}:${crop.y},scale=${width}:${height}:flags=lanczos` : 'null';
  parts.push(`[${current}]${tail}[v]`);
  return parts.join(';');
}

/** Box coordinates as fractions of the frame (0..1) → pixels of a `width` × `height` frame. */
export function toPixels(box: PixelBox, width: number, height: number): PixelBox {
  return { x: box.x * width, y: box.y * height, w: box.w * width, h: box.h * height };
}

/** Boxes shown at second `t` of the source, as a one-frame render at `t` needs them (no time ranges left). */
export function boxesAt(boxes: readonly RemovalBox[], t: number): RemovalBox[] {
  return boxes
    .filter((b) => b.method === 'crop' || ((b.startS ?? 0) <= t && (b.endS === undefined || t <= b.endS)))
    .map(({ startS: _s, endS: _e, ...box }) => box);
}

/** Time ranges moved `offset` seconds earlier, for a clip cut from the source at `offset`. */
export function shiftBoxes(boxes: readonly RemovalBox[], offset: number): RemovalBox[] {
  return boxes.map((b) => ({
    ...b,
    ...(b.startS !== undefined ? { startS: Math.max(0, b.startS - offset) } : {}),
    ...(b.endS !== undefined ? { endS: Math.max(0, b.endS - offset) } : {}),
  }));
}

export interface SourceFacts {
  /** As displayed (rotation applied): the frames every filter sees. */
  width: number;
  height: number;
  colorSpace?: string | undefined;
  colorPrimaries?: string | undefined;
  colorTransfer?: string | undefined;
  colorRange?: string | undefined;
}

/** ffmpeg arguments after `-i <source>` that encode the cleaned video: x264 at CRF 18, audio copied bit for bit. */
export function removalOutputArgs(
  filter: string,
  facts: SourceFacts,
  options: { preset: string; crf?: number; audio: boolean; mp4: boolean },
): string[] {
  const colour: string[] = [];
  const keep = (flag: string, value: string | undefined) => {
    if (value && value !== 'unknown' && value !== 'reserved') colour.push(flag, value);
  };
  keep('-colorspace', facts.colorSpace);
  keep('-color_primaries', facts.colorPrimaries);
  keep('-color_trc', facts.colorTransfer);
  keep('-color_range', facts.colorRange);
  return [
    '-filter_complex',
    filter,
    '-map',
    '[v]',
    ...(options.audio ? ['-map', '0:a?', '-c:a', 'copy'] : ['-an']),
    '-c:v',
    'libx264',
    '-crf',
    String(options.crf ?? 18),
    '-preset',
    options.preset,
    // Every source frame out with its own timestamp: the frame rate (constant or not) stays as it was.
    '-fps_mode',
    'passthrough',
    ...colour,
    '-map_metadata',
    '0',
    ...(options.mp4 ? ['-movflags', '+faststart'] : []),
  ];
}
