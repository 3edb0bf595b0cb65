import { describe, expect, it } from 'vitest';
import { afterSignIn, DEFAULT_AFTER_SIGN_IN, isSafeReturnPath, rememberReturnTo, takeReturnTo } from '~/lib/return-to';

const memoryStore = () => {
  const data = new Map<string, string>();
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
};

describe('return to the requested page after sign-in', () => {
  it('returns the remembered page once, then the dashboard', () => {
    const store = memoryStore();
    rememberReturnTo('/nxn-agent/video/abc?tab=captions', store);
    expect(takeReturnTo(store)).toBe('/nxn-agent/video/abc?tab=captions');
    expect(takeReturnTo(store)).toBe(DEFAULT_AFTER_SIGN_IN);
  });

  it.each(['//evil.example/x', 'https://evil.example', '/\\evil.example', '/auth', '/login/', '/signup?x=1', ''])(
    'refuses %j as a destination',
    (path) => {
      expect(isSafeReturnPath(path)).toBe(false);
      const store = memoryStore();
      rememberReturnTo(path, store);
      expect(takeReturnTo(store)).toBe(DEFAULT_AFTER_SIGN_IN);
    },
  );
});

describe('afterSignIn', () => {
  it('sends a new account to /welcome and forgets the remembered page; others go where they were going', () => {
    const session = memoryStore();
    rememberReturnTo('/images', session);
    expect(afterSignIn(true, session)).toBe('/welcome');
    expect(afterSignIn(false, session)).toBe('/dashboard');
    rememberReturnTo('/images', session);
    expect(afterSignIn(false, session)).toBe('/images');
  });
});
