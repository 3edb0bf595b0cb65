/** A row of radio cards for a small set of choices (aspect, resolution, captions, visuals). */
import type { ReactNode } from 'react';

export interface Choice<T extends string> {
  value: T;
  label: string;
  detail?: string;
  icon?: ReactNode;
}

export function ChoiceGroup<T extends string>({
  legend,
  name,
  value,
  choices,
  onChange,
  error,
  columns = 'sm:grid-cols-3',
  compact = false,
}: {
  legend: string;
  name: string;
  value: T;
  choices: readonly Choice<T>[];
  onChange: (value: T) => void;
  error?: string | undefined;
  columns?: string;
  /** On phones: side by side, icon over label, no detail line. */
  compact?: boolean;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="label mb-1">{legend}</legend>
      <div className={`grid gap-2 ${compact ? '' : 'grid-cols-1'} ${columns}`}>
        {choices.map((choice) => {
          const checked = choice.value === value;
          return (
            <label
              key={choice.value}
              className={`relative flex cursor-pointer items-center gap-3 rounded-xl border px-3 py-2.5 text-sm transition-colors ${compact ? 'max-sm:flex-col max-sm:gap-1 max-sm:px-2 max-sm:text-center' : ''} has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-cyan-300 ${
                checked
                  ? 'border-brand-400 bg-brand-500/15 text-fg'
                  : 'border-white/10 text-fg-muted hover:border-white/20'
              }`}
            >
              <input
                type="radio"
                name={name}
                value={choice.value}
                className="sr-only"
                checked={checked}
                onChange={() => onChange(choice.value)}
              />
              {choice.icon}
              <span className="min-w-0">
                <span className="block font-medium">{choice.label}</span>
                {choice.detail ? (
                  <span className={`block text-xs text-fg-subtle ${compact ? 'max-sm:hidden' : ''}`}>
                    {choice.detail}
                  </span>
                ) : null}
              </span>
            </label>
          );
        })}
      </div>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** A small frame in the aspect's shape. */
export function AspectShape({ aspect }: { aspect: '16:9' | '9:16' | '1:1' }) {
  const size = aspect === '16:9' ? 'h-4 w-7' : aspect === '9:16' ? 'h-7 w-4' : 'size-5';
  return (
    <span className="grid size-8 shrink-0 place-items-center" aria-hidden="true">
      <span className={`${size} rounded-[3px] border-2 border-current`} />
    </span>
  );
}
