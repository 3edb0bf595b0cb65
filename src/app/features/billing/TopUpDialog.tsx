/**
 * The credit top-up dialog, mounted once in the app layout. It opens when anything asks through
 * `src/stores/top-up.ts` (the balance chip, "Get more credits", "Upgrade", a refused 402), and by itself when a
 * checkout returns to the screen (`?payment=<purchase id>`): then it follows the payment until the webhook has
 * credited it, while the screen gets back what the user had typed (src/lib/form-draft.ts).
 */
import { useStore } from '@nanostores/react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Dialog } from '~/app/components/Dialog';
import { Spinner } from '~/app/components/Spinner';
import { brand } from '~/config/brand';
import { CANCELLED_PARAM, type CreditPackId, type PurchaseRecord, packFor, RETURN_PARAM } from '~/contract/payments';
import { ApiError, api } from '~/lib/api/client';
import { restoreDraft } from '~/lib/form-draft';
import { notifyApiError } from '~/lib/notify';
import { usePolling } from '~/lib/polling';
import { $account, refreshAccount } from '~/stores/account';
import { $topUp, closeTopUp, openTopUp } from '~/stores/top-up';
import { PackList } from './PackList';
import { $paymentsConfig, goToCheckout, loadPaymentsConfig } from './store';

const POLL_MS = 1_500;

