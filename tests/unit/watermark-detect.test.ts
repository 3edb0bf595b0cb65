/**
 * Watermark detection on synthetic frame stacks, one evidence kind at a time: colour constancy (an opaque mark on
 * noise), steady edges (a translucent mark, whose pixels change with the picture under it), a calm picture (edges
 * only), a still picture (nothing can be told), a subject in the middle that barely moves, content that holds still
 * in its own colours (content colour), and marks that show for part of the video.
 */
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '~/server/media/color.ts';
import { detectOverlays, iou, type PixelBox, placeOf, standingOut } from '~/server/media/overlay-detect';
import { contentColourShare, type FrameStack, gatherEvidence, lumaOf, quantile } from '~/server/media/overlay-evidence';

const W = 160;
const H = 90;
const N = 48;

/** A seeded generator, so every run sees the same noise. */
const random = mulberry32;

type Background = (k: number, x: number, y: number) => [number, number, number];

/** Fresh noise in every frame, in 2×2 blocks like a scaled-up source, `spread` levels wide around mid-grey. */
const noise = (seed: number, spread = 256): Background => {
  const cache = new Map<number, Uint8Array>();
  return (k, x, y) => {
    let frame = cache.get(k);
    if (!frame) {
      const next = random(seed * 1000 + k);
      frame = Uint8Array.from({ length: (W / 2) * (H / 2) * 3 }, () => Math.floor(128 + (next() - 0.5) * spread));
      cache.set(k, frame);
    }
    const j = ((y >> 1) * (W / 2) + (x >> 1)) * 3;
    return [frame[j]!, frame[j + 1]!, frame[j + 2]!];
  };
};

/** A slow horizontal gradient whose colour drifts a little from frame to frame. */
const calm: Background = (k, x) => [40 + x / 4 + k / 4, 80 + k / 8, 120 - x / 8];

/** A mark: an outlined card with a dark inner block, drawn with `alpha` over frames `from` ≤ k < `to`. */
interface Mark extends PixelBox {
  alpha: number;
  from?: number;
  to?: number;
}

function markPixel(m: Mark, x: number, y: number): [number, number, number] | undefined {
  if (x < m.x || x >= m.x + m.w || y < m.y || y >= m.y + m.h) return undefined;
  const inner = x >= m.x + m.w / 4 && x < m.x + (3 * m.w) / 4 && y >= m.y + m.h / 4 && y < m.y + (3 * m.h) / 4;
  return inner ? [20, 40, 200] : [250, 250, 250];
}

function stack(
  background: Background,
  marks: Mark[],
  extra?: (k: number, x: number, y: number) => [number, number, number] | undefined,
): FrameStack {
  const frames = Array.from({ length: N }, (_, k) => {
    const rgb = new Uint8Array(W * H * 3);
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        let px = extra?.(k, x, y) ?? background(k, x, y);
        for (const m of marks) {
          const over = (m.from ?? 0) <= k && k < (m.to ?? N) ? markPixel(m, x, y) : undefined;
          if (over)
            px = [0, 1, 2].map((c) => Math.round(m.alpha * over[c]! + (1 - m.alpha) * px[c]!)) as [
              number,
              number,
              number,
            ];
        }
        rgb.set(px, (y * W + x) * 3);
      }
    }
    return rgb;
  });
  return { width: W, height: H, frames, times: frames.map((_, k) => (k + 0.5) / 8) };
}

const evidenceOf = (s: FrameStack) =>
  gatherEvidence(
    s,
    s.frames.map((f) => lumaOf(f, W * H)),
    0,
    s.frames.length,
  );
const inside = (b: PixelBox) => {
  const out: number[] = [];
  for (let y = b.y + 1; y < b.y + b.h - 1; y++) for (let x = b.x + 1; x < b.x + b.w - 1; x++) out.push(y * W + x);
  return out;
};
const bestIou = (boxes: PixelBox[], truth: PixelBox) => Math.max(0, ...boxes.map((b) => iou(b, truth)));

