/**
 * Batches: one video per row of a sheet (features/batches). A row points at its video (an ordinary `videos` row
 * with its own job); a row whose video could not be queued keeps why instead. `round` counts the times the batch
 * came to an end, so its `batch.completed` event is sent once per round (a retry of failed rows starts another).
 */
import { index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import type { BatchSettings, BatchStatus } from '~/contract/batches.ts';
import type { CreateVideoRequest } from '~/contract/video.ts';
import { videos } from './media.ts';
import { optionalTs, owner, ts } from './users.ts';

/** What the batch was asked for: its settings or its preset as the request named it, id or name (one of the two), and its template. */
export interface StoredSettings {
  settings: BatchSettings | null;
  preset: string | null;
  template: string | null;
}

export const batches = pgTable(
  'batches',
  {
    id: uuid('id').primaryKey(),
    uid: owner(),
    name: text('name').notNull(),
    status: text('status').$type<BatchStatus | 'starting'>().notNull().default('running'),
    /** The batch's settings (or preset) and template as accepted, for the record; batches of old lack `preset`. */
    settings: jsonb('settings').$type<StoredSettings>().notNull(),
    /** How many times every row has ended (each time `batch.completed` was sent). */
    rounds: integer('rounds').notNull().default(0),
    createdAt: ts('created_at'),
    completedAt: optionalTs('completed_at'),
  },
  (t) => [index('batches_uid_created').on(t.uid, t.createdAt)],
);

export const batchRows = pgTable(
  'batch_rows',
  {
    batchId: uuid('batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'cascade' }),
    /** The row's number in the sheet, from 1. */
    row: integer('row').notNull(),
    title: text('title').notNull(),
    /** The create-video request the row was planned as, so a row refused when queued can be queued again. */
    request: jsonb('request').$type<CreateVideoRequest>().notNull(),
    videoId: uuid('video_id').references(() => videos.id, { onDelete: 'set null' }),
    /** Why the row has no video (refused when it was queued). */
    error: text('error'),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.row] }), index('batch_rows_video').on(t.videoId)],
);
