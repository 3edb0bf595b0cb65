import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { Icon, type IconName } from '~/app/components/Icon';
import { ScreenHeader } from '~/app/components/Screen';
import { brand } from '~/config/brand';
import type { MeResponse } from '~/contract/api';
import { imageCost, PRICES, SIGNUP_GRANT, ttsCost, VIDEO_RESOLUTIONS, videoCost } from '~/contract/pricing';
import { notifyApiError } from '~/lib/notify';
import { $account, refreshAccount } from '~/stores/account';
import { openTopUp } from '~/stores/top-up';
import { PackList } from './PackList';
import { $paymentsConfig, loadPaymentsConfig } from './store';

interface PriceRow {
  icon: IconName;
  feature: string;
  price: string;
  example: string;
  to: string;
}

const MINUTE = 60_000;

/** Every price comes from the same functions the server charges with, so the examples cannot drift. */
const ROWS: readonly PriceRow[] = [
  ...VIDEO_RESOLUTIONS.map(
    (resolution): PriceRow => ({
      icon: 'video',
      feature: `${brand.agentName} video, ${resolution}`,
      price: `${PRICES.videoPerMinute[resolution]} credits per started minute`,
      example: `A 1-minute video: ${videoCost(MINUTE, resolution)} credits; 5 minutes: ${videoCost(5 * MINUTE, resolution)}; 61 seconds counts as 2 minutes: ${videoCost(61_000, resolution)}.`,
      to: '/create',
    }),
  ),
  {
    icon: 'voice',
    feature: 'Text to speech',
    price: `${PRICES.ttsPer1000Chars} credits per started 1,000 characters`,
    example: `A 900-character voice-over: ${ttsCost('x'.repeat(900))} credits; 2,500 characters: ${ttsCost('x'.repeat(2500))}.`,
    to: '/voice',
  },
  {
    icon: 'script',
    feature: 'Script generation',
    price: `${PRICES.scriptGeneration} credit per script`,
    example:
      'Editing and exporting a script you already have is free, and so is the built-in writer’s offline preview where no AI writer is set up.',
    to: '/scripts',
  },
  {
    icon: 'image',
    feature: 'Image generation',
    price: `${PRICES.imagePerImage} credits per image`,
    example: `A batch of 4 images: ${imageCost(4)} credits. The offline abstract artwork is a free preview.`,
    to: '/images',
  },
];

/** The balance, the signup grant and what that grant makes. */
function YourCredits({ account }: { account: MeResponse | null }) {
  const balance = account?.credits.balance;
  const oneMinute1080 = videoCost(MINUTE, '1080p');
  return (
    <section className="grid gap-4 sm:grid-cols-3" aria-label="Your credits">
      <div className="card card-pad grid gap-1">
        <p className="text-sm text-fg-muted">Your balance</p>
        <p className="text-3xl font-bold tabular-nums text-fg" data-testid="pricing-balance">
          {balance === undefined ? '—' : balance.toLocaleString('en-US')}
        </p>
        <p className="hint">
          credits ready to spend
          {account && account.credits.reserved > 0
            ? `, plus ${account.credits.reserved} held by videos being made`
            : ''}
        </p>
      </div>
      <div className="card card-pad grid gap-1">
        <p className="text-sm text-fg-muted">Free on signup</p>
        <p className="text-3xl font-bold tabular-nums text-fg" data-testid="signup-grant">
          {SIGNUP_GRANT}
        </p>
        <p className="hint">credits, once per account, no credit card needed</p>
      </div>
      <div className="card card-pad grid gap-1">
        <p className="text-sm text-fg-muted">What {SIGNUP_GRANT} credits make</p>
        <p className="text-3xl font-bold tabular-nums text-fg">{Math.floor(SIGNUP_GRANT / oneMinute1080)}</p>
        <p className="hint">one-minute 1080p videos ({oneMinute1080} credits each)</p>
      </div>
    </section>
  );
}

/** Every feature's price, with an example and the way to it. */
function PriceList() {
  return (
    <section className="card overflow-hidden" aria-labelledby="prices-title">
      <h2 id="prices-title" className="border-b border-white/10 px-5 py-4 text-lg font-semibold text-fg sm:px-7">
        Prices
      </h2>
      <ul className="divide-y divide-white/[0.06]">
        {ROWS.map((row) => (
          <li
            key={row.feature}
            className="grid gap-2 px-5 py-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center sm:gap-6 sm:px-7"
            data-testid="price-row"
          >
            <div className="flex items-start gap-3">
              <span className="grid size-9 shrink-0 place-items-center rounded-xl bg-brand-500/15 text-brand-300">
                <Icon name={row.icon} className="size-5" />
              </span>
              <div>
                <p className="font-medium text-fg">{row.feature}</p>
                <p className="text-sm font-semibold text-cyan-300">{row.price}</p>
                <p className="mt-0.5 text-xs text-fg-subtle">{row.example}</p>
              </div>
            </div>
            <Link
              to={row.to}
              className="btn btn-ghost btn-sm justify-self-start sm:justify-self-end"
              aria-label={`Open ${row.feature}`}
            >
              Open
              <Icon name="arrowRight" className="size-4" />
            </Link>
          </li>
        ))}
      </ul>
      <p className="border-t border-white/10 px-5 py-4 text-sm text-fg-muted sm:px-7">
        Credits are held when you start something and only charged once it is ready. If it fails or you cancel it, they
        come back to your balance.
      </p>
    </section>
  );
}

export default function AgentPricing() {
  const account = useStore($account);
  const payments = useStore($paymentsConfig);
  useEffect(() => {
    void refreshAccount();
    loadPaymentsConfig().catch(notifyApiError);
  }, []);

  return (
    <div className="grid gap-8">
      <ScreenHeader
        icon="tag"
        title="Plans and credits"
        description="Every feature is paid for with credits. These are the prices the server charges, in full."
      />

      <YourCredits account={account} />

      <PriceList />

      <section className="card card-pad grid gap-4" aria-labelledby="buy-title">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="buy-title" className="text-lg font-semibold text-fg">
            Credit packs
          </h2>
          {payments?.sandbox ? <span className="badge">Sandbox payments</span> : null}
        </div>
        {!payments ? (
          <p className="text-sm text-fg-muted">Loading credit packs…</p>
        ) : payments.enabled ? (
          <>
            <p className="text-fg-muted">
              Pay once, no subscription; credits never expire. Bigger packs add bonus credits.
            </p>
            <PackList
              currency={payments.currency}
              action={(pack, price) => (
                <button
                  type="button"
                  className="btn btn-primary btn-sm justify-self-start sm:justify-self-end"
                  onClick={() => openTopUp()}
                  aria-label={`Buy ${pack.name} for ${price}`}
                >
                  Buy
                </button>
              )}
            />
          </>
        ) : (
          <p className="text-fg-muted">
            Buying credits is not available right now. If you need more credits, write to{' '}
            <a href={`mailto:${brand.supportEmail}?subject=${encodeURIComponent('More credits')}`}>
              {brand.supportEmail}
            </a>{' '}
            and we'll help.
          </p>
        )}
      </section>
    </div>
  );
}
