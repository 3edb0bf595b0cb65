/**
 * Credits held by a request rather than by a job (a script is written inside its request). A hold is reserved under
 * one key and settled once, by capture or by release, under a second key: the ledger's unique (uid, key) index lets
 * only the first settlement land, so a late request and the sweep below can never both settle the same hold.
 *
 * Three kinds of owner hold credits, each settled by its own rule: a job by its status change (jobs/lifecycle.ts), a
 * GPU rental by its settlements (features/gpu/settlement.ts), a request by this module. Only request holds have a
 * row in `request_holds`, from reserve to settlement, and only that table is swept: if the process dies while the
 * request runs, nobody settles the hold, so workers release the ones open longer than any request can run.
 */
import { and, asc, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '~/server/db/index.ts';
import { requestHolds } from '~/server/db/schema/credits.ts';
import type { Logger } from '~/server/http/logger.ts';
import { capture, release, reserve } from './ledger.ts';
import { post } from './service.ts';

/** Far beyond the longest request (the script writer gives up after `LLM_TIMEOUT_MS`, 25 s by default). */
export const ABANDONED_HOLD_AFTER_MS = 10 * 60_000;
const RESERVE_SUFFIX = ':reserve';
const SETTLE_SUFFIX = ':settle';
const SWEEP_BATCH = 100;

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
  await database.transaction(async (tx) => {
    const { applied } = await post(tx, {
      uid: hold.uid,
      move: reserve(hold.amount),
      reason: hold.reason,
      idempotencyKey: hold.key + RESERVE_SUFFIX,
    });
    if (applied)
      await tx.insert(requestHolds).values({ uid: hold.uid, key: hold.key, amount: hold.amount, reason: hold.reason });
  });
}

/** The settlement's ledger row and the end of the hold's row, in the caller's transaction; false if already settled. */
async function settle(tx: Tx, hold: Hold, move: typeof capture): Promise<boolean> {
  const { applied } = await post(tx, {
    uid: hold.uid,
    move: move(hold.amount),
    reason: hold.reason,
    idempotencyKey: hold.key + SETTLE_SUFFIX,
  });
  await tx.delete(requestHolds).where(and(eq(requestHolds.uid, hold.uid), eq(requestHolds.key, hold.key)));
  return applied;
}

/** Call inside the transaction that saves the result: if the hold was already released, it throws and rolls back. */
export async function captureHold(tx: Tx, hold: Hold): Promise<void> {
  if (!(await settle(tx, hold, capture))) throw new HoldAlreadySettledError(hold.key);
}

/** Returns the credits; does nothing (false) if the hold was already settled. */
export async function releaseHold(database: Database, hold: Hold): Promise<boolean> {
  return database.transaction((tx) => settle(tx, hold, release));
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

export interface SweepOptions {
  /** A hold older than this is one no request can settle any more. */
  olderThanMs?: number;
  log?: Pick<Logger, 'warn'>;
}

/**
 * Releases request holds that no request can still settle; returns how many it released. Each hold is released in its
 * own transaction: one that cannot be (its account no longer reserves the credits) is logged with its key and skipped,
 * so it never keeps the sweep from returning anyone else's credits. Skipped holds stay for the operator's audit.
 */
export async function releaseAbandonedHolds(database: Database, options: SweepOptions = {}): Promise<number> {
  const { olderThanMs = ABANDONED_HOLD_AFTER_MS, log } = options;
  const cutoff = sql`now() - make_interval(secs => ${olderThanMs / 1000})`;
  const skipped: SQL[] = [];
  let released = 0;
  for (;;) {
    const batch = await database.db
      .select()
      .from(requestHolds)
      .where(
        and(
          lt(requestHolds.createdAt, cutoff),
          skipped.length > 0
            ? sql`(${requestHolds.uid}, ${requestHolds.key}) not in (${sql.join(skipped, sql`, `)})`
            : undefined,
        ),
      )
      .orderBy(asc(requestHolds.createdAt))
      .limit(SWEEP_BATCH);
    for (const hold of batch) {
      try {
        if (await releaseHold(database, { ...hold, reason: `${hold.reason} interrupted` })) released++;
      } catch (error) {
        log?.warn({ err: error, uid: hold.uid, key: hold.key }, 'an abandoned credit hold could not be released');
        skipped.push(sql`(${hold.uid}, ${hold.key})`);
      }
    }
    if (batch.length < SWEEP_BATCH) return released;
  }
}
