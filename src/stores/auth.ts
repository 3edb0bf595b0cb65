/**
 * Auth state for the signed-in app: loading → resolved (user or null), or error when the identity
 * provider cannot be reached. Firebase is imported lazily here, so a page that merely imports this store does
 * not download the SDK until startAuth() runs: at once on protected pages, behind the form on the sign-in screen
 * (startAuthWhenIdle), and in any case before an action that needs it.
 */
import { atom } from 'nanostores';
import { api } from '~/lib/api/client';
import { authErrorMessage } from '~/lib/auth-errors';
import { createProfileSync, sendProfile } from '~/lib/profile-sync';
import { clearAccount, refreshAccount } from './account';

export interface AuthUser {
  uid: string;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
  emailVerified: boolean;
}

export type AuthState =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'resolved'; user: AuthUser | null };

export const $auth = atom<AuthState>({ status: 'loading' });

/** A Google redirect sign-in that came back with an error, already turned into a message for the auth screen. */
export const $redirectError = atom<string | null>(null);

const firebase = () => import('~/lib/firebase');

export const toAuthUser = (user: AuthUser): AuthUser => ({
  uid: user.uid,
  email: user.email,
  displayName: user.displayName,
  photoURL: user.photoURL,
  emailVerified: user.emailVerified,
});

/**
 * Work the profile sync waits for: sign-up creates the account (which already signs the user in) and then sets the
 * display name, so the backend receives the name too. Each wait joins the others rather than replacing them, because
 * a sign-up can be submitted while startAuth is still adding its own (a redirect's result).
 */
let pendingProfileUpdate: Promise<unknown> = Promise.resolve();
const holdProfileSyncFor = (work: Promise<unknown>) => {
  pendingProfileUpdate = Promise.all([pendingProfileUpdate, work.catch(() => undefined)]);
};

let started = false;

/** The signup grant, set when this page's profile sync is the one that created the account (for /welcome). */
export const $signupGrant = atom<number | null>(null);

/** Uids Firebase reported as created by a sign-in on this page (e-mail sign-up, a first Google sign-in). */
const signedUp = new Set<string>();

/**
 * Per uid, whether its sign-in on this page was the account's first: Firebase created the account here and the
 * profile sync's `POST /auth/auth` is the request that made the NXN profile (`created`, true exactly once). The
 * sign-in screen waits for this to choose between /welcome and the page the user was going to.
 */
const firstSignIns = new Map<string, { promise: Promise<boolean>; resolve(first: boolean): void }>();
const firstSignIn = (uid: string) => {
  let entry = firstSignIns.get(uid);
  if (!entry) {
    let resolve: (first: boolean) => void = () => undefined;
    const promise = new Promise<boolean>((r) => (resolve = r));
    entry = { promise, resolve };
    firstSignIns.set(uid, entry);
  }
  return entry;
};
/** How long sign-in waits for that answer before going on as a returning user (a backend that hangs). */
const FIRST_SIGN_IN_WAIT_MS = 8000;

/** Answers true once: signing out and back in on the same page is a later sign-in. */
export async function isFirstSignIn(uid: string): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const gaveUp = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), FIRST_SIGN_IN_WAIT_MS)));
  const first = await Promise.race([firstSignIn(uid).promise, gaveUp]);
  clearTimeout(timer);
  if (first) firstSignIns.set(uid, { promise: Promise.resolve(false), resolve: () => undefined });
  return first;
}

/** Connects the store to Firebase once per page; safe to call from every mount. */
export function startAuth(): void {
  if (started) return;
  started = true;
  void (async () => {
    const { loadAuth, watchAuthState, finishRedirectSignIn } = await firebase();
    const auth = await loadAuth();
    api.setTokenProvider(async () => (auth.currentUser ? auth.currentUser.getIdToken() : null));

    const syncProfile = createProfileSync(async (uid) => {
      try {
        await pendingProfileUpdate;
        const user = auth.currentUser;
        const answer = user?.uid === uid ? await sendProfile(api, user) : null;
        const first = Boolean(answer?.created && signedUp.has(uid));
        if (first) $signupGrant.set(answer!.granted);
        firstSignIn(uid).resolve(first);
      } catch (error) {
        firstSignIn(uid).resolve(false);
        throw error;
      } finally {
        void refreshAccount();
      }
    });

    // The profile sync waits for a redirect's result, which says whether that sign-in created the account.
    holdProfileSyncFor(
      finishRedirectSignIn()
        .then((result) => {
          if (result?.isNewUser) signedUp.add(result.user.uid);
        })
        .catch((error: unknown) => $redirectError.set(authErrorMessage(error))),
    );
    watchAuthState(
      auth,
      (user) => {
        $auth.set({ status: 'resolved', user: user ? toAuthUser(user) : null });
        if (user) void syncProfile(user.uid);
        else clearAccount();
      },
      (error) => $auth.set({ status: 'error', error }),
    );
  })().catch((error: unknown) => {
    // The SDK chunk or its setup failed to load: the connection is the likely culprit.
    console.error('Could not start sign-in', error);
    $auth.set({ status: 'error', error });
  });
}

/** How long the sign-in screen lets a busy browser put off loading the SDK once the form is up. */
const IDLE_START_TIMEOUT_MS = 2000;

/**
 * The sign-in screen's start: the SDK loads once the browser is idle (the form has painted and hydrated by then),
 * so it never competes with the form; a field focused or an action taken starts it sooner. Returns a cancel.
 */
export function startAuthWhenIdle(): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(startAuth, { timeout: IDLE_START_TIMEOUT_MS });
    return () => cancelIdleCallback(handle);
  }
  // No idle callback (Safari): the form is already up when this runs, so start right after it.
  const timer = setTimeout(startAuth, 0);
  return () => clearTimeout(timer);
}

/** Loads the SDK (awaited by an action submitted before it arrived) with the auth state watching it. */
async function provider() {
  startAuth();
  return firebase();
}

export async function signIn(email: string, password: string): Promise<void> {
  await (await provider()).emailSignIn(email, password);
}

export async function signUp(email: string, password: string, displayName?: string): Promise<void> {
  const work = provider()
    .then((f) => f.emailSignUp(email, password, displayName?.trim() || undefined))
    .then((user) => {
      signedUp.add(user.uid);
      return user;
    });
  holdProfileSyncFor(work);
  const user = await work;
  // The auth state fired on account creation, before the name was set; a profile update does not fire it again.
  const state = $auth.get();
  if (state.status === 'resolved' && state.user?.uid === user.uid)
    $auth.set({ status: 'resolved', user: toAuthUser(user) });
}

export async function sendReset(email: string): Promise<void> {
  await (await provider()).sendReset(email);
}

export async function signInWithGoogle(): Promise<void> {
  const work = provider()
    .then((f) => f.googleSignIn())
    .then((result) => {
      if (result?.isNewUser) signedUp.add(result.user.uid);
    });
  // The profile sync waits to learn whether the popup created the account.
  holdProfileSyncFor(work);
  await work;
}

export async function signOut(): Promise<void> {
  await (await firebase()).signOutUser();
}

/** The signed-in user's ID token, or null when signed out. */
export async function getIdToken(): Promise<string | null> {
  const { loadAuth } = await firebase();
  const user = (await loadAuth()).currentUser;
  return user ? user.getIdToken() : null;
}
