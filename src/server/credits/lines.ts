/**
 * The ledger as lines (contract/ledger.ts `groupLedger`): a page holds whole lines, so a video's hold and its capture
 * never land on two pages. Lines are paged by their newest row's id (the cursor), newest first; a line that gains a
 * row moves up, and is then on a page already read or on none still to come, never on two.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { LedgerLinePage } from '~/contract/api.ts';
import {
  CATEGORY_RULES,
  type GroupableRow,
  groupLedger,
  type LedgerCategory,
  type LedgerKind,
  type LineSubject,
} from '~/contract/ledger.ts';
import { type Db, rows } from '~/server/db/index.ts';

/**
 * `ledgerGroupKey` of the contract, in SQL (same order of cases). `split_part` of a missing part is '', as the
 * contract's destructuring defaults are.
 */
export const GROUP_KEY_SQL = sql.raw(`(case
  when job_id is not null then 'job:' || job_id::text
  when split_part(idempotency_key, ':', 2) <> '' and split_part(idempotency_key, ':', 1) in ('gpu', 'script')
    then split_part(idempotency_key, ':', 1) || ':' || split_part(idempotency_key, ':', 2)
  when split_part(idempotency_key, ':', 2) <> '' and split_part(idempotency_key, ':', 1) = 'stripe' and split_part(idempotency_key, ':', 3) = 'credit'
    then 'stripe:' || split_part(idempotency_key, ':', 2)
  when split_part(idempotency_key, ':', 2) <> '' and split_part(idempotency_key, ':', 1) = 'stripe' and split_part(idempotency_key, ':', 3) = 'refund'
    then 'stripe:' || split_part(idempotency_key, ':', 2) || ':refund:' || split_part(idempotency_key, ':', 4)
  else 'entry:' || id::text
end)`);

/** True for a row of the category (the SQL twin of `ledgerCategory`, as credits/service.ts filters rows). */
function categorySql(category: LedgerCategory): SQL {
  const rules = CATEGORY_RULES[category].map((rule) => {
    const sign =
      rule.sign === 'positive' ? sql` and delta > 0` : rule.sign === 'negative' ? sql` and delta < 0` : sql``;
    return sql`(kind = ${rule.kind}${sign})`;
  });
  return sql`(${sql.join(rules, sql` or `)})`;
}

/** Names the lines of a page: what each group key is about (a video's title, a rental, a pack), read by features. */
export type LineSubjects = (uid: string, keys: readonly string[]) => Promise<ReadonlyMap<string, LineSubject>>;

export interface LinePageOptions {
  limit: number;
  /** The newest row id of the previous page's last line. */
  cursor?: number | undefined;
  category?: LedgerCategory | undefined;
}

interface RawRow {
  id: string | number;
  kind: LedgerKind;
  delta: number;
  reserved_delta: number;
  reason: string;
  job_id: string | null;
  idempotency_key: string | null;
  created_at: string | Date;
}

const iso = (value: string | Date): string => (value instanceof Date ? value : new Date(value)).toISOString();

/** One page of a user's ledger as lines, newest activity first. */
export async function ledgerLinePage(
  db: Db,
  uid: string,
  subjects: LineSubjects,
  { limit, cursor, category }: LinePageOptions,
): Promise<LedgerLinePage> {
  const groups = await rows<{ key: string; last: string | number }>(
    db,
    sql`select ${GROUP_KEY_SQL} as key, max(id) as last from credit_ledger
        where uid = ${uid}
        group by 1
        having ${cursor === undefined ? sql`true` : sql`max(id) < ${cursor}`}${category ? sql` and bool_or(${categorySql(category)})` : sql``}
        order by last desc
        limit ${limit + 1}`,
  );
  const page = groups.slice(0, limit);
  if (page.length === 0) return { lines: [], nextCursor: null };
  const keys = page.map((group) => group.key);
  const found = await rows<RawRow>(
    db,
    sql`select id, kind, delta, reserved_delta, reason, job_id, idempotency_key, created_at from credit_ledger
        where uid = ${uid} and ${GROUP_KEY_SQL} in (${sql.join(
          keys.map((key) => sql`${key}`),
          sql`, `,
        )})
        and id <= ${page[0]!.last}`,
  );
  const groupable = found.map(
    (row): GroupableRow => ({
      id: String(row.id),
      kind: row.kind,
      delta: row.delta,
      reservedDelta: row.reserved_delta,
      reason: row.reason,
      jobId: row.job_id,
      idempotencyKey: row.idempotency_key,
      createdAt: iso(row.created_at),
    }),
  );
  const lines = groupLedger(groupable, await subjects(uid, keys));
  return { lines, nextCursor: groups.length > limit ? String(page.at(-1)!.last) : null };
}
