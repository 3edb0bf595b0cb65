import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The columns most tables share: when something happened (set on insert), when it may have, and whose it is. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const optionalTs = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One row per Firebase user, made by their first signed-in request; `POST /auth/auth` updates name and photo. */
export const users = pgTable('users', {
  uid: text('uid').primaryKey(),
  email: text('email'),
  displayName: text('display_name'),
  photoUrl: text('photo_url'),
  createdAt: ts('created_at'),
  updatedAt: ts('updated_at'),
  lastSeenAt: ts('last_seen_at'),
});

/** The user a row belongs to; deleting the user deletes the row. */
export const owner = () =>
  text('uid')
    .notNull()
    .references(() => users.uid, { onDelete: 'cascade' });
