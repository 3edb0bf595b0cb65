import type { ReactNode } from 'react';
import { Link } from 'react-router';
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

/**
 * The honest empty state of a screen whose feature is not built: says so plainly, and offers a way on.
 * `children` describes what the screen will hold.
 */
export function UnavailableNotice({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section
      className="card card-pad mt-8 flex flex-col items-start gap-4 sm:flex-row"
      aria-labelledby="unavailable-title"
    >
      <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-accent-400/10 text-accent-400">
        <Icon name="info" className="size-5" />
      </span>
      <div className="flex-1">
        <h2 id="unavailable-title" className="text-lg font-semibold text-fg">
          {title}
        </h2>
        {children ? <div className="mt-1 text-fg-muted">{children}</div> : null}
        <Link to="/dashboard" className="btn btn-secondary btn-sm mt-4">
          <Icon name="arrowLeft" className="size-4" />
          Back to dashboard
        </Link>
      </div>
    </section>
  );
}
