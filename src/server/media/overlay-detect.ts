/**
 * Finding static overlays (logos, channel bugs, text watermarks) in a video from grey frames sampled across it. An
 * overlay is drawn at the same place in every frame while the picture under it changes, so its edges persist at
 * the same pixels while the content's edges move: per pixel, the share of frames with an edge there is high and
 * the edge strength is high. Those pixels form a mask; dilating it joins the strokes of one mark (letters of a
 * word, parts of a logo), and each connected part becomes a proposed box. Pure: the frames come from elsewhere.
 */

export interface PixelBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface OverlayDetection {
  /** Proposed boxes in the analysed frames' pixels, largest first. */
  boxes: PixelBox[];
  /** 1 where a static overlay's pixels are (holes of each mark filled), width × height: the shape for `removelogo`. */
  mask: Uint8Array;
  /** False when the picture barely changes: every edge then persists and nothing can be told apart. */
  pictureChanges: boolean;
}

export interface DetectOptions {
  /** Share of frames (0..1) in which a pixel must be an edge. */
  persistence?: number;
  /** Sobel magnitude (0..255 scale) that counts as an edge. */
  edgeThreshold?: number;
  /** Radius in pixels that joins the strokes of one mark; default 1.2 % of the width. */
  joinRadius?: number;
}

/** |gx| + |gy| of the 3×3 Sobel operator, scaled to 0..255; the one-pixel border stays 0. */
export function edgeMagnitude(frame: Uint8Array, width: number, height: number): Uint8Array {
  const out = new Uint8Array(width * height);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const a = frame[i - width - 1]!, b = frame[i - width]!, c = frame[i - width + 1]!;
      const d = frame[i - 1]!, f = frame[i + 1]!;
      const g = frame[i + width - 1]!, h = frame[i + width]!, k = frame[i + width + 1]!;
      const gx = c + 2 * f + k - a - 2 * d - g;
      const gy = g + 2 * h + k - a - 2 * b - c;
      out[i] = Math.min(255, (Math.abs(gx) + Math.abs(gy)) >> 2);
    }
  }
  return out;
}

/** Square dilation by `radius` (separable running maximum), for 0/1 masks. */
export function dilate(mask: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  if (radius <= 0) return mask.slice();
  const rows = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++) {
    // Two sweeps: distance to the nearest set pixel on the left and on the right.
    let seen = -Infinity;
    for (let x = 0; x < width; x++) {
      if (mask[y * width + x]) seen = x;
      if (x - seen <= radius) rows[y * width + x] = 1;
    }
    seen = Infinity;
    for (let x = width - 1; x >= 0; x--) {
      if (mask[y * width + x]) seen = x;
      if (seen - x <= radius) rows[y * width + x] = 1;
    }
  }
  const out = new Uint8Array(mask.length);
  for (let x = 0; x < width; x++) {
    let seen = -Infinity;
    for (let y = 0; y < height; y++) {
      if (rows[y * width + x]) seen = y;
      if (y - seen <= radius) out[y * width + x] = 1;
    }
    seen = Infinity;
    for (let y = height - 1; y >= 0; y--) {
      if (rows[y * width + x]) seen = y;
      if (seen - y <= radius) out[y * width + x] = 1;
    }
  }
  return out;
}

/** Sets the pixels of `mask` that no path of unset pixels connects to the border (the inside of a ring). */
export function fillHoles(mask: Uint8Array, width: number, height: number): Uint8Array {
  const outside = new Uint8Array(mask.length);
  const stack: number[] = [];
  const push = (i: number) => {
    if (!mask[i] && !outside[i]) {
      outside[i] = 1;
      stack.push(i);
    }
  };
  for (let x = 0; x < width; x++) {
    push(x);
    push((height - 1) * width + x);
  }
  for (let y = 0; y < height; y++) {
    push(y * width);
    push(y * width + width - 1);
  }
  while (stack.length > 0) {
    const i = stack.pop()!;
    const x = i % width;
    if (x > 0) push(i - 1);
    if (x < width - 1) push(i + 1);
    if (i >= width) push(i - width);
    if (i < mask.length - width) push(i + width);
  }
  return outside.map((o) => (o ? 0 : 1));
}

