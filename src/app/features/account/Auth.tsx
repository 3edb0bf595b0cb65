import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, useSyncExternalStore, type KeyboardEvent, type SubmitEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { brand } from '~/config/brand';
import { authErrorMessage } from '~/lib/auth-errors';
import { afterSignIn } from '~/lib/return-to';
import { $auth, $redirectError, isFirstSignIn, sendReset, signIn, signInWithGoogle, signUp, startAuth, startAuthWhenIdle } from '~/stores/auth';
import { $sessionHint } from '~/stores/session-hint';
import { GoogleMark, Icon } from '../../components/Icon';
import { Logo } from '../../components/Logo';

type Mode = 'signin' | 'signup' | 'reset';

const providerError = (code: string) => ({ code: `auth/${code}` });

/** Checks the form before calling the identity provider, with the same wording the provider's errors get. */
function validate(mode: Mode, email: string, password: string): string | null {
  if (!email) return authErrorMessage(providerError('missing-email'));
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return authErrorMessage(providerError('invalid-email'));
  if (mode === 'reset') return null;
  if (!password) return authErrorMessage(providerError('missing-password'));
  if (mode === 'signup' && password.length < 6) return authErrorMessage(providerError('weak-password'));
  return null;
}

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

const HIGHLIGHTS = ['Videos up to 5 minutes', '50+ AI voices', 'HD quality', 'No editing skills needed'];

const tabId = (baseId: string, mode: Mode) => `${baseId}-tab-${mode}`;

const noSubscription = () => () => {};

/**
 * False in the pre-rendered HTML and until React has taken this screen over, true from then on. Its buttons stay
 * disabled until then, so no click is silently lost and Enter in a field does not reload the page (the browser
 * skips a disabled submit button); the fields take typing all along.
 */
function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}

