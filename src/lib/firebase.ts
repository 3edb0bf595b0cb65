/**
 * The Firebase Auth client. Import it only dynamically (see src/stores/auth.ts) so that static pages never load
 * the SDK; only the app and auth chunks do.
 *
 * With no PUBLIC_FIREBASE_API_KEY the app runs against the local Auth emulator under the `demo-nxn` project, which
 * firebase-tools serves without any credentials.
 */
import { type FirebaseOptions, getApp, getApps, initializeApp } from 'firebase/app';
import {
  type Auth,
  browserLocalPersistence,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  GoogleAuthProvider,
  getAdditionalUserInfo,
  getAuth,
  getRedirectResult,
  onAuthStateChanged,
  sendPasswordResetEmail,
  setPersistence,
  signInWithEmailAndPassword,
  signInWithPopup,
  signInWithRedirect,
  signOut,
  type User,
  type UserCredential,
  updateProfile,
} from 'firebase/auth';
import { authErrorCode } from './auth-errors';

export interface FirebaseEnv {
  apiKey?: string | undefined;
  authDomain?: string | undefined;
  projectId?: string | undefined;
  appId?: string | undefined;
  emulatorHost?: string | undefined;
}

export interface FirebaseSetup {
  options: FirebaseOptions;
  /** Set when the app must use the Auth emulator instead of a real project. */
  emulatorUrl: string | null;
}

export const DEMO_PROJECT_ID = 'demo-nxn';
export const DEFAULT_EMULATOR_HOST = '127.0.0.1:9099';

export function resolveFirebaseSetup(env: FirebaseEnv): FirebaseSetup {
  const apiKey = env.apiKey?.trim();
  if (apiKey) {
    const options: FirebaseOptions = { apiKey };
    if (env.authDomain) options.authDomain = env.authDomain;
    if (env.projectId) options.projectId = env.projectId;
    if (env.appId) options.appId = env.appId;
    return { options, emulatorUrl: null };
  }
  return {
    // The emulator accepts any key; the auth domain is only needed so the SDK allows popup/redirect sign-in.
    options: { apiKey: 'demo-api-key', projectId: DEMO_PROJECT_ID, authDomain: `${DEMO_PROJECT_ID}.firebaseapp.com` },
    emulatorUrl: `http://${env.emulatorHost?.trim() || DEFAULT_EMULATOR_HOST}`,
  };
}

const setup = resolveFirebaseSetup({
  apiKey: import.meta.env.PUBLIC_FIREBASE_API_KEY,
  authDomain: import.meta.env.PUBLIC_FIREBASE_AUTH_DOMAIN,
  projectId: import.meta.env.PUBLIC_FIREBASE_PROJECT_ID,
  appId: import.meta.env.PUBLIC_FIREBASE_APP_ID,
  emulatorHost: import.meta.env.PUBLIC_FIREBASE_AUTH_EMULATOR_HOST,
});

let ready: Promise<Auth> | undefined;

/** The Auth instance, connected to the emulator when needed and persisting the session in localStorage. */
export function loadAuth(): Promise<Auth> {
  ready ??= (async () => {
    const app = getApps().length > 0 ? getApp() : initializeApp(setup.options);
    const auth = getAuth(app);
    if (setup.emulatorUrl) connectAuthEmulator(auth, setup.emulatorUrl, { disableWarnings: true });
    // The session lives in local storage; if that cannot be set up, log it and carry on.
    await setPersistence(auth, browserLocalPersistence).catch((error: unknown) => {
      console.error('Could not keep the sign-in session in local storage', error);
    });
    return auth;
  })();
  return ready;
}

export type { User };

export function watchAuthState(auth: Auth, next: (user: User | null) => void, fail: (error: Error) => void) {
  return onAuthStateChanged(auth, next, fail);
}

export async function emailSignIn(email: string, password: string): Promise<User> {
  const auth = await loadAuth();
  return (await signInWithEmailAndPassword(auth, email, password)).user;
}

export async function emailSignUp(email: string, password: string, displayName?: string): Promise<User> {
  const auth = await loadAuth();
  const { user } = await createUserWithEmailAndPassword(auth, email, password);
  if (displayName) await updateProfile(user, { displayName });
  return user;
}

export async function sendReset(email: string): Promise<void> {
  await sendPasswordResetEmail(await loadAuth(), email);
}

/** A Google sign-in's user, and whether that sign-in created the account (the welcome screen follows a sign-up). */
export interface GoogleSignedIn {
  user: User;
  isNewUser: boolean;
}
const signedIn = (credential: UserCredential): GoogleSignedIn => ({
  user: credential.user,
  isNewUser: getAdditionalUserInfo(credential)?.isNewUser ?? false,
});

/** Popup first; when the browser blocks popups, the whole page goes through Google and comes back instead. */
export async function googleSignIn(): Promise<GoogleSignedIn | null> {
  const auth = await loadAuth();
  const provider = new GoogleAuthProvider();
  try {
    return signedIn(await signInWithPopup(auth, provider));
  } catch (error) {
    if (authErrorCode(error) !== 'popup-blocked') throw error;
    await signInWithRedirect(auth, provider);
    return null;
  }
}

/** Settles a Google redirect sign-in that brought the browser back here; throws its error, if any. */
export async function finishRedirectSignIn(): Promise<GoogleSignedIn | null> {
  const credential = await getRedirectResult(await loadAuth());
  return credential ? signedIn(credential) : null;
}

export async function signOutUser(): Promise<void> {
  await signOut(await loadAuth());
}
