import { describe, expect, it } from 'vitest';
import { authErrorCode, authErrorMessage, GENERIC_AUTH_ERROR } from '~/lib/auth-errors';

const providerError = (code: string) =>
  Object.assign(new Error(`Firebase: Error (auth/${code}).`), { code: `auth/${code}` });

describe('identity-provider error messages', () => {
  const codes = [
    'email-already-in-use',
    'wrong-password',
    'invalid-credential',
    'user-not-found',
    'too-many-requests',
    'user-disabled',
    'network-request-failed',
    'account-exists-with-different-credential',
    'weak-password',
    'invalid-email',
    'popup-closed-by-user',
    'popup-blocked',
    'operation-not-allowed',
  ];

  it.each(codes)('gives auth/%s its own human message, never the raw code', (code) => {
    const message = authErrorMessage(providerError(code));
    expect(message).not.toBe(GENERIC_AUTH_ERROR);
    expect(message).not.toContain('auth/');
    expect(message).not.toContain('Firebase');
    expect(message).toMatch(/[.!]$/);
  });

  it('tells the spec-listed cases apart', () => {
    const messages = new Set(codes.map((code) => authErrorMessage(providerError(code))));
    expect(messages.size).toBe(codes.length);
  });

  it('points a disabled account at the support address', () => {
    expect(authErrorMessage(providerError('user-disabled'))).toContain('@');
  });

  it('falls back to a generic message for unknown codes and non-provider errors', () => {
    expect(authErrorMessage(providerError('internal-error'))).toBe(GENERIC_AUTH_ERROR);
    expect(authErrorMessage(new Error('boom'))).toBe(GENERIC_AUTH_ERROR);
    expect(authErrorMessage(undefined)).toBe(GENERIC_AUTH_ERROR);
  });

  it('reads the code with or without the auth/ prefix', () => {
    expect(authErrorCode({ code: 'auth/wrong-password' })).toBe('wrong-password');
    expect(authErrorCode({ code: 'wrong-password' })).toBe('wrong-password');
    expect(authErrorCode('auth/wrong-password')).toBeNull();
  });
});
