/**
 * Ledger writes. Each call runs inside the caller's transaction: the ledger row and the balance row change together
 * or not at all. Overspending is impossible because the balance UPDATE is conditional (and row-locked by PostgreSQL
 * under concurrency), with the table's CHECK (balance >= 0) behind it.
 */
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/index.ts';
import { creditBalances, creditLedger } from '../db/schema/credits.ts';
import { InsufficientCreditsError, type Account, type Movement } from './ledger.ts';

export interface PostOptions {
  uid: string;
  move: Movement;
  reason: string;
  /** Unique per user: posting the same key again changes nothing and reports `applied: false`. */
  idempotencyKey?: string;
  jobId?: string;
}

export async function openAccount(tx: Tx, uid: string): Promise<void> {
  await tx.insert(creditBalances).values({ uid }).onConflictDoNothing();
}

export async function post(tx: Tx, options: PostOptions): Promise<{ applied: boolean; account: Account }> {
  const { uid, move } = options;
  const inserted = await tx
    .insert(creditLedger)
    .values({
      uid,
      kind: move.kind,
      delta: move.delta,
      reservedDelta: move.reservedDelta,
      reason: options.reason,
      jobId: options.jobId ?? null,
      idempotencyKey: options.idempotencyKey ?? null,
    })
    .onConflictDoNothing({ target: [creditLedger.uid, creditLedger.idempotencyKey] })
    .returning({ id: creditLedger.id });
  if (inserted.length === 0) return { applied: false, account: await getAccount(tx, uid) };

  const updated = await tx
    .update(creditBalances)
    .set({
      balance: sql`${creditBalances.balance} + ${move.delta}`,
      reserved: sql`${creditBalances.reserved} + ${move.reservedDelta}`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(creditBalances.uid, uid),
        sql`${creditBalances.balance} + ${move.delta} >= 0`,
        sql`${creditBalances.reserved} + ${move.reservedDelta} >= 0`,
      ),
    )
    .returning({ balance: creditBalances.balance, reserved: creditBalances.reserved });
  const account = updated[0];
  if (!account) {
    // Throwing rolls back the ledger row inserted above.
    const current = await getAccount(tx, uid);
    if (move.delta < 0) throw new InsufficientCreditsError(-move.delta, current.balance);
    throw new Error(`Ledger movement ${move.kind} for ${uid} does not fit the account ${JSON.stringify(current)}`);
  }
  return { applied: true, account };
}

export async function getAccount(db: Db | Tx, uid: string): Promise<Account> {
  const rows = await db
    .select({ balance: creditBalances.balance, reserved: creditBalances.reserved })
    .from(creditBalances)
    .where(eq(creditBalances.uid, uid));
  return rows[0] ?? { balance: 0, reserved: 0 };
}

/** Newest first; `cursor` is the last id of the previous page. */
export async function ledgerPage(db: Db, uid: string, limit: number, cursor?: number) {
  const rows = await db
    .select()
    .from(creditLedger)
    .where(cursor === undefined ? eq(creditLedger.uid, uid) : and(eq(creditLedger.uid, uid), lt(creditLedger.id, cursor)))
    .orderBy(desc(creditLedger.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { entries: page, nextCursor: rows.length > limit && last ? String(last.id) : null };
}
