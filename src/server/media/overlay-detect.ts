/**
 * Finding static overlays (logos, channel bugs, text marks) in frames sampled across a video. A mark is where the
 * picture keeps the same pixels while the rest changes, and where edges stay put: the evidence maps of
 * overlay-evidence.ts give both. Pixels with either kind of evidence are joined into parts (the letters of a word,
 * the pieces of a logo) and each part is judged as a whole: it must be mark-sized, steadier than the picture
 * around it, and a part in the middle of the frame must be pixel-identical throughout, since a subject that barely
 * moves is steady too (marks sit in corners and along edges far more often). Content that holds still in the
 * picture's own colours all over the frame (a game of life's still lifes) is taken out first. The analysis runs on
 * the whole stack and on consecutive quarters of it, so a mark that shows for part of the video, or moves between
 * corners, is found too; each mark's frames are then told one by one, which gives its time range. Pure.
 */
import {
  contentColourShare,
  type Evidence,
  type FrameStack,
  gatherEvidence,
  gradientAt,
  lumaOf,
  quantile,
} from './overlay-evidence.ts';

export { edgeMagnitude, type FrameStack } from './overlay-evidence.ts';

export interface PixelBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A found mark in the analysed frames' pixels; `startS`/`endS` when it shows for part of the video only. */
export interface FoundMark extends PixelBox {
  startS: number | null;
  endS: number | null;
}

export interface OverlayDetection {
  /** Found marks, largest first. */
  boxes: FoundMark[];
  /** 1 where a mark's pixels are (holes of each mark filled), width × height: the shape for `removelogo`. */
  mask: Uint8Array;
  /** False when the picture barely changes and is full of edges: nothing can then be told from the picture. */
  pictureChanges: boolean;
}

