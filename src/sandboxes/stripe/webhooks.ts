/**
 * Webhooks: each event is POSTed to the API signed like Stripe's (`Stripe-Signature: t=…,v1=…`), retried while the
 * endpoint fails, and then delivered once more, as Stripe may.
 */
import Stripe from 'stripe';
import type { BackgroundWork } from './background.ts';
import { type Json, now } from './objects.ts';
import { stripeId } from './protocol.ts';

export interface WebhookTarget {
  webhookUrl: string;
  webhookSecret: string;
  /** Delay before every event is delivered a second time; `false` → no redelivery. */
  redeliverAfterMs: number | false;
}

export type Emit = (type: string, object: Json) => void;

export function webhooks({ webhookUrl, webhookSecret, redeliverAfterMs }: WebhookTarget, work: BackgroundWork): Emit {
  /** POSTs one signed event; true when the endpoint answered 2xx. */
  async function deliver(payload: string): Promise<boolean> {
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    try {
      const response = await fetch(webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signature,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
        signal: AbortSignal.any([AbortSignal.timeout(10_000), work.signal]),
      });
      await response.arrayBuffer();
      return response.ok;
    } catch {
      return false;
    }
  }

  return function emit(type, object) {
    const event = {
      id: stripeId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: structuredClone(object) },
    };
    const payload = JSON.stringify(event, null, 2);
    work.run(
      (async () => {
        // Stripe retries with growing gaps while the endpoint fails; the sandbox does the same, briefly.
        for (let attempt = 0; attempt < 6; attempt++) {
          if ((await deliver(payload)) || !(await work.wait(250 * 2 ** attempt))) break;
        }
        if (redeliverAfterMs !== false && (await work.wait(redeliverAfterMs))) await deliver(payload);
      })(),
    );
  };
}
