/**
 * The aggregations behind the analytics and the dashboard, each one SQL query grouped by the user's local calendar
 * day (`created_at at time zone tz`), so a user with ten thousand ledger rows gets back a few hundred rows at most.
 * Every query starts from `(uid, created_at)` indexes: credit_ledger_uid_created, videos/speech/images/scripts
 * _uid_created and jobs_uid_created. The feature tables are read, never written: they belong to their features.
 */
import { sql } from 'drizzle-orm';
import { type Db, rows } from '~/server/db/index.ts';

/** The instants where local days begin: [start, end) covers the previous and the current period. */
export interface Bounds {
  start: string;
  from: string;
  end: string;
}

/** Local midnights of three calendar days in `tz`, as ISO instants (PostgreSQL's zone rules, not the server's). */
export async function localMidnights(db: Db, tz: string, days: [string, string, string]): Promise<Bounds> {
  const [row] = await rows<{ start: Date | string; from: Date | string; end: Date | string }>(
    db,
    sql`select (${days[0]}::timestamp at time zone ${tz}) as start, (${days[1]}::timestamp at time zone ${tz}) as "from",
               (${days[2]}::timestamp at time zone ${tz}) as "end"`,
  );
  const iso = (v: Date | string) => new Date(v).toISOString();
  return { start: iso(row!.start), from: iso(row!.from), end: iso(row!.end) };
}

/** The local calendar day as 'YYYY-MM-DD' (a date's text form; cheaper per row than to_char). */
const localDay = (column: ReturnType<typeof sql.raw>, tz: string) => sql`((${column} at time zone ${tz})::date)::text`;
const within = (column: ReturnType<typeof sql.raw>, start: string, end: string) =>
  sql`${column} >= ${start}::timestamptz and ${column} < ${end}::timestamptz`;

export interface LedgerDayRow {
  day: string;
  kind: 'capture' | 'purchase' | 'refund';
  job_kind: string | null;
  key_prefix: string | null;
  /** Credits spent (a capture's amount), bought (a purchase's delta) or refunded (a refund's negative delta). */
  amount: number;
}

/** Spends, purchases and refunds per local day and origin. Holds and releases are not spending, so they are left out. */
export function ledgerByDay(db: Db, uid: string, tz: string, start: string, end: string): Promise<LedgerDayRow[]> {
  return rows<LedgerDayRow>(
    db,
    // Grouped before the join, so only a few rows per day meet the user's own jobs (not every job in the table).
    sql`select g.day, g.kind, j.kind as job_kind, g.key_prefix, sum(g.amount)::int as amount
        from (
          select ${localDay(sql.raw('l.created_at'), tz)} as day, l.kind, l.job_id,
            case when l.job_id is null then split_part(l.idempotency_key, ':', 1) end as key_prefix,
            sum(case when l.kind = 'capture' then -l.reserved_delta else l.delta end) as amount
          from credit_ledger l
          where l.uid = ${uid} and l.kind in ('capture', 'purchase', 'refund') and ${within(sql.raw('l.created_at'), start, end)}
          group by 1, 2, 3, 4
        ) g left join jobs j on j.id = g.job_id and j.uid = ${uid}
        group by 1, 2, 3, 4`,
  );
}

export interface VideoDayRow {
  day: string;
  status: 'succeeded' | 'failed' | 'cancelled';
  videos: number;
  duration_ms: number;
  render_seconds: number;
  rendered: number;
}

/** Finished videos per local day of their request and outcome, with minutes made and time spent rendering. */
export function videosByDay(db: Db, uid: string, tz: string, start: string, end: string): Promise<VideoDayRow[]> {
  const timed = sql`v.status = 'succeeded' and j.started_at is not null and j.finished_at is not null`;
  return rows<VideoDayRow>(
    db,
    sql`select ${localDay(sql.raw('v.created_at'), tz)} as day, v.status, count(*)::int as videos,
          coalesce(sum(v.duration_ms) filter (where v.status = 'succeeded'), 0)::float8 as duration_ms,
          coalesce(sum(extract(epoch from j.finished_at - j.started_at)) filter (where ${timed}), 0)::float8 as render_seconds,
          (count(*) filter (where ${timed}))::int as rendered
        from videos v left join jobs j on j.id = v.job_id and j.uid = ${uid}
        where v.uid = ${uid} and v.status in ('succeeded', 'failed', 'cancelled') and ${within(sql.raw('v.created_at'), start, end)}
        group by 1, 2`,
  );
}

export interface StudioDayRow {
  what: 'speechCharacters' | 'images' | 'scripts';
  day: string;
  amount: number;
}

/** What the studios made per local day: characters spoken, images and scripts (finished ones only). */
export function studiosByDay(db: Db, uid: string, tz: string, start: string, end: string): Promise<StudioDayRow[]> {
  const part = (what: StudioDayRow['what'], table: string, amount: string) =>
    sql`select ${what} as what, ${localDay(sql.raw(`${table}.created_at`), tz)} as day, ${sql.raw(amount)} as amount
        from ${sql.raw(table)} where ${sql.raw(table)}.uid = ${uid} and ${sql.raw(table)}.status = 'succeeded'
          and ${within(sql.raw(`${table}.created_at`), start, end)} group by 2`;
  return rows<StudioDayRow>(
    db,
    sql`${part('speechCharacters', 'speech', 'sum(char_length(speech.text))::int')} union all
        ${part('images', 'images', 'count(*)::int')} union all
        ${part('scripts', 'scripts', 'count(*)::int')}`,
  );
}

/** The balance now and the balance's movement per local day since `start`. */
export async function balanceMoves(
  db: Db,
  uid: string,
  tz: string,
  start: string,
): Promise<{ balance: number; moves: { day: string; delta: number }[] }> {
  const [account] = await rows<{ balance: number }>(db, sql`select balance from credit_balances where uid = ${uid}`);
  const moves = await rows<{ day: string; delta: number }>(
    db,
    sql`select ${localDay(sql.raw('created_at'), tz)} as day, sum(delta)::int as delta
        from credit_ledger where uid = ${uid} and created_at >= ${start}::timestamptz group by 1`,
  );
  return { balance: account?.balance ?? 0, moves };
}

export interface RunningJobRow {
  id: string;
  kind: string;
  status: string;
  stage: string | null;
  progress: number;
  cost: number;
  video_id: string | null;
  title: string | null;
}

/** The user's queued and running jobs, newest first, with what each one is making; `skipKinds` are listed by their feature. */
export function runningJobs(
  db: Db,
  uid: string,
  skipKinds: readonly string[] = [],
  limit = 20,
): Promise<RunningJobRow[]> {
  const skip =
    skipKinds.length > 0
      ? sql` and j.kind not in (${sql.join(
          skipKinds.map((kind) => sql`${kind}`),
          sql`, `,
        )})`
      : sql``;
  return rows<RunningJobRow>(
    db,
    sql`select j.id, j.kind, j.status, j.stage, j.progress, j.cost,
          (select v.id from videos v where v.uid = j.uid and v.job_id = j.id limit 1) as video_id,
          left(coalesce((select coalesce(v.title, v.script) from videos v where v.uid = j.uid and v.job_id = j.id limit 1),
                        (select s.text from speech s where s.uid = j.uid and s.job_id = j.id limit 1),
                        (select i.prompt from images i where i.uid = j.uid and i.job_id = j.id limit 1)), 200) as title
        from jobs j
        where j.uid = ${uid} and j.status in ('queued', 'active')${skip}
        order by j.created_at desc
        limit ${limit}`,
  );
}
