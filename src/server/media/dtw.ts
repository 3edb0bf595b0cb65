/**
 * Dynamic time warping between two feature sequences, restricted to a window of cells per row so long clips stay
 * cheap: a coarse pass over averaged frames finds the rough path, and each finer pass only looks near it
 * (multi-resolution DTW, as in FastDTW). A 5-minute clip at 10 ms frames needs a few million cells, not 900 million.
 */
import { downsampleFrames, type FeatureFrames } from './audio-features.ts';

/** Row i of the cost matrix covers columns lo[i] ≤ j < hi[i]. */
export interface DtwWindow {
  lo: Int32Array;
  hi: Int32Array;
}

/** The warping path as (i, j) pairs from (0, 0) to (n-1, m-1), each step moving by at most one in i and in j. */
export interface WarpPath {
  i: Int32Array;
  j: Int32Array;
}

/**
 * Makes a window walkable from (0, 0) to (n-1, m-1): both edges never move left, and each row starts no further
 * right than the previous row ends, so every row can be entered from the one above.
 */
function repair(lo: Int32Array, hi: Int32Array, m: number): DtwWindow {
  const n = lo.length;
  lo[0] = 0;
  hi[n - 1] = m;
  for (let i = 1; i < n; i++) hi[i] = Math.max(hi[i]!, hi[i - 1]!);
  for (let i = n - 2; i >= 0; i--) lo[i] = Math.min(lo[i]!, lo[i + 1]!);
  for (let i = 1; i < n; i++) lo[i] = Math.min(lo[i]!, hi[i - 1]!);
  for (let i = 0; i < n; i++) if (hi[i]! <= lo[i]!) hi[i] = lo[i]! + 1;
  return { lo, hi };
}

/** A Sakoe-Chiba band: `radius` columns either side of the straight line from corner to corner. */
export function bandWindow(n: number, m: number, radius: number): DtwWindow {
  const lo = new Int32Array(n);
  const hi = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const centre = n > 1 ? (i * (m - 1)) / (n - 1) : 0;
    lo[i] = Math.max(0, Math.floor(centre - radius));
    hi[i] = Math.min(m, Math.ceil(centre + radius) + 1);
  }
  return repair(lo, hi, m);
}

/** The cells of a `factor`-times finer grid under a coarse path, widened by `radius` fine cells. */
export function windowAroundPath(path: WarpPath, factor: number, n: number, m: number, radius: number): DtwWindow {
  const lo = new Int32Array(n).fill(m);
  const hi = new Int32Array(n);
  for (let k = 0; k < path.i.length; k++) {
    const rowFrom = Math.max(0, path.i[k]! * factor - radius);
    const rowTo = Math.min(n, (path.i[k]! + 1) * factor + radius);
    const colFrom = Math.max(0, path.j[k]! * factor - radius);
    const colTo = Math.min(m, (path.j[k]! + 1) * factor + radius);
    for (let r = rowFrom; r < rowTo; r++) {
      if (colFrom < lo[r]!) lo[r] = colFrom;
      if (colTo > hi[r]!) hi[r] = colTo;
    }
  }
  return repair(lo, hi, m);
}

const distance = (a: FeatureFrames, i: number, b: FeatureFrames, j: number): number => {
  let sum = 0;
  const dims = a.dims;
  const ai = i * dims;
  const bj = j * dims;
  for (let c = 0; c < dims; c++) {
    const d = a.data[ai + c]! - b.data[bj + c]!;
    sum += d * d;
  }
  return Math.sqrt(sum);
};

/** DTW of `a` (rows) against `b` (columns) inside `window`; returns the cheapest path. */
export function dtw(a: FeatureFrames, b: FeatureFrames, window: DtwWindow): WarpPath {
  const n = a.count;
  const { lo, hi } = window;
  const offsets = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) offsets[i + 1] = offsets[i]! + (hi[i]! - lo[i]!);
  const cost = new Float32Array(offsets[n]!);
  // 0: came diagonally, 1: from the row above, 2: from the left.
  const from = new Uint8Array(offsets[n]!);
  const at = (i: number, j: number): number =>
    i >= 0 && j >= lo[i]! && j < hi[i]! ? cost[offsets[i]! + j - lo[i]!]! : Infinity;

  for (let i = 0; i < n; i++) {
    for (let j = lo[i]!; j < hi[i]!; j++) {
      const cell = offsets[i]! + j - lo[i]!;
      const d = distance(a, i, b, j);
      if (i === 0 && j === 0) {
        cost[cell] = d;
        continue;
      }
      const diagonal = at(i - 1, j - 1);
      const up = at(i - 1, j);
      const left = j > lo[i]! ? cost[cell - 1]! : Infinity;
      // Diagonal steps cost the distance twice, so a straight run is not cheaper than a staircase.
      let best = diagonal + d;
      let step = 0;
      if (up < best) {
        best = up;
        step = 1;
      }
      if (left < best) {
        best = left;
        step = 2;
      }
      cost[cell] = best + d;
      from[cell] = step;
    }
  }

  const pathI: number[] = [];
  const pathJ: number[] = [];
  let i = n - 1;
  let j = b.count - 1;
  for (;;) {
    pathI.push(i);
    pathJ.push(j);
    if (i === 0 && j === 0) break;
    if (i === 0) j--;
    else {
      const step = from[offsets[i]! + j - lo[i]!];
      if (step === 0) {
        i--;
        j--;
      } else if (step === 1) i--;
      else j--;
    }
  }
  return { i: Int32Array.from(pathI.reverse()), j: Int32Array.from(pathJ.reverse()) };
}

export interface MultiscaleOptions {
  /** Full DTW is used once rows × columns is at most this. */
  maxCells?: number;
  /** Each level averages this many frames of the level below. */
  factor?: number;
  /** How far (in cells of the finer level) each refinement may stray from the coarser path. */
  radius?: number;
}

/** DTW over the whole of both sequences in near-linear time and memory. */
export function multiscaleDtw(a: FeatureFrames, b: FeatureFrames, options: MultiscaleOptions = {}): WarpPath {
  const maxCells = options.maxCells ?? 2_000_000;
  const factor = options.factor ?? 4;
  const radius = options.radius ?? 12;
  if (a.count * b.count <= maxCells || a.count < 2 * factor || b.count < 2 * factor) {
    // The coarsest level may not wander far from the diagonal: averaged frames are vague, and a path lost here
    // cannot be found again by the narrow refinements.
    const reach = Math.ceil(0.15 * Math.max(a.count, b.count) + 2000 / a.hopMs);
    return dtw(a, b, bandWindow(a.count, b.count, reach));
  }
  const coarse = multiscaleDtw(downsampleFrames(a, factor), downsampleFrames(b, factor), options);
  return dtw(a, b, windowAroundPath(coarse, factor, a.count, b.count, radius));
}