function DialogFrame({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  const config = useStore($paymentsConfig);
  return (
    <Dialog
      title="Top up credits"
      onClose={onClose}
      aside={config?.sandbox ? <span className="badge">Sandbox payments</span> : null}
    >
      {children}
      <Link to="/billing" className="text-sm text-brand-300 underline-offset-4 hover:underline" onClick={onClose}>
        Purchase history
      </Link>
    </Dialog>
  );
}

function Packs({ shortBy }: { shortBy: number | undefined }) {
  const config = useStore($paymentsConfig);
  const account = useStore($account);
  const [leaving, setLeaving] = useState<CreditPackId | null>(null);

  useEffect(() => {
    loadPaymentsConfig().catch(notifyApiError);
  }, []);

  const buy = async (packId: CreditPackId) => {
    setLeaving(packId);
    try {
      await goToCheckout(packId);
    } catch (error) {
      notifyApiError(error);
      setLeaving(null);
    }
  };

  return (
    <>
      {shortBy !== undefined && shortBy > 0 ? (
        <p
          className="rounded-lg border border-accent-400/30 bg-accent-400/10 px-3 py-2 text-sm text-fg"
          data-testid="top-up-short"
        >
          This needs {shortBy.toLocaleString('en-US')} more {shortBy === 1 ? 'credit' : 'credits'} than you have.
        </p>
      ) : null}
      {account ? (
        <p className="text-sm text-fg-muted">Your balance: {account.credits.balance.toLocaleString('en-US')} credits</p>
      ) : null}
      {!config ? (
        <p className="flex items-center gap-2 text-sm text-fg-muted">
          <Spinner /> Loading credit packs…
        </p>
      ) : !config.enabled ? (
        <p className="text-sm text-fg-muted">
          Buying credits is not available right now. Write to{' '}
          <a href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</a> and we'll help.
        </p>
      ) : (
        <>
          <PackList
            currency={config.currency}
            highlighted={shortBy ? packFor(shortBy).id : undefined}
            action={(pack, price) => (
              <button
                type="button"
                className="btn btn-primary btn-sm justify-self-start sm:justify-self-end"
                onClick={() => void buy(pack.id)}
                disabled={leaving !== null}
                aria-label={`Buy ${pack.name} for ${price}`}
              >
                {leaving === pack.id ? <Spinner /> : null}
                Buy
              </button>
            )}
          />
          <p className="hint">
            {config.sandbox ? 'Sandbox: no real money moves. ' : ''}You pay on a secure checkout page and come back
            here; credits never expire.
          </p>
        </>
      )}
    </>
  );
}

type Followed = { state: 'loading' } | { state: 'missing' } | { state: 'known'; purchase: PurchaseRecord };

/** Follows a returned checkout until the webhook has settled it. */
function usePurchase(id: string): Followed {
  const [followed, setFollowed] = useState<Followed>({ state: 'loading' });
  usePolling(
    id,
    async (signal) => {
      const purchase = await api.get<PurchaseRecord>(`/payments/purchases/${encodeURIComponent(id)}`, { signal });
      setFollowed({ state: 'known', purchase });
      const open = purchase.status === 'pending' || purchase.status === 'processing';
      if (!open) void refreshAccount();
      return open;
    },
    {
      intervalMs: POLL_MS,
      onError: (error) => {
        if (!(error instanceof ApiError && error.status === 404)) return true;
        setFollowed({ state: 'missing' });
        return false;
      },
    },
  );
  return followed;
}

function PaymentStatus({ id, cancelled }: { id: string; cancelled: boolean }) {
  const followed = usePurchase(id);
  const account = useStore($account);
  const retry = (
    <button type="button" className="btn btn-secondary btn-sm justify-self-start" onClick={() => openTopUp()}>
      Choose a pack
    </button>
  );
  const purchase = followed.state === 'known' ? followed.purchase : undefined;
  // A cancelled checkout can still have been paid in another tab; only an unpaid one reads as cancelled.
  if (cancelled && (!purchase || purchase.status === 'pending' || purchase.status === 'expired')) {
    return (
      <div className="grid gap-3" role="status">
        <p className="font-medium text-fg">Payment cancelled</p>
        <p className="text-sm text-fg-muted">Nothing was charged and your credits are unchanged.</p>
        {retry}
      </div>
    );
  }
  if (followed.state === 'missing') {
    return (
      <p className="text-sm text-fg-muted" role="status">
        We could not find this payment. If you were charged, write to {brand.supportEmail}.
      </p>
    );
  }
  if (!purchase || purchase.status === 'pending' || purchase.status === 'processing') {
    return (
      <div className="grid gap-2" role="status">
        <p className="flex items-center gap-2 font-medium text-fg">
          <Spinner /> Payment processing…
        </p>
        <p className="text-sm text-fg-muted">
          {purchase?.status === 'processing'
            ? 'Your bank is confirming the payment. The credits arrive as soon as it does; you can keep working meanwhile.'
            : 'Your credits arrive as soon as the payment is confirmed, usually within seconds.'}
        </p>
      </div>
    );
  }
  if (purchase.status === 'failed' || purchase.status === 'expired') {
    return (
      <div className="grid gap-3" role="status">
        <p className="font-medium text-fg">Payment failed</p>
        <p className="text-sm text-fg-muted">
          The payment did not go through. Nothing was charged and your credits are unchanged.
        </p>
        {retry}
      </div>
    );
  }
  return (
    <div className="grid gap-2" role="status">
      <p className="font-medium text-fg">Payment received</p>
      <p className="text-sm text-fg-muted" data-testid="top-up-result">
        {purchase.credits.toLocaleString('en-US')} credits added.
        {account ? ` Your balance is now ${account.credits.balance.toLocaleString('en-US')} credits.` : ''}
      </p>
      {purchase.receiptUrl ? (
        <a
          href={purchase.receiptUrl}
          target="_blank"
          rel="noreferrer"
          className="text-sm text-brand-300 underline-offset-4 hover:underline"
        >
          Receipt
        </a>
      ) : null}
    </div>
  );
}

/** The one top-up dialog of the app: asked for through $topUp, or opened by a returning checkout. */
export function TopUp() {
  const request = useStore($topUp);
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const returned = params.get(RETURN_PARAM);
  const cancelled = params.get(CANCELLED_PARAM) === '1';

  useEffect(() => {
    if (!returned) return;
    void loadPaymentsConfig().catch(() => undefined);
    const screen = document.getElementById('app-main');
    if (screen) void restoreDraft(screen, pathname);
  }, [returned, pathname]);

  const forgetReturn = () =>
    setParams(
      (current) => {
        current.delete(RETURN_PARAM);
        current.delete(CANCELLED_PARAM);
        return current;
      },
      { replace: true },
    );

  if (returned && !request) {
    return (
      <DialogFrame onClose={forgetReturn}>
        <PaymentStatus id={returned} cancelled={cancelled} />
      </DialogFrame>
    );
  }
  if (!request) return null;
  return (
    <DialogFrame
      onClose={() => {
        closeTopUp();
        if (returned) forgetReturn();
      }}
    >
      <Packs shortBy={request.shortBy} />
    </DialogFrame>
  );
}
