/**
 * How the webhook pool is shared, so a receiver can slow only its own endpoint. The pool is one worker process's
 * delivery slots (`WEBHOOKS_CONCURRENCY`); an attempt holds one for up to 10 s. The relay claims a due delivery only
 * while its endpoint and its owner are under their limits, so deliveries beyond them wait in the database (still
 * due, claimed as soon as an attempt ends) instead of in front of everyone else's on the queue:
 *
 * - an endpoint has at most `ENDPOINT_CONCURRENCY` attempts in flight;
 * - a user has at most a fair share of the pool in flight: the pool less a reserve, divided among the users who have
 *   deliveries due or in flight. The reserve stays free for a user who has none in flight yet, so their first
 *   delivery starts at once even while others' receivers hang.
 *
 * Endpoints per user and test events are limited where they are made (service.ts, routes.ts).
 */
import { sql } from 'drizzle-orm';
import { WEBHOOK_ENDPOINT_CONCURRENCY } from '~/contract/developers.ts';
import { type Database, rows } from '~/server/db/index.ts';

/** Attempts one endpoint may have in flight at once: a slow receiver waits on its own few. */
export const ENDPOINT_CONCURRENCY = WEBHOOK_ENDPOINT_CONCURRENCY;

/** Slots kept free of users who already have deliveries in flight (a fifth of the pool, at least one). */
export const poolReserve = (pool: number): number => Math.max(1, Math.floor(pool / 5));

/** Attempts one user may have in flight when `activeUsers` users have deliveries due or in flight. */
export function userShare(pool: number, activeUsers: number): number {
  return Math.max(1, Math.floor((pool - poolReserve(pool)) / Math.max(1, activeUsers)));
}

/**
 * Claims up to `batch` due deliveries within the limits, oldest due first, and marks them in flight. A user's share
 * goes round the user's endpoints (each endpoint's oldest first), so one busy endpoint does not starve the others.
 * Returns the claimed ids and attempt counts.
 */
export async function claimDue(
  database: Database,
  { pool, batch, leaseMs }: { pool: number; batch: number; leaseMs: number },
): Promise<Array<{ id: string; attempts: number }>> {
  const lease = `${leaseMs} milliseconds`;
  const reserve = poolReserve(pool);
  return rows<{ id: string; attempts: number }>(
    database.db,
    sql`with pending as (
          select id, uid, endpoint_id, next_attempt_at,
                 (claimed_at is not null and claimed_at > now() - ${lease}::interval) as in_flight
          from webhook_deliveries where status = 'pending'),
        by_endpoint as (select endpoint_id, count(*) as n from pending where in_flight group by endpoint_id),
        by_user as (select uid, count(*) as n from pending where in_flight group by uid),
        share as (
          select greatest(1, (${pool}::int - ${reserve}::int) / greatest(1, count(distinct uid)))::int as n
          from pending where in_flight or next_attempt_at <= now()),
        due as (
          select id, uid, endpoint_id, next_attempt_at,
                 row_number() over (partition by endpoint_id order by next_attempt_at, id) as endpoint_rank
          from pending where not in_flight and next_attempt_at <= now()),
        within_endpoint as (
          select due.*,
                 row_number() over (partition by due.uid order by endpoint_rank, next_attempt_at, id) as user_rank
          from due left join by_endpoint using (endpoint_id)
          where endpoint_rank + coalesce(by_endpoint.n, 0) <= ${ENDPOINT_CONCURRENCY}),
        chosen as (
          select w.id from within_endpoint w left join by_user using (uid)
          where w.user_rank + coalesce(by_user.n, 0) <= (select n from share)
          order by w.next_attempt_at limit ${batch})
        update webhook_deliveries set claimed_at = now()
        where id in (select id from chosen) and status = 'pending'
          and (claimed_at is null or claimed_at <= now() - ${lease}::interval)
        returning id, attempts`,
  );
}