/** Rectangular dilation by `rx` across and `ry` down (separable running maximum), for 0/1 masks. */
export function dilate(mask: Uint8Array, width: number, height: number, rx: number, ry = rx): Uint8Array {
  const rows = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++) {
    // Two sweeps: distance to the nearest set pixel on the left and on the right.
    let seen = -Infinity;
    for (let x = 0; x < width; x++) {
      if (mask[y * width + x]) seen = x;
      if (x - seen <= rx) rows[y * width + x] = 1;
    }
    seen = Infinity;
    for (let x = width - 1; x >= 0; x--) {
      if (mask[y * width + x]) seen = x;
      if (seen - x <= rx) rows[y * width + x] = 1;
    }
  }
  const out = new Uint8Array(mask.length);
  for (let x = 0; x < width; x++) {
    let seen = -Infinity;
    for (let y = 0; y < height; y++) {
      if (rows[y * width + x]) seen = y;
      if (y - seen <= ry) out[y * width + x] = 1;
    }
    seen = Infinity;
    for (let y = height - 1; y >= 0; y--) {
      if (rows[y * width + x]) seen = y;
      if (seen - y <= ry) out[y * width + x] = 1;
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

interface Part extends PixelBox {
  /** Indices of the evidence pixels in it. */
  pixels: Int32Array;
}

/** Connected parts (4-neighbour) of `joined`; each part's box spans the `core` pixels inside it. */
function components(joined: Uint8Array, core: Uint8Array, width: number): Part[] {
  const seen = new Uint8Array(joined.length);
  const found: Part[] = [];
  const stack = new Int32Array(joined.length);
  const pixels = new Int32Array(joined.length);
  for (let start = 0; start < joined.length; start++) {
    if (!joined[start] || seen[start]) continue;
    let x0 = Infinity,
      y0 = Infinity,
      x1 = -1,
      y1 = -1,
      count = 0,
      top = 0;
    seen[start] = 1;
    stack[top++] = start;
    while (top > 0) {
      const i = stack[--top]!;
      const x = i % width;
      const y = (i - x) / width;
      if (core[i]) {
        pixels[count++] = i;
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
      }
      const visit = (n: number) => {
        if (joined[n] && !seen[n]) {
          seen[n] = 1;
          stack[top++] = n;
        }
      };
      if (x > 0) visit(i - 1);
      if (x < width - 1) visit(i + 1);
      if (i >= width) visit(i - width);
      if (i + width < joined.length) visit(i + width);
    }
    if (count > 0) found.push({ x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1, pixels: pixels.slice(0, count) });
  }
  return found;
}

/** Thresholds of the judgement, on the 0..255 scale of the evidence maps. */
export const DETECTION = {
  /** Steady-edge strength that counts as an edge. */
  edge: 20,
  /** Edge consistency (t statistic) that counts: noise scores about 1, a mark's edge far more. */
  consistent: 6,
  /** Mean deviation of a pixel-identical mark: what the encoder's noise leaves. */
  identical: 3,
  /** Below this typical deviation the picture is calm: constancy says nothing, edges must do. */
  calm: 6,
  /** From this many candidates in one window on, the picture has still bits of its own. */
  crowd: 4,
  /** A calm picture with more of its area in steady edges than this is a still picture: nothing can be told. */
  stillEdges: 0.04,
  /**
   * Share of the moving picture's colour samples near a colour that makes it one of the picture's own. Content with
   * a few colours (a game's cells, flat areas) puts 10 % or more on each; noise and natural pictures spread theirs,
   * about 1 % at most near any one colour; a mark's own pixels, even if they all moved, are a few % of the frame.
   */
  contentColour: 0.03,
} as const;

type Place = 'corner' | 'edge' | 'centre';

/** Where a box sits: within the outer fifth on two sides (corner), one side (edge), or neither. */
export function placeOf(box: PixelBox, width: number, height: number): Place {
  const nearX = box.x <= width * 0.2 || box.x + box.w >= width * 0.8;
  const nearY = box.y <= height * 0.2 || box.y + box.h >= height * 0.8;
  return nearX && nearY ? 'corner' : nearX || nearY ? 'edge' : 'centre';
}

/**
 * Whether a part of the frame can be a mark: mark-sized, in a picture that changes around it, and either pixel-
 * identical throughout or, away from the middle, made of steady edges (a translucent mark lets the changing picture
 * through, so only its edges hold). Where the picture barely changes, only the analysis of the whole video judges,
 * and takes sparse steady edges away from the middle for a mark.
 */
export function judgePart(
  part: Part,
  evidence: Evidence,
  frame: { width: number; height: number; whole: boolean; calm: boolean; sparseEdges: boolean },
): boolean {
  const { width, height } = frame;
  const { w, h } = part;
  const area = width * height;
  if (w < 4 || h < 4 || part.pixels.length < area * 0.0003) return false;
  if (w > width * 0.5 || h > height * 0.35 || w * h > area * 0.1) return false;
  const place = placeOf(part, width, height);
  const around = quantile(evidence.deviation, 0.5, ringOf(part, width, height));
  if (frame.calm || around < DETECTION.calm) return frame.whole && frame.sparseEdges && place !== 'centre';
  const identical =
    quantile(evidence.deviation, 0.5, part.pixels) <= DETECTION.identical && around >= 3 * DETECTION.identical;
  return identical || place !== 'centre';
}

/** The pixels of a band around the box (as wide as half its shorter side, at least 4), clipped to the frame. */
function ringOf(box: PixelBox, width: number, height: number): Int32Array {
  const m = Math.max(4, Math.round(Math.min(box.w, box.h) / 2));
  const x0 = Math.max(0, box.x - m),
    x1 = Math.min(width, box.x + box.w + m);
  const y0 = Math.max(0, box.y - m),
    y1 = Math.min(height, box.y + box.h + m);
  const out: number[] = [];
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      if (x < box.x || x >= box.x + box.w || y < box.y || y >= box.y + box.h) out.push(y * width + x);
    }
  }
  return Int32Array.from(out);
}

interface WindowResult {
  parts: Part[];
  evidence: Evidence;
  calm: boolean;
  sparse: boolean;
}

