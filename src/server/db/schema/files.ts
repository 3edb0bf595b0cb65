import { bigint, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { ts, users } from './users.ts';

/** Every stored object. The storage key is never exposed; downloads go through `/files/:id` (owner or signed URL). */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull().unique(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    name: text('name'),
    jobId: uuid('job_id'),
    createdAt: ts('created_at'),
  },
  (t) => [index('files_uid_created').on(t.uid, t.createdAt)],
);
