import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' }).notNull().defaultNow();

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

export { ts };