/** The part's box without stray pixels: each side moved in past the outermost 1 % of its pixels. */
export function tightBox(part: Part, width: number): Part {
  const rows = new Uint32Array(part.h),
    cols = new Uint32Array(part.w);
  for (const i of part.pixels) {
    rows[Math.floor(i / width) - part.y]! += 1;
    cols[(i % width) - part.x]! += 1;
  }
  const skip = Math.floor(part.pixels.length * 0.01);
  const cut = (counts: Uint32Array) => {
    let lo = 0,
      hi = counts.length - 1,
      seen = 0;
    while (lo < hi && seen + counts[lo]! <= skip) seen += counts[lo++]!;
    seen = 0;
    while (hi > lo && seen + counts[hi]! <= skip) seen += counts[hi--]!;
    return [lo, hi] as const;
  };
  const [top, bottom] = cut(rows);
  const [left, right] = cut(cols);
  const x = part.x + left,
    y = part.y + top,
    w = right - left + 1,
    h = bottom - top + 1;
  const pixels = part.pixels.filter(
    (i) => i % width >= x && i % width < x + w && Math.floor(i / width) >= y && Math.floor(i / width) < y + h,
  );
  return { x, y, w, h, pixels };
}

/** Steady-edge pixels: strong in the mean picture, consistent across the frames, and not alone (noise is). */
export function steadyEdgeMask(evidence: Evidence, width: number, height: number): Uint8Array {
  const size = width * height;
  const raw = new Uint8Array(size);
  for (let i = 0; i < size; i++) {
    const s = evidence.steadyEdges[i]!;
    if (s >= DETECTION.edge && evidence.consistency[i]! >= DETECTION.consistent) raw[i] = 1;
  }
  const out = new Uint8Array(size);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      if (!raw[i]) continue;
      const around =
        raw[i - width - 1]! +
        raw[i - width]! +
        raw[i - width + 1]! +
        raw[i - 1]! +
        raw[i + 1]! +
        raw[i + width - 1]! +
        raw[i + width]! +
        raw[i + width + 1]!;
      if (around >= 3) out[i] = 1;
    }
  }
  return out;
}

/** The deviation up to which a pixel counts as unchanged: the encoder's noise, which grows with how busy the picture is. */
const identicalLimit = (typical: number) => Math.max(DETECTION.identical, 0.1 * typical);

/**
 * Pixel-identical parts of a changing picture, kept when they are mark-sized and carry steady edges (text on a
 * bug, a logo's outline): a flat area of the picture that holds still for a while has none.
 */
export function constantParts(
  evidence: Evidence,
  edges: Uint8Array,
  width: number,
  height: number,
  typical: number,
): Part[] {
  const size = width * height;
  const constant = new Uint8Array(size);
  const limit = identicalLimit(typical);
  for (let i = 0; i < size; i++) if (evidence.deviation[i]! <= limit) constant[i] = 1;
  return components(constant, constant, width).filter((part) => {
    if (part.pixels.length > size * 0.1 || part.pixels.length < size * 0.0003) return false;
    let support = 0;
    const x0 = Math.max(0, part.x - 2),
      x1 = Math.min(width, part.x + part.w + 2);
    const y0 = Math.max(0, part.y - 2),
      y1 = Math.min(height, part.y + part.h + 2);
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) support += edges[y * width + x]!;
    return support >= 0.5 * (part.w + part.h);
  });
}

/**
 * Clears from `core` the content that holds still: pixel-identical (deviation at most `identical`), in a colour of
 * the moving picture (`share` from contentColourShare), and found all over the frame (in at least a quarter of the
 * tiles of an 8 × 8 grid). A game of life's still lifes and the flat areas it settles into are such. A mark sits in
 * one place: an opaque one keeps its pixels even in a colour of the picture (white text over black and white cells),
 * a translucent one moves with the picture under it and blends into colours of its own, and either keeps the edges
 * where it meets the moving picture.
 */
export function clearStillContent(
  core: Uint8Array,
  evidence: Evidence,
  share: Float32Array,
  identical: number,
  width: number,
): void {
  const height = core.length / width;
  const still: number[] = [];
  const tiles = new Uint32Array(64);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (evidence.deviation[i]! > identical || share[i]! < DETECTION.contentColour) continue;
      still.push(i);
      tiles[Math.floor((y * 8) / height) * 8 + Math.floor((x * 8) / width)]! += 1;
    }
  }
  // A tile holds still content when 1 % of its pixels are.
  if (tiles.filter((n) => n >= (0.01 * core.length) / 64).length < 16) return;
  for (const i of still) core[i] = 0;
}

