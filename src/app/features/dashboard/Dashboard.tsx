import { useStore } from '@nanostores/react';
import { Link } from 'react-router';
import { Icon } from '~/app/components/Icon';
import { refreshAccount } from '~/stores/account';
import { $auth } from '~/stores/auth';
import { useActivity } from './activity';
import { BalanceCard } from './BalanceCard';
import { RecentWork, useRecentWork } from './RecentWork';
import { Studios } from './Studios';
import { WorkInProgress } from './WorkInProgress';

const firstName = (name: string | null | undefined, email: string | null | undefined) =>
  name?.trim().split(/\s+/)[0] || email?.split('@')[0] || 'there';

/** Home of the signed-in app: the balance and its trend, work in progress, recent work, and the way into each studio. */
export default function Dashboard() {
  const auth = useStore($auth);
  const user = auth.status === 'resolved' ? auth.user : null;
  const recent = useRecentWork();

  // Something finished: its record, the balance and the lists are out of date.
  const activity = useActivity(() => {
    void refreshAccount();
    recent.reloadFinished();
  });

  return (
    <div className="grid gap-8">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="text-sm font-medium text-brand-300">Dashboard</p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight text-fg sm:text-4xl">
            Welcome, {firstName(user?.displayName, user?.email)}
          </h1>
          <p className="mt-2 text-fg-muted">Pick a studio to start creating, or check your credits.</p>
        </div>
        <Link to="/analytics" className="btn btn-secondary btn-sm self-start">
          <Icon name="chart" className="size-4" />
          See your analytics
        </Link>
      </header>
      <BalanceCard />
      <WorkInProgress activity={activity} />
      <RecentWork lists={recent} />
      <Studios />
    </div>
  );
}
