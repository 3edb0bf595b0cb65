import { asc, eq, ilike, or } from 'drizzle-orm';
import type { AdminUserSummary } from '~/contract/admin.ts';
import type { Db } from '~/server/db/index.ts';
import { users } from '~/server/db/schema/users.ts';

const SEARCH_LIMIT = 20;

/** LIKE treats % and _ as wildcards; an operator pasting an address means them literally. */
const literal = (text: string): string => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** Users whose uid is `q`, or whose e-mail contains it (any case); the exact uid or address first. */
export async function searchUsers(db: Db, q: string): Promise<AdminUserSummary[]> {
  const rows = await db
    .select({ uid: users.uid, email: users.email, displayName: users.displayName, createdAt: users.createdAt })
    .from(users)
    .where(or(eq(users.uid, q), ilike(users.email, `%${literal(q)}%`)))
    .orderBy(asc(users.email), asc(users.uid))
    .limit(SEARCH_LIMIT);
  const exact = (row: (typeof rows)[number]) => row.uid === q || row.email?.toLowerCase() === q.toLowerCase();
  return [...rows.filter(exact), ...rows.filter((row) => !exact(row))].map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** Users whose e-mail is exactly `email` (any case): the command line's way to name a user. */
export async function usersByEmail(db: Db, email: string): Promise<{ uid: string; email: string | null }[]> {
  return db
    .select({ uid: users.uid, email: users.email })
    .from(users)
    .where(ilike(users.email, literal(email)))
    .limit(SEARCH_LIMIT);
}
