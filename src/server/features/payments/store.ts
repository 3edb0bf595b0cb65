/**
 * Purchase rows. Reads for the browser are scoped to their owner; the webhook handlers lock a row (FOR UPDATE) for
 * the rest of their transaction, so concurrent deliveries of one session's events change it one after the other.
 */
import { and, eq, notInArray } from 'drizzle-orm';
import { isUuid } from '~/contract/ids.ts';
import { type PurchaseRecord, UNPAID_CHECKOUT_STATUSES } from '~/contract/payments.ts';
import type { Db, Tx } from '~/server/db/index.ts';
import { cutPage, pageOf } from '~/server/db/paging.ts';
import { purchases } from '~/server/db/schema/payments.ts';

export type Purchase = typeof purchases.$inferSelect;
export type PurchaseChange = Partial<
  Pick<Purchase, 'status' | 'sessionId' | 'paymentIntentId' | 'receiptUrl' | 'refundedMinor' | 'creditsTakenBack'>
>;

export function toRecord(row: Purchase): PurchaseRecord {
  return {
    id: row.id,
    packId: row.packId,
    credits: row.credits,
    amountMinor: row.amountMinor,
    currency: row.currency,
    status: row.status,
    receiptUrl: row.receiptUrl,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function insertPurchase(
  db: Db,
  row: Pick<Purchase, 'id' | 'uid' | 'packId' | 'credits' | 'amountMinor' | 'currency'>,
): Promise<void> {
  await db.insert(purchases).values(row);
}

export async function deletePurchase(db: Db, id: string): Promise<void> {
  await db.delete(purchases).where(eq(purchases.id, id));
}

export async function updatePurchase(db: Db | Tx, id: string, change: PurchaseChange): Promise<void> {
  await db
    .update(purchases)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(purchases.id, id));
}

/** The purchase a Stripe object names: by our id in its metadata when it has one, else by the Stripe id given. */
export async function lockPurchase(
  tx: Tx,
  ref: { purchaseId: string | undefined; sessionId?: string; paymentIntentId?: string },
): Promise<Purchase | undefined> {
  const where =
    ref.purchaseId && isUuid(ref.purchaseId)
      ? eq(purchases.id, ref.purchaseId)
      : ref.sessionId
        ? eq(purchases.sessionId, ref.sessionId)
        : ref.paymentIntentId
          ? eq(purchases.paymentIntentId, ref.paymentIntentId)
          : undefined;
  if (!where) return undefined;
  const [row] = await tx.select().from(purchases).where(where).for('update');
  return row;
}

export async function getPurchase(db: Db, uid: string, id: string): Promise<PurchaseRecord | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(purchases)
    .where(and(eq(purchases.id, id), eq(purchases.uid, uid)));
  return row ? toRecord(row) : undefined;
}

export async function listPurchases(db: Db, uid: string, limit: number, cursor: string | undefined) {
  const { where, orderBy } = pageOf(purchases, uid, cursor);
  const rows = await db
    .select()
    .from(purchases)
    .where(and(where, notInArray(purchases.status, [...UNPAID_CHECKOUT_STATUSES])))
    .orderBy(...orderBy)
    .limit(limit + 1);
  const page = cutPage(rows, limit);
  return { items: page.rows.map(toRecord), nextCursor: page.nextCursor };
}
