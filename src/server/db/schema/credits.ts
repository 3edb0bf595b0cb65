import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { LEDGER_KINDS } from '~/contract/api.ts';
import { ts, users } from './users.ts';

/**
 * Append-only history. `delta` moves the spendable balance, `reserved_delta` the amount held by running jobs, so
 * summing either column reproduces the balance row (see credits/ledger.ts).
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    reservedDelta: integer('reserved_delta').notNull().default(0),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    reason: text('reason').notNull(),
    jobId: uuid('job_id'),
    idempotencyKey: text('idempotency_key'),
    createdAt: ts('created_at'),
  },
  (t) => [
    uniqueIndex('credit_ledger_uid_idempotency_key').on(t.uid, t.idempotencyKey),
    index('credit_ledger_uid_id').on(t.uid, t.id),
    // Analytics and the balance trend read one user's rows by date (features/analytics/store.ts).
    index('credit_ledger_uid_created').on(t.uid, t.createdAt),
    check('credit_ledger_kind', sql`${t.kind} in (${sql.raw(LEDGER_KINDS.map((kind) => `'${kind}'`).join(','))})`),
  ],
);

/** Maintained in the same transaction as every ledger insert; the CHECKs are the last line against overspending. */
export const creditBalances = pgTable(
  'credit_balances',
  {
    uid: text('uid')
      .primaryKey()
      .references(() => users.uid, { onDelete: 'cascade' }),
    balance: integer('balance').notNull().default(0),
    reserved: integer('reserved').notNull().default(0),
    updatedAt: ts('updated_at'),
  },
  (t) => [
    check('credit_balances_balance_nonnegative', sql`${t.balance} >= 0`),
    check('credit_balances_reserved_nonnegative', sql`${t.reserved} >= 0`),
  ],
);

/**
 * The credits a request holds while it runs (credits/holds.ts): one row from the reserve to the settlement, written
 * in the same transactions as those ledger rows. Only request holds live here, so the sweep that returns the holds of
 * requests that died reads this table alone and can never mistake a job's or a rental's hold for an abandoned one.
 */
export const requestHolds = pgTable(
  'request_holds',
  {
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    /** Names the work, e.g. `script:<id>`; the ledger rows are keyed `<key>:reserve` and `<key>:settle`. */
    key: text('key').notNull(),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    createdAt: ts('created_at'),
  },
  (t) => [
    primaryKey({ columns: [t.uid, t.key] }),
    index('request_holds_created').on(t.createdAt),
    check('request_holds_amount_positive', sql`${t.amount} > 0`),
  ],
);
