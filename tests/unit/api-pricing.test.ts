import { describe, expect, it } from 'vitest';
import { imageCost, PRICES, SIGNUP_GRANT, scriptCost, ttsCost, videoCost } from '~/contract/pricing.ts';

describe('pricing', () => {
  it('charges video per started minute at the resolution rate', () => {
    expect(videoCost(60_000, '720p')).toBe(PRICES.videoPerMinute['720p']);
    expect(videoCost(60_001, '720p')).toBe(2 * PRICES.videoPerMinute['720p']);
    expect(videoCost(1, '1080p')).toBe(PRICES.videoPerMinute['1080p']);
    expect(videoCost(5 * 60_000, '1080p')).toBe(5 * PRICES.videoPerMinute['1080p']);
    expect(videoCost(0, '720p')).toBe(0);
    expect(videoCost(Number.NaN, '720p')).toBe(0);
  });

  it('charges speech per started 1000 characters, counting an emoji as one', () => {
    expect(ttsCost('')).toBe(0);
    expect(ttsCost('a')).toBe(PRICES.ttsPer1000Chars);
    expect(ttsCost('a'.repeat(1000))).toBe(PRICES.ttsPer1000Chars);
    expect(ttsCost('a'.repeat(1001))).toBe(2 * PRICES.ttsPer1000Chars);
    expect(ttsCost('😀'.repeat(1000))).toBe(PRICES.ttsPer1000Chars);
  });

  it('charges scripts flat and images per image', () => {
    expect(scriptCost()).toBe(PRICES.scriptGeneration);
    expect(imageCost(4)).toBe(4 * PRICES.imagePerImage);
    expect(imageCost(0)).toBe(0);
    expect(imageCost(1.5)).toBe(0);
  });

  it('makes the offline stand-ins that do not follow the request free, and prices the engines that do', () => {
    expect(scriptCost('builtin')).toBe(0);
    expect(scriptCost('llm')).toBe(PRICES.scriptGeneration);
    expect(imageCost(4, 'offline')).toBe(0);
    expect(imageCost(4, 'fal')).toBe(4 * PRICES.imagePerImage);
    expect(imageCost(2, 'openai')).toBe(2 * PRICES.imagePerImage);
  });

  it('gives a signup grant that covers at least a first short video', () => {
    expect(SIGNUP_GRANT).toBeGreaterThanOrEqual(videoCost(60_000, '1080p'));
  });
});
