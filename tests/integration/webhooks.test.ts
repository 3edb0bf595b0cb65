/**
 * Webhooks on the real stack (API + worker + the delivery worker), once on PGlite and once on PostgreSQL when one
 * answers, to a receiver on this machine that checks each delivery with the Standard Webhooks library: a job's end
 * arrives signed, a 500 and a silent receiver are retried with the same id, redirects are never followed, bad URLs are refused when saved, the test event and resends show in the log, and an endpoint that keeps
 * failing is turned off with its reason.
 */
import { and, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_ENDPOINT_LIMIT, WEBHOOK_TESTS_PER_MINUTE } from '~/contract/developers.ts';
import { LOW_CREDITS_THRESHOLD, SIGNUP_GRANT } from '~/contract/pricing.ts';
import { startRunpodSandbox } from '~/sandboxes/runpod/index.ts';
import { idempotentRequests } from '~/server/db/schema/requests.ts';
import { emitEvent } from '~/server/events/emit.ts';
import { ENDPOINT_CONCURRENCY, userShare } from '~/server/features/developers/webhooks/fairness.ts';
import { postWebhook } from '~/server/features/developers/webhooks/outbound.ts';
import { createWebhookService } from '~/server/features/developers/webhooks/service.ts';
import { HttpError } from '~/server/http/errors.ts';
import { createUser, ensureAuthEmulator } from './support/auth-emulator.ts';
import { databaseTargets, type Target } from './support/databases.ts';
import { sshPublicKey } from './support/ssh-key.ts';
import { client, type Stack, startStack } from './support/stack.ts';
import { type Received, type Receiver, startReceiver } from './support/webhook-receiver.ts';

let stopEmulator: () => Promise<void> = async () => undefined;
beforeAll(async () => {
  stopEmulator = await ensureAuthEmulator();
});
afterAll(async () => stopEmulator());

/** Three attempts, 300 ms apart; one second without an answer is a timeout. */
const SCHEDULE = [0, 300, 300];

