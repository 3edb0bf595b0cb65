/**
 * Payments of a completed checkout: the payment intent and its charge, at once or settled a moment later (async
 * success or failure, each with its event), and the charge's receipt page.
 */
import type { ServerResponse } from 'node:http';
import { formatPrice } from '~/contract/payments.ts';
import type { BackgroundWork } from './background.ts';
import { type Charge, type Intent, now, type Session, type StripeObjects } from './objects.ts';
import { stripeId } from './protocol.ts';
import type { CheckoutSessions } from './sessions.ts';
import type { Emit } from './webhooks.ts';

export type Outcome = 'pay' | 'later_succeed' | 'later_fail';

export interface PaymentsDeps {
  emit: Emit;
  view: CheckoutSessions['view'];
  work: BackgroundWork;
  /** How long a "pay later" payment takes to settle. */
  settleAfterMs: number;
  baseUrl: () => string;
}

export function payments(
  { intents, charges }: StripeObjects,
  { emit, view, work, settleAfterMs, baseUrl }: PaymentsDeps,
) {
  function charge(intent: Intent): Charge {
    const id = stripeId('ch');
    const created: Charge = {
      id,
      object: 'charge',
      amount: intent['amount'] as number,
      amount_captured: intent['amount'] as number,
      amount_refunded: 0,
      refunded: false,
      paid: true,
      status: 'succeeded',
      currency: intent['currency'],
      payment_intent: intent.id,
      // Stripe copies the payment intent's metadata onto its charges.
      metadata: { ...intent.metadata },
      receipt_url: `${baseUrl()}/receipts/${id}`,
      created: now(),
      livemode: false,
    };
    charges.set(id, created);
    intent.latest_charge = id;
    intent.status = 'succeeded';
    return created;
  }

  function complete(session: Session, outcome: Outcome): void {
    const intent: Intent = {
      id: stripeId('pi'),
      object: 'payment_intent',
      amount: session.amount_total,
      currency: session.currency,
      status: 'processing',
      latest_charge: null,
      metadata: session['payment_intent_metadata'] as Record<string, string>,
      created: now(),
      livemode: false,
    };
    intents.set(intent.id, intent);
    session.status = 'complete';
    session.payment_intent = intent.id;
    if (outcome === 'pay') {
      charge(intent);
      session.payment_status = 'paid';
      emit('checkout.session.completed', view(session, []));
      return;
    }
    emit('checkout.session.completed', view(session, []));
    work.run(
      (async () => {
        if (!(await work.wait(settleAfterMs))) return;
        if (outcome === 'later_succeed') {
          charge(intent);
          session.payment_status = 'paid';
          emit('checkout.session.async_payment_succeeded', view(session, []));
        } else {
          intent.status = 'requires_payment_method';
          emit('checkout.session.async_payment_failed', view(session, []));
        }
      })(),
    );
  }

  /** `GET /receipts/:id`: a plain-text receipt for the charge; 404 when there is none (or no id). */
  function receipt(res: ServerResponse, chargeId: string | undefined): void {
    const found = chargeId ? charges.get(chargeId) : undefined;
    res.writeHead(found ? 200 : 404, { 'content-type': 'text/plain; charset=utf-8' });
    res.end(
      found
        ? `Sandbox receipt ${found.id}: ${formatPrice(found.amount, String(found['currency']))} (no real money moved)`
        : 'Not found',
    );
  }

  return { complete, receipt };
}
