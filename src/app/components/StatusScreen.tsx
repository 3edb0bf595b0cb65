import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon';

/** The app's full-area states: loading, connection error and route error all share this frame. */
export function StatusScreen({
  title,
  message,
  icon,
  busy = false,
  children,
}: {
  title: string;
  message?: string;
  icon?: IconName;
  busy?: boolean;
  children?: ReactNode;
}) {
  return (
    <div
      className="flex min-h-[60dvh] flex-col items-center justify-center gap-4 px-6 py-16 text-center"
      role={busy ? 'status' : 'alert'}
      aria-live="polite"
    >
      {busy ? (
        <span
          className="size-10 animate-spin rounded-full border-2 border-white/15 border-t-brand-400"
          aria-hidden="true"
        />
      ) : icon ? (
        <span className="grid size-14 place-items-center rounded-2xl border border-white/10 bg-white/5 text-brand-300">
          <Icon name={icon} className="size-7" />
        </span>
      ) : null}
      <h1 className="text-2xl font-semibold tracking-tight text-fg">{title}</h1>
      {message ? <p className="max-w-md text-fg-muted">{message}</p> : null}
      {children}
    </div>
  );
}

export const LoadingScreen = () => <StatusScreen title="Loading..." busy />;

export const ConnectionErrorScreen = () => (
  <StatusScreen icon="wifiOff" title="Connection Error" message="Please check your connection and try again" />
);

export const RouteErrorScreen = () => (
  <StatusScreen icon="alert" title="Something went wrong" message="We're working to fix this issue">
    <button type="button" className="btn btn-primary mt-2" onClick={() => window.location.reload()}>
      <Icon name="refresh" className="size-4" />
      Reload Page
    </button>
  </StatusScreen>
);

/** A path the app has no screen for, or one this user may not know about (the operator console). */
export const NotFoundScreen = () => (
  <StatusScreen icon="alert" title="Page not found" message="This page doesn't exist or has moved.">
    <a href="/" className="btn btn-secondary">
      Go to the home page
    </a>
  </StatusScreen>
);
