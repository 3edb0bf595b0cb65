/** An on/off switch with its label and a one-line description, a checkbox with role="switch" underneath. */
import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon';

export function Switch({
  label,
  description,
  icon,
  checked,
  disabled = false,
  onChange,
}: {
  label: string;
  description?: ReactNode;
  icon?: IconName;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label
      className={`relative flex items-center justify-between gap-4 ${disabled ? 'cursor-not-allowed opacity-60' : 'cursor-pointer'}`}
    >
      <span className="flex items-center gap-3">
        {icon ? <Icon name={icon} className="size-5 text-brand-300" /> : null}
        <span>
          <span className="block text-sm font-medium text-fg">{label}</span>
          {description ? <span className="block text-xs text-fg-subtle">{description}</span> : null}
        </span>
      </span>
      <input
        type="checkbox"
        role="switch"
        className="peer sr-only"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        aria-label={label}
      />
      <span
        className="relative h-6 w-11 shrink-0 rounded-full bg-white/15 transition-colors after:absolute after:left-0.5 after:top-0.5 after:size-5 after:rounded-full after:bg-white after:transition-transform peer-checked:bg-brand-500 peer-checked:after:translate-x-5 peer-focus-visible:ring-2 peer-focus-visible:ring-cyan-300"
        aria-hidden="true"
      />
    </label>
  );
}
