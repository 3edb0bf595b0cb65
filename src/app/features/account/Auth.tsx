import { useStore } from '@nanostores/react';
import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Icon } from '~/app/components/Icon';
import { Logo } from '~/app/components/Logo';
import { brand } from '~/config/brand';
import { authErrorMessage } from '~/lib/auth-errors';
import { afterSignIn } from '~/lib/return-to';
import {
  $auth,
  $redirectError,
  isFirstSignIn,
  sendReset,
  signIn,
  signInWithGoogle,
  signUp,
  startAuth,
  startAuthWhenIdle,
} from '~/stores/auth';
import { $sessionHint } from '~/stores/session-hint';
import { AgentPitch } from './AgentPitch';
import { type Credentials, CredentialsForm, type Mode, useCredentials } from './CredentialsForm';
import { SignInChoices, tabId } from './SignInChoices';

const COPY: Record<Mode, { heading: string; sub: string; submit: string; busy: string }> = {
  signin: {
    heading: 'Welcome back',
    sub: `Sign in to continue creating with ${brand.productName}.`,
    submit: 'Sign in',
    busy: 'Signing in…',
  },
  signup: {
    heading: 'Create your account',
    sub: 'No credit card required • Free signup with credits',
    submit: 'Create account',
    busy: 'Creating your account…',
  },
  reset: {
    heading: 'Reset your password',
    sub: "Enter your account's email and we'll send you a link to choose a new password.",
    submit: 'Send reset link',
    busy: 'Sending…',
  },
};

/** On the submit button while the SDK finds out whether a stored session is still valid. */
const CHECKING_SESSION = 'Checking your session…';

const noSubscription = () => () => {};

/**
 * False in the pre-rendered HTML and until React has taken this screen over, true from then on. Its buttons stay
 * disabled until then, so no click is silently lost and Enter in a field does not reload the page (the browser
 * skips a disabled submit button); the fields take typing all along.
 */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

function ResetLinkSent({ email }: { email: string }) {
  return (
    <div className="mt-6 rounded-xl border border-success/30 bg-success/10 p-4 text-sm text-fg" role="status">
      <p className="flex items-center gap-2 font-semibold text-success">
        <Icon name="mail" className="size-4" />
        Check your inbox
      </p>
      <p className="mt-1 text-fg-muted">
        If an account exists for <strong className="text-fg">{email}</strong>, a link to reset its password is on its
        way.
      </p>
    </div>
  );
}

function ServiceUnreachable() {
  return (
    <p
      className="mb-5 flex gap-2 rounded-xl border border-warning/30 bg-warning/10 p-3 text-sm text-warning"
      role="status"
    >
      <Icon name="wifiOff" className="size-5 shrink-0" />
      We can't reach the sign-in service right now. Check your connection and reload the page.
    </p>
  );
}

function LegalNote() {
  return (
    <p className="mt-6 text-center text-xs leading-relaxed text-fg-subtle">
      By continuing you agree to the{' '}
      <a className="text-fg-muted underline underline-offset-2 hover:text-fg" href="/terms">
        Terms
      </a>{' '}
      and the{' '}
      <a className="text-fg-muted underline underline-offset-2 hover:text-fg" href="/privacy">
        Privacy Policy
      </a>
      .
    </p>
  );
}

/** Once signed in, a new account goes to /welcome once; whether it is new, the profile sync's answer says. */
function useLeaveWhenSignedIn(signedInUid: string | null) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!signedInUid) return;
    let current = true;
    void isFirstSignIn(signedInUid).then((first) => {
      if (current) void navigate(afterSignIn(first), { replace: true });
    });
    return () => {
      current = false;
    };
  }, [signedInUid, navigate]);
}

/**
 * Which form is shown and what its buttons do: one action at a time, its error kept for the alert beside the form,
 * and the address a reset link was sent to.
 */
function useAuthActions(initialMode: Mode) {
  const [mode, setMode] = useState<Mode>(initialMode);
  const [busy, setBusy] = useState<'form' | 'google' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [resetSentTo, setResetSentTo] = useState<string | null>(null);

  const run = async (kind: 'form' | 'google', action: () => Promise<unknown>) => {
    setError(null);
    setBusy(kind);
    try {
      await action();
    } catch (err) {
      // Once, beside the form (an alert, so a screen reader hears it); a toast as well would say it twice.
      setError(authErrorMessage(err));
    } finally {
      setBusy(null);
    }
  };

  const submit = ({ name, email, password }: Credentials) =>
    run('form', async () => {
      if (mode === 'signin') await signIn(email, password);
      else if (mode === 'signup') await signUp(email, password, name);
      else {
        await sendReset(email);
        setResetSentTo(email);
      }
    });

  // Another tab of the form starts clean: no error, no reset link sent.
  const switchMode = (next: Mode) => {
    setMode(next);
    setError(null);
    setResetSentTo(null);
  };

  return { mode, switchMode, busy, error, setError, resetSentTo, run, submit };
}

