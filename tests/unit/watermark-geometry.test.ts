import { describe, expect, it } from 'vitest';
import { keyboardChange, MIN_SIDE, moveBox, newBox, resizeBox } from '~/app/features/watermark/geometry';

describe('watermark box geometry', () => {
  const box = { ...newBox('a'), x: 0.7, y: 0.1, w: 0.2, h: 0.1 };

  it('moves a box but never past the frame', () => {
    expect(moveBox(box, 0.5, -0.5)).toMatchObject({ x: 0.8, y: 0 });
    expect(moveBox(box, -0.1, 0.1)).toMatchObject({ x: 0.6, y: 0.2 });
  });

  it('resizes from the corner within the frame and not below the smallest side', () => {
    expect(resizeBox(box, 0.5, 0.05)).toMatchObject({ w: 0.3, h: 0.15 });
    expect(resizeBox(box, -1, -1)).toMatchObject({ w: MIN_SIDE, h: MIN_SIDE });
  });

  it('maps arrow keys to small moves, Shift to large ones and Alt to resizing', () => {
    expect(keyboardChange(box, 'ArrowLeft', false, false)).toMatchObject({ x: 0.695, w: 0.2 });
    expect(keyboardChange(box, 'ArrowDown', true, false)).toMatchObject({ y: 0.15 });
    expect(keyboardChange(box, 'ArrowRight', false, true)).toMatchObject({ x: 0.7, w: 0.205 });
    expect(keyboardChange(box, 'Enter', false, false)).toBeUndefined();
  });
});
