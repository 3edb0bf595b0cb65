/**
 * Settling purchases from Stripe's webhooks. Each session is credited exactly once whatever arrives, in whatever
 * order, however often: every handler locks the purchase row first, decides from its status, and posts to the ledger
 * with a key `stripe:<session id>:…` that the ledger refuses to apply twice.
 */
import type { PurchaseStatus } from '~/contract/payments.ts';
import { getAccount, post } from '~/server/credits/service.ts';
import type { Database, Tx } from '~/server/db/index.ts';
import { emitEvent } from '~/server/events/emit.ts';
import type { Logger } from '~/server/http/logger.ts';
import type { CheckoutSession, PaymentGateway, StripeCharge, StripeEvent } from '~/server/providers/payments/stripe.ts';
import { lockPurchase, type Purchase, updatePurchase } from './store.ts';

/** Statuses in which the pack's credits are on the account (or were, before a refund took them back). */
const CREDITED: readonly PurchaseStatus[] = ['paid', 'refunded', 'partially_refunded'];

const stripeId = (value: string | { id: string } | null | undefined): string | undefined =>
  typeof value === 'string' ? value : value?.id;

/** What Stripe's receipt link is, when the session's latest charge has one. */
function receiptOf(session: CheckoutSession): string | undefined {
  const intent = session.payment_intent;
  if (!intent || typeof intent === 'string') return undefined;
  const charge = intent.latest_charge;
  return charge && typeof charge !== 'string' ? (charge.receipt_url ?? undefined) : undefined;
}

/** What a payment event says about the purchase (the billing page's purchase, by id). */
const purchaseData = (purchase: Purchase) => ({
  id: purchase.id,
  packId: purchase.packId,
  credits: purchase.credits,
  amountMinor: purchase.amountMinor,
  currency: purchase.currency,
});

/** Credits the pack once; a purchase already credited is left as it is. */
async function credit(
  tx: Tx,
  purchase: Purchase,
  change: { sessionId?: string | undefined; paymentIntentId?: string | undefined; receiptUrl?: string | undefined },
) {
  if (CREDITED.includes(purchase.status)) return;
  await post(tx, {
    uid: purchase.uid,
    move: { kind: 'purchase', delta: purchase.credits, reservedDelta: 0 },
    reason: `Bought ${purchase.credits.toLocaleString('en-US')} credits (${purchase.packId} pack)`,
    idempotencyKey: `stripe:${change.sessionId ?? purchase.sessionId ?? purchase.id}:credit`,
  });
  await updatePurchase(tx, purchase.id, { status: 'paid', ...definedOnly(change) });
  purchase.status = 'paid';
  await emitEvent(tx, purchase.uid, 'payment.succeeded', { ...purchaseData(purchase), creditsAdded: purchase.credits });
}

/**
 * Takes a refund's credits back, in proportion to the money returned and never below zero: what the balance cannot
 * cover is written to the ledger as a shortfall (a `refund` row of 0) for the operator.
 */
async function takeBack(tx: Tx, purchase: Purchase, charge: StripeCharge, log: Logger): Promise<void> {
  const paymentIntentId = stripeId(charge.payment_intent);
  const sessionKey = purchase.sessionId ?? purchase.id;
  // A refund proves the payment went through, even when its checkout event has not arrived yet.
  await credit(tx, purchase, { paymentIntentId, receiptUrl: charge.receipt_url ?? undefined });
  const refundedMinor = Math.max(purchase.refundedMinor, charge.amount_refunded);
  const owed = Math.min(purchase.credits, Math.round((purchase.credits * refundedMinor) / purchase.amountMinor));
  const toTake = owed - purchase.creditsTakenBack;
  if (toTake > 0) {
    const { balance } = await getAccount(tx, purchase.uid);
    const taken = Math.min(toTake, balance);
    const key = `stripe:${sessionKey}:refund:${refundedMinor}`;
    if (taken > 0) {
      await post(tx, {
        uid: purchase.uid,
        move: { kind: 'refund', delta: -taken, reservedDelta: 0 },
        reason: `Payment refunded: ${taken} credits taken back`,
        idempotencyKey: key,
      });
    }
    if (taken < toTake) {
      await post(tx, {
        uid: purchase.uid,
        move: { kind: 'refund', delta: 0, reservedDelta: 0 },
        reason: `Refund shortfall: ${toTake - taken} of ${toTake} refunded credits could not be taken back (balance ${balance})`,
        idempotencyKey: `${key}:shortfall`,
      });
      log.warn(
        { uid: purchase.uid, purchaseId: purchase.id, shortfall: toTake - taken },
        'Refund larger than the balance; shortfall recorded',
      );
    }
  }
  // Stripe repeats events: only a refund that returned more money than before is news.
  if (refundedMinor > purchase.refundedMinor)
    await emitEvent(tx, purchase.uid, 'payment.refunded', {
      ...purchaseData(purchase),
      refundedMinor,
      creditsTakenBack: Math.max(owed, purchase.creditsTakenBack),
    });
  await updatePurchase(tx, purchase.id, {
    status: refundedMinor >= purchase.amountMinor ? 'refunded' : 'partially_refunded',
    refundedMinor,
    creditsTakenBack: Math.max(owed, purchase.creditsTakenBack),
  });
}

