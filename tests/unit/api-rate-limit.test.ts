import { describe, expect, it } from 'vitest';
import { TokenBuckets } from '~/server/http/rate-limit.ts';

describe('token bucket rate limiter', () => {
  it('allows a burst, then refuses with the wait until the next token', () => {
    const buckets = new TokenBuckets({ perMinute: 60, burst: 3 });
    const t = 1_000_000;
    expect([1, 2, 3].map(() => buckets.take('a', t).ok)).toEqual([true, true, true]);
    expect(buckets.take('a', t)).toEqual({ ok: false, retryAfterSeconds: 1 });
    // One token per second at 60/min.
    expect(buckets.take('a', t + 1_000).ok).toBe(true);
    expect(buckets.take('a', t + 1_000).ok).toBe(false);
  });

  it('keeps keys apart and caps refills at the burst size', () => {
    const buckets = new TokenBuckets({ perMinute: 6, burst: 2 });
    buckets.take('a', 0);
    buckets.take('a', 0);
    expect(buckets.take('a', 0).ok).toBe(false);
    expect(buckets.take('b', 0).ok).toBe(true);
    expect(buckets.take('a', 0)).toEqual({ ok: false, retryAfterSeconds: 10 });
    const later = 10 * 60_000;
    expect([1, 2, 3].map(() => buckets.take('a', later).ok)).toEqual([true, true, false]);
  });

  it('forgets the least recently used keys beyond its capacity', () => {
    const buckets = new TokenBuckets({ perMinute: 1, burst: 1 }, { maxKeys: 2 });
    buckets.take('a', 0);
    buckets.take('b', 0);
    buckets.take('c', 0);
    // "a" was evicted, so it starts with a full bucket again.
    expect(buckets.take('a', 0).ok).toBe(true);
    expect(buckets.take('c', 0).ok).toBe(false);
  });
});