/**
 * A picture with still bits of its own (a game of life that settles, a scene with several still things) gives many
 * candidates; a video has a mark or two. Among many candidates, only those with far more evidence than the typical
 * one are kept.
 */
export function standingOut<T extends { pixels: ArrayLike<number> }>(parts: T[]): T[] {
  if (parts.length < DETECTION.crowd) return parts;
  const sizes = parts.map((p) => p.pixels.length).sort((a, b) => a - b);
  const typical = sizes[Math.floor(sizes.length / 2)]!;
  return parts.filter((p) => p.pixels.length >= 3 * typical);
}

/** One window's marks: evidence → masks → joined parts → judged. */
function analyseWindow(stack: FrameStack, lumas: readonly Uint8Array[], from: number, to: number): WindowResult {
  const whole = from === 0 && to === stack.frames.length;
  const { width, height } = stack;
  const size = width * height;
  const evidence = gatherEvidence(stack, lumas, from, to);
  const typical = quantile(evidence.deviation, 0.5);
  const calm = typical < DETECTION.calm;
  const steady = steadyEdgeMask(evidence, width, height);
  const core = steady.slice();
  if (!calm) {
    for (const part of constantParts(evidence, steady, width, height, typical))
      for (const i of part.pixels) core[i] = 1;
    clearStillContent(
      core,
      evidence,
      contentColourShare(stack, evidence, from, to, 3 * DETECTION.identical),
      identicalLimit(typical),
      width,
    );
  }
  const sparse = steady.reduce((n, v) => n + v, 0) <= size * DETECTION.stillEdges;
  // Joined further across than down: the letters of a word join, a line of the picture above a mark does not.
  const joined = dilate(
    core,
    width,
    height,
    Math.max(2, Math.round(width * 0.012)),
    Math.max(1, Math.round(height * 0.008)),
  );
  const parts = components(joined, core, width)
    .map((p) => tightBox(p, width))
    .filter((p) => judgePart(p, evidence, { width, height, whole, calm, sparseEdges: sparse }));
  return { parts: standingOut(parts), evidence, calm, sparse };
}

/** Share of frame `k` that agrees with the mark's look in the window it was found in: > 0.5 means it shows. */
function showsIn(stack: FrameStack, lumas: readonly Uint8Array[], k: number, part: Part, evidence: Evidence): boolean {
  const { width } = stack;
  const frame = stack.frames[k]!;
  let along = 0,
    norm = 0,
    same = 0;
  for (const i of part.pixels) {
    const x = i % width;
    if (x === 0 || x === width - 1 || i < width || i >= width * (stack.height - 1)) continue;
    const [tx, ty] = gradientAt(evidence.meanLuma, width, i);
    if (Math.abs(tx) + Math.abs(ty) >= DETECTION.edge) {
      const [fx, fy] = gradientAt(lumas[k]!, width, i);
      along += fx * tx + fy * ty;
      norm += tx * tx + ty * ty;
    }
    const j = i * 3;
    const d = Math.max(
      Math.abs(frame[j]! - evidence.meanRgb[j]!),
      Math.abs(frame[j + 1]! - evidence.meanRgb[j + 1]!),
      Math.abs(frame[j + 2]! - evidence.meanRgb[j + 2]!),
    );
    if (d <= 4 * DETECTION.identical) same += 1;
  }
  return (norm > 0 && along / norm >= 0.5) || same >= 0.7 * part.pixels.length;
}

type View = { part: Part; evidence: Evidence; frames: number };

/** Views of the same mark from different windows, in groups: views that overlap (half of the smaller) are one mark. */
export function groupViews<T extends { part: PixelBox }>(views: readonly T[]): T[][] {
  const groups = views.map((v) => [v]);
  for (let a = 0; a < groups.length; a++) {
    for (let b = groups.length - 1; b > a; b--) {
      if (groups[a]!.some((v) => groups[b]!.some((o) => overlap(v.part, o.part) >= 0.5))) {
        groups[a]!.push(...groups.splice(b, 1)[0]!);
        b = groups.length;
      }
    }
  }
  return groups;
}