export function stripeEventHandler(deps: { database: Database; gateway: PaymentGateway; log: Logger }) {
  const { database, gateway, log } = deps;

  /** Runs `fn` on the session's purchase, locked; a session that is not one of ours is logged and left alone. */
  async function withSessionPurchase(
    session: CheckoutSession,
    fn: (tx: Tx, purchase: Purchase) => Promise<void>,
  ): Promise<void> {
    await database.transaction(async (tx) => {
      const purchase = await lockPurchase(tx, { purchaseId: session.metadata?.['purchase_id'], sessionId: session.id });
      if (!purchase || (session.client_reference_id && session.client_reference_id !== purchase.uid)) {
        log.warn({ sessionId: session.id }, 'Stripe session without a matching purchase; ignored');
        return;
      }
      await fn(tx, purchase);
    });
  }

  async function sessionPaid(session: CheckoutSession): Promise<void> {
    // Outside the transaction: a network call must not hold the row lock (or, on PGlite, every other transaction).
    const receiptUrl = await gateway.retrieveSession(session.id).then(receiptOf, (error: unknown) => {
      log.warn({ err: error, sessionId: session.id }, 'Could not read the receipt link; crediting without it');
      return undefined;
    });
    await withSessionPurchase(session, (tx, purchase) =>
      credit(tx, purchase, { sessionId: session.id, paymentIntentId: stripeId(session.payment_intent), receiptUrl }),
    );
  }

  /** Moves a purchase from one of `from` to `to`; any other status means a later event has already decided. */
  const transition = (session: CheckoutSession, from: readonly PurchaseStatus[], to: PurchaseStatus) =>
    withSessionPurchase(session, async (tx, purchase) => {
      if (!from.includes(purchase.status)) return;
      await updatePurchase(tx, purchase.id, {
        status: to,
        sessionId: session.id,
        ...definedOnly({ paymentIntentId: stripeId(session.payment_intent) }),
      });
    });

  async function refunded(charge: StripeCharge): Promise<void> {
    await database.transaction(async (tx) => {
      const purchase = await lockPurchase(tx, {
        purchaseId: charge.metadata?.['purchase_id'],
        ...definedOnly({ paymentIntentId: stripeId(charge.payment_intent) }),
      });
      if (!purchase) {
        log.warn({ chargeId: charge.id }, 'Stripe refund without a matching purchase; ignored');
        return;
      }
      await takeBack(tx, purchase, charge, log);
    });
  }

  return async function handleEvent(event: StripeEvent): Promise<void> {
    switch (event.type) {
      case 'checkout.session.completed':
        // Card payments are paid now; bank debits and vouchers complete first and settle later.
        if (event.data.object.payment_status === 'unpaid')
          return transition(event.data.object, ['pending'], 'processing');
        return sessionPaid(event.data.object);
      case 'checkout.session.async_payment_succeeded':
        return sessionPaid(event.data.object);
      case 'checkout.session.async_payment_failed':
        return transition(event.data.object, ['pending', 'processing'], 'failed');
      case 'checkout.session.expired':
        return transition(event.data.object, ['pending'], 'expired');
      case 'charge.refunded':
        return refunded(event.data.object);
      default:
        // Stripe sends what the endpoint subscribes to; anything else is acknowledged and ignored.
        return;
    }
  };
}

function definedOnly<T extends Record<string, unknown>>(value: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}
