/**
 * The relay's claim (fairness.ts) on a real database, PGlite and PostgreSQL: how many of one user's due deliveries
 * it takes while their receivers hang, and that another user's delivery is taken at once all the same.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '~/server/db/index.ts';
import { webhookDeliveries, webhookEndpoints } from '~/server/db/schema/developers.ts';
import { users } from '~/server/db/schema/users.ts';
import { insertDeliveries, insertEvent } from '~/server/events/emit.ts';
import { claimDue, ENDPOINT_CONCURRENCY, userShare } from '~/server/features/developers/webhooks/fairness.ts';
import { databaseTargets, type Target } from './support/databases.ts';
import { testConfig } from './support/stack.ts';

const POOL = 20;
const LEASE_MS = 60_000;

describe.each(await databaseTargets())('sharing the webhook pool on %s', (_name, makeTarget) => {
  let target: Target;
  let database: Database;

  beforeAll(async () => {
    target = await makeTarget();
    database = await openDatabase(testConfig(target));
  });
  afterAll(async () => {
    await database?.close();
    await target?.dispose();
  });

  /** A user with `endpoints` endpoints and `each` due deliveries to every one of them. */
  const userWithBacklog = async (uid: string, endpoints: number, each: number) => {
    await database.db.insert(users).values({ uid, email: `${uid}@example.com` });
    const made = await database.db
      .insert(webhookEndpoints)
      .values(
        Array.from({ length: endpoints }, (_, i) => ({
          uid,
          url: `https://example.com/${uid}/${i}`,
          events: ['video.succeeded' as const],
          secret: 'whsec_test',
        })),
      )
      .returning({ id: webhookEndpoints.id });
    for (let n = 0; n < each; n++)
      await database.transaction(async (tx) => {
        const eventId = await insertEvent(tx, uid, 'video.succeeded', { n });
        await insertDeliveries(
          tx,
          uid,
          eventId,
          made.map((e) => e.id),
        );
      });
    return made.map((e) => e.id);
  };

  /** The attempt of `id` recorded, as the worker does: its slot is free. */
  const record = async (id: string | undefined) => {
    if (!id) throw new Error('nothing claimed');
    await database.db
      .update(webhookDeliveries)
      .set({ status: 'succeeded', claimedAt: null })
      .where(eq(webhookDeliveries.id, id));
  };

  const claimedOf = async (ids: string[]) => {
    const claimed = await database.db
      .select({ uid: webhookDeliveries.uid, endpointId: webhookDeliveries.endpointId })
      .from(webhookDeliveries)
      .where(inArray(webhookDeliveries.id, ids));
    const perEndpoint = new Map<string, number>();
    for (const row of claimed) perEndpoint.set(row.endpointId, (perEndpoint.get(row.endpointId) ?? 0) + 1);
    return { rows: claimed, perEndpoint };
  };

  it("takes a few per endpoint and a fair share per user, and another user's delivery at once", async () => {
    // One user's ten endpoints with four deliveries each: forty receivers that will hang.
    const heavy = await userWithBacklog('heavy-user', 10, 4);
    const first = await claimDue(database, { pool: POOL, batch: 200, leaseMs: LEASE_MS });
    // Alone, the user gets the pool less its reserve, spread over the endpoints, at most a few per endpoint.
    expect(first).toHaveLength(userShare(POOL, 1));
    const spread = await claimedOf(first.map((d) => d.id));
    expect(Math.max(...spread.perEndpoint.values())).toBeLessThanOrEqual(ENDPOINT_CONCURRENCY);
    expect(spread.perEndpoint.size).toBe(heavy.length);
    // While those hang, nothing more of theirs is taken.
    expect(await claimDue(database, { pool: POOL, batch: 200, leaseMs: LEASE_MS })).toEqual([]);

    // Another user's delivery is taken on the next claim, though the first user's backlog is older.
    await userWithBacklog('light-user', 1, 1);
    const next = await claimDue(database, { pool: POOL, batch: 200, leaseMs: LEASE_MS });
    expect((await claimedOf(next.map((d) => d.id))).rows.map((r) => r.uid)).toEqual(['light-user']);

    // With two users waiting, the first one's share shrinks to half: a slot freed goes to no more of theirs yet.
    await record(first[0]?.id);
    expect(userShare(POOL, 2)).toBeLessThan(first.length - 1);
    expect(await claimDue(database, { pool: POOL, batch: 200, leaseMs: LEASE_MS })).toEqual([]);
  });

  it('takes one endpoint a few at a time whatever its backlog, the next as soon as an attempt ends', async () => {
    const [endpoint] = await userWithBacklog('one-endpoint-user', 1, 12);
    const claimed = await claimDue(database, { pool: POOL, batch: 200, leaseMs: LEASE_MS });
    expect(claimed).toHaveLength(ENDPOINT_CONCURRENCY);
    expect((await claimedOf(claimed.map((d) => d.id))).perEndpoint.get(endpoint ?? '')).toBe(ENDPOINT_CONCURRENCY);
    expect(await claimDue(database, { pool: POOL, batch: 200, leaseMs: LEASE_MS })).toEqual([]);
    await record(claimed[0]?.id);
    const next = await claimDue(database, { pool: POOL, batch: 200, leaseMs: LEASE_MS });
    expect((await claimedOf(next.map((d) => d.id))).rows).toEqual([{ uid: 'one-endpoint-user', endpointId: endpoint }]);
  });

  it('takes a claim again once its lease ran out (its process died)', async () => {
    const [endpoint] = await userWithBacklog('crashed-user', 1, 1);
    const claimed = await claimDue(database, { pool: POOL, batch: 200, leaseMs: LEASE_MS });
    expect((await claimedOf(claimed.map((d) => d.id))).rows).toEqual([{ uid: 'crashed-user', endpointId: endpoint }]);
    expect(await claimDue(database, { pool: POOL, batch: 200, leaseMs: LEASE_MS })).toEqual([]);
    await database.db
      .update(webhookDeliveries)
      .set({ claimedAt: new Date(Date.now() - LEASE_MS - 1000) })
      .where(eq(webhookDeliveries.endpointId, endpoint ?? ''));
    const again = await claimDue(database, { pool: POOL, batch: 200, leaseMs: LEASE_MS });
    expect((await claimedOf(again.map((d) => d.id))).rows).toEqual([{ uid: 'crashed-user', endpointId: endpoint }]);
  });
});
