/**
 * Moving and resizing a box on the frame, by pointer or keyboard: boxes are fractions of the frame (0..1) and
 * always stay inside it, never smaller than MIN_SIDE.
 */
import type { WatermarkBox } from '~/contract/watermark';

export const MIN_SIDE = 0.02;

type Rect = Pick<WatermarkBox, 'x' | 'y' | 'w' | 'h'>;

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const round = (v: number) => Math.round(v * 10_000) / 10_000;

/** The box moved by (dx, dy), stopped at the frame's edges. */
export function moveBox<T extends Rect>(box: T, dx: number, dy: number): T {
  return { ...box, x: round(clamp(box.x + dx, 0, 1 - box.w)), y: round(clamp(box.y + dy, 0, 1 - box.h)) };
}

/** The box's bottom-right corner moved by (dw, dh): at least MIN_SIDE, at most to the frame's edge. */
export function resizeBox<T extends Rect>(box: T, dw: number, dh: number): T {
  return { ...box, w: round(clamp(box.w + dw, MIN_SIDE, 1 - box.x)), h: round(clamp(box.h + dh, MIN_SIDE, 1 - box.y)) };
}

/** Arrow keys move the box (Shift: ten times as far); with Alt they resize it. Undefined for other keys. */
export function keyboardChange<T extends Rect>(box: T, key: string, shift: boolean, alt: boolean): T | undefined {
  const step = shift ? 0.05 : 0.005;
  const delta: Record<string, [number, number]> = {
    ArrowLeft: [-step, 0],
    ArrowRight: [step, 0],
    ArrowUp: [0, -step],
    ArrowDown: [0, step],
  };
  const d = delta[key];
  if (!d) return undefined;
  return alt ? resizeBox(box, d[0], d[1]) : moveBox(box, d[0], d[1]);
}

/** A new box in the middle of the frame, for a mark detection missed. */
export const newBox = (id: string): WatermarkBox => ({
  id,
  x: 0.4,
  y: 0.4,
  w: 0.2,
  h: 0.12,
  method: 'delogo',
  startS: null,
  endS: null,
  detected: false,
});

/** "12%" style CSS for a fraction. */
export const percent = (v: number) => `${(v * 100).toFixed(3)}%`;
