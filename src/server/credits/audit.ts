/**
 * The credit audit: per account, the balance row equals the ledger's sum, and `reserved` equals the open holds of
 * their owners — running jobs (their cost while queued or active), live GPU rentals (what each rental row holds) and
 * open request holds (`request_holds`). Each owner is also checked against its own ledger rows, so a failing account
 * says which job, rental or request is off. Read-only: it finds, the operator decides.
 */
import { sql } from 'drizzle-orm';
import type { CreditAudit, CreditAuditFailure } from '~/contract/admin.ts';
import { type Database, rows } from '~/server/db/index.ts';

interface AccountRow {
  uid: string;
  email: string | null;
  balance: number;
  reserved: number;
  ledger_balance: number;
  ledger_reserved: number;
  jobs: number;
  rentals: number;
  requests: number;
}

/** An owner whose own ledger rows disagree with what it says it holds (or captured). */
interface OwnerRow {
  uid: string;
  problem: string;
}

// The open hold of each owner, written once: a job holds its cost until it ends, a rental what its row says until it
// is over, a request hold its amount until it is settled (then its row is gone).
const OPEN_JOB = sql`j.status in ('queued', 'active')`;
const LIVE_RENTAL = sql`r.status not in ('terminated', 'failed')`;

const accountsQuery = sql`
  with ledger as (
    select uid, sum(delta)::int as balance, sum(reserved_delta)::int as reserved from credit_ledger group by uid
  ), jobs_open as (
    select j.uid, sum(j.cost)::int as amount from jobs j where ${OPEN_JOB} and j.cost > 0 group by j.uid
  ), rentals_live as (
    select r.uid, sum(r.held)::int as amount from gpu_rentals r where ${LIVE_RENTAL} group by r.uid
  ), requests_open as (
    select uid, sum(amount)::int as amount from request_holds group by uid
  )
  select coalesce(b.uid, l.uid) as uid, u.email,
    coalesce(b.balance, 0) as balance, coalesce(b.reserved, 0) as reserved,
    coalesce(l.balance, 0) as ledger_balance, coalesce(l.reserved, 0) as ledger_reserved,
    coalesce(jo.amount, 0) as jobs, coalesce(rl.amount, 0) as rentals, coalesce(ro.amount, 0) as requests
  from credit_balances b
  full join ledger l on l.uid = b.uid
  left join users u on u.uid = coalesce(b.uid, l.uid)
  left join jobs_open jo on jo.uid = coalesce(b.uid, l.uid)
  left join rentals_live rl on rl.uid = coalesce(b.uid, l.uid)
  left join requests_open ro on ro.uid = coalesce(b.uid, l.uid)
  order by 1`;

// A job's ledger rows carry its id; a rental's are keyed gpu:<rental>:<n>:<step>; a request's <key>:reserve|settle.
const ownersQuery = sql`
  select j.uid, 'Job ' || j.id || ' (' || j.kind || ', ' || j.status || ') holds ' || coalesce(sum(l.reserved_delta), 0)
    || ' in the ledger; it should hold ' || (case when ${OPEN_JOB} then j.cost else 0 end) as problem
  from jobs j left join credit_ledger l on l.job_id = j.id and l.uid = j.uid
  group by j.id
  having coalesce(sum(l.reserved_delta), 0) <> (case when ${OPEN_JOB} then j.cost else 0 end)
  union all
  select r.uid, 'GPU rental ' || r.id || ' (' || r.status || ') holds ' || coalesce(sum(l.reserved_delta), 0)
    || ' and captured ' || coalesce(-sum(l.reserved_delta) filter (where l.kind = 'capture'), 0)
    || ' in the ledger; its row says held ' || (case when ${LIVE_RENTAL} then r.held else 0 end)
    || ', captured ' || r.captured as problem
  from gpu_rentals r left join credit_ledger l on l.uid = r.uid and l.idempotency_key like 'gpu:' || r.id || ':%'
  group by r.id
  having coalesce(sum(l.reserved_delta), 0) <> (case when ${LIVE_RENTAL} then r.held else 0 end)
    or coalesce(-sum(l.reserved_delta) filter (where l.kind = 'capture'), 0) <> r.captured
  union all
  select h.uid, 'Request hold ' || h.key || ' holds ' || coalesce(sum(l.reserved_delta), 0)
    || ' in the ledger; its row says ' || h.amount as problem
  from request_holds h left join credit_ledger l
    on l.uid = h.uid and l.idempotency_key in (h.key || ':reserve', h.key || ':settle')
  group by h.uid, h.key, h.amount
  having coalesce(sum(l.reserved_delta), 0) <> h.amount`;

/** The problems of one account's figures, in words (empty when it is right). */
export function accountProblems(row: Omit<AccountRow, 'uid' | 'email'>): string[] {
  const problems: string[] = [];
  if (row.balance !== row.ledger_balance)
    problems.push(`Balance ${row.balance}, but the ledger sums to ${row.ledger_balance}`);
  if (row.reserved !== row.ledger_reserved)
    problems.push(`Reserved ${row.reserved}, but the ledger's holds sum to ${row.ledger_reserved}`);
  const open = row.jobs + row.rentals + row.requests;
  if (row.reserved !== open)
    problems.push(
      `Reserved ${row.reserved}, but the open holds sum to ${open} (jobs ${row.jobs}, GPU rentals ${row.rentals}, requests ${row.requests})`,
    );
  return problems;
}

export async function auditCredits(database: Database, now = new Date()): Promise<CreditAudit> {
  const [accounts, owners] = await Promise.all([
    rows<AccountRow>(database.db, accountsQuery),
    rows<OwnerRow>(database.db, ownersQuery),
  ]);
  const ownerProblems = new Map<string, string[]>();
  for (const owner of owners) ownerProblems.set(owner.uid, [...(ownerProblems.get(owner.uid) ?? []), owner.problem]);
  const holds = { jobs: 0, rentals: 0, requests: 0 };
  const failures: CreditAuditFailure[] = [];
  for (const raw of accounts) {
    const row = Object.fromEntries(
      Object.entries(raw).map(([k, v]) => [k, k === 'uid' || k === 'email' ? v : Number(v)]),
    ) as unknown as AccountRow;
    holds.jobs += row.jobs;
    holds.rentals += row.rentals;
    holds.requests += row.requests;
    const problems = [...accountProblems(row), ...(ownerProblems.get(row.uid) ?? [])];
    if (problems.length === 0) continue;
    failures.push({
      uid: row.uid,
      email: row.email,
      balance: row.balance,
      reserved: row.reserved,
      ledgerBalance: row.ledger_balance,
      ledgerReserved: row.ledger_reserved,
      holds: { jobs: row.jobs, rentals: row.rentals, requests: row.requests },
      problems,
    });
  }
  return { checkedAt: now.toISOString(), accounts: accounts.length, holds, failures };
}
