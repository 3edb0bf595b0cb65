/**
 * Credits held by a request rather than by a job (a script is written inside its request). A hold is reserved under
 * one key and settled once, by capture or by release, under a second key: the ledger's unique (uid, key) index lets
 * only the first settlement land, so a late request and the sweep below can never both settle the same hold.
 *
 * If the process dies while the request runs, nobody settles the hold and the credits would stay reserved for
 * ever. Workers therefore release holds that have been open longer than any request can run.
 */
import { sql } from 'drizzle-orm';
import { type Database, rows, type Tx } from '../db/index.ts';
import { capture, release, reserve } from './ledger.ts';
import { post } from './service.ts';

/** Far beyond the longest request (the script writer gives up after `LLM_TIMEOUT_MS`, 25 s by default). */
export const ABANDONED_HOLD_AFTER_MS = 10 * 60_000;
const RESERVE_SUFFIX = ':reserve';
const SETTLE_SUFFIX = ':settle';

export class HoldAlreadySettledError extends Error {
  constructor(readonly key: string) {
    super(`Credit hold ${key} was already settled`);
    this.name = 'HoldAlreadySettledError';
  }
}

export interface Hold {
  uid: string;
  /** Names the work, e.g. `script:<id>`; unique per user. */
  key: string;
  amount: number;
  reason: string;
}

export async function reserveHold(database: Database, hold: Hold): Promise<void> {
  await database.transaction((tx) =>
    post(tx, {
      uid: hold.uid,
      move: reserve(hold.amount),
      reason: hold.reason,
      idempotencyKey: hold.key + RESERVE_SUFFIX,
    }),
  );
}

/** Call inside the transaction that saves the result: if the hold was already released, it throws and rolls back. */
export async function captureHold(tx: Tx, hold: Hold): Promise<void> {
  const { applied } = await post(tx, {
    uid: hold.uid,
    move: capture(hold.amount),
    reason: hold.reason,
    idempotencyKey: hold.key + SETTLE_SUFFIX,
  });
  if (!applied) throw new HoldAlreadySettledError(hold.key);
}

/** Returns the credits; does nothing if the hold was already settled. */
export async function releaseHold(database: Database, hold: Hold): Promise<void> {
  await database.transaction((tx) =>
    post(tx, {
      uid: hold.uid,
      move: release(hold.amount),
      reason: hold.reason,
      idempotencyKey: hold.key + SETTLE_SUFFIX,
    }),
  );
}

/**
 * The whole life of a hold in one call: reserve, run `work`, then save its result and capture in one transaction.
 * Anything that throws on the way (the work, the save, the capture) releases the hold before the error travels on,
 * so a request that fails never keeps credits until the sweep.
 */
export async function spendHold<T, R>(
  database: Database,
  hold: Hold,
  work: () => Promise<T>,
  save: (tx: Tx, result: T) => Promise<R>,
): Promise<R> {
  await reserveHold(database, hold);
  try {
    const result = await work();
    return await database.transaction(async (tx) => {
      const saved = await save(tx, result);
      await captureHold(tx, hold);
      return saved;
    });
  } catch (error) {
    // When even this write fails (the database is gone), the workers' sweep returns the credits later.
    await releaseHold(database, { ...hold, reason: `${hold.reason} failed` }).catch(() => undefined);
    throw error;
  }
}

/** Releases holds that no request can still settle; returns how many it released. */
export async function releaseAbandonedHolds(
  database: Database,
  olderThanMs = ABANDONED_HOLD_AFTER_MS,
): Promise<number> {
  const trimReserveSuffix = sql.raw(String(-RESERVE_SUFFIX.length));
  const open = await rows<{ uid: string; key: string; amount: number; reason: string }>(
    database.db,
    sql`
    select h.uid, left(h.idempotency_key, ${trimReserveSuffix}) as key, -h.delta as amount, h.reason
    from credit_ledger h
    where h.kind = 'reserve' and h.job_id is null and h.idempotency_key like ${`%${RESERVE_SUFFIX}`}
      and h.created_at < now() - make_interval(secs => ${olderThanMs / 1000})
      and not exists (
        select 1 from credit_ledger s
        where s.uid = h.uid and s.idempotency_key = left(h.idempotency_key, ${trimReserveSuffix}) || ${SETTLE_SUFFIX}
      )
    order by h.id
    limit 100`,
  );
  for (const hold of open)
    await releaseHold(database, { ...hold, amount: Number(hold.amount), reason: `${hold.reason} interrupted` });
  return open.length;
}
