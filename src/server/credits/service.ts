/**
 * Ledger writes. Each call runs inside the caller's transaction: the ledger row and the balance row change together
 * or not at all. Overspending is impossible because the balance UPDATE is conditional (and row-locked by PostgreSQL
 * under concurrency), with the table's CHECK (balance >= 0) behind it.
 */
import { and, desc, eq, gt, lt, or, type SQL, sql } from 'drizzle-orm';
import type { LedgerEntry, LedgerPage } from '~/contract/api.ts';
import { CATEGORY_RULES, type LedgerCategory } from '~/contract/ledger.ts';
import { LOW_CREDITS_THRESHOLD } from '~/contract/pricing.ts';
import type { Db, Tx } from '~/server/db/index.ts';
import { creditBalances, creditLedger } from '~/server/db/schema/credits.ts';
import { emitEvent } from '~/server/events/emit.ts';
import { type Account, crossedLow, InsufficientCreditsError, type Movement } from './ledger.ts';

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
  if (crossedLow(account.balance - move.delta, account.balance, LOW_CREDITS_THRESHOLD))
    await emitEvent(tx, uid, 'credits.low', { balance: account.balance, threshold: LOW_CREDITS_THRESHOLD });
  return { applied: true, account };
}

export async function getAccount(db: Db | Tx, uid: string): Promise<Account> {
  const rows = await db
    .select({ balance: creditBalances.balance, reserved: creditBalances.reserved })
    .from(creditBalances)
    .where(eq(creditBalances.uid, uid));
  return rows[0] ?? { balance: 0, reserved: 0 };
}

/** The rows of one ledger category (contract/ledger.ts), as SQL. */
function categoryWhere(category: LedgerCategory): SQL | undefined {
  return or(
    ...CATEGORY_RULES[category].map((rule) =>
      and(
        eq(creditLedger.kind, rule.kind),
        rule.sign === 'positive'
          ? gt(creditLedger.delta, 0)
          : rule.sign === 'negative'
            ? lt(creditLedger.delta, 0)
            : undefined,
      ),
    ),
  );
}

const toEntry = (row: typeof creditLedger.$inferSelect): LedgerEntry => ({
  id: String(row.id),
  kind: row.kind,
  delta: row.delta,
  reservedDelta: row.reservedDelta,
  reason: row.reason,
  jobId: row.jobId,
  createdAt: row.createdAt.toISOString(),
});

export interface LedgerPageOptions {
  limit: number;
  /** The last id of the previous page. */
  cursor?: number | undefined;
  category?: LedgerCategory | undefined;
}

/** One page of a user's ledger, newest first, as the API sends it (the billing page and the operator console). */
export async function ledgerPage(
  db: Db,
  uid: string,
  { limit, cursor, category }: LedgerPageOptions,
): Promise<LedgerPage> {
  const rows = await db
    .select()
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.uid, uid),
        cursor === undefined ? undefined : lt(creditLedger.id, cursor),
        category ? categoryWhere(category) : undefined,
      ),
    )
    .orderBy(desc(creditLedger.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { entries: page.map(toEntry), nextCursor: rows.length > limit && last ? String(last.id) : null };
}

/** Every entry of the filtered ledger, newest first, read a page at a time so a long history never sits in memory. */
export async function* ledgerEntries(
  db: Db,
  uid: string,
  category?: LedgerCategory,
  pageSize = 500,
): AsyncGenerator<LedgerEntry[]> {
  let cursor: number | undefined;
  for (;;) {
    const page = await ledgerPage(db, uid, { limit: pageSize, cursor, category });
    if (page.entries.length > 0) yield page.entries;
    if (!page.nextCursor) return;
    cursor = Number(page.nextCursor);
  }
}