const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> => {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`timed out waiting; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

const verified = (secret: string, delivery: Received) =>
  new Webhook(secret).verify(delivery.body, delivery.headers) as { type: string; data: Record<string, unknown> };

describe.each(await databaseTargets())('webhooks on %s', (_name, makeTarget) => {
  let target: Target;
  let stack: Stack;
  let receiver: Receiver;

  const signedUp = async () => {
    const user = await createUser();
    const api = client(stack.url, user);
    const profile = await api('POST', '/auth/auth', {
      uid: user.uid,
      email: user.email,
      displayName: null,
      photoURL: null,
    });
    expect(profile.status).toBe(201);
    return { user, api };
  };

  const addEndpoint = async (api: ReturnType<typeof client>, url: string, events: string[]) => {
    const created = await api('POST', '/webhooks/endpoints', { url, events, description: 'test receiver' });
    expect(created.status).toBe(201);
    expect(created.body.secret).toMatch(/^whsec_/);
    return created.body as { id: string; secret: string };
  };

  const log = async (api: ReturnType<typeof client>, endpointId: string) =>
    (await api('GET', `/webhooks/endpoints/${endpointId}/deliveries`)).body.items as Array<Record<string, any>>;

  beforeAll(async () => {
    target = await makeTarget();
    stack = await startStack(target, {
      env: { WEBHOOKS_ALLOW_LOOPBACK: '1' },
      webhooks: { schedule: SCHEDULE, timeoutMs: 1000 },
    });
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
    await stack?.close();
    await target?.dispose();
  });

  it("sends a job's end signed, to the endpoints subscribed to it, and logs it", async () => {
    const { api } = await signedUp();
    const hook = await addEndpoint(api, `${receiver.url}/speech`, ['speech.succeeded', 'speech.failed']);
    const other = await addEndpoint(api, `${receiver.url}/videos-only`, ['video.succeeded']);
    const before = receiver.received.length;
    const speech = await api('POST', '/speech', { text: 'Hello from a webhook test.', voiceId: 'en-gb-amelia' });
    expect(speech.status).toBe(202);

    const [arrived] = (await receiver.waitFor(before + 1, 60_000)).slice(before);
    if (!arrived) throw new Error('no delivery');
    const event = verified(hook.secret, arrived);
    expect(event.type).toBe('speech.succeeded');
    expect(event.data).toMatchObject({
      id: speech.body.id,
      status: 'succeeded',
      creditsCharged: 2,
      error: null,
      links: { self: `/speech/${speech.body.id}` },
    });
    expect(arrived.headers['webhook-id']).toMatch(/^msg_/);
    // Signed with another endpoint's secret it would not verify.
    expect(() => verified(other.secret, arrived)).toThrow();

    const [logged] = await until(
      () => log(api, hook.id),
      (items) => items[0]?.status === 'succeeded',
    );
    expect(logged).toMatchObject({
      eventType: 'speech.succeeded',
      status: 'succeeded',
      attempts: 1,
      responseStatus: 200,
    });
    expect(logged?.eventId).toBe(arrived.headers['webhook-id']);
    expect(await log(api, other.id)).toEqual([]);
  });

  it('retries after a 500 and after no answer, with the same event id, until one succeeds', async () => {
    const { api } = await signedUp();
    const hook = await addEndpoint(api, `${receiver.url}/flaky`, ['video.succeeded']);
    const before = receiver.received.length;
    receiver.script(500, 'hang');
    const test = await api('POST', `/webhooks/endpoints/${hook.id}/test`);
    expect(test.status).toBe(202);
    expect(test.body).toMatchObject({ eventType: 'webhook.test', status: 'pending', attempts: 0 });

    const tries = (await receiver.waitFor(before + 3)).slice(before);
    expect(new Set(tries.map((t) => t.headers['webhook-id']))).toEqual(new Set([test.body.eventId]));
    for (const attempt of tries) expect(verified(hook.secret, attempt).type).toBe('webhook.test');
    const [done] = await until(
      () => log(api, hook.id),
      (items) => items[0]?.status === 'succeeded',
    );
    expect(done).toMatchObject({ attempts: 3, responseStatus: 200, error: null });
    // The hanging attempt was given up after the timeout, not waited for.
    const third = tries[2];
    const second = tries[1];
    if (!third || !second) throw new Error('missing attempts');
    expect(third.at - second.at).toBeLessThan(1000 + 300 + 2000);
    const endpoint = (await api('GET', '/webhooks/endpoints')).body.items[0];
    expect(endpoint).toMatchObject({ enabled: true, failingSince: null });
  });

  it('shows the signing secret once: a repeated create answers the endpoint without it, and no copy is kept', async () => {
    const { user, api } = await signedUp();
    const once = { 'Idempotency-Key': 'add-endpoint-1' };
    const body = { url: `${receiver.url}/once`, events: ['video.succeeded'], description: 'once' };
    const first = await api('POST', '/webhooks/endpoints', body, once);
    const again = await api('POST', '/webhooks/endpoints', body, once);
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(first.body.secret).toMatch(/^whsec_/);
    expect(again.body).toEqual({ ...first.body, secret: null });
    expect((await api('GET', '/webhooks/endpoints')).body.items).toHaveLength(1);
    const kept = await stack.database.db
      .select({ answer: idempotentRequests.answer })
      .from(idempotentRequests)
      .where(and(eq(idempotentRequests.uid, user.uid), eq(idempotentRequests.key, 'add-endpoint-1')));
    expect(kept).toHaveLength(1);
    expect(JSON.parse(kept[0]?.answer ?? '{}')).toEqual({ ...first.body, secret: null });
    expect(kept[0]?.answer).not.toContain(first.body.secret);
  });

  it('never follows a redirect: the attempt fails naming the status and the Location', async () => {
    const { api } = await signedUp();
    for (const status of [301, 302, 303, 307, 308]) {
      const hook = await addEndpoint(api, `${receiver.url}/moved-${status}`, ['video.succeeded']);
      receiver.script({ redirect: `/final-${status}`, status });
      await api('POST', `/webhooks/endpoints/${hook.id}/test`);
      const [tried] = await until(
        () => log(api, hook.id),
        (items) => (items[0]?.attempts ?? 0) >= 1,
      );
      expect(tried).toMatchObject({ responseStatus: status });
      expect(tried?.error).toBe(
        `The endpoint answered ${status}, a redirect to ${receiver.url}/final-${status}: redirects are not followed, so point the endpoint at the final URL`,
      );
      await api('PATCH', `/webhooks/endpoints/${hook.id}`, { enabled: false });
    }
    // A redirect to a private address is not followed either: nothing reaches where any Location pointed.
    const { api: another } = await signedUp();
    const hook = await addEndpoint(another, `${receiver.url}/metadata`, ['video.succeeded']);
    receiver.script({ redirect: 'http://169.254.169.254/latest/meta-data/' });
    await another('POST', `/webhooks/endpoints/${hook.id}/test`);
    const [tried] = await until(
      () => log(another, hook.id),
      (items) => (items[0]?.attempts ?? 0) >= 1,
    );
    expect(tried?.error).toMatch(/^The endpoint answered 307, a redirect to http:\/\/169\.254\.169\.254\/latest/);
    expect(receiver.received.filter((r) => r.path.startsWith('/final'))).toEqual([]);
  });

  it('refuses an endpoint past the limit, naming the field and what to do', async () => {
    const { api } = await signedUp();
    for (let i = 0; i < WEBHOOK_ENDPOINT_LIMIT; i++)
      await addEndpoint(api, `${receiver.url}/many-${i}`, ['video.succeeded']);
    const refused = await api('POST', '/webhooks/endpoints', {
      url: `${receiver.url}/one-more`,
      events: ['video.succeeded'],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({
      url: `You already have ${WEBHOOK_ENDPOINT_LIMIT} webhook endpoints, the most an account may have: delete one you no longer use, or subscribe an existing one to more events`,
    });
    // Deleting one makes room again.
    const [first] = (await api('GET', '/webhooks/endpoints')).body.items;
    expect((await api('DELETE', `/webhooks/endpoints/${first.id}`)).status).toBe(204);
    await addEndpoint(api, `${receiver.url}/one-more`, ['video.succeeded']);
  });

  it('limits test events to a few a minute, saying when to try again', async () => {
    const { api } = await signedUp();
    const hook = await addEndpoint(api, `${receiver.url}/tests`, ['video.succeeded']);
    for (let i = 0; i < WEBHOOK_TESTS_PER_MINUTE; i++)
      expect((await api('POST', `/webhooks/endpoints/${hook.id}/test`)).status).toBe(202);
    const refused = await api('POST', `/webhooks/endpoints/${hook.id}/test`);
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(refused.body.error).toBe(
      `You can send ${WEBHOOK_TESTS_PER_MINUTE} test events a minute: try again in ${wait} s`,
    );
    // Another user's tests are their own.
    const { api: other } = await signedUp();
    const theirs = await addEndpoint(other, `${receiver.url}/tests-2`, ['video.succeeded']);
    expect((await other('POST', `/webhooks/endpoints/${theirs.id}/test`)).status).toBe(202);
  });

  it("delivers another user's event while one user's receivers all hang", async () => {
    const hanging = await startReceiver();
    try {
      const { user, api } = await signedUp();
      const hooks = [];
      for (let i = 0; i < WEBHOOK_ENDPOINT_LIMIT; i++)
        hooks.push(await addEndpoint(api, `${hanging.url}/hang-${i}`, ['video.succeeded']));
      hanging.script(...Array.from({ length: 200 }, () => 'hang' as const));
      // Four events fan out to every endpoint: forty deliveries to receivers that never answer.
      for (let n = 0; n < 4; n++)
        await stack.database.transaction((tx) => emitEvent(tx, user.uid, 'video.succeeded', { n }));
      await hanging.waitFor(1);

      const { api: other } = await signedUp();
      const theirs = await addEndpoint(other, `${receiver.url}/unhurried`, ['video.succeeded']);
      const before = receiver.received.length;
      await other('POST', `/webhooks/endpoints/${theirs.id}/test`);
      const [arrived] = (await receiver.waitFor(before + 1)).slice(before);
      if (!arrived) throw new Error('no delivery');
      // When it arrived, the hanging user held no more than their share, and each endpoint no more than a few.
      const held = hanging.received.filter((r) => r.at <= arrived.at);
      expect(held.length).toBeLessThanOrEqual(userShare(stack.config.webhooks.concurrency, 1));
      const perPath = new Map<string, number>();
      for (const r of held) perPath.set(r.path, (perPath.get(r.path) ?? 0) + 1);
      expect(Math.max(...perPath.values())).toBeLessThanOrEqual(ENDPOINT_CONCURRENCY);
      for (const hook of hooks) await api('PATCH', `/webhooks/endpoints/${hook.id}`, { enabled: false });
    } finally {
      await hanging.close();
    }
  });

  it('turns off an endpoint that keeps failing, says why, and takes it back when turned on', async () => {
    const { api } = await signedUp();
    const hook = await addEndpoint(api, `${receiver.url}/down`, ['video.succeeded']);
    receiver.script(503, 503, 503);
    await api('POST', `/webhooks/endpoints/${hook.id}/test`);
    const [off] = await until(
      async () => (await api('GET', '/webhooks/endpoints')).body.items,
      (items: any[]) => items[0]?.enabled === false,
    );
    expect(off.disabledReason).toMatch(
      /^Turned off: every delivery since .* failed \(last: The endpoint answered 503\)/,
    );
    expect(off.failingSince).not.toBeNull();
    expect((await log(api, hook.id))[0]).toMatchObject({ status: 'failed', attempts: 3, responseStatus: 503 });
    // Nothing more is sent to it; sending a test is refused until it is on again.
    expect((await api('POST', `/webhooks/endpoints/${hook.id}/test`)).status).toBe(409);
    // The owner is told on every screen (GET /me), with where to fix it.
    expect((await api('GET', '/me')).body.notices).toEqual([
      {
        id: `webhook-endpoint-off:${hook.id}`,
        text: `Your webhook endpoint ${receiver.url}/down was turned off after failing for about a day. Fix the receiver, then turn it on again.`,
        href: '/account/developers',
      },
    ]);

    const on = await api('PATCH', `/webhooks/endpoints/${hook.id}`, { enabled: true });
    expect(on.body).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
    expect((await api('GET', '/me')).body.notices).toEqual([]);
    const resend = await api('POST', `/webhooks/deliveries/${(await log(api, hook.id))[0]?.id}/resend`);
    expect(resend.status).toBe(202);
    const items = await until(
      () => log(api, hook.id),
      (list) => list[0]?.status === 'succeeded',
    );
    // The resend is a new delivery of the same event: receivers drop it if they saw it.
    expect(items).toHaveLength(2);
    expect(items[0]?.eventId).toBe(items[1]?.eventId);
  });

  it("keeps each user's endpoints and deliveries their own: another user's ids answer 404", async () => {
    const { api } = await signedUp();
    const hook = await addEndpoint(api, `${receiver.url}/mine`, ['video.succeeded']);
    expect((await api('POST', `/webhooks/endpoints/${hook.id}/test`)).status).toBe(202);
    const [delivery] = await until(
      () => log(api, hook.id),
      (items) => items[0]?.status === 'succeeded',
    );
    const { api: stranger } = await signedUp();
    const refused = [
      await stranger('PATCH', `/webhooks/endpoints/${hook.id}`, { enabled: false }),
      await stranger('POST', `/webhooks/endpoints/${hook.id}/test`),
      await stranger('GET', `/webhooks/endpoints/${hook.id}/deliveries`),
      await stranger('POST', `/webhooks/deliveries/${delivery?.id}/resend`),
      await stranger('DELETE', `/webhooks/endpoints/${hook.id}`),
    ];
    expect(refused.map((answer) => answer.status)).toEqual([404, 404, 404, 404, 404]);
    expect((await stranger('GET', '/webhooks/endpoints')).body.items).toEqual([]);
    // Untouched for its owner: still on, its one delivery still in the log.
    expect((await api('GET', '/webhooks/endpoints')).body.items[0]).toMatchObject({ id: hook.id, enabled: true });
    expect(await log(api, hook.id)).toHaveLength(1);
  });

  it('refuses to save a malformed, private or loopback URL, and http in production', async () => {
    const { api, user } = await signedUp();
    for (const url of ['not a url', 'https://10.0.0.1/hook', 'https://[fd00::1]/hook', 'ftp://example.com/']) {
      const res = await api('POST', '/webhooks/endpoints', { url, events: ['video.succeeded'] });
      expect(res.status, url).toBe(400);
      expect(Object.keys(res.body.fields)).toEqual(['url']);
    }
    // The stack allows loopback (a receiver on this machine); a server without the setting refuses it.
    const strict = await stack.extraApi({});
    const strictApi = client(strict.url, user);
    for (const url of [receiver.url, 'http://localhost:9/hook', 'http://[::1]:9/']) {
      const res = await strictApi('POST', '/webhooks/endpoints', { url, events: ['video.succeeded'] });
      expect(res.status, url).toBe(400);
      expect(res.body.fields.url).toMatch(/loopback/);
    }
    const production = createWebhookService({
      database: stack.database,
      policy: { development: false, allowLoopback: false },
    });
    const refused = await production
      .create(user.uid, { url: 'http://example.com/hook', events: ['video.succeeded'], description: '' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).status).toBe(400);
    expect((refused as HttpError).fields).toEqual({ url: 'The URL must use https' });
  });

  it('connects to the address it checked when a name resolves, and refuses a refused one', async () => {
    const before = receiver.received.length;
    const port = new URL(receiver.url).port;
    // A name whose DNS answer is this machine, as a rebinding attacker's would be after the URL was saved.
    const resolve = async () => [{ address: '127.0.0.1', family: 4 }];
    const send = (allowLoopback: boolean) =>
      postWebhook(
        `http://hooks.example:${port}/rebound`,
        '{}',
        {},
        {
          policy: { development: true, allowLoopback },
          timeoutMs: 1000,
          resolve,
        },
      );
    const refused = await send(false);
    expect(refused).toMatchObject({ status: null });
    expect(refused.error).toBe('hooks.example resolves to 127.0.0.1, a loopback address, which webhooks never reach');
    expect(receiver.received.length).toBe(before);
    // Allowed, the request goes to exactly that address.
    expect(await send(true)).toMatchObject({ status: 200, error: null });
    expect(receiver.received.at(-1)?.headers.host).toBe(`hooks.example:${port}`);
  });

  it("tells of a GPU rental's status changes", async () => {
    const sandbox = await startRunpodSandbox({ provisioningMs: 0 });
    const gpu = await stack.extraApi({
      RUNPOD_API_URL: sandbox.url,
      RUNPOD_API_KEY: 'rp-key',
      GPU_SANDBOX: '1',
      WEBHOOKS_ALLOW_LOOPBACK: '1',
    });
    try {
      const { user } = await signedUp();
      const api = client(gpu.url, user);
      const hook = await addEndpoint(api, `${receiver.url}/gpu`, ['rental.status_changed']);
      const key = await api('POST', '/gpu/ssh-keys', { name: 'Laptop', publicKey: sshPublicKey() });
      const offer = (await api('GET', '/gpu/offers')).body.offers.find((o: { available: boolean }) => o.available);
      const rented = await api('POST', '/gpu/rentals', {
        offerId: offer.id,
        template: 'ubuntu-ssh',
        diskGb: 20,
        sshKeyId: key.body.id,
      });
      expect(rented.status).toBe(201);
      expect((await api('POST', `/gpu/rentals/${rented.body.id}/terminate`)).body.status).toBe('terminated');
      const items = await until(
        () => log(api, hook.id),
        (list) => list.some((d) => d.status === 'succeeded') && list.every((d) => d.status === 'succeeded'),
      );
      const statuses = receiver.received
        .filter((r) => r.headers['webhook-id'] && items.some((d) => d.eventId === r.headers['webhook-id']))
        .map((r) => verified(hook.secret, r))
        .map((event) => {
          expect(event.type).toBe('rental.status_changed');
          expect(event.data).toMatchObject({ id: rented.body.id, links: { self: `/gpu/rentals/${rented.body.id}` } });
          return event.data.status;
        });
      // Deliveries run side by side, so they may arrive out of order: each carries its status and the one before.
      expect(statuses).toContain('terminated');
    } finally {
      await gpu.close();
      await sandbox.close();
    }
  });

  it('tells once when a spend takes the balance below the low-credits line', async () => {
    const { api } = await signedUp();
    const hook = await addEndpoint(api, `${receiver.url}/low`, ['credits.low']);
    const before = receiver.received.length;
    const spend = (cost: number) => api('POST', '/jobs', { kind: 'test.hold', payload: { cost, holdMs: 0 } });
    expect((await spend(SIGNUP_GRANT - LOW_CREDITS_THRESHOLD)).status).toBe(201);
    expect((await spend(1)).status).toBe(201);
    expect((await spend(1)).status).toBe(201);
    const [low] = (await receiver.waitFor(before + 1)).slice(before);
    if (!low) throw new Error('no delivery');
    expect(verified(hook.secret, low)).toMatchObject({
      type: 'credits.low',
      data: { balance: LOW_CREDITS_THRESHOLD - 1, threshold: LOW_CREDITS_THRESHOLD },
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await log(api, hook.id)).toHaveLength(1);
  });
});