/**
 * The view the others agree with most (summed IoU with each other view, weighed by that view's frames, since a longer
 * window is surer): a short window where the mark merged with a still bit of the picture loses, and so does a
 * fragment seen where the mark showed half the time.
 */
function agreedView(views: readonly View[]): View {
  let best = views[0]!,
    bestScore = -1;
  for (const v of views) {
    const score = views.reduce((sum, o) => (o === v ? sum : sum + iou(v.part, o.part) * o.frames), 0);
    if (score > bestScore) [best, bestScore] = [v, score];
  }
  return best;
}

/** Analyses the whole stack and its consecutive quarters; parts seen in several windows are one mark. */
export function detectOverlays(stack: FrameStack): OverlayDetection {
  const { width, height, frames } = stack;
  const size = width * height;
  const empty: OverlayDetection = { boxes: [], mask: new Uint8Array(size), pictureChanges: false };
  if (frames.length < 3) return empty;
  const lumas = frames.map((f) => lumaOf(f, size));

  const windows: Array<[number, number]> = [[0, frames.length]];
  if (frames.length >= 24) {
    for (const parts of [2, 4]) {
      const q = frames.length / parts;
      for (let k = 0; k < parts; k++) windows.push([Math.round(k * q), Math.round((k + 1) * q)]);
    }
  }
  const views: View[] = [];
  let pictureChanges = false;
  for (const [from, to] of windows) {
    const result = analyseWindow(stack, lumas, from, to);
    pictureChanges ||= !result.calm || result.sparse;
    for (const part of result.parts) views.push({ part, evidence: result.evidence, frames: to - from });
  }

  const boxes: FoundMark[] = [];
  const shape = new Uint8Array(size);
  for (const mark of groupViews(views)) {
    // A mark the whole video's analysis saw in (nearly) every frame is as that analysis saw it, the surest view.
    const whole = mark.find((v) => v.frames === frames.length);
    const wholeShown = whole && frames.map((_, k) => showsIn(stack, lumas, k, whole.part, whole.evidence));
    const allAlong = wholeShown !== undefined && wholeShown.filter(Boolean).length >= 0.9 * frames.length;
    const { part, evidence } = allAlong ? whole! : agreedView(mark);
    // A window alone can catch a part of the picture that held still for a moment: a mark that does not show all
    // along must hold for two windows, away from the middle of the frame.
    if (!whole && (mark.length < 2 || placeOf(part, width, height) === 'centre')) continue;
    const shown = allAlong ? wholeShown : frames.map((_, k) => showsIn(stack, lumas, k, part, evidence));
    const first = shown.indexOf(true);
    const last = shown.lastIndexOf(true);
    if (shown.filter(Boolean).length < Math.min(3, frames.length)) continue;
    // The range reaches to the neighbouring samples, where the mark was not seen: removal may start early, never late.
    boxes.push({
      x: part.x,
      y: part.y,
      w: part.w,
      h: part.h,
      startS: first > 0 ? stack.times[first - 1]! : null,
      endS: last < frames.length - 1 ? stack.times[last + 1]! : null,
    });
    for (const v of mark)
      for (const i of v.part.pixels)
        if (
          i % width >= part.x &&
          i % width < part.x + part.w &&
          Math.floor(i / width) >= part.y &&
          Math.floor(i / width) < part.y + part.h
        )
          shape[i] = 1;
  }
  boxes.sort((a, b) => b.w * b.h - a.w * a.h);
  // The mark's shape: strokes joined by a small closing, then the inside of each outline filled.
  const mask = fillHoles(dilate(shape, width, height, 1), width, height);
  return { boxes, mask, pictureChanges };
}

/** Intersection over union of two boxes (0..1). */
export function iou(a: PixelBox, b: PixelBox): number {
  const w = Math.max(0, Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x));
  const h = Math.max(0, Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y));
  const inter = w * h;
  return inter / (a.w * a.h + b.w * b.h - inter);
}

/** The share of the smaller box that the other covers (0..1). */
export function overlap(a: PixelBox, b: PixelBox): number {
  const w = Math.max(0, Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x));
  const h = Math.max(0, Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y));
  return (w * h) / Math.min(a.w * a.h, b.w * b.h);
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
