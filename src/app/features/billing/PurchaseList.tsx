/**
 * The user's credit purchases, newest first and paged (GET /payments/purchases): pack, price, status, receipt. A
 * checkout left unpaid is not listed (the server leaves it out), so nothing here reads as a failure that was not one.
 */

import { formatDate } from '~/app/components/format';
import { HistoryList } from '~/app/components/HistoryList';
import { useHistory } from '~/app/components/history';
import {
  findPack,
  formatPrice,
  type PurchaseRecord,
  type PurchaseStatus,
  type UNPAID_CHECKOUT_STATUSES,
} from '~/contract/payments';

type ListedStatus = Exclude<PurchaseStatus, (typeof UNPAID_CHECKOUT_STATUSES)[number]>;

const STATUS_TEXT: Record<ListedStatus, string> = {
  processing: 'Processing',
  paid: 'Paid',
  failed: 'Payment failed',
  refunded: 'Refunded',
  partially_refunded: 'Partly refunded',
};

const STATUS_CLASS: Record<ListedStatus, string> = {
  processing: 'text-accent-400',
  paid: 'text-emerald-300',
  failed: 'text-red-300',
  refunded: 'text-fg-muted',
  partially_refunded: 'text-fg-muted',
};

export function PurchaseList() {
  const history = useHistory<PurchaseRecord>('/payments/purchases', 10);
  return (
    <HistoryList
      history={history}
      loading="Loading your purchases…"
      failed="Your purchases could not be loaded."
      empty="You have not bought credits yet."
    >
      {(items) => (
        <ul className="divide-y divide-white/[0.06]" aria-label="Credit purchases">
          {items.map((purchase) => (
            <li key={purchase.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3" data-testid="purchase">
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium text-fg">
                  {findPack(purchase.packId)?.name ?? 'Credit'} pack · {purchase.credits.toLocaleString('en-US')}{' '}
                  credits
                </p>
                <p className="text-xs text-fg-subtle">
                  {formatDate(purchase.createdAt)} · {formatPrice(purchase.amountMinor, purchase.currency)}
                </p>
              </div>
              <span
                className={`text-sm font-medium ${STATUS_CLASS[purchase.status as ListedStatus] ?? 'text-fg-muted'}`}
              >
                {STATUS_TEXT[purchase.status as ListedStatus] ?? 'Not paid'}
              </span>
              {purchase.receiptUrl ? (
                <a
                  href={purchase.receiptUrl}
                  target="_blank"
                  rel="noreferrer"
                  className="text-sm text-brand-300 underline-offset-4 hover:underline"
                >
                  Receipt<span className="sr-only"> for the purchase of {formatDate(purchase.createdAt)}</span>
                </a>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </HistoryList>
  );
}
