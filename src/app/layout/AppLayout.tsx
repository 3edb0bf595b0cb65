import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { NavLink, Outlet } from 'react-router';
import { Icon } from '~/app/components/Icon';
import { Logo } from '~/app/components/Logo';
import { TopUp } from '~/app/features/billing/TopUpDialog';
import { followRentals } from '~/app/features/gpu/store';
import { $account } from '~/stores/account';
import { openTopUp } from '~/stores/top-up';
import { AccountNotices } from './AccountNotices';
import { AppSupport } from './AppSupport';
import { BOTTOM_NAV, STUDIOS } from './nav';
import { UserMenu } from './UserMenu';

function CreditsBalance() {
  const account = useStore($account);
  const balance = account?.credits.balance;
  return (
    <button
      type="button"
      onClick={() => openTopUp()}
      className="inline-flex items-center gap-2 rounded-full border border-white/10 bg-white/5 px-3 py-1.5 text-sm font-medium text-fg hover:bg-white/10"
      title={balance === undefined ? 'Credit balance unavailable right now' : 'Your credit balance: top up'}
    >
      <Icon name="coins" className="size-4 text-accent-400" />
      <span data-testid="credits-balance">{balance === undefined ? '—' : balance.toLocaleString('en-US')}</span>
      <span className="sr-only sm:not-sr-only">credits</span>
    </button>
  );
}

const studioLinkClass = ({ isActive }: { isActive: boolean }) =>
  `inline-flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium transition-colors ${
    isActive ? 'bg-white/10 text-fg' : 'text-fg-muted hover:bg-white/5 hover:text-fg'
  }`;

const bottomLinkClass = ({ isActive }: { isActive: boolean }) =>
  `flex flex-1 flex-col items-center gap-1 py-2 text-[0.6875rem] font-medium ${isActive ? 'text-brand-300' : 'text-fg-subtle'}`;

/** Frame of every signed-in screen: top bar, the screen, and a bottom bar on phones. */
export function AppLayout() {
  // The low-credit warning of a running GPU must reach the user on any screen, not only after opening My rentals.
  useEffect(followRentals, []);
  return (
    <div className="relative flex min-h-dvh flex-col">
      <div
        className="pointer-events-none fixed inset-0 -z-10 bg-[radial-gradient(60rem_30rem_at_10%_-10%,rgb(139_92_246/0.18),transparent),radial-gradient(50rem_25rem_at_110%_10%,rgb(34_211_238/0.10),transparent)]"
        aria-hidden="true"
      />
      <a
        href="#app-main"
        className="btn btn-secondary btn-sm sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[70]"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-40 border-b border-white/[0.08] bg-ink-950/75 backdrop-blur-xl">
        <div className="container-page flex h-16 items-center gap-4">
          <Logo />
          <nav aria-label="Studios" className="ml-4 hidden md:block">
            <ul className="flex items-center gap-1">
              {STUDIOS.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} className={studioLinkClass}>
                    <Icon name={item.icon} className="size-4" />
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="ml-auto flex items-center gap-2 sm:gap-3">
            <CreditsBalance />
            <button type="button" onClick={() => openTopUp()} className="btn btn-primary btn-sm hidden sm:inline-flex">
              Upgrade
            </button>
            <UserMenu />
          </div>
        </div>
      </header>
      <AccountNotices />

      <main id="app-main" className="container-page flex-1 pb-28 pt-8 md:pb-16">
        <Outlet />
      </main>
      <TopUp />
      <AppSupport />

      <nav
        aria-label="Main"
        className="fixed inset-x-0 bottom-0 z-40 border-t border-white/[0.08] bg-ink-950/90 pb-[env(safe-area-inset-bottom)] backdrop-blur-xl md:hidden"
      >
        <ul className="flex">
          {BOTTOM_NAV.map((item) => (
            <li key={item.to} className="flex flex-1">
              <NavLink to={item.to} className={bottomLinkClass}>
                <Icon name={item.icon} className="size-5" />
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
