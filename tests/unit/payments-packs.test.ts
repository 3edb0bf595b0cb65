import { describe, expect, it } from 'vitest';
import { CREDIT_PACKS, findPack, formatPrice, packFor, packTotal, whatCreditsBuy } from '~/contract/payments.ts';
import { imageCost, ttsCost, videoCost } from '~/contract/pricing.ts';

describe('credit packs', () => {
  it('add the bonus to the credits paid for, and bigger packs never cost more per credit', () => {
    expect(packTotal({ id: 'x', name: 'X', credits: 1_500, bonus: 150, priceMinor: 1_500 })).toBe(1_650);
    const perCredit = CREDIT_PACKS.map((pack) => pack.priceMinor / packTotal(pack));
    expect(perCredit).toEqual([...perCredit].sort((a, b) => b - a));
    expect(new Set(CREDIT_PACKS.map((pack) => pack.id)).size).toBe(CREDIT_PACKS.length);
    expect(findPack('creator')?.name).toBe('Creator');
    expect(findPack('nope')).toBeUndefined();
  });

  it('say what they buy with the prices the server charges, never more than the credits pay for', () => {
    const buys = whatCreditsBuy(1_650);
    expect(buys).toEqual({ videoMinutes1080p: 110, speechCharacters: 825_000, images: 550 });
    expect(videoCost(buys.videoMinutes1080p * 60_000, '1080p')).toBeLessThanOrEqual(1_650);
    expect(videoCost((buys.videoMinutes1080p + 1) * 60_000, '1080p')).toBeGreaterThan(1_650);
    expect(ttsCost('x'.repeat(buys.speechCharacters))).toBeLessThanOrEqual(1_650);
    expect(ttsCost('x'.repeat(buys.speechCharacters + 1))).toBeGreaterThan(1_650);
    expect(imageCost(buys.images)).toBeLessThanOrEqual(1_650);
    expect(imageCost(buys.images + 1)).toBeGreaterThan(1_650);
    expect(whatCreditsBuy(14)).toEqual({ videoMinutes1080p: 0, speechCharacters: 7_000, images: 4 });
  });

  it('pick the smallest pack that covers a shortfall, or the largest when none does', () => {
    expect(packFor(1).id).toBe('starter');
    expect(packFor(packTotal(CREDIT_PACKS[0]))).toBe(CREDIT_PACKS[0]);
    expect(packFor(packTotal(CREDIT_PACKS[0]) + 1)).toBe(CREDIT_PACKS[1]);
    expect(packFor(1_000_000)).toBe(CREDIT_PACKS.at(-1));
  });

  it('format prices in the currency, scaled by its own decimals', () => {
    expect(formatPrice(1_500, 'usd')).toBe('$15.00');
    expect(formatPrice(1_500, 'EUR')).toBe('€15.00');
    expect(formatPrice(1_500, 'jpy')).toBe('¥1,500');
    expect(formatPrice(1_500, 'kwd')).toBe('KWD\u00a01.500');
  });
});
