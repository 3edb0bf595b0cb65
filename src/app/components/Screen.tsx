import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon';

/** Title block every app screen starts with. */
export function ScreenHeader({
  icon,
  title,
  description,
  children,
}: {
  icon: IconName;
  title: ReactNode;
  description: string;
  children?: ReactNode;
}) {
  return (
    <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="flex items-start gap-4">
        <span className="hidden size-12 shrink-0 place-items-center rounded-2xl border border-brand-500/30 bg-brand-500/10 text-brand-300 sm:grid">
          <Icon name={icon} className="size-6" />
        </span>
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-fg">{title}</h1>
          <p className="mt-1 max-w-2xl text-fg-muted">{description}</p>
        </div>
      </div>
      {children}
    </header>
  );
}
