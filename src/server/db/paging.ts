/**
 * Keyset paging for the studios' histories: newest first, the cursor names the last row of the previous page as
 * `<createdAt ISO>|<id>`, so rows added meanwhile never shift a page.
 */
import { and, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core';
import { formatPageCursor, parsePageCursor } from '~/contract/paging.ts';

export { HistoryQuery } from '~/contract/paging.ts';

/** WHERE and ORDER BY for one page of `table` owned by `uid`; `cursor` has passed HistoryQuery. */
export function pageOf(
  columns: { uid: PgColumn; createdAt: PgColumn; id: PgColumn },
  uid: string,
  cursor: string | undefined,
) {
  const after = cursor ? parsePageCursor(cursor) : undefined;
  const where: SQL | undefined = and(
    eq(columns.uid, uid),
    after
      ? or(
          lt(columns.createdAt, after.createdAt),
          and(eq(columns.createdAt, after.createdAt), lt(columns.id, after.id)),
        )
      : undefined,
  );
  return { where, orderBy: [desc(columns.createdAt), desc(columns.id)] as const };
}

/** Fetch `limit + 1` rows, then call this: it cuts the page and names the next cursor. */
export function cutPage<T extends { createdAt: Date; id: string }>(
  rows: T[],
  limit: number,
): { rows: T[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { rows: page, nextCursor: rows.length > limit && last ? formatPageCursor(last) : null };
}

/**
 * One page, `limit + 1` rows newest first ready for `cutPage`, of a query over `table` owned by `uid`, usually a
 * record joined with its job: `db.select(…).from(table).leftJoin(jobs, …).$dynamic()`.
 */
export function pageQuery<Q extends PgSelect>(
  query: Q,
  table: { uid: PgColumn; createdAt: PgColumn; id: PgColumn },
  uid: string,
  page: { limit: number; cursor?: string | undefined },
) {
  const { where, orderBy } = pageOf(table, uid, page.cursor);
  return query
    .where(where)
    .orderBy(...orderBy)
    .limit(page.limit + 1);
}
