import type { KeyboardEvent } from 'react';
import { GoogleMark } from '~/app/components/Icon';
import type { Mode } from './CredentialsForm';

export const tabId = (baseId: string, mode: Mode) => `${baseId}-tab-${mode}`;

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

/** Above the e-mail form when signing in or up: the two tabs and the Google button. */
export function SignInChoices({
  mode,
  onChange,
  baseId,
  hydrated,
  locked,
  googleBusy,
  onGoogle,
}: {
  mode: Mode;
  onChange: (mode: Mode) => void;
  baseId: string;
  hydrated: boolean;
  locked: boolean;
  googleBusy: boolean;
  onGoogle: () => void;
}) {
  return (
    <div className="mt-6 grid gap-4">
      <ModeTabs mode={mode} onChange={onChange} baseId={baseId} disabled={!hydrated} />
      <button type="button" className="btn btn-secondary w-full" onClick={onGoogle} disabled={locked}>
        <GoogleMark />
        {googleBusy ? 'Opening Google…' : 'Continue with Google'}
      </button>
      <div className="flex items-center gap-3 text-xs uppercase tracking-wider text-fg-subtle" aria-hidden="true">
        <span className="h-px flex-1 bg-white/10" />
        or with email
        <span className="h-px flex-1 bg-white/10" />
      </div>
    </div>
  );
}
