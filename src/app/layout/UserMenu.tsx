import { useStore } from '@nanostores/react';
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { toast } from 'sonner';
import { Icon } from '~/app/components/Icon';
import { authErrorMessage } from '~/lib/auth-errors';
import { $account, refreshAccount } from '~/stores/account';
import { $auth, type AuthUser, signOut } from '~/stores/auth';
import { ACCOUNT_LINKS, ADMIN_LINK } from './nav';
import { StorageDialog, StorageMeter } from './StorageDialog';

const initials = (user: AuthUser): string => {
  const source = user.displayName?.trim() || user.email || '?';
  const parts = source.split(/[\s@._-]+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '?') + (user.displayName ? (parts[1]?.[0] ?? '') : '')).toUpperCase();
};

export function Avatar({ user, className = 'size-9' }: { user: AuthUser; className?: string }) {
  return user.photoURL ? (
    <img src={user.photoURL} alt="" referrerPolicy="no-referrer" className={`${className} rounded-full object-cover`} />
  ) : (
    <span
      className={`${className} grid place-items-center rounded-full bg-linear-to-br from-brand-600 to-cyan-400/80 text-xs font-bold text-white`}
      aria-hidden="true"
    >
      {initials(user)}
    </span>
  );
}

/** An open menu closes on a press outside it, or on Escape, which gives the focus back to its button. */
function useCloseOutside(
  open: boolean,
  setOpen: (open: boolean) => void,
  root: RefObject<HTMLDivElement | null>,
  button: RefObject<HTMLButtonElement | null>,
) {
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, setOpen, root, button]);
}

/** The account pages, and the operator console for an admin. */
function AccountLinks({ admin }: { admin: boolean }) {
  return (
    <nav aria-label="Account">
      <ul className="py-2">
        {(admin ? [...ACCOUNT_LINKS, ADMIN_LINK] : ACCOUNT_LINKS).map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              className="flex items-center gap-3 rounded-lg px-2 py-2 text-sm text-fg-muted hover:bg-white/5 hover:text-fg"
            >
              <Icon name={item.icon} className="size-4" />
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Account disclosure: who is signed in, storage used, the account pages, and sign out. */
export function UserMenu() {
  const auth = useStore($auth);
  const account = useStore($account);
  const [open, setOpen] = useState(false);
  const [storageOpen, setStorageOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const location = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: moving to another page is the trigger: the menu closes
  useEffect(() => setOpen(false), [location.pathname]);

  useCloseOutside(open, setOpen, root, button);

  if (auth.status !== 'resolved' || !auth.user) return null;
  const user = auth.user;

  const handleSignOut = async () => {
    setSigningOut(true);
    try {
      await signOut();
    } catch (error) {
      toast.error(authErrorMessage(error));
      setSigningOut(false);
    }
  };

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        className="flex items-center gap-1 rounded-full p-0.5 pr-1.5 hover:bg-white/5"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          // Storage used changes with every upload and delete: show it as it is now.
          if (!open) void refreshAccount();
          setOpen((value) => !value);
        }}
      >
        <Avatar user={user} />
        <Icon name="chevronDown" className="size-4 text-fg-subtle" />
        <span className="sr-only">Account menu</span>
      </button>
      {open ? (
        <div
          id={panelId}
          className="card absolute right-0 top-full z-50 mt-2 w-72 overflow-hidden bg-ink-900 p-2 shadow-2xl shadow-black/50"
        >
          <div className="flex items-center gap-3 border-b border-white/10 px-2 pb-3 pt-1">
            <Avatar user={user} className="size-10" />
            <div className="min-w-0">
              {user.displayName ? <p className="truncate font-semibold text-fg">{user.displayName}</p> : null}
              <p className="truncate text-sm text-fg-muted">{user.email}</p>
            </div>
          </div>
          {account?.storage ? (
            <div className="grid gap-2 border-b border-white/10 px-2 py-3">
              <StorageMeter usage={account.storage} />
              <button
                type="button"
                className="justify-self-start text-sm font-medium text-brand-300 hover:text-fg"
                onClick={() => {
                  setOpen(false);
                  setStorageOpen(true);
                }}
              >
                Manage storage
              </button>
            </div>
          ) : null}
          <AccountLinks admin={account?.admin === true} />
          <button
            type="button"
            className="flex w-full items-center gap-3 rounded-lg border-t border-white/10 px-2 py-2.5 text-sm text-fg-muted hover:bg-white/5 hover:text-fg disabled:opacity-60"
            onClick={handleSignOut}
            disabled={signingOut}
          >
            <Icon name="logout" className="size-4" />
            {signingOut ? 'Signing out…' : 'Sign out'}
          </button>
        </div>
      ) : null}
      {storageOpen ? <StorageDialog onClose={() => setStorageOpen(false)} /> : null}
    </div>
  );
}
