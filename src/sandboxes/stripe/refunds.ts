/** `POST /v1/refunds`: all or part of what is left of a charge (named by itself or by its payment intent). */
import { type Json, now, type StripeObjects } from './objects.ts';
import { amountParam, missingParam, noSuch, StripeApiError, stripeId } from './protocol.ts';
import type { Emit } from './webhooks.ts';

export function refunds({ intents, charges }: StripeObjects, emit: Emit) {
  return function refund(form: Json): Json {
    const chargeId =
      typeof form['charge'] === 'string'
        ? form['charge']
        : typeof form['payment_intent'] === 'string'
          ? intents.get(form['payment_intent'])?.latest_charge
          : undefined;
    if (!form['charge'] && !form['payment_intent']) throw missingParam('charge');
    const target = chargeId ? charges.get(chargeId) : undefined;
    if (!target)
      throw noSuch(
        form['charge'] ? 'charge' : 'payment_intent',
        String(form['charge'] ?? form['payment_intent']),
        form['charge'] ? 'charge' : 'payment_intent',
      );
    const left = target.amount - target.amount_refunded;
    const amount = form['amount'] === undefined ? left : amountParam(form['amount'], 'amount');
    if (left === 0)
      throw new StripeApiError(
        400,
        `Charge ${target.id} has already been refunded.`,
        'invalid_request_error',
        undefined,
        'charge_already_refunded',
      );
    if (amount > left) {
      throw new StripeApiError(
        400,
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
        'invalid_request_error',
        'amount',
        'amount_too_large',
      );
    }
    target.amount_refunded += amount;
    target.refunded = target.amount_refunded === target.amount;
    emit('charge.refunded', target);
    return {
      id: stripeId('re'),
      object: 'refund',
      amount,
      charge: target.id,
      payment_intent: target['payment_intent'],
      currency: target['currency'],
      status: 'succeeded',
      created: now(),
    };
  };
}
