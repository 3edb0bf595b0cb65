import { describe, expect, it } from 'vitest';
import {
  DOT_COUNT,
  GRID_CELL_PX,
  makeDots,
  PARALLAX_FACTORS,
  parallaxOffset,
  rotationForProgress,
  scaleForProgress,
} from '~/islands/background/math';

describe('animated background numbers', () => {
  it('moves the first circle by 0.02 and the second by -0.01 of the mouse position', () => {
    expect(PARALLAX_FACTORS).toEqual([0.02, -0.01]);
    expect(parallaxOffset({ x: 1000, y: 500 }, PARALLAX_FACTORS[0])).toEqual({ x: 20, y: 10 });
    expect(parallaxOffset({ x: 1000, y: 500 }, PARALLAX_FACTORS[1])).toEqual({ x: -10, y: -5 });
  });

  it('rotates the square 0 → 360 degrees over scroll progress 0 → 1, clamped', () => {
    expect(rotationForProgress(0)).toBe(0);
    expect(rotationForProgress(0.25)).toBe(90);
    expect(rotationForProgress(1)).toBe(360);
    expect(rotationForProgress(1.4)).toBe(360);
    expect(rotationForProgress(-0.2)).toBe(0);
  });

  it('scales the circle 1 / 1.2 / 0.8 at progress 0 / 0.5 / 1 and interpolates between', () => {
    expect(scaleForProgress(0)).toBe(1);
    expect(scaleForProgress(0.5)).toBeCloseTo(1.2);
    expect(scaleForProgress(1)).toBeCloseTo(0.8);
    expect(scaleForProgress(0.25)).toBeCloseTo(1.1);
    expect(scaleForProgress(0.75)).toBeCloseTo(1.0);
  });

  it('uses a 50px grid', () => {
    expect(GRID_CELL_PX).toBe(50);
  });

  it('makes six dots inside the viewport with durations between 12 and 20 seconds', () => {
    const extremes = [0, 0.999999];
    for (const value of extremes) {
      const dots = makeDots(() => value);
      expect(dots).toHaveLength(DOT_COUNT);
      expect(DOT_COUNT).toBe(6);
      for (const dot of dots) {
        expect(dot.durationS).toBeGreaterThanOrEqual(12);
        expect(dot.durationS).toBeLessThanOrEqual(20);
        expect(dot.leftPct).toBeGreaterThanOrEqual(0);
        expect(dot.leftPct).toBeLessThan(100);
      }
    }
  });

  it('places dots at random positions', () => {
    const dots = makeDots();
    const positions = new Set(dots.map((dot) => `${dot.leftPct},${dot.topPct}`));
    expect(positions.size).toBe(DOT_COUNT);
  });
});
