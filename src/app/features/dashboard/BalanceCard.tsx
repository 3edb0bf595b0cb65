/** The credit balance card: what is left, what work in progress holds, the 30-day trend and the way to buy more. */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import { Icon } from '~/app/components/Icon';
import { BalanceTrend } from '~/contract/analytics';
import { api } from '~/lib/api/client';
import { browserTimeZone } from '~/lib/time-zone';
import { $account } from '~/stores/account';
import { openTopUp } from '~/stores/top-up';
import { Sparkline } from './Sparkline';

/** The balance's last 30 days in the user's time zone, asked again whenever the balance moves; null until it answers. */
function useBalanceTrend(balance: number | undefined): BalanceTrend | null {
  const tz = useMemo(browserTimeZone, []);
  const [trend, setTrend] = useState<BalanceTrend | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the balance is the trigger: the trend is asked again whenever it moves
  useEffect(() => {
    const abort = new AbortController();
    api
      .get<BalanceTrend>(`/analytics/balance?tz=${encodeURIComponent(tz)}`, {
        parse: (data) => BalanceTrend.parse(data),
        signal: abort.signal,
      })
      .then(setTrend)
      .catch(() => undefined);
    return () => abort.abort();
  }, [tz, balance]);
  return trend;
}

/** The sparkline's text for screen readers: where the 30 days started and where they end. */
const trendLabel = (trend: BalanceTrend) =>
  `Balance over the last 30 days: ${trend.balance[0]!.toLocaleString('en-US')} credits on ${trend.days[0]}, ${trend.balance.at(-1)!.toLocaleString('en-US')} today.`;

export function BalanceCard() {
  const account = useStore($account);
  const trend = useBalanceTrend(account?.credits.balance);
  return (
    <section
      className="card card-pad flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between"
      aria-labelledby="credits-title"
    >
      <div className="flex items-center gap-4">
        <span className="grid size-12 place-items-center rounded-2xl bg-accent-400/10 text-accent-400">
          <Icon name="coins" className="size-6" />
        </span>
        <div>
          <h2 id="credits-title" className="text-sm font-medium text-fg-muted">
            Credit balance
          </h2>
          <p className="text-3xl font-bold text-fg">
            {account ? account.credits.balance.toLocaleString('en-US') : '—'}
            <span className="ml-2 text-base font-medium text-fg-muted">credits</span>
          </p>
          {account && account.credits.reserved > 0 ? (
            <p className="text-sm text-fg-subtle">
              {account.credits.reserved.toLocaleString('en-US')} held by work in progress
            </p>
          ) : null}
          {account ? null : <p className="text-sm text-fg-subtle">Your balance shows here once our servers answer.</p>}
        </div>
      </div>
      {trend ? (
        <div className="flex flex-col text-brand-300">
          <Sparkline values={trend.balance} label={trendLabel(trend)} />
          <span className="text-xs text-fg-subtle">Last 30 days</span>
        </div>
      ) : null}
      <button type="button" className="btn btn-primary" onClick={() => openTopUp()}>
        Get more credits
      </button>
    </section>
  );
}