/** Connected parts (4-neighbour) of `joined`; each part's box spans the `core` pixels inside it. */
function components(joined: Uint8Array, core: Uint8Array, width: number): Array<PixelBox & { pixels: number }> {
  const seen = new Uint8Array(joined.length);
  const found: Array<PixelBox & { pixels: number }> = [];
  const stack: number[] = [];
  for (let start = 0; start < joined.length; start++) {
    if (!joined[start] || seen[start]) continue;
    let x0 = Infinity, y0 = Infinity, x1 = -1, y1 = -1, pixels = 0;
    seen[start] = 1;
    stack.push(start);
    while (stack.length > 0) {
      const i = stack.pop()!;
      const x = i % width;
      const y = (i - x) / width;
      if (core[i]) {
        pixels += 1;
        x0 = Math.min(x0, x); x1 = Math.max(x1, x);
        y0 = Math.min(y0, y); y1 = Math.max(y1, y);
      }
      for (const n of [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, i - width, i + width]) {
        if (n >= 0 && n < joined.length && joined[n] && !seen[n]) {
          seen[n] = 1;
          stack.push(n);
        }
      }
    }
    if (pixels > 0) found.push({ x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1, pixels });
  }
  return found;
}

/** Mean absolute difference between consecutive frames, 0..255. */
function meanChange(frames: readonly Uint8Array[]): number {
  let total = 0;
  for (let k = 1; k < frames.length; k++) {
    const a = frames[k - 1]!, b = frames[k]!;
    let sum = 0;
    for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
    total += sum / a.length;
  }
  return frames.length > 1 ? total / (frames.length - 1) : 0;
}

/** Below this mean change between samples (of 255) the video is treated as a still picture. */
const STILL_PICTURE = 2;

export function detectStaticOverlays(frames: readonly Uint8Array[], width: number, height: number, options: DetectOptions = {}): OverlayDetection {
  const persistence = options.persistence ?? 0.7;
  const threshold = options.edgeThreshold ?? 24;
  const joinRadius = options.joinRadius ?? Math.max(2, Math.round(width * 0.012));
  const size = width * height;
  const empty = { boxes: [], mask: new Uint8Array(size) };
  if (frames.length < 3) return { ...empty, pictureChanges: false };
  if (meanChange(frames) < STILL_PICTURE) return { ...empty, pictureChanges: false };

  const hits = new Uint16Array(size);
  const strength = new Float32Array(size);
  for (const frame of frames) {
    const edges = edgeMagnitude(frame, width, height);
    for (let i = 0; i < size; i++) {
      if (edges[i]! >= threshold) hits[i]! += 1;
      strength[i]! += edges[i]!;
    }
  }
  const needed = Math.ceil(frames.length * persistence);
  const core = new Uint8Array(size);
  for (let i = 0; i < size; i++) core[i] = hits[i]! >= needed && strength[i]! / frames.length >= threshold * 1.5 ? 1 : 0;

  const joined = dilate(core, width, height, joinRadius);
  const area = size;
  const boxes = components(joined, core, width)
    // A lone persistent pixel or a sliver is noise; a box over a third of the frame is not an overlay.
    .filter((b) => b.pixels >= 12 && b.w >= 4 && b.h >= 4 && b.w * b.h <= area / 3)
    .sort((a, b) => b.w * b.h - a.w * a.h)
    .map(({ x, y, w, h }) => ({ x, y, w, h }));

  // The mark's shape: strokes joined by a small closing, then the inside of each outline filled.
  const closed = dilate(core, width, height, 1);
  const mask = fillHoles(closed, width, height);
  return { boxes, mask, pictureChanges: true };
}

/** Intersection over union of two boxes (0..1). */
export function iou(a: PixelBox, b: PixelBox): number {
  const w = Math.max(0, Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x));
  const h = Math.max(0, Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y));
  const inter = w * h;
  return inter / (a.w * a.h + b.w * b.h - inter);
}

/** Run-length code of a 0/1 mask (lengths of alternating runs, starting with 0s), compact enough for a row. */
export function encodeMask(mask: Uint8Array): number[] {
  const runs: number[] = [];
  let value = 0;
  let run = 0;
  for (const bit of mask) {
    if (bit === value) run += 1;
    else {
      runs.push(run);
      value = bit;
      run = 1;
    }
  }
  runs.push(run);
  return runs;
}

export function decodeMask(runs: readonly number[], size: number): Uint8Array {
  const mask = new Uint8Array(size);
  let at = 0;
  runs.forEach((run, k) => {
    if (k % 2 === 1) mask.fill(1, at, Math.min(size, at + run));
    at += run;
  });
  return mask;
}
