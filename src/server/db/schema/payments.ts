import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { PURCHASE_STATUSES } from '~/contract/payments.ts';
import { ts, users } from './users.ts';

/**
 * One row per credit purchase, made before the browser goes to Stripe Checkout, so every webhook finds its row by
 * the purchase id in the session's metadata. The webhook handlers lock the row (SELECT … FOR UPDATE) while they
 * change it; `credits_taken_back` says how much of a refund has already been taken from the balance.
 */
export const purchases = pgTable(
  'purchases',
  {
    id: uuid('id').primaryKey(),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    packId: text('pack_id').notNull(),
    credits: integer('credits').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: PURCHASE_STATUSES }).notNull().default('pending'),
    sessionId: text('session_id'),
    paymentIntentId: text('payment_intent_id'),
    receiptUrl: text('receipt_url'),
    refundedMinor: integer('refunded_minor').notNull().default(0),
    creditsTakenBack: integer('credits_taken_back').notNull().default(0),
    createdAt: ts('created_at'),
    updatedAt: ts('updated_at'),
  },
  (t) => [
    index('purchases_uid_created').on(t.uid, t.createdAt),
    uniqueIndex('purchases_session_id').on(t.sessionId),
    index('purchases_payment_intent_id').on(t.paymentIntentId),
    check(
      'purchases_status',
      sql`${t.status} in (${sql.raw(PURCHASE_STATUSES.map((status) => `'${status}'`).join(','))})`,
    ),
  ],
);
