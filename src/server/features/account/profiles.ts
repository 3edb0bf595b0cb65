import { eq, sql } from 'drizzle-orm';
import type { Credits, Profile } from '~/contract/api.ts';
import { ProfileSyncBody } from '~/contract/api.ts';
import { SIGNUP_GRANT } from '~/contract/pricing.ts';
import { grant } from '~/server/credits/ledger.ts';
import { getAccount, openAccount, post } from '~/server/credits/service.ts';
import type { Database, Db } from '~/server/db/index.ts';
import { findProfile, toProfile } from '~/server/db/profiles.ts';
import { users } from '~/server/db/schema/users.ts';
import type { AppEnv, VerifiedUser } from '~/server/http/context.ts';

export interface ProfileInput {
  uid: string;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
}

/** The profile a verified token describes. A claim the profile rules would refuse is left out rather than stored. */
export function profileFromToken(user: VerifiedUser): ProfileInput {
  const { email, displayName, photoURL } = ProfileSyncBody.shape;
  const claim = (field: typeof email | typeof photoURL, value: string | null): string | null => {
    const parsed = field.safeParse(value);
    return parsed.success ? parsed.data : null;
  };
  return {
    uid: user.uid,
    email: claim(email, user.email),
    displayName: claim(displayName, user.name),
    photoURL: claim(photoURL, user.picture),
  };
}

/** What creating the profile did: `created` only for the one call that made it (and its signup grant). */
export type ProfileCreation = AppEnv['Variables']['profileCreation'];

/**
 * Makes sure the user has a profile and the signup grant, whatever they call first: an existing profile is left
 * as it is. The grant's idempotency key `signup:<uid>` is unique in the ledger, so however many first requests
 * race, one inserts it and the others find it there.
 */
export async function ensureProfile(database: Database, input: ProfileInput): Promise<ProfileCreation> {
  return database.transaction(async (tx) => {
    await tx
      .insert(users)
      .values({ uid: input.uid, email: input.email, displayName: input.displayName, photoUrl: input.photoURL })
      .onConflictDoNothing({ target: users.uid });
    await openAccount(tx, input.uid);
    const signup = await post(tx, {
      uid: input.uid,
      move: grant(SIGNUP_GRANT),
      reason: 'Signup credits',
      idempotencyKey: `signup:${input.uid}`,
    });
    return { created: signup.applied, granted: signup.applied ? SIGNUP_GRANT : 0 };
  });
}

/** `POST /auth/auth`: the profile as the browser last saw it (its e-mail comes from the token, see profileFromToken). */
export async function updateProfile(
  database: Database,
  input: ProfileInput,
): Promise<{ profile: Profile; credits: Credits }> {
  const [row] = await database.db
    .update(users)
    .set({
      email: input.email,
      displayName: input.displayName,
      photoUrl: input.photoURL,
      updatedAt: sql`now()`,
      lastSeenAt: sql`now()`,
    })
    .where(eq(users.uid, input.uid))
    .returning();
  if (!row) throw new Error(`Profile ${input.uid} vanished before its update`);
  return { profile: toProfile(row), credits: await getAccount(database.db, input.uid) };
}

export async function getProfile(db: Db, uid: string): Promise<{ profile: Profile; credits: Credits } | undefined> {
  const profile = await findProfile(db, uid);
  return profile ? { profile, credits: await getAccount(db, uid) } : undefined;
}