function ModeTabs({
  mode,
  onChange,
  baseId,
  disabled,
}: {
  mode: Mode;
  onChange: (mode: Mode) => void;
  baseId: string;
  disabled: boolean;
}) {
  const tabs: { id: Mode; label: string }[] = [
    { id: 'signin', label: 'Sign in' },
    { id: 'signup', label: 'Sign up' },
  ];
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const next = mode === 'signin' ? 'signup' : 'signin';
    onChange(next);
    event.currentTarget.querySelector<HTMLButtonElement>(`[data-mode="${next}"]`)?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label="Sign in or create an account"
      className="grid grid-cols-2 rounded-xl bg-ink-950/70 p-1"
      onKeyDown={onKeyDown}
    >
      {tabs.map((tab) => {
        const selected = mode === tab.id;
        return (
          <button
            key={tab.id}
            id={tabId(baseId, tab.id)}
            type="button"
            role="tab"
            data-mode={tab.id}
            aria-selected={selected}
            aria-controls={`${baseId}-panel`}
            tabIndex={selected ? 0 : -1}
            disabled={disabled}
            onClick={() => onChange(tab.id)}
            className={`rounded-lg px-3 py-2 text-sm font-semibold transition-colors ${
              selected ? 'bg-white/10 text-fg shadow-sm' : 'text-fg-subtle hover:text-fg'
            }`}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
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
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [mode, setMode] = useState<Mode>(pathname.startsWith('/signup') ? 'signup' : 'signin');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [name, setName] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [busy, setBusy] = useState<'form' | 'google' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [resetSentTo, setResetSentTo] = useState<string | null>(null);
  const ids = useId();
  const hydrated = useHydrated();
  const nameRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const copy = COPY[mode];
  const signedIn = auth.status === 'resolved' && auth.user !== null;
  // A visitor with a stored session is most likely on the way to their page: say so instead of offering sign-in.
  const checkingSession = signedIn || (auth.status === 'loading' && hasStoredSession);
  const actionsLocked = !hydrated || busy !== null || checkingSession;

  // A stored session needs the SDK's verdict now; otherwise it loads once the form is up.
  useEffect(() => (hasStoredSession ? startAuth() : startAuthWhenIdle()), [hasStoredSession]);

  // Typing (or the browser's autofill) can reach the pre-rendered fields before this screen hydrates: the fields
  // keep the text but the state does not have it, so take it over once.
  useEffect(() => {
    const typed = (input: HTMLInputElement | null) => input?.value ?? '';
    if (typed(nameRef.current)) setName(typed(nameRef.current));
    if (typed(emailRef.current)) setEmail(typed(emailRef.current));
    if (typed(passwordRef.current)) setPassword(typed(passwordRef.current));
  }, []);

  // A new account goes to /welcome once; whether it is new, the profile sync's answer says, so wait for it.
  const signedInUid = auth.status === 'resolved' ? (auth.user?.uid ?? null) : null;
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

  useEffect(() => {
    if (redirectError) setError(redirectError);
  }, [redirectError]);

  const switchMode = (next: Mode) => {
    setMode(next);
    setError(null);
    setResetSentTo(null);
  };

  const fail = (err: unknown) => {
    const message = authErrorMessage(err);
    setError(message);
    toast.error(message);
  };

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmedEmail = email.trim();
    const invalid = validate(mode, trimmedEmail, password);
    if (invalid) {
      setError(invalid);
      emailRef.current?.focus();
      return;
    }
    setError(null);
    setBusy('form');
    try {
      if (mode === 'signin') await signIn(trimmedEmail, password);
      else if (mode === 'signup') await signUp(trimmedEmail, password, name);
      else {
        await sendReset(trimmedEmail);
        setResetSentTo(trimmedEmail);
      }
    } catch (err) {
      fail(err);
    } finally {
      setBusy(null);
    }
  };

  const onGoogle = async () => {
    setError(null);
    setBusy('google');
    try {
      await signInWithGoogle();
    } catch (err) {
      fail(err);
    } finally {
      setBusy(null);
    }
  };

  const panelId = `${ids}-panel`;
  const errorId = `${ids}-error`;

  return (
    <div className="relative grid min-h-dvh lg:grid-cols-[1.05fr_1fr]">
      <div
        className="pointer-events-none fixed inset-0 -z-10 bg-[radial-gradient(50rem_30rem_at_0%_0%,rgb(139_92_246/0.22),transparent),radial-gradient(40rem_30rem_at_100%_100%,rgb(34_211_238/0.12),transparent)]"
        aria-hidden="true"
      />
      <aside className="relative hidden flex-col justify-between overflow-hidden border-r border-white/[0.06] p-12 lg:flex">
        <div
          className="absolute inset-0 -z-10 opacity-40 [background-image:linear-gradient(rgb(255_255_255/0.04)_1px,transparent_1px),linear-gradient(90deg,rgb(255_255_255/0.04)_1px,transparent_1px)] [background-size:50px_50px]"
          aria-hidden="true"
        />
        <Logo />
        <div className="max-w-lg">
          <span className="badge">Introducing {brand.agentName}</span>
          <p className="mt-6 text-5xl font-bold leading-tight tracking-tight text-fg">
            Your Script, Our AI, <span className="text-gradient">Perfect Videos</span>
          </p>
          <ul className="mt-8 grid grid-cols-2 gap-3">
            {HIGHLIGHTS.map((item) => (
              <li key={item} className="flex items-center gap-2 text-fg-muted">
                <span className="grid size-6 place-items-center rounded-full bg-success/15 text-success">
                  <Icon name="check" className="size-3.5" />
                </span>
                {item}
              </li>
            ))}
          </ul>
        </div>
        <p className="text-sm text-fg-subtle">No credit card required • Free signup with credits</p>
      </aside>

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
            {auth.status === 'error' ? (
              <p
                className="mb-5 flex gap-2 rounded-xl border border-warning/30 bg-warning/10 p-3 text-sm text-warning"
                role="status"
              >
                <Icon name="wifiOff" className="size-5 shrink-0" />
                We can't reach the sign-in service right now. Check your connection and reload the page.
              </p>
            ) : null}
            <h1 className="text-2xl font-bold tracking-tight text-fg">{copy.heading}</h1>
            <p className="mt-1 text-sm text-fg-muted">{copy.sub}</p>

            {mode === 'reset' ? null : (
              <div className="mt-6 grid gap-4">
                <ModeTabs mode={mode} onChange={switchMode} baseId={ids} disabled={!hydrated} />
                <button
                  type="button"
                  className="btn btn-secondary w-full"
                  onClick={onGoogle}
                  disabled={actionsLocked}
                >
                  <GoogleMark />
                  {busy === 'google' ? 'Opening Google…' : 'Continue with Google'}
                </button>
                <div
                  className="flex items-center gap-3 text-xs uppercase tracking-wider text-fg-subtle"
                  aria-hidden="true"
                >
                  <span className="h-px flex-1 bg-white/10" />
                  or with email
                  <span className="h-px flex-1 bg-white/10" />
                </div>
              </div>
            )}

            <div
              id={panelId}
              role={mode === 'reset' ? undefined : 'tabpanel'}
              aria-labelledby={mode === 'reset' ? undefined : tabId(ids, mode)}
            >
              {resetSentTo ? (
                <div
                  className="mt-6 rounded-xl border border-success/30 bg-success/10 p-4 text-sm text-fg"
                  role="status"
                >
                  <p className="flex items-center gap-2 font-semibold text-success">
                    <Icon name="mail" className="size-4" />
                    Check your inbox
                  </p>
                  <p className="mt-1 text-fg-muted">
                    If an account exists for <strong className="text-fg">{resetSentTo}</strong>, a link to reset its
                    password is on its way.
                  </p>
                </div>
              ) : (
                <form
                  className="mt-4 grid gap-4"
                  onSubmit={onSubmit}
                  noValidate
                  aria-describedby={error ? errorId : undefined}
                >
                  {mode === 'signup' ? (
                    <div className="field">
                      <label className="label" htmlFor={`${ids}-name`}>
                        Name <span className="font-normal text-fg-subtle">(optional)</span>
                      </label>
                      <input
                        ref={nameRef}
                        id={`${ids}-name`}
                        className="input"
                        autoComplete="name"
                        value={name}
                        onChange={(event) => setName(event.target.value)}
                      />
                    </div>
                  ) : null}
                  <div className="field">
                    <label className="label" htmlFor={`${ids}-email`}>
                      Email
                    </label>
                    <input
                      ref={emailRef}
                      id={`${ids}-email`}
                      className="input"
                      type="email"
                      inputMode="email"
                      autoComplete="email"
                      value={email}
                      onChange={(event) => setEmail(event.target.value)}
                      aria-invalid={error !== null && !email.trim() ? true : undefined}
                    />
                  </div>
                  {mode === 'reset' ? null : (
                    <div className="field">
                      <div className="flex items-baseline justify-between">
                        <label className="label" htmlFor={`${ids}-password`}>
                          Password
                        </label>
                        {mode === 'signin' ? (
                          <button
                            type="button"
                            className="text-xs font-medium text-cyan-300 hover:underline"
                            disabled={!hydrated}
                            onClick={() => switchMode('reset')}
                          >
                            Forgot password?
                          </button>
                        ) : null}
                      </div>
                      <div className="relative">
                        <input
                          ref={passwordRef}
                          id={`${ids}-password`}
                          className="input pr-12"
                          type={showPassword ? 'text' : 'password'}
                          autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
                          value={password}
                          onChange={(event) => setPassword(event.target.value)}
                          aria-describedby={mode === 'signup' ? `${ids}-password-hint` : undefined}
                        />
                        <button
                          type="button"
                          className="absolute inset-y-0 right-0 grid w-11 place-items-center text-fg-subtle hover:text-fg"
                          disabled={!hydrated}
                          onClick={() => setShowPassword((value) => !value)}
                          aria-label={showPassword ? 'Hide password' : 'Show password'}
                          aria-pressed={showPassword}
                        >
                          <Icon name={showPassword ? 'eyeOff' : 'eye'} className="size-5" />
                        </button>
                      </div>
                      {mode === 'signup' ? (
                        <p id={`${ids}-password-hint`} className="hint">
                          At least 6 characters.
                        </p>
                      ) : null}
                    </div>
                  )}

                  {error ? (
                    <p
                      id={errorId}
                      role="alert"
                      className="flex gap-2 rounded-xl border border-danger/30 bg-danger/10 p-3 text-sm text-danger"
                    >
                      <Icon name="alert" className="size-5 shrink-0" />
                      {error}
                    </p>
                  ) : null}

                  <button
                    type="submit"
                    className="btn btn-primary btn-lg w-full"
                    disabled={actionsLocked}
                  >
                    {busy === 'form' ? copy.busy : checkingSession ? CHECKING_SESSION : copy.submit}
                    {busy === 'form' || checkingSession ? null : <Icon name="arrowRight" className="size-4" />}
                  </button>
                </form>
              )}
            </div>

            {mode === 'reset' ? (
              <button type="button" className="btn btn-ghost mt-4 w-full" onClick={() => switchMode('signin')}>
                <Icon name="arrowLeft" className="size-4" />
                Back to sign in
              </button>
            ) : null}
          </div>
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
        </div>
      </main>
    </div>
  );
}
