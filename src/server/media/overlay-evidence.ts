/**
 * The per-pixel evidence overlay detection weighs, from a stack of RGB frames sampled across a video. A mark is
 * drawn with the same pixels in every frame it shows in while the picture under it changes, so three measures tell
 * it apart, each in its own map:
 *  - deviation: how far a pixel strays from its temporal mean (0 = the same colour in every frame: colour constancy);
 *  - steady edges: edges of the temporal mean picture. Edges that move (content, noise) average away; a mark's stay,
 *    even at half opacity (the mean of α·mark + (1−α)·picture keeps α of the mark's edge);
 *  - edge consistency: that mean gradient over its standard error across the frames (a t statistic). Noise leaves a
 *    little of its edges in any mean, but it scores about 1 here; an edge that holds in every frame scores far higher.
 * A fourth tells content that holds still from an opaque mark (both keep their pixels): content colour, how common
 * a pixel's colour is in the moving part of the picture (contentColourShare).
 * Pure: frames come from elsewhere (overlay-frames.ts).
 */

/** Frames sampled across a video: rgb24 at the analysis size, and the second each was taken at. */
export interface FrameStack {
  width: number;
  height: number;
  frames: readonly Uint8Array[];
  times: readonly number[];
}

export interface Evidence {
  /** Per pixel, the largest over R, G, B of the mean absolute deviation from the temporal mean, 0..255. */
  deviation: Float32Array;
  /** |Sobel| (0..255 scale) of the mean luma picture. */
  steadyEdges: Float32Array;
  /** |mean gradient| ÷ its standard error over the frames. */
  consistency: Float32Array;
  /** The mean picture: luma, and RGB interleaved. */
  meanLuma: Float32Array;
  meanRgb: Float32Array;
}

/** BT.601 luma of an rgb24 frame. */
export function lumaOf(rgb: Uint8Array, pixels: number): Uint8Array {
  const out = new Uint8Array(pixels);
  for (let i = 0, j = 0; i < pixels; i++, j += 3) out[i] = (77 * rgb[j]! + 150 * rgb[j + 1]! + 29 * rgb[j + 2]!) >> 8;
  return out;
}

/** The 3×3 Sobel gradient at pixel `i` (not on the border): [gx, gy], each a quarter of the raw sum. */
export function gradientAt(plane: ArrayLike<number>, width: number, i: number): [number, number] {
  const a = plane[i - width - 1]!,
    b = plane[i - width]!,
    c = plane[i - width + 1]!;
  const d = plane[i - 1]!,
    f = plane[i + 1]!;
  const g = plane[i + width - 1]!,
    h = plane[i + width]!,
    k = plane[i + width + 1]!;
  return [(c + 2 * f + k - a - 2 * d - g) / 4, (g + 2 * h + k - a - 2 * b - c) / 4];
}

/** |gx| + |gy| of the Sobel operator, 0..255 scale (a step of height s gives s), into `out`; the border stays 0. */
function sobelInto<T extends Float32Array | Uint8Array>(
  plane: ArrayLike<number>,
  width: number,
  height: number,
  out: T,
): T {
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const a = plane[i - width - 1]!,
        b = plane[i - width]!,
        c = plane[i - width + 1]!;
      const d = plane[i - 1]!,
        f = plane[i + 1]!;
      const g = plane[i + width - 1]!,
        h = plane[i + width]!,
        k = plane[i + width + 1]!;
      out[i] = Math.min(255, (Math.abs(c + 2 * f + k - a - 2 * d - g) + Math.abs(g + 2 * h + k - a - 2 * b - c)) / 4);
    }
  }
  return out;
}

export const sobelMagnitude = (plane: ArrayLike<number>, width: number, height: number): Float32Array =>
  sobelInto(plane, width, height, new Float32Array(width * height));

/** The same for an 8-bit frame, in bytes (truncated): one byte per pixel of every sampled frame is what detection keeps. */
export const edgeMagnitude = (frame: Uint8Array, width: number, height: number): Uint8Array =>
  sobelInto(frame, width, height, new Uint8Array(width * height));

/**
 * The evidence of frames `from` ≤ k < `to` of the stack, given each frame's luma (computed once for every window
 * that includes the frame).
 */
