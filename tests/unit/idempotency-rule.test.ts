import { describe, expect, it } from 'vitest';
import type { HttpError } from '~/server/http/errors.ts';
import { parseKey, repeatOutcome, requestFingerprint } from '~/server/http/idempotency.ts';

describe('the Idempotency-Key rule', () => {
  it('replays a kept answer, waits for a running one, and refuses another request', () => {
    const fingerprint = requestFingerprint('POST', '/videos', '{"script":"Hello."}');
    expect(repeatOutcome({ fingerprint, answer: '{"id":"a"}' }, fingerprint)).toEqual({
      action: 'replay',
      answer: '{"id":"a"}',
    });
    expect(repeatOutcome({ fingerprint, answer: undefined }, fingerprint)).toEqual({ action: 'wait' });
    expect(
      repeatOutcome({ fingerprint, answer: '{}' }, requestFingerprint('POST', '/videos', '{"script":"Hi."}')),
    ).toEqual({ action: 'conflict' });
  });

  it('tells requests apart by method, path and body', () => {
    const base = requestFingerprint('POST', '/jobs', '{}');
    expect(requestFingerprint('POST', '/jobs', '{}')).toBe(base);
    expect(
      new Set([
        base,
        requestFingerprint('PUT', '/jobs', '{}'),
        requestFingerprint('POST', '/images', '{}'),
        requestFingerprint('POST', '/jobs', '{ }'),
      ]).size,
    ).toBe(4);
  });

  it('takes a key of visible text up to 200 characters and names the header when refusing one', () => {
    expect(parseKey(undefined, 'header')).toBeUndefined();
    expect(parseKey('0193f2c4-8d1e', 'header')).toBe('0193f2c4-8d1e');
    const refusal = (() => {
      try {
        parseKey('k'.repeat(201), 'header');
      } catch (error) {
        return error as HttpError;
      }
      throw new Error('expected a refusal');
    })();
    expect(refusal).toMatchObject({ status: 400, message: 'Invalid Idempotency-Key header' });
    expect(Object.keys(refusal.fields ?? {})).toEqual(['idempotencyKey']);
    expect(() => parseKey(42, 'body')).toThrow('Invalid input');
  });
});
