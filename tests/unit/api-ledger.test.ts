import { describe, expect, it } from 'vitest';
import {
  adjust,
  apply,
  capture,
  grant,
  InsufficientCreditsError,
  purchase,
  release,
  replay,
  reserve,
} from '~/server/credits/ledger.ts';

describe('ledger math', () => {
  it('moves credits from balance to reserved and out again', () => {
    const start = { balance: 100, reserved: 0 };
    const held = apply(start, reserve(30));
    expect(held).toEqual({ balance: 70, reserved: 30 });
    expect(apply(held, capture(30))).toEqual({ balance: 70, reserved: 0 });
    expect(apply(held, release(30))).toEqual({ balance: 100, reserved: 0 });
  });

  it('never goes below zero', () => {
    expect(() => apply({ balance: 5, reserved: 0 }, reserve(6))).toThrow(InsufficientCreditsError);
    expect(() => apply({ balance: 5, reserved: 0 }, adjust(-6))).toThrow(InsufficientCreditsError);
    expect(() => apply({ balance: 5, reserved: 2 }, capture(3))).toThrow(RangeError);
    expect(apply({ balance: 5, reserved: 0 }, reserve(5))).toEqual({ balance: 0, reserved: 5 });
  });

  it('rejects fractional and negative amounts', () => {
    expect(() => reserve(1.5)).toThrow(RangeError);
    expect(() => grant(-1)).toThrow(RangeError);
    expect(() => adjust(0.1)).toThrow(RangeError);
  });

  it('replays a history into the balance the row must hold', () => {
    const history = [grant(100), reserve(40), capture(40), purchase(50), reserve(20), release(20), adjust(-10)];
    expect(replay(history)).toEqual({ balance: 100, reserved: 0 });
    expect(history.reduce((sum, m) => sum + m.delta, 0)).toBe(100);
  });
});
