import { eq, sql } from 'drizzle-orm';
import type { Credits, Profile } from '../../contract/api.ts';
import { SIGNUP_GRANT } from '../../contract/pricing.ts';
import { grant } from '../credits/ledger.ts';
import { getAccount, openAccount, post } from '../credits/service.ts';
import type { Database, Db } from '../db/index.ts';
import { users } from '../db/schema/users.ts';

type UserRow = typeof users.$inferSelect;

export const toProfile = (row: UserRow): Profile => ({
  uid: row.uid,
  email: row.email,
  displayName: row.displayName,
  photoURL: row.photoUrl,
  createdAt: row.createdAt.toISOString(),
  lastSeenAt: row.lastSeenAt.toISOString(),
});

export interface ProfileInput {
  uid: string;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
}

/**
 * Upserts the profile and makes the signup grant. The grant's idempotency key `signup:<uid>` is unique in the
 * ledger, so however many syncs race, one inserts it and the others find it there.
 */
export async function syncProfile(database: Database, input: ProfileInput) {
  return database.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({ uid: input.uid, email: input.email, displayName: input.displayName, photoUrl: input.photoURL })
      .onConflictDoUpdate({
        target: users.uid,
        set: {
          email: input.email,
          displayName: input.displayName,
          photoUrl: input.photoURL,
          updatedAt: sql`now()`,
          lastSeenAt: sql`now()`,
        },
      })
      .returning();
    if (!row) throw new Error('Profile upsert returned no row');
    await openAccount(tx, input.uid);
    const signup = await post(tx, { uid: input.uid, move: grant(SIGNUP_GRANT), reason: 'Signup credits', idempotencyKey: `signup:${input.uid}` });
    return { profile: toProfile(row), credits: signup.account satisfies Credits, created: signup.applied, granted: signup.applied ? SIGNUP_GRANT : 0 };
  });
}

export async function getProfile(db: Db, uid: string): Promise<{ profile: Profile; credits: Credits } | undefined> {
  const [row] = await db.select().from(users).where(eq(users.uid, uid));
  if (!row) return undefined;
  return { profile: toProfile(row), credits: await getAccount(db, uid) };
}
