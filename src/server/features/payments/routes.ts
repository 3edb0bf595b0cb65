/**
 * Payments API. Public: `GET /payments/config` (currency, sandbox, whether payments work) and Stripe's webhook,
 * which proves itself with its signature instead of a user token and must be read as the raw bytes Stripe signed.
 * Signed in: start a checkout, follow a purchase, list purchases.
 */
import { Hono } from 'hono';
import {
  CheckoutRequest,
  type CheckoutResponse,
  type PaymentsConfig,
  type PurchasePage,
  type PurchaseRecord,
} from '~/contract/payments.ts';
import { HistoryQuery } from '~/server/db/paging.ts';
import type { ApiDeps } from '~/server/features/deps.ts';
import type { AppEnv } from '~/server/http/context.ts';
import { notFound } from '~/server/http/errors.ts';
import { idempotent } from '~/server/http/idempotency.ts';
import { jsonBody, query } from '~/server/http/validate.ts';
import { ProviderError } from '~/server/providers/http.ts';
import { createStripeGateway, type PaymentGateway, type StripeEvent } from '~/server/providers/payments/stripe.ts';
import { paymentsService } from './service.ts';
import { getPurchase, listPurchases } from './store.ts';

const unavailable = { error: 'Buying credits is not available right now. Please contact support.' };

export function paymentRoutes(
  { config, database, log, idempotency }: ApiDeps,
  gateway: PaymentGateway | undefined = config.payments.stripe && createStripeGateway(config.payments.stripe),
) {
  const service =
    gateway && paymentsService({ database, gateway, config: config.payments, siteOrigins: config.corsOrigins, log });
  const publicConfig: PaymentsConfig = {
    enabled: service !== undefined,
    currency: config.payments.currency,
    sandbox: config.payments.sandbox,
  };

  const open = new Hono<AppEnv>()
    .get('/payments/config', (c) => c.json(publicConfig))
    .post('/payments/stripe/webhook', async (c) => {
      // Stripe retries a 5xx, so events sent before payments were configured are not lost.
      if (!service || !gateway) return c.json(unavailable, 503);
      const raw = await c.req.text();
      let event: StripeEvent;
      try {
        event = gateway.verifyEvent(raw, c.req.header('stripe-signature'));
      } catch (error) {
        c.get('log').warn({ err: error }, 'Stripe webhook with a bad signature refused');
        return c.json({ error: 'Invalid signature' }, 400);
      }
      // A failure answers 500, so Stripe delivers the event again later.
      await service.handleEvent(event);
      return c.json({ received: true });
    });

  const signedIn = new Hono<AppEnv>()
    .post('/payments/checkout', idempotent(idempotency), async (c) => {
      const request = await jsonBody(c, CheckoutRequest);
      // 424 like a provider failure: a 5xx would only be retried on the fallback host, configured the same way.
      if (!service) return c.json(unavailable, 424);
      try {
        const user = c.get('user');
        return c.json(
          (await service.startCheckout({ uid: c.get('uid'), email: user.email }, request)) satisfies CheckoutResponse,
          201,
        );
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        c.get('log').warn({ err: error, detail: error.detail }, 'Stripe checkout failed');
        // Not a 5xx: the browser client would retry it on the fallback host and hide the message.
        return c.json({ error: error.message }, 424);
      }
    })
    .get('/payments/purchases', async (c) => {
      const q = query(c, HistoryQuery);
      return c.json((await listPurchases(database.db, c.get('uid'), q.limit, q.cursor)) satisfies PurchasePage);
    })
    .get('/payments/purchases/:id', async (c) => {
      const record = await getPurchase(database.db, c.get('uid'), c.req.param('id'));
      if (!record) throw notFound('Purchase not found');
      return c.json(record satisfies PurchaseRecord);
    });

  return { public: open, private: signedIn };
}
