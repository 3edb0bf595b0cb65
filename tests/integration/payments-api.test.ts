/**
 * Buying credits end to end against the local Stripe sandbox (the same server `npm start` uses), on PGlite and on
 * PostgreSQL when one is reachable: the API creates real Checkout Sessions through the `stripe` SDK, the sandbox's
 * checkout page is "clicked" over HTTP, and its signed webhooks credit the account. Hand-signed events cover what
 * a checkout page cannot produce on demand: duplicates, concurrency and events out of order.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDIT_PACKS, packTotal } from '~/contract/payments.ts';
import { SIGNUP_GRANT } from '~/contract/pricing.ts';
import { type StripeSandbox, startStripeSandbox } from '~/sandboxes/stripe/index.ts';
import { startApiServer } from '~/server/api/server.ts';
import { post } from '~/server/credits/service.ts';
import { createLogger } from '~/server/http/logger.ts';
import { until } from './support/api-suite.ts';
import { auditAfterEach } from './support/audit.ts';
import { createUser, ensureAuthEmulator } from './support/auth-emulator.ts';
import { pgliteTarget, postgresTarget, type Target } from './support/databases.ts';
import { client, type Stack, startStack, testConfig } from './support/stack.ts';
import { startReceiver } from './support/webhook-receiver.ts';

const SECRET_KEY = 'sk_test_payments_suite';
const WEBHOOK_SECRET = 'whsec_payments_suite';
const SITE = 'http://localhost:4321';
const [starter, creator] = CREDIT_PACKS;

const postgres = await postgresTarget();
if (typeof postgres === 'string') console.warn(postgres);
const targets: [string, () => Promise<Target>][] = [['PGlite', pgliteTarget]];
if (typeof postgres !== 'string') targets.push(['PostgreSQL', async () => postgres]);

let stopEmulator: () => Promise<void> = async () => undefined;
beforeAll(async () => {
  stopEmulator = await ensureAuthEmulator();
});
afterAll(() => stopEmulator());

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe.each(targets)('buying credits on %s', (_name, makeTarget) => {
  let target: Target;
  let stack: Stack;
  auditAfterEach(() => stack?.database);
  let sandbox: StripeSandbox;
  let api: { url: string; close(): Promise<void> };
  let stripe: Stripe;

  beforeAll(async () => {
    target = await makeTarget();
    stack = await startStack(target, { env: { WEBHOOKS_ALLOW_LOOPBACK: '1' } });
    // The sandbox needs the webhook's address before the API can be told the sandbox's.
    const port = await freePort();
    sandbox = await startStripeSandbox({
      webhookUrl: `http://127.0.0.1:${port}/payments/stripe/webhook`,
      webhookSecret: WEBHOOK_SECRET,
      settleAfterMs: 200,
      redeliverAfterMs: 100,
    });
    const env = {
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: sandbox.url,
      PAYMENTS_SANDBOX: '1',
      CORS_ORIGINS: SITE,
      WEBHOOKS_ALLOW_LOOPBACK: '1',
    };
    const config = testConfig(target, env);
    api = await startApiServer({
      config,
      database: stack.database,
      queue: stack.queue,
      log: createLogger('silent', 'test'),
      port,
    });
    const sandboxUrl = new URL(sandbox.url);
    stripe = new Stripe(SECRET_KEY, { host: sandboxUrl.hostname, port: sandboxUrl.port, protocol: 'http' });
  }, 120_000);
  afterAll(async () => {
    await api?.close();
    await sandbox?.close();
    await stack?.close();
    await target?.dispose();
  });

  const signedUp = async () => {
    const user = await createUser();
    const call = client(api.url, user);
    expect(
      (await call('POST', '/auth/auth', { uid: user.uid, email: user.email, displayName: null, photoURL: null }))
        .status,
    ).toBe(201);
    return { user, call };
  };
  type Call = Awaited<ReturnType<typeof signedUp>>['call'];
  const balance = async (call: Call) => (await call('GET', '/me')).body.credits.balance as number;
  const ledger = async (call: Call) =>
    (await call('GET', '/credits/ledger?limit=50')).body.entries as { kind: string; delta: number; reason: string }[];
  const purchase = async (call: Call, id: string) =>
    (await call('GET', `/payments/purchases/${id}`)).body as {
      status: string;
      receiptUrl: string | null;
      credits: number;
    };
  const settled = (call: Call, id: string, status: string) =>
    until(
      () => purchase(call, id),
      (p) => p.status === status,
      20_000,
    );

  async function checkout(call: Call, packId: string = starter.id) {
    const res = await call('POST', '/payments/checkout', { packId, returnUrl: `${SITE}/voice?tab=new` });
    expect(res.status).toBe(201);
    return res.body as { purchaseId: string; url: string };
  }

  /** What the sandbox's checkout page does when the user presses an outcome button. */
  async function choose(url: string, outcome: string) {
    return fetch(url, { method: 'POST', body: new URLSearchParams({ outcome }), redirect: 'manual' });
  }

  /** Stripe's view of the session: the sandbox's copy, with the payment status the event should claim. */
  async function sessionEvent(type: string, sessionUrl: string, overrides: Record<string, unknown>) {
    const id = sessionUrl.split('/').at(-1)!;
    const session = await stripe.checkout.sessions.retrieve(id);
    return event(type, { ...session, ...overrides });
  }
  function event(type: string, object: unknown) {
    return JSON.stringify({
      id: `evt_test_${Math.random().toString(36).slice(2)}`,
      object: 'event',
      type,
      api_version: Stripe.API_VERSION,
      created: 1,
      livemode: false,
      data: { object },
    });
  }
  const deliver = (
    payload: string,
    signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
  ) =>
    fetch(`${api.url}/payments/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });

  it('tells the browser the currency and that payments are a sandbox, and no secret', async () => {
    const res = await fetch(`${api.url}/payments/config`);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ enabled: true, currency: 'usd', sandbox: true });
    expect(text).not.toContain(SECRET_KEY);
    expect(text).not.toContain(WEBHOOK_SECRET);
  });

  it('refuses an unknown pack and a return address outside the site with field errors', async () => {
    const { call } = await signedUp();
    const badPack = await call('POST', '/payments/checkout', { packId: 'mega', returnUrl: `${SITE}/voice` });
    expect(badPack.status).toBe(400);
    expect(badPack.body.fields).toHaveProperty('packId');
    const elsewhere = await call('POST', '/payments/checkout', {
      packId: starter.id,
      returnUrl: 'https://evil.example/steal',
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.fields).toHaveProperty('returnUrl');
    expect((await call('GET', '/payments/purchases')).body.items).toEqual([]);
  });

  it('credits a paid checkout once, despite the redelivery, and comes back to the same screen with a receipt', async () => {
    const { call } = await signedUp();
    const { purchaseId, url } = await checkout(call, creator.id);
    expect((await purchase(call, purchaseId)).status).toBe('pending');
    const page = await (await fetch(url)).text();
    expect(page).toContain('Sandbox: no real money moves');

    const back = await choose(url, 'pay');
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(`${SITE}/voice?tab=new&payment=${purchaseId}`);
    const paid = await settled(call, purchaseId, 'paid');
    expect(paid.credits).toBe(packTotal(creator));
    expect(paid.receiptUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/receipts\/ch_/);
    // The sandbox delivers every event a second time; wait for that before counting.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await balance(call)).toBe(SIGNUP_GRANT + packTotal(creator));
    expect((await ledger(call)).filter((entry) => entry.kind === 'purchase')).toHaveLength(1);
    expect((await call('GET', '/payments/purchases')).body.items.map((p: { id: string }) => p.id)).toEqual([
      purchaseId,
    ]);
  });

  it('leaves a cancelled checkout pending and uncredited, with a cancel address that says so', async () => {
    const { call } = await signedUp();
    const { purchaseId, url } = await checkout(call);
    const declined = await (await choose(url, 'decline')).text();
    expect(declined).toContain('declined');
    expect(declined).toContain(`payment=${purchaseId}&amp;payment_cancelled=1`);
    expect((await purchase(call, purchaseId)).status).toBe('pending');
    expect(await balance(call)).toBe(SIGNUP_GRANT);
    // A checkout opened and left is no purchase: the list shows none, let alone a failed one.
    expect((await call('GET', '/payments/purchases')).body.items).toEqual([]);
  });

  it('credits the same event delivered twice, then ten times at once, exactly once', async () => {
    const { call } = await signedUp();
    const { purchaseId, url } = await checkout(call);
    const payload = await sessionEvent('checkout.session.completed', url, {
      payment_status: 'paid',
      status: 'complete',
    });
    expect((await deliver(payload)).status).toBe(200);
    expect((await deliver(payload)).status).toBe(200);
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(payload)));
    expect(answers.map((res) => res.status)).toEqual(Array(10).fill(200));
    expect((await purchase(call, purchaseId)).status).toBe('paid');
    expect(await balance(call)).toBe(SIGNUP_GRANT + packTotal(starter));
    expect((await ledger(call)).filter((entry) => entry.kind === 'purchase')).toHaveLength(1);
  });

  it('credits ten concurrent first deliveries of a fresh session once', async () => {
    const { call } = await signedUp();
    const { url } = await checkout(call);
    const payload = await sessionEvent('checkout.session.async_payment_succeeded', url, {
      payment_status: 'paid',
      status: 'complete',
    });
    await Promise.all(Array.from({ length: 10 }, () => deliver(payload)));
    expect(await balance(call)).toBe(SIGNUP_GRANT + packTotal(starter));
  });

  it('refuses a bad or missing signature with 400 and credits nothing', async () => {
    const { call } = await signedUp();
    const { purchaseId, url } = await checkout(call);
    const payload = await sessionEvent('checkout.session.completed', url, {
      payment_status: 'paid',
      status: 'complete',
    });
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    expect((await deliver(payload, forged)).status).toBe(400);
    const missing = await fetch(`${api.url}/payments/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: payload,
    });
    expect(missing.status).toBe(400);
    // The signature covers the exact bytes: the same event re-serialised is refused too.
    const good = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect((await deliver(JSON.stringify(JSON.parse(payload), null, 2), good)).status).toBe(400);
    expect((await purchase(call, purchaseId)).status).toBe('pending');
    expect(await balance(call)).toBe(SIGNUP_GRANT);
  });

  it('answers 200 to event types it does not handle', async () => {
    expect((await deliver(event('customer.created', { id: 'cus_test_1', object: 'customer' }))).status).toBe(200);
  });

  it('credits a delayed payment when it succeeds, and nothing when it fails', async () => {
    const { call } = await signedUp();
    const later = await checkout(call);
    expect((await choose(later.url, 'later_succeed')).status).toBe(303);
    await until(
      () => purchase(call, later.purchaseId),
      (p) => p.status === 'processing' || p.status === 'paid',
      20_000,
    );
    await settled(call, later.purchaseId, 'paid');
    expect(await balance(call)).toBe(SIGNUP_GRANT + packTotal(starter));

    const bounced = await checkout(call);
    expect((await choose(bounced.url, 'later_fail')).status).toBe(303);
    await settled(call, bounced.purchaseId, 'failed');
    expect(await balance(call)).toBe(SIGNUP_GRANT + packTotal(starter));
  });

  it('takes refunded credits back, never below zero, and records the shortfall for the operator', async () => {
    const { user, call } = await signedUp();
    const { purchaseId, url } = await checkout(call);
    await choose(url, 'pay');
    await settled(call, purchaseId, 'paid');
    // Most of the pack is spent before the refund comes: 300 credits are left.
    const half = packTotal(starter) / 2;
    await stack.database.transaction((tx) =>
      post(tx, {
        uid: user.uid,
        move: { kind: 'adjust', delta: -(SIGNUP_GRANT + packTotal(starter) - 300), reservedDelta: 0 },
        reason: 'Spent',
      }),
    );
    expect(await balance(call)).toBe(300);

    const session = await stripe.checkout.sessions.retrieve(url.split('/').at(-1)!);
    // Half the money back takes half the credits back.
    await stripe.refunds.create({ payment_intent: session.payment_intent as string, amount: starter.priceMinor / 2 });
    await settled(call, purchaseId, 'partially_refunded');
    expect(await balance(call)).toBe(300 - half);
    // The rest: only what is left can be taken; the balance stops at zero.
    await stripe.refunds.create({ payment_intent: session.payment_intent as string });
    await settled(call, purchaseId, 'refunded');
    expect(await balance(call)).toBe(0);
    const refunds = (await ledger(call)).filter((entry) => entry.kind === 'refund');
    expect(refunds.map((entry) => entry.delta).sort((a, b) => a - b)).toEqual([-half, -(300 - half), 0]);
    expect(refunds.find((entry) => entry.delta === 0)?.reason).toContain(
      `${half - (300 - half)} of ${half} refunded credits could not be taken back`,
    );
    // Stripe refuses a refund beyond the charge, in its own error shape.
    await expect(stripe.refunds.create({ payment_intent: session.payment_intent as string })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
    });
  });

  it("tells the user's webhook endpoint once that the payment went through, and of each refund", async () => {
    const receiver = await startReceiver();
    try {
      const { call } = await signedUp();
      const hook = await call('POST', '/webhooks/endpoints', {
        url: receiver.url,
        events: ['payment.succeeded', 'payment.refunded'],
      });
      expect(hook.status).toBe(201);
      const { purchaseId, url } = await checkout(call);
      await choose(url, 'pay');
      await settled(call, purchaseId, 'paid');
      const [paid] = await receiver.waitFor(1);
      expect(new Webhook(hook.body.secret).verify(paid!.body, paid!.headers)).toMatchObject({
        type: 'payment.succeeded',
        data: { id: purchaseId, packId: starter.id, creditsAdded: packTotal(starter) },
      });
      const session = await stripe.checkout.sessions.retrieve(url.split('/').at(-1)!);
      await stripe.refunds.create({ payment_intent: session.payment_intent as string, amount: starter.priceMinor / 2 });
      await settled(call, purchaseId, 'partially_refunded');
      const [, refunded] = await receiver.waitFor(2);
      expect(JSON.parse(refunded!.body)).toMatchObject({
        type: 'payment.refunded',
        data: { id: purchaseId, refundedMinor: starter.priceMinor / 2, creditsTakenBack: packTotal(starter) / 2 },
      });
      // Stripe's redeliveries of both events are no news.
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(receiver.received).toHaveLength(2);
    } finally {
      await receiver.close();
    }
  });

  it('ends in the same place whatever order the events arrive in', async () => {
    const { call } = await signedUp();
    // Settled before the checkout completes: the late "unpaid" completion must not undo it.
    const first = await checkout(call);
    await deliver(
      await sessionEvent('checkout.session.async_payment_succeeded', first.url, {
        payment_status: 'paid',
        status: 'complete',
      }),
    );
    await deliver(
      await sessionEvent('checkout.session.completed', first.url, { payment_status: 'unpaid', status: 'complete' }),
    );
    expect((await purchase(call, first.purchaseId)).status).toBe('paid');
    expect(await balance(call)).toBe(SIGNUP_GRANT + packTotal(starter));

    // The refund arrives before anything else: the payment it proves is credited and taken back, once.
    const second = await checkout(call);
    const charge = {
      id: 'ch_test_early',
      object: 'charge',
      amount: starter.priceMinor,
      amount_refunded: starter.priceMinor,
      refunded: true,
      payment_intent: 'pi_test_early',
      metadata: { purchase_id: second.purchaseId },
      receipt_url: null,
    };
    expect((await deliver(event('charge.refunded', charge))).status).toBe(200);
    await deliver(
      await sessionEvent('checkout.session.completed', second.url, {
        payment_status: 'paid',
        status: 'complete',
        payment_intent: 'pi_test_early',
      }),
    );
    expect((await purchase(call, second.purchaseId)).status).toBe('refunded');
    expect(await balance(call)).toBe(SIGNUP_GRANT + packTotal(starter));
  });

  it('says so, and sells nothing, where no Stripe key is configured', async () => {
    expect(await (await fetch(`${stack.url}/payments/config`)).json()).toEqual({
      enabled: false,
      currency: 'usd',
      sandbox: false,
    });
    const user = await createUser();
    const call = client(stack.url, user);
    const refused = await call('POST', '/payments/checkout', {
      packId: starter.id,
      returnUrl: 'http://localhost:4321/voice',
    });
    expect(refused.status).toBe(424);
    expect(refused.body.error).toBe('Buying credits is not available right now. Please contact support.');
  });

  it('shows a user only their own purchases', async () => {
    const owner = await signedUp();
    const { purchaseId, url } = await checkout(owner.call);
    await choose(url, 'pay');
    await settled(owner.call, purchaseId, 'paid');
    expect((await owner.call('GET', '/payments/purchases')).body.items.map((p: { id: string }) => p.id)).toEqual([
      purchaseId,
    ]);
    const other = await signedUp();
    expect((await other.call('GET', `/payments/purchases/${purchaseId}`)).status).toBe(404);
    expect((await other.call('GET', '/payments/purchases')).body.items).toEqual([]);
  });
});
