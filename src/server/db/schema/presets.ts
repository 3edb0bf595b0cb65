/** Named create-form settings a user saved; the built-in presets live in src/contract/presets.ts, not here. */
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { VideoSettings } from '~/contract/video.ts';
import { owner, ts } from './users.ts';

export const presets = pgTable(
  'presets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uid: owner(),
    name: text('name').notNull(),
    settings: jsonb('settings').$type<VideoSettings>().notNull(),
    createdAt: ts('created_at'),
    updatedAt: ts('updated_at'),
  },
  (t) => [index('presets_uid_name').on(t.uid, t.name)],
);