export function gatherEvidence(stack: FrameStack, lumas: readonly Uint8Array[], from: number, to: number): Evidence {
  const { width, height } = stack;
  const size = width * height;
  const n = to - from;
  const meanRgb = new Float32Array(size * 3);
  const sx = new Float32Array(size),
    sy = new Float32Array(size),
    sq = new Float32Array(size);
  for (let k = from; k < to; k++) {
    const frame = stack.frames[k]!;
    for (let j = 0; j < size * 3; j++) meanRgb[j]! += frame[j]!;
    const plane = lumas[k]!;
    for (let y = 1; y < height - 1; y++) {
      for (let x = 1; x < width - 1; x++) {
        const i = y * width + x;
        const a = plane[i - width - 1]!,
          b = plane[i - width]!,
          c = plane[i - width + 1]!;
        const d = plane[i - 1]!,
          f = plane[i + 1]!;
        const g = plane[i + width - 1]!,
          h = plane[i + width]!,
          q = plane[i + width + 1]!;
        const gx = (c + 2 * f + q - a - 2 * d - g) / 4,
          gy = (g + 2 * h + q - a - 2 * b - c) / 4;
        sx[i]! += gx;
        sy[i]! += gy;
        sq[i]! += gx * gx + gy * gy;
      }
    }
  }
  for (let j = 0; j < size * 3; j++) meanRgb[j]! /= n;
  const meanLuma = new Float32Array(size);
  for (let i = 0, j = 0; i < size; i++, j += 3)
    meanLuma[i] = (77 * meanRgb[j]! + 150 * meanRgb[j + 1]! + 29 * meanRgb[j + 2]!) / 256;
  const consistency = new Float32Array(size);
  for (let i = 0; i < size; i++) {
    const mx = sx[i]! / n,
      my = sy[i]! / n;
    const mean2 = mx * mx + my * my;
    // Sample variance of the gradient vector; the floor stands for the encoder's noise on a perfectly still edge.
    const variance = Math.max(1, (sq[i]! / n - mean2) * (n / Math.max(1, n - 1)));
    consistency[i] = Math.sqrt(mean2 / (variance / n));
  }

  const deviation = new Float32Array(size);
  for (let k = from; k < to; k++) {
    const frame = stack.frames[k]!;
    for (let i = 0, j = 0; i < size; i++, j += 3) {
      const r = Math.abs(frame[j]! - meanRgb[j]!);
      const g = Math.abs(frame[j + 1]! - meanRgb[j + 1]!);
      const b = Math.abs(frame[j + 2]! - meanRgb[j + 2]!);
      deviation[i]! += Math.max(r, g, b);
    }
  }
  for (let i = 0; i < size; i++) deviation[i]! /= n;
  return { deviation, steadyEdges: sobelMagnitude(meanLuma, width, height), consistency, meanLuma, meanRgb };
}

/** The value below which `share` of `values` lie (values 0..255), from a histogram of quarter steps. */
export function quantile(values: ArrayLike<number>, share: number, indices?: ArrayLike<number>): number {
  const bins = new Uint32Array(1024);
  const count = indices ? indices.length : values.length;
  if (count === 0) return 0;
  for (let k = 0; k < count; k++) {
    const v = values[indices ? indices[k]! : k]!;
    bins[Math.min(1023, Math.max(0, Math.round(v * 4)))]! += 1;
  }
  const target = share * count;
  let seen = 0;
  for (let b = 0; b < bins.length; b++) {
    seen += bins[b]!;
    if (seen >= target) return b / 4;
  }
  return 255;
}

/**
 * Per pixel, how common its mean colour is among the colours the changing part of the picture takes (pixels that
 * deviate by at least `changing`), over frames `from` ≤ k < `to`: the share of those samples in the same bin of 8
 * levels per channel or a neighbouring one. Content that holds still (a still life of a game, a flat area) keeps a
 * colour the moving content shows everywhere else; a mark brings colours of its own.
 */
export function contentColourShare(
  stack: FrameStack,
  evidence: Evidence,
  from: number,
  to: number,
  changing: number,
): Float32Array {
  const size = stack.width * stack.height;
  const bins = new Float32Array(32 * 32 * 32);
  let total = 0;
  for (let k = from; k < to; k++) {
    const frame = stack.frames[k]!;
    for (let i = 0, j = 0; i < size; i++, j += 3) {
      if (evidence.deviation[i]! < changing) continue;
      bins[((frame[j]! >> 3) << 10) | ((frame[j + 1]! >> 3) << 5) | (frame[j + 2]! >> 3)]! += 1;
      total += 1;
    }
  }
  // Each bin with its neighbours on every channel (a separable box of 3), so a colour on a bin's edge counts fully.
  let smooth = bins;
  for (const stride of [1, 32, 1024]) {
    const next = new Float32Array(smooth.length);
    for (let b = 0; b < smooth.length; b++) {
      const c = Math.floor(b / stride) % 32;
      next[b] = smooth[b]! + (c > 0 ? smooth[b - stride]! : 0) + (c < 31 ? smooth[b + stride]! : 0);
    }
    smooth = next;
  }
  const share = new Float32Array(size);
  if (total === 0) return share;
  const m = evidence.meanRgb;
  for (let i = 0, j = 0; i < size; i++, j += 3)
    share[i] =
      smooth[((Math.round(m[j]!) >> 3) << 10) | ((Math.round(m[j + 1]!) >> 3) << 5) | (Math.round(m[j + 2]!) >> 3)]! /
      total;
  return share;
}
