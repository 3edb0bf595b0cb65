/** Checkout Sessions: `POST /v1/checkout/sessions` makes one, `GET /v1/checkout/sessions/:id` reads it (with `expand[]`). */

import { type Json, now, type Session, type StripeObjects } from './objects.ts';
import { amountParam, missingParam, StripeApiError, stripeId } from './protocol.ts';

export function checkoutSessions({ sessions, intents, charges }: StripeObjects, baseUrl: () => string) {
  function create(form: Json): Session {
    if (form['mode'] !== 'payment')
      throw new StripeApiError(400, 'The sandbox supports only mode=payment.', 'invalid_request_error', 'mode');
    for (const param of ['success_url', 'cancel_url']) if (typeof form[param] !== 'string') throw missingParam(param);
    const items = form['line_items'];
    if (!Array.isArray(items) || items.length === 0) throw missingParam('line_items');
    let amount = 0;
    let currency = '';
    const names: string[] = [];
    items.forEach((item: Json, index) => {
      const price = item['price_data'] as Json | undefined;
      if (!price) throw missingParam(`line_items[${index}][price_data]`);
      if (typeof price['currency'] !== 'string') throw missingParam(`line_items[${index}][price_data][currency]`);
      const product = price['product_data'] as Json | undefined;
      if (typeof product?.['name'] !== 'string')
        throw missingParam(`line_items[${index}][price_data][product_data][name]`);
      amount +=
        amountParam(price['unit_amount'], `line_items[${index}][price_data][unit_amount]`) *
        Number(item['quantity'] ?? 1);
      currency = price['currency'];
      names.push(product['name']);
    });
    const id = stripeId('cs');
    const intentData = (form['payment_intent_data'] as Json | undefined) ?? {};
    const session: Session = {
      id,
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      payment_intent: null,
      amount_subtotal: amount,
      amount_total: amount,
      currency,
      client_reference_id: (form['client_reference_id'] as string | undefined) ?? null,
      customer_email: (form['customer_email'] as string | undefined) ?? null,
      metadata: (form['metadata'] as Record<string, string> | undefined) ?? {},
      success_url: form['success_url'] as string,
      cancel_url: form['cancel_url'] as string,
      url: `${baseUrl()}/checkout/${id}`,
      created: now(),
      expires_at: now() + 24 * 3600,
      livemode: false,
      product_name: names.join(', '),
      payment_intent_metadata: (intentData['metadata'] as Record<string, string> | undefined) ?? {},
    };
    sessions.set(id, session);
    return session;
  }

  /** Stripe's shape of a session: our bookkeeping fields dropped, `expand[]` paths replaced by their objects. */
  function view(session: Session, expand: string[]): Json {
    const { product_name: _name, payment_intent_metadata: _metadata, ...shown } = session;
    if (!expand.some((path) => path.startsWith('payment_intent')) || !session.payment_intent) return shown;
    const intent: Json = { ...intents.get(session.payment_intent)! };
    if (expand.includes('payment_intent.latest_charge') && intent['latest_charge'])
      intent['latest_charge'] = charges.get(intent['latest_charge'] as string);
    return { ...shown, payment_intent: intent };
  }

  return { create, view };
}

export type CheckoutSessions = ReturnType<typeof checkoutSessions>;
