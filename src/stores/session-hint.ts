import { atom, onMount } from 'nanostores';

/**
 * "Is someone probably signed in?" for static pages, without loading Firebase. The Firebase JS SDK with
 * browserLocalPersistence keeps the current user in localStorage under `firebase:authUser:<apiKey>:<appName>`;
 * a key with a JSON value carrying a uid means a session exists. It is a hint for choosing links and labels,
 * never an authorisation check: the app still verifies the session with Firebase.
 */

export const AUTH_USER_KEY_PREFIX = 'firebase:authUser:';

type StorageLike = Pick<Storage, 'length' | 'key' | 'getItem'>;

export function isAuthUserValue(value: string | null): boolean {
  if (!value) return false;
  try {
    const parsed: unknown = JSON.parse(value);
    return (
      typeof parsed === 'object' &&
      parsed !== null &&
      typeof (parsed as { uid?: unknown }).uid === 'string' &&
      (parsed as { uid: string }).uid.length > 0
    );
  } catch {
    return false;
  }
}

export function hasStoredSession(storage: StorageLike): boolean {
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key?.startsWith(AUTH_USER_KEY_PREFIX) && isAuthUserValue(storage.getItem(key))) return true;
  }
  return false;
}

function readStorage(): boolean {
  try {
    return hasStoredSession(window.localStorage);
  } catch {
    // Storage can be disabled (privacy settings, sandboxed frames): treat as signed out.
    return false;
  }
}

/** Signed-out until the browser says otherwise, so the pre-rendered HTML matches a first visit. */
export const $sessionHint = atom<boolean>(false);

onMount($sessionHint, () => {
  // Pre-rendering reads the store too (the sign-in screen's HTML); there is no browser to ask then.
  if (typeof window === 'undefined') return undefined;
  $sessionHint.set(readStorage());
  // Another tab signing in or out updates this one too. (`storage` does not fire in the tab that wrote.)
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith(AUTH_USER_KEY_PREFIX)) $sessionHint.set(readStorage());
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
});