/**
 * Sign in, sign up and password reset: the same screen at /auth, /login and /signup. Its pages are pre-rendered, so
 * the form is on screen and typeable before any script has run; the identity provider's SDK loads behind it and an
 * action submitted before it arrives waits for it (with the button busy).
 */
export default function Auth() {
  const auth = useStore($auth);
  const redirectError = useStore($redirectError);
  // Read after hydration only (the pre-rendered HTML is for a first visit), hence the initial value for that pass.
  const hasStoredSession = useStore($sessionHint, { ssr: 'initial' });
  const { pathname } = useLocation();
  const credentials = useCredentials();
  const [showPassword, setShowPassword] = useState(false);
  const { mode, switchMode, busy, error, setError, resetSentTo, run, submit } = useAuthActions(
    pathname.startsWith('/signup') ? 'signup' : 'signin',
  );
  const ids = useId();
  const hydrated = useHydrated();
  const copy = COPY[mode];
  const signedIn = auth.status === 'resolved' && auth.user !== null;
  // A visitor with a stored session is most likely on the way to their page: say so instead of offering sign-in.
  const checkingSession = signedIn || (auth.status === 'loading' && hasStoredSession);
  const actionsLocked = !hydrated || busy !== null || checkingSession;

  // A stored session needs the SDK's verdict now; otherwise it loads once the form is up.
  useEffect(() => (hasStoredSession ? startAuth() : startAuthWhenIdle()), [hasStoredSession]);
  useLeaveWhenSignedIn(auth.status === 'resolved' ? (auth.user?.uid ?? null) : null);
  useEffect(() => {
    if (redirectError) setError(redirectError);
  }, [redirectError, setError]);

  return (
    <div className="relative grid min-h-dvh lg:grid-cols-[1.05fr_1fr]">
      <div
        className="pointer-events-none fixed inset-0 -z-10 bg-[radial-gradient(50rem_30rem_at_0%_0%,rgb(139_92_246/0.22),transparent),radial-gradient(40rem_30rem_at_100%_100%,rgb(34_211_238/0.12),transparent)]"
        aria-hidden="true"
      />
      <AgentPitch />

      <main
        className="flex flex-col items-center justify-center px-4 py-10 sm:px-6"
        onFocus={startAuth}
        onPointerDown={startAuth}
      >
        <div className="w-full max-w-md">
          <div className="mb-8 flex justify-center lg:hidden">
            <Logo />
          </div>
          <div className="card card-pad shadow-2xl shadow-black/40">
            {auth.status === 'error' ? <ServiceUnreachable /> : null}
            <h1 className="text-2xl font-bold tracking-tight text-fg">{copy.heading}</h1>
            <p className="mt-1 text-sm text-fg-muted">{copy.sub}</p>

            {mode === 'reset' ? null : (
              <SignInChoices
                mode={mode}
                onChange={switchMode}
                baseId={ids}
                hydrated={hydrated}
                locked={actionsLocked}
                googleBusy={busy === 'google'}
                onGoogle={() => void run('google', signInWithGoogle)}
              />
            )}

            {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: the panel is a tabpanel except in reset mode, where it has neither role nor label */}
            <div
              id={`${ids}-panel`}
              role={mode === 'reset' ? undefined : 'tabpanel'}
              aria-labelledby={mode === 'reset' ? undefined : tabId(ids, mode)}
            >
              {resetSentTo ? (
                <ResetLinkSent email={resetSentTo} />
              ) : (
                <CredentialsForm
                  mode={mode}
                  baseId={ids}
                  credentials={credentials}
                  showPassword={showPassword}
                  onShowPassword={setShowPassword}
                  error={error}
                  onInvalid={setError}
                  hydrated={hydrated}
                  locked={actionsLocked}
                  submitLabel={busy === 'form' ? copy.busy : checkingSession ? CHECKING_SESSION : copy.submit}
                  waiting={busy === 'form' || checkingSession}
                  onForgot={() => switchMode('reset')}
                  onSubmit={(values) => void submit(values)}
                />
              )}
            </div>

            {mode === 'reset' ? (
              <button type="button" className="btn btn-ghost mt-4 w-full" onClick={() => switchMode('signin')}>
                <Icon name="arrowLeft" className="size-4" />
                Back to sign in
              </button>
            ) : null}
          </div>
          <LegalNote />
        </div>
      </main>
    </div>
  );
}
