/** The account's brand kit: one row per user who saved one; the logo is one of their files. */
import { integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { BrandKitSettings } from '~/contract/brand.ts';
import { files } from './files.ts';
import { ts, users } from './users.ts';

export const brandKits = pgTable('brand_kits', {
  uid: text('uid')
    .primaryKey()
    .references(() => users.uid, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<BrandKitSettings>().notNull(),
  logoFileId: uuid('logo_file_id').references(() => files.id, { onDelete: 'set null' }),
  /** The logo's pixel size, read once on upload, for placing it without opening the file. */
  logoWidth: integer('logo_width'),
  logoHeight: integer('logo_height'),
  updatedAt: ts('updated_at'),
});
