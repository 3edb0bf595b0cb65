/**
 * The animated background's numbers (spec section 2, "Animated background"), kept pure so they are testable.
 */

/** How far each gradient circle moves per pixel of mouse position: the first follows, the second counters. */
export const PARALLAX_FACTORS = [0.02, -0.01] as const;

export const GRID_CELL_PX = 50;

export const DOT_COUNT = 6;
export const DOT_DURATION_RANGE_S = [12, 20] as const;

/** Scroll progress stops and the scale of the "breathing" circle at each. */
export const SCALE_STOPS = { progress: [0, 0.5, 1], scale: [1, 1.2, 0.8] } as const;

const clamp01 = (value: number): number => Math.min(1, Math.max(0, value));

export function parallaxOffset(mouse: { x: number; y: number }, factor: number): { x: number; y: number } {
  return { x: mouse.x * factor, y: mouse.y * factor };
}

/** Scroll progress 0 → 1 maps to 0 → 360 degrees. */
export function rotationForProgress(progress: number): number {
  return clamp01(progress) * 360;
}

/** Piecewise-linear interpolation through SCALE_STOPS. */
export function scaleForProgress(progress: number): number {
  const p = clamp01(progress);
  const [p0, p1, p2] = SCALE_STOPS.progress;
  const [s0, s1, s2] = SCALE_STOPS.scale;
  if (p <= p1) return s0 + ((s1 - s0) * (p - p0)) / (p1 - p0);
  return s1 + ((s2 - s1) * (p - p1)) / (p2 - p1);
}

export interface FloatingDot {
  /** Position as a percentage of the viewport. */
  leftPct: number;
  topPct: number;
  durationS: number;
  delayS: number;
}

/** Random dots; `random` is injectable so tests can pin it. */
export function makeDots(random: () => number = Math.random, count: number = DOT_COUNT): FloatingDot[] {
  const [minDuration, maxDuration] = DOT_DURATION_RANGE_S;
  return Array.from({ length: count }, () => ({
    leftPct: random() * 100,
    topPct: random() * 100,
    durationS: minDuration + random() * (maxDuration - minDuration),
    delayS: random() * 4,
  }));
}
