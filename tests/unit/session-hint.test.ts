// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { $sessionHint, hasStoredSession, isAuthUserValue } from '~/stores/session-hint';

const KEY = 'firebase:authUser:fake-api-key:[DEFAULT]';
const USER = JSON.stringify({ uid: 'u1', email: 'a@example.com', stsTokenManager: {} });

afterEach(() => localStorage.clear());

describe('session hint', () => {
  it('recognises a stored Firebase user with a uid', () => {
    expect(isAuthUserValue(USER)).toBe(true);
    expect(isAuthUserValue(JSON.stringify({ uid: '' }))).toBe(false);
    expect(isAuthUserValue(JSON.stringify({ email: 'a@example.com' }))).toBe(false);
    expect(isAuthUserValue('not json')).toBe(false);
    expect(isAuthUserValue(null)).toBe(false);
  });

  it('only counts keys of the Firebase auth-user prefix', () => {
    localStorage.setItem('someOtherKey', USER);
    expect(hasStoredSession(localStorage)).toBe(false);
    localStorage.setItem(KEY, USER);
    expect(hasStoredSession(localStorage)).toBe(true);
  });

  it('reads local storage when first used and follows storage events from other tabs', () => {
    localStorage.setItem(KEY, USER);
    const seen: boolean[] = [];
    const unsubscribe = $sessionHint.subscribe((value) => seen.push(value));
    expect($sessionHint.get()).toBe(true);

    localStorage.removeItem(KEY);
    window.dispatchEvent(new StorageEvent('storage', { key: KEY, newValue: null }));
    expect($sessionHint.get()).toBe(false);

    localStorage.setItem(KEY, USER);
    window.dispatchEvent(new StorageEvent('storage', { key: 'unrelated', newValue: 'x' }));
    expect($sessionHint.get()).toBe(false);
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect($sessionHint.get()).toBe(true);
    unsubscribe();
    expect(seen).toEqual([true, false, true]);
  });
});
