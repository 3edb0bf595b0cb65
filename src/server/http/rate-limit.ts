/**
 * Token buckets kept in this process's memory. With N API replicas a client gets up to N times the limit; that is
 * accepted (the limits exist to stop floods, not to meter) and documented in docs/production.md.
 */
export interface BucketRule {
  /** Tokens refilled per minute. */
  perMinute: number;
  /** Bucket size: how many requests may arrive at once. */
  burst: number;
}

export type TakeResult = { ok: true } | { ok: false; retryAfterSeconds: number };

interface Bucket {
  tokens: number;
  at: number;
}

export class TokenBuckets {
  readonly #buckets = new Map<string, Bucket>();
  readonly #maxKeys: number;

  constructor(
    readonly rule: BucketRule,
    options: { maxKeys?: number } = {},
  ) {
    this.#maxKeys = options.maxKeys ?? 100_000;
  }

  take(key: string, now: number): TakeResult {
    const perMs = this.rule.perMinute / 60_000;
    const prev = this.#buckets.get(key);
    const tokens = prev ? Math.min(this.rule.burst, prev.tokens + (now - prev.at) * perMs) : this.rule.burst;
    if (tokens >= 1) {
      this.#set(key, { tokens: tokens - 1, at: now });
      return { ok: true };
    }
    this.#set(key, { tokens, at: now });
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / perMs / 1000)) };
  }

  #set(key: string, bucket: Bucket): void {
    // Re-insert so Map order is least-recently-used first; evict from the front when full.
    this.#buckets.delete(key);
    this.#buckets.set(key, bucket);
    if (this.#buckets.size > this.#maxKeys) {
      const oldest = this.#buckets.keys().next();
      if (!oldest.done) this.#buckets.delete(oldest.value);
    }
  }
}
