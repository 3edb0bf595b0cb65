/**
 * Watermark removals: one row per uploaded video, from the upload (status `uploaded`) through detection and the
 * user's boxes to the render job and its clean file.
 */
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { WatermarkBox } from '~/contract/watermark.ts';
import { files } from './files.ts';
import { jobs } from './jobs.ts';
import { ts, users } from './users.ts';

/** What detection and the probe learned about the source, kept for the render and the previews. */
export interface WatermarkFacts {
  /** Container family of the output: the source's own where x264 and its audio fit (MKV for WebM). */
  container: 'mp4' | 'mov' | 'mkv';
  frames: number | null;
  colorSpace?: string;
  colorPrimaries?: string;
  colorTransfer?: string;
  colorRange?: string;
  hasAudio: boolean;
  /** Detection's mark shape (run-length coded, see media/overlay-detect.ts) at its analysis size. */
  mask?: { width: number; height: number; runs: number[] };
}

export const watermarkRemovals = pgTable(
  'watermark_removals',
  {
    id: uuid('id').primaryKey(),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('uploaded'),
    error: text('error'),
    cost: integer('cost').notNull().default(0),
    name: text('name').notNull(),
    sourceFileId: uuid('source_file_id').references(() => files.id, { onDelete: 'set null' }),
    outputFileId: uuid('output_file_id').references(() => files.id, { onDelete: 'set null' }),
    durationMs: integer('duration_ms').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    boxes: jsonb('boxes').$type<WatermarkBox[]>().notNull().default([]),
    detectedAt: timestamp('detected_at', { withTimezone: true }),
    facts: jsonb('facts').$type<WatermarkFacts>().notNull(),
    /** When the user confirmed they own the footage or may edit it (required before the upload starts). */
    rightsConfirmedAt: timestamp('rights_confirmed_at', { withTimezone: true }).notNull(),
    createdAt: ts('created_at'),
    updatedAt: ts('updated_at'),
  },
  (t) => [index('watermark_removals_uid_created').on(t.uid, t.createdAt)],
);
