/**
 * A local stand-in for the part of Stripe the product uses, so `npm start` and the tests buy credits through the
 * same code and the same `stripe` SDK as production, with no account and no money:
 * - API (form-encoded in, Stripe-shaped JSON and error objects out, `Idempotency-Key` honoured):
 *   `POST /v1/checkout/sessions`, `GET /v1/checkout/sessions/:id` (with `expand[]`), `POST /v1/refunds`.
 * - `GET /checkout/:id`: a test checkout page, "Sandbox: no real money moves", with the outcomes pay, decline,
 *   and pay later then succeed or fail.
 * - Webhooks: each event is POSTed to `webhookUrl` signed like Stripe's (`Stripe-Signature: t=…,v1=…`), retried
 *   while the endpoint fails, and then delivered once more, as Stripe may.
 * It keeps everything in memory and refuses to start with NODE_ENV=production.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import Stripe from 'stripe';
import { formatPrice } from '../../contract/payments.ts';
import { checkoutPage } from './page.ts';
import { amountParam, missingParam, noSuch, parseForm, StripeApiError, stripeId } from './protocol.ts';

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

type Json = Record<string, unknown>;
interface Session extends Json {
  id: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  payment_intent: string | null;
  amount_total: number;
  currency: string;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  url: string;
}
interface Intent extends Json {
  id: string;
  status: 'processing' | 'succeeded' | 'requires_payment_method';
  latest_charge: string | null;
  metadata: Record<string, string>;
}
interface Charge extends Json {
  id: string;
  amount: number;
  amount_refunded: number;
  refunded: boolean;
}

const API_VERSION = Stripe.API_VERSION;
const now = () => Math.floor(Date.now() / 1000);

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': stripeId('req'), ...headers });
  res.end(JSON.stringify(body));
}

export async function startStripeSandbox(options: StripeSandboxOptions): Promise<StripeSandbox> {
  if (process.env.NODE_ENV === 'production') throw new Error('The Stripe sandbox moves no money and never runs with NODE_ENV=production.');
  const settleAfterMs = options.settleAfterMs ?? 1_500;
  const redeliverAfterMs = options.redeliverAfterMs ?? 500;
  const sessions = new Map<string, Session>();
  const intents = new Map<string, Intent>();
  const charges = new Map<string, Charge>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const pending = new Set<Promise<void>>();
  const stop = new AbortController();
  /** Resolves false when the sandbox closes meanwhile. */
  const wait = (ms: number) => sleep(ms, undefined, { signal: stop.signal }).then(() => !stop.signal.aborted, () => false);
  let base = '';

  /** POSTs one signed event; true when the endpoint answered 2xx. */
  async function deliver(payload: string): Promise<boolean> {
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: options.webhookSecret });
    try {
      const response = await fetch(options.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature, 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
        body: payload,
        signal: AbortSignal.any([AbortSignal.timeout(10_000), stop.signal]),
      });
      await response.arrayBuffer();
      return response.ok;
    } catch {
      return false;
    }
  }

  function emit(type: string, object: Json): void {
    const event = { id: stripeId('evt'), object: 'event', api_version: API_VERSION, created: now(), livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type, data: { object: structuredClone(object) } };
    const payload = JSON.stringify(event, null, 2);
    const run = (async () => {
      // Stripe retries with growing gaps while the endpoint fails; the sandbox does the same, briefly.
      for (let attempt = 0; attempt < 6; attempt++) {
        if ((await deliver(payload)) || !(await wait(250 * 2 ** attempt))) break;
      }
      if (redeliverAfterMs !== false && (await wait(redeliverAfterMs))) await deliver(payload);
    })();
    pending.add(run);
    void run.finally(() => pending.delete(run));
  }

  function createSession(form: Json): Session {
    if (form['mode'] !== 'payment') throw new StripeApiError(400, 'The sandbox supports only mode=payment.', 'invalid_request_error', 'mode');
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
      if (typeof product?.['name'] !== 'string') throw missingParam(`line_items[${index}][price_data][product_data][name]`);
      amount += amountParam(price['unit_amount'], `line_items[${index}][price_data][unit_amount]`) * Number(item['quantity'] ?? 1);
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
      url: `${base}/checkout/${id}`,
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
    if (expand.includes('payment_intent.latest_charge') && intent['latest_charge']) intent['latest_charge'] = charges.get(intent['latest_charge'] as string);
    return { ...shown, payment_intent: intent };
  }

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
      receipt_url: `${base}/receipts/${id}`,
      created: now(),
      livemode: false,
    };
    charges.set(id, created);
    intent.latest_charge = id;
    intent.status = 'succeeded';
    return created;
  }

  function complete(session: Session, outcome: 'pay' | 'later_succeed' | 'later_fail'): void {
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
    const settle = (async () => {
      if (!(await wait(settleAfterMs))) return;
      if (outcome === 'later_succeed') {
        charge(intent);
        session.payment_status = 'paid';
        emit('checkout.session.async_payment_succeeded', view(session, []));
      } else {
        intent.status = 'requires_payment_method';
        emit('checkout.session.async_payment_failed', view(session, []));
      }
    })();
    pending.add(settle);
    void settle.finally(() => pending.delete(settle));
  }

  function refund(form: Json): Json {
    const chargeId =
      typeof form['charge'] === 'string'
        ? form['charge']
        : typeof form['payment_intent'] === 'string'
          ? intents.get(form['payment_intent'])?.latest_charge
          : undefined;
    if (!form['charge'] && !form['payment_intent']) throw missingParam('charge');
    const target = chargeId ? charges.get(chargeId) : undefined;
    if (!target) throw noSuch(form['charge'] ? 'charge' : 'payment_intent', String(form['charge'] ?? form['payment_intent']), form['charge'] ? 'charge' : 'payment_intent');
    const left = target.amount - target.amount_refunded;
    const amount = form['amount'] === undefined ? left : amountParam(form['amount'], 'amount');
    if (left === 0) throw new StripeApiError(400, `Charge ${target.id} has already been refunded.`, 'invalid_request_error', undefined, 'charge_already_refunded');
    if (amount > left) {
      throw new StripeApiError(400, `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`, 'invalid_request_error', 'amount', 'amount_too_large');
    }
    target.amount_refunded += amount;
    target.refunded = target.amount_refunded === target.amount;
    emit('charge.refunded', target);
    return { id: stripeId('re'), object: 'refund', amount, charge: target.id, payment_intent: target['payment_intent'], currency: target['currency'], status: 'succeeded', created: now() };
  }

  function renderCheckout(res: ServerResponse, session: Session, notice?: string): void {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      checkoutPage({
        sessionId: session.id,
        productName: session['product_name'] as string,
        price: formatPrice(session.amount_total, session.currency),
        cancelUrl: session.cancel_url,
        closed: session.status !== 'open',
        ...(notice ? { notice } : {}),
      }),
    );
  }

  async function api(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (!/^Bearer sk_(test|live)_\S+$/.test(req.headers.authorization ?? '')) {
      throw new StripeApiError(401, 'You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth.');
    }
    const body = await readBody(req);
    const key = req.headers['idempotency-key'];
    const remembered = typeof key === 'string' ? idempotent.get(key) : undefined;
    if (remembered) return send(res, remembered.status, remembered.body, { 'idempotent-replayed': 'true' });
    const answer = (status: number, value: unknown) => {
      if (typeof key === 'string' && req.method === 'POST') idempotent.set(key, { status, body: value });
      send(res, status, value);
    };

    const sessionPath = url.pathname.match(/^\/v1\/checkout\/sessions\/([^/]+)$/);
    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') return answer(200, view(createSession(parseForm(body)), []));
    if (req.method === 'GET' && sessionPath) {
      const session = sessions.get(decodeURIComponent(sessionPath[1]!));
      if (!session) throw noSuch('checkout.session', sessionPath[1]!);
      const expand = Object.values((parseForm(url.search.slice(1))['expand'] as string[] | undefined) ?? []);
      return answer(200, view(session, expand));
    }
    if (req.method === 'POST' && url.pathname === '/v1/refunds') return answer(200, refund(parseForm(body)));
    throw new StripeApiError(404, `Unrecognized request URL (${req.method}: ${url.pathname}).`);
  }

  async function checkout(req: IncomingMessage, res: ServerResponse, id: string): Promise<void> {
    const session = sessions.get(id);
    if (!session) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('No such checkout session.');
      return;
    }
    if (req.method === 'GET' || session.status !== 'open') return renderCheckout(res, session);
    const outcome = new URLSearchParams(await readBody(req)).get('outcome');
    if (outcome === 'decline') return renderCheckout(res, session, 'Your card was declined. Nothing was charged; try again or go back.');
    if (outcome !== 'pay' && outcome !== 'later_succeed' && outcome !== 'later_fail') return renderCheckout(res, session, 'Choose an outcome.');
    complete(session, outcome);
    res.writeHead(303, { location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) });
    res.end();
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const checkoutPath = url.pathname.match(/^\/checkout\/([^/]+)$/);
    const receiptPath = url.pathname.match(/^\/receipts\/([^/]+)$/);
    const handled = url.pathname.startsWith('/v1/')
      ? api(req, res, url)
      : checkoutPath
        ? checkout(req, res, decodeURIComponent(checkoutPath[1]!))
        : Promise.resolve().then(() => {
            const receipt = receiptPath ? charges.get(decodeURIComponent(receiptPath[1]!)) : undefined;
            res.writeHead(receipt ? 200 : 404, { 'content-type': 'text/plain; charset=utf-8' });
            res.end(receipt ? `Sandbox receipt ${receipt.id}: ${formatPrice(receipt.amount, String(receipt['currency']))} (no real money moved)` : 'Not found');
          });
    handled.catch((error: unknown) => {
      const failure = error instanceof StripeApiError ? error : new StripeApiError(500, 'An error occurred with our connection to Stripe.', 'api_error');
      if (!res.headersSent) send(res, failure.status, failure.toJSON());
    });
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  base = `http://${options.host ?? '127.0.0.1'}:${address.port}`;
  return {
    url: base,
    async close() {
      stop.abort();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await Promise.allSettled([...pending]);
    },
  };
}
