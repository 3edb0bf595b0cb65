/** The auth screen's e-mail form: the name (sign-up only), the e-mail, the password (not for a reset), the submit. */
import { type RefObject, type SubmitEvent, useCallback, useEffect, useRef, useState } from 'react';
import { Icon } from '~/app/components/Icon';
import { authErrorMessage } from '~/lib/auth-errors';

export type Mode = 'signin' | 'signup' | 'reset';

export interface Credentials {
  name: string;
  email: string;
  password: string;
}
type Field = keyof Credentials;

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

export interface CredentialsState {
  values: Credentials;
  set: (field: Field, value: string) => void;
  refs: Record<Field, RefObject<HTMLInputElement | null>>;
}

/** What the fields hold, kept by the screen so it outlives the form (the "Check your inbox" note replaces it). */
export function useCredentials(): CredentialsState {
  const [values, setValues] = useState<Credentials>({ name: '', email: '', password: '' });
  const name = useRef<HTMLInputElement>(null);
  const email = useRef<HTMLInputElement>(null);
  const password = useRef<HTMLInputElement>(null);
  const set = useCallback(
    (field: Field, value: string) => setValues((current) => ({ ...current, [field]: value })),
    [],
  );

  // Typing (or the browser's autofill) can reach the pre-rendered fields before this screen hydrates: the fields
  // keep the text but the state does not have it, so take it over once.
  useEffect(() => {
    const typed: Partial<Credentials> = {};
    for (const [field, input] of [
      ['name', name],
      ['email', email],
      ['password', password],
    ] as const)
      if (input.current?.value) typed[field] = input.current.value;
    if (Object.keys(typed).length > 0) setValues((current) => ({ ...current, ...typed }));
  }, []);
  return { values, set, refs: { name, email, password } };
}

function PasswordField({
  mode,
  baseId,
  credentials: { values, set, refs },
  showPassword,
  onShowPassword,
  hydrated,
  onForgot,
}: {
  mode: Mode;
  baseId: string;
  credentials: CredentialsState;
  showPassword: boolean;
  onShowPassword: (show: boolean) => void;
  hydrated: boolean;
  onForgot: () => void;
}) {
  return (
    <div className="field">
      <div className="flex items-baseline justify-between">
        <label className="label" htmlFor={`${baseId}-password`}>
          Password
        </label>
        {mode === 'signin' ? (
          <button
            type="button"
            className="text-xs font-medium text-cyan-300 hover:underline"
            disabled={!hydrated}
            onClick={onForgot}
          >
            Forgot password?
          </button>
        ) : null}
      </div>
      <div className="relative">
        <input
          ref={refs.password}
          id={`${baseId}-password`}
          className="input pr-12"
          type={showPassword ? 'text' : 'password'}
          autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
          value={values.password}
          onChange={(event) => set('password', event.target.value)}
          aria-describedby={mode === 'signup' ? `${baseId}-password-hint` : undefined}
        />
        <button
          type="button"
          className="absolute inset-y-0 right-0 grid w-11 place-items-center text-fg-subtle hover:text-fg"
          disabled={!hydrated}
          onClick={() => onShowPassword(!showPassword)}
          aria-label={showPassword ? 'Hide password' : 'Show password'}
          aria-pressed={showPassword}
        >
          <Icon name={showPassword ? 'eyeOff' : 'eye'} className="size-5" />
        </button>
      </div>
      {mode === 'signup' ? (
        <p id={`${baseId}-password-hint`} className="hint">
          At least 6 characters.
        </p>
      ) : null}
    </div>
  );
}

/** Sign-up only: the name, which may stay empty. */
function NameField({ baseId, credentials: { values, set, refs } }: { baseId: string; credentials: CredentialsState }) {
  return (
    <div className="field">
      <label className="label" htmlFor={`${baseId}-name`}>
        Name <span className="font-normal text-fg-subtle">(optional)</span>
      </label>
      <input
        ref={refs.name}
        id={`${baseId}-name`}
        className="input"
        autoComplete="name"
        value={values.name}
        onChange={(event) => set('name', event.target.value)}
      />
    </div>
  );
}

export function CredentialsForm({
  mode,
  baseId,
  credentials,
  showPassword,
  onShowPassword,
  error,
  onInvalid,
  hydrated,
  locked,
  submitLabel,
  waiting,
  onForgot,
  onSubmit,
}: {
  mode: Mode;
  baseId: string;
  credentials: CredentialsState;
  showPassword: boolean;
  onShowPassword: (show: boolean) => void;
  error: string | null;
  onInvalid: (message: string) => void;
  hydrated: boolean;
  /** The submit button is disabled (not hydrated yet, busy, or a stored session is being checked). */
  locked: boolean;
  submitLabel: string;
  /** Busy or checking a session: the label alone, without its arrow. */
  waiting: boolean;
  onForgot: () => void;
  onSubmit: (credentials: Credentials) => void;
}) {
  const { values, set, refs } = credentials;
  const errorId = `${baseId}-error`;

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = values.email.trim();
    const invalid = validate(mode, email, values.password);
    if (invalid) {
      onInvalid(invalid);
      refs.email.current?.focus();
      return;
    }
    onSubmit({ ...values, email });
  };

  return (
    <form className="mt-4 grid gap-4" onSubmit={submit} noValidate aria-describedby={error ? errorId : undefined}>
      {mode === 'signup' ? <NameField baseId={baseId} credentials={credentials} /> : null}
      <div className="field">
        <label className="label" htmlFor={`${baseId}-email`}>
          Email
        </label>
        <input
          ref={refs.email}
          id={`${baseId}-email`}
          className="input"
          type="email"
          inputMode="email"
          autoComplete="email"
          value={values.email}
          onChange={(event) => set('email', event.target.value)}
          aria-invalid={error !== null && !values.email.trim() ? true : undefined}
        />
      </div>
      {mode === 'reset' ? null : (
        <PasswordField
          mode={mode}
          baseId={baseId}
          credentials={credentials}
          showPassword={showPassword}
          onShowPassword={onShowPassword}
          hydrated={hydrated}
          onForgot={onForgot}
        />
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

      <button type="submit" className="btn btn-primary btn-lg w-full" disabled={locked}>
        {submitLabel}
        {waiting ? null : <Icon name="arrowRight" className="size-4" />}
      </button>
    </form>
  );
}
