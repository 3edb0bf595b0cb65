import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { MissingTool } from '~/contract/system-tools.ts';
import { ts, users } from './users.ts';

export const JOB_STATUSES = ['queued', 'active', 'succeeded', 'failed', 'cancelled'] as const;

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The user-visible job: owner, cost, status, progress, result. pg-boss (schema `pgboss`) delivers it to a worker
 * under the same id and owns retries, backoff and heartbeats; this row is what the API shows and what the credits
 * follow (jobs/lifecycle.ts).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('queued'),
    stage: text('stage'),
    progress: real('progress').notNull().default(0),
    payload: jsonb('payload').$type<unknown>().notNull(),
    result: jsonb('result').$type<unknown>(),
    error: text('error'),
    /** 'setup' when it failed because the server lacks a tool (ffmpeg...): running it again cannot help until fixed. */
    errorKind: text('error_kind', { enum: ['setup'] }),
    cost: integer('cost').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    workerId: text('worker_id'),
    idempotencyKey: text('idempotency_key'),
    // Millisecond precision so a JS Date round-trips exactly, which the (created_at, id) page cursor relies on.
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow(),
    updatedAt: ts('updated_at'),
    startedAt: at('started_at'),
    finishedAt: at('finished_at'),
  },
  (t) => [
    index('jobs_status_created').on(t.status, t.createdAt),
    index('jobs_uid_created').on(t.uid, t.createdAt),
    uniqueIndex('jobs_uid_idempotency_key').on(t.uid, t.idempotencyKey),
    check('jobs_status', sql`${t.status} in ('queued','active','succeeded','failed','cancelled')`),
    check('jobs_progress_range', sql`${t.progress} >= 0 and ${t.progress} <= 1`),
  ],
);

/**
 * One row per running worker: what its tool check found missing (ffmpeg, fonts...) and when it last showed it is
 * alive. The API reads the live rows to refuse work no worker can do (jobs/workers.ts).
 */
export const workerChecks = pgTable('worker_checks', {
  workerId: text('worker_id').primaryKey(),
  missing: jsonb('missing').$type<MissingTool[]>().notNull(),
  checkedAt: at('checked_at').notNull(),
  seenAt: at('seen_at').notNull(),
});
