/**
 * Where to go after signing in. The auth gate remembers the protected page a signed-out visitor asked for in
 * sessionStorage (per tab, survives the Google redirect flow) so the /auth URL stays exactly `/auth`.
 */
const KEY = 'nxn:return-to';
export const DEFAULT_AFTER_SIGN_IN = '/dashboard';
/** Where a brand-new account lands, once, instead. */
export const FIRST_SIGN_IN = '/welcome';
const AUTH_PATHS = new Set(['/auth', '/login', '/signup']);

type SessionStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Only same-site app paths: no protocol-relative `//host`, no backslash tricks, never back to the auth screen. */
export function isSafeReturnPath(path: string | null | undefined): path is string {
  if (!path?.startsWith('/') || path.startsWith('//') || path.includes('\\')) return false;
  const pathname = path.split(/[?#]/, 1)[0]?.replace(/\/+$/, '') || '/';
  return !AUTH_PATHS.has(pathname);
}

const session = (): SessionStore | null => {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
};

export function rememberReturnTo(path: string, store: SessionStore | null = session()): void {
  if (isSafeReturnPath(path)) store?.setItem(KEY, path);
}

/** After the first sign-in of a new account: /welcome (forgetting any remembered page); otherwise takeReturnTo. */
export function afterSignIn(created: boolean, store: SessionStore | null = session()): string {
  const path = takeReturnTo(store);
  return created ? FIRST_SIGN_IN : path;
}

/** The remembered page (forgotten once read), or the dashboard. */
export function takeReturnTo(store: SessionStore | null = session()): string {
  const path = store?.getItem(KEY);
  store?.removeItem(KEY);
  return isSafeReturnPath(path) ? path : DEFAULT_AFTER_SIGN_IN;
}
