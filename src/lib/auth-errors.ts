import { brand } from '~/config/brand';

/**
 * Identity-provider error codes (Firebase Auth, `auth/<code>`) mapped to what the user should read. Each message
 * says what happened and what to do next; none leaks the raw code.
 */
const MESSAGES: Record<string, string> = {
  'email-already-in-use': 'An account with this email already exists. Sign in instead, or reset your password.',
  'wrong-password': 'That password is incorrect. Try again, or reset your password.',
  'invalid-credential': 'The email or password is incorrect. Check both and try again.',
  'invalid-login-credentials': 'The email or password is incorrect. Check both and try again.',
  'user-not-found': 'No account uses this email. Check the address or create an account.',
  'too-many-requests': 'Too many attempts in a row. Wait a few minutes, then try again.',
  'user-disabled': `This account has been disabled. Contact ${brand.supportEmail} for help.`,
  'network-request-failed': "We couldn't reach the sign-in service. Check your connection and try again.",
  'account-exists-with-different-credential':
    'This email is already registered with another sign-in method. Sign in with that method first.',
  'weak-password': 'Choose a stronger password with at least 6 characters.',
  'invalid-email': 'Enter a valid email address.',
  'missing-email': 'Enter your email address.',
  'missing-password': 'Enter your password.',
  'popup-closed-by-user': 'The Google sign-in window was closed before sign-in finished.',
  'cancelled-popup-request': 'The Google sign-in window was closed before sign-in finished.',
  'popup-blocked': 'Your browser blocked the sign-in window. Allow pop-ups for this site and try again.',
  'operation-not-allowed': "This sign-in method isn't enabled right now. Please use another one.",
};

export const GENERIC_AUTH_ERROR = 'Something went wrong while signing you in. Please try again.';

/** The bare code ("wrong-password") of an identity-provider error, or null for anything else. */
export function authErrorCode(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string' || !code) return null;
  return code.startsWith('auth/') ? code.slice('auth/'.length) : code;
}

export function authErrorMessage(error: unknown): string {
  const code = authErrorCode(error);
  return (code && MESSAGES[code]) || GENERIC_AUTH_ERROR;
}
