/**
 * A local stand-in for the part of Stripe the product uses, so `npm start` and the tests buy credits through the
 * same code and the same `stripe` SDK as production, with no account and no money:
 * - API (form-encoded in, Stripe-shaped JSON and error objects out, `Idempotency-Key` honoured):
 *   `POST /v1/checkout/sessions`, `GET /v1/checkout/sessions/:id` (with `expand[]`), `POST /v1/refunds`.
 * - `GET /checkout/:id`: a test checkout page, "Sandbox: no real money moves", with the outcomes pay, decline,
 *   and pay later then succeed or fail.
 * - Webhooks: each event is POSTed to `webhookUrl` signed like Stripe's (`Stripe-Signature: t=…,v1=…`), retried
 *   while the endpoint fails, and then delivered once more, as Stripe may.
 * It keeps everything in memory and refuses to start with NODE_ENV=production. Each resource has its file (api.ts,
 * sessions.ts, payments.ts, refunds.ts, checkout.ts, webhooks.ts); this one wires them to one HTTP server.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { stripeApi } from './api.ts';
import { backgroundWork } from './background.ts';
import { checkoutPages } from './checkout.ts';
import type { StripeObjects } from './objects.ts';
import { payments } from './payments.ts';
import { StripeApiError, send } from './protocol.ts';
import { refunds } from './refunds.ts';
import { checkoutSessions } from './sessions.ts';
import { webhooks } from './webhooks.ts';

export interface StripeSandboxOptions {
  /** Where events go: the API's `/payments/stripe/webhook`. */
  webhookUrl: string;
  webhookSecret: string;
  /** 0 (default) → any free port. */
  port?: number;
  host?: string;
  /** How long a "pay later" payment takes to settle. */
  settleAfterMs?: number;
  /** Delay before every event is delivered a second time; `false` → no redelivery. */
  redeliverAfterMs?: number | false;
}

export interface StripeSandbox {
  url: string;
  close(): Promise<void>;
}

export async function startStripeSandbox(options: StripeSandboxOptions): Promise<StripeSandbox> {
  if (process.env.NODE_ENV === 'production')
    throw new Error('The Stripe sandbox moves no money and never runs with NODE_ENV=production.');
  const objects: StripeObjects = { sessions: new Map(), intents: new Map(), charges: new Map() };
  const work = backgroundWork();
  let base = '';
  const baseUrl = () => base;
  const emit = webhooks(
    {
      webhookUrl: options.webhookUrl,
      webhookSecret: options.webhookSecret,
      redeliverAfterMs: options.redeliverAfterMs ?? 500,
    },
    work,
  );
  const sessions = checkoutSessions(objects, baseUrl);
  const { complete, receipt } = payments(objects, {
    emit,
    view: sessions.view,
    work,
    settleAfterMs: options.settleAfterMs ?? 1_500,
    baseUrl,
  });
  const api = stripeApi({ sessions: objects.sessions, checkoutSessions: sessions, refund: refunds(objects, emit) });
  const checkout = checkoutPages(objects.sessions, complete);

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const checkoutPath = url.pathname.match(/^\/checkout\/([^/]+)$/);
    const receiptPath = url.pathname.match(/^\/receipts\/([^/]+)$/);
    const handled = url.pathname.startsWith('/v1/')
      ? api(req, res, url)
      : checkoutPath
        ? checkout(req, res, decodeURIComponent(checkoutPath[1]!))
        : Promise.resolve().then(() => receipt(res, receiptPath ? decodeURIComponent(receiptPath[1]!) : undefined));
    handled.catch((error: unknown) => {
      const failure =
        error instanceof StripeApiError
          ? error
          : new StripeApiError(500, 'An error occurred with our connection to Stripe.', 'api_error');
      if (!res.headersSent) send(res, failure.status, failure.toJSON());
    });
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  base = `http://${options.host ?? '127.0.0.1'}:${address.port}`;
  return {
    url: base,
    async close() {
      work.stop();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await work.settled();
    },
  };
}