describe('watermark detection evidence', () => {
  const logo: Mark = { x: 126, y: 6, w: 28, h: 16, alpha: 1 };

  it('colour constancy: an opaque mark keeps its pixels while noise changes every pixel, and is found', () => {
    const s = stack(noise(1), [logo]);
    const evidence = evidenceOf(s);
    expect(quantile(evidence.deviation, 0.9, inside(logo))).toBeLessThanOrEqual(1);
    expect(quantile(evidence.deviation, 0.5)).toBeGreaterThan(40);
    const found = detectOverlays(s);
    expect(found.boxes).toHaveLength(1);
    expect(bestIou(found.boxes, logo)).toBeGreaterThanOrEqual(0.8);
    expect(found.boxes[0]).toMatchObject({ startS: null, endS: null });
    // The mask covers the card for the shape-following fill, not the noise around it.
    expect(found.mask.reduce((n, v) => n + v, 0)).toBeLessThan(2 * logo.w * logo.h);
  });

  it('steady edges: a half-transparent mark changes with the noise under it, but its edges hold and it is found', () => {
    const translucent = { ...logo, x: 6, y: 68, alpha: 0.5 };
    const s = stack(noise(2, 160), [translucent]);
    const evidence = evidenceOf(s);
    // Not constant: half of the picture's change shows through…
    expect(quantile(evidence.deviation, 0.5, inside(translucent))).toBeGreaterThan(15);
    // …yet its outline is a consistent edge, which noise almost never is.
    const outline = translucent.y * W + translucent.x + 8;
    expect(evidence.consistency[outline]).toBeGreaterThan(6);
    expect(quantile(evidence.consistency, 0.95)).toBeLessThan(4);
    expect(bestIou(detectOverlays(s).boxes, translucent)).toBeGreaterThanOrEqual(0.8);
  });

  it('a calm picture: the mark is found by its edges alone', () => {
    const s = stack(calm, [{ ...logo, alpha: 0.8 }]);
    expect(quantile(evidenceOf(s).deviation, 0.5)).toBeLessThan(6);
    const found = detectOverlays(s);
    expect(found.boxes).toHaveLength(1);
    expect(bestIou(found.boxes, logo)).toBeGreaterThanOrEqual(0.8);
  });

  it('a still picture full of edges: nothing can be told, and nothing is proposed', () => {
    const still = noise(3);
    const s = stack((_, x, y) => still(0, x, y), [logo]);
    expect(detectOverlays(s)).toMatchObject({ boxes: [], pictureChanges: false });
  });

  it('a textured subject in the middle that barely moves is not a mark; the corner mark is', () => {
    const texture = noise(4);
    const subject = (k: number, x: number, y: number): [number, number, number] | undefined => {
      const dx = Math.round(Math.sin(k / 3));
      return x >= 60 + dx && x < 100 + dx && y >= 30 && y < 60 ? texture(0, x - dx, y) : undefined;
    };
    const found = detectOverlays(stack(noise(5), [logo], subject));
    expect(found.boxes).toHaveLength(1);
    expect(bestIou(found.boxes, logo)).toBeGreaterThanOrEqual(0.8);
  });

  /** 2×2 cells that take one of two colours at random in every frame, like a scaled-up cellular automaton. */
  const cells = (seed: number, on: [number, number, number], off: [number, number, number]): Background => {
    const pick = noise(seed);
    return (k, x, y) => (pick(k, x, y)[0] >= 128 ? on : off);
  };
  const green: [number, number, number] = [0, 255, 136];
  const brown: [number, number, number] = [96, 64, 32];

  it('content colour: still bits of the picture in its own colours, all over the frame, are not marks', () => {
    // Areas that settled into brown with a green block in each, as a game of life leaves them, across the frame.
    const settled = [
      { x: 4, y: 30 },
      { x: 60, y: 56 },
      { x: 114, y: 40 },
    ];
    const stillLife = (_k: number, x: number, y: number): [number, number, number] | undefined => {
      const area = settled.find((a) => x >= a.x && x < a.x + 40 && y >= a.y && y < a.y + 30);
      if (!area) return undefined;
      return x >= area.x + 14 && x < area.x + 24 && y >= area.y + 10 && y < area.y + 20 ? green : brown;
    };
    const s = stack(cells(8, green, brown), [logo], stillLife);
    const evidence = evidenceOf(s);
    const share = contentColourShare(s, evidence, 0, N, 9);
    const block = 42 * W + 20;
    expect(evidence.deviation[block]).toBeLessThanOrEqual(1);
    expect(share[block]).toBeGreaterThan(0.1);
    // The mark's white card is in none of the picture's colours.
    expect(share[(logo.y + 1) * W + logo.x + 1]).toBeLessThan(0.001);
    const found = detectOverlays(s);
    expect(found.boxes).toHaveLength(1);
    expect(bestIou(found.boxes, logo)).toBeGreaterThanOrEqual(0.8);
  });

  it('content colour: an opaque mark in one place is a mark even in a colour of the picture', () => {
    const white: [number, number, number] = [250, 250, 250];
    const s = stack(cells(9, white, [0, 0, 0]), [logo]);
    const evidence = evidenceOf(s);
    expect(contentColourShare(s, evidence, 0, N, 9)[(logo.y + 1) * W + logo.x + 1]).toBeGreaterThan(0.1);
    const found = detectOverlays(s);
    expect(found.boxes).toHaveLength(1);
    expect(bestIou(found.boxes, logo)).toBeGreaterThanOrEqual(0.8);
  });

  it('a mark that appears partway gets the seconds it shows, starting no later than it does', () => {
    const late = { ...logo, from: 20 };
    const found = detectOverlays(stack(noise(6), [late]));
    expect(found.boxes).toHaveLength(1);
    const [box] = found.boxes;
    expect(iou(box!, late)).toBeGreaterThanOrEqual(0.8);
    // Frame 20 is at 2.5625 s; the range starts at the last sample without it.
    expect(box!.startS).toBeCloseTo(19.5 / 8, 5);
    expect(box!.endS).toBeNull();
  });

  it('a mark that moves between corners is two boxes, each with its own seconds', () => {
    const first = { ...logo, to: 24 };
    const second = { ...logo, x: 6, y: 68, from: 24 };
    const found = detectOverlays(stack(noise(7), [first, second]));
    expect(found.boxes).toHaveLength(2);
    const a = found.boxes.find((b) => iou(b, first) >= 0.8)!;
    const b = found.boxes.find((b) => iou(b, second) >= 0.8)!;
    expect(a).toMatchObject({ startS: null, endS: 24.5 / 8 });
    expect(b).toMatchObject({ startS: 23.5 / 8, endS: null });
  });
});

describe('watermark detection priors', () => {
  it('places boxes in corners, along edges or in the middle', () => {
    expect(placeOf({ x: 2, y: 2, w: 20, h: 10 }, W, H)).toBe('corner');
    expect(placeOf({ x: 70, y: 80, w: 20, h: 8 }, W, H)).toBe('edge');
    expect(placeOf({ x: 60, y: 30, w: 40, h: 30 }, W, H)).toBe('centre');
  });

  it('keeps only the candidates that stand out when a picture gives many', () => {
    const part = (n: number) => ({ pixels: new Int32Array(n) });
    expect(standingOut([part(50), part(60), part(40)])).toHaveLength(3);
    expect(standingOut([part(50), part(60), part(40), part(55), part(400)]).map((p) => p.pixels.length)).toEqual([400]);
  });
});
