import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Create requests sent with an Idempotency-Key (http/idempotency.ts has the rule): which request the key was first
 * used for (its fingerprint) and, once it succeeded, the answer a repeat gets. No answer yet: still running.
 */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    answer: text('answer'),
    claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.uid, t.key] })],
);
