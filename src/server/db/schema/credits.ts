import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { LEDGER_KINDS } from '../../../contract/api.ts';
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
    // Lets the sweep for interrupted requests (credits/holds.ts) skip the rest of the ledger.
    index('credit_ledger_request_holds').on(t.createdAt).where(sql`${t.kind} = 'reserve' and ${t.jobId} is null`),
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
