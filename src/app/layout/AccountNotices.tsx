/**
 * What the user must act on, on every signed-in screen (GET /me's `notices`, e.g. a webhook endpoint turned off
 * after failing), each linking to where it is fixed. Nothing is drawn while there is none.
 */
import { useStore } from '@nanostores/react';
import { Link } from 'react-router';
import { Icon } from '~/app/components/Icon';
import { $account } from '~/stores/account';

export function AccountNotices() {
  const notices = useStore($account)?.notices ?? [];
  if (notices.length === 0) return null;
  return (
    <section aria-label="Needs your attention" className="container-page pt-4">
      <ul className="grid gap-2">
        {notices.map((notice) => (
          <li
            key={notice.id}
            className="flex flex-wrap items-center gap-3 rounded-xl border border-danger/40 bg-danger/10 px-4 py-3 text-sm text-fg"
          >
            <Icon name="alert" className="size-4 shrink-0 text-danger" />
            <span className="min-w-0 flex-1">{notice.text}</span>
            <Link to={notice.href} className="btn btn-secondary btn-sm">
              Fix it
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
