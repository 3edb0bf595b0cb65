/** A user's profile row as the API sends it: read by the account feature (`/me`) and the operator console. */
import { eq } from 'drizzle-orm';
import type { Profile } from '~/contract/api.ts';
import type { Db, Tx } from './index.ts';
import { users } from './schema/users.ts';

export const toProfile = (row: typeof users.$inferSelect): Profile => ({
  uid: row.uid,
  email: row.email,
  displayName: row.displayName,
  photoURL: row.photoUrl,
  createdAt: row.createdAt.toISOString(),
  lastSeenAt: row.lastSeenAt.toISOString(),
});

export async function findProfile(db: Db | Tx, uid: string): Promise<Profile | undefined> {
  const [row] = await db.select().from(users).where(eq(users.uid, uid));
  return row ? toProfile(row) : undefined;
}
