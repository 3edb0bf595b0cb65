/**
 * Batches and their rows. A row's progress is its video's (an ordinary `videos` row and job), read through a join;
 * the batch's own status says whether its `batch.completed` event of this round has been sent.
 *
 * `starting` is the batch while its rows are being queued (and while failed rows are queued again): a row ending
 * then does not complete it, because rows not yet queued have no video. Once every row is queued the batch is
 * `running`, and the end of its last row completes it (`settleBatch`), exactly once per round.
 */
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { BatchCounts, BatchStatus } from '~/contract/batches.ts';
import type { CreateVideoRequest } from '~/contract/video.ts';
import type { Db, Tx } from '~/server/db/index.ts';
import { cutPage, pageOf } from '~/server/db/paging.ts';
import { batches, batchRows, type StoredSettings } from '~/server/db/schema/batches.ts';
import { jobs } from '~/server/db/schema/jobs.ts';
import { videos } from '~/server/db/schema/media.ts';
import { emitEvent } from '~/server/events/emit.ts';

export type BatchRow = typeof batches.$inferSelect;
type StoredStatus = BatchStatus | 'starting';

/** A row's state as the batch counts it: its video's, or `failed` when it could not be queued. */
const ROW_STATE = sql<keyof Omit<BatchCounts, 'total'>>`case
  when ${batchRows.error} is not null then 'failed'
  when ${videos.id} is null then 'cancelled'
  when ${videos.status} in ('succeeded', 'failed', 'cancelled') then ${videos.status}
  when ${jobs.id} is null then 'failed'
  when ${jobs.status} = 'succeeded' then 'active'
  else ${jobs.status} end`;

export async function insertBatch(
  tx: Tx,
  batch: StoredSettings & { id: string; uid: string; name: string },
  rows: readonly { row: number; title: string; request: CreateVideoRequest }[],
): Promise<void> {
  await tx.insert(batches).values({
    id: batch.id,
    uid: batch.uid,
    name: batch.name,
    status: 'starting',
    settings: { settings: batch.settings, preset: batch.preset, template: batch.template },
    // Millisecond precision, so the (created_at, id) page cursor round-trips exactly through a JS Date.
    createdAt: new Date(),
  });
  await tx
    .insert(batchRows)
    .values(rows.map((row) => ({ batchId: batch.id, row: row.row, title: row.title, request: row.request })));
}

export async function linkRow(db: Db, batchId: string, row: number, link: { videoId: string } | { error: string }) {
  await db
    .update(batchRows)
    .set('videoId' in link ? { videoId: link.videoId, error: null } : { error: link.error })
    .where(and(eq(batchRows.batchId, batchId), eq(batchRows.row, row)));
}

export async function findBatch(db: Db, uid: string, id: string): Promise<BatchRow | undefined> {
  const [row] = await db
    .select()
    .from(batches)
    .where(and(eq(batches.id, id), eq(batches.uid, uid)));
  return row;
}

/** A batch by id alone, for a signed link to its ZIP (the link, not a session, names the owner). */
export async function batchById(db: Db, id: string): Promise<BatchRow | undefined> {
  const [row] = await db.select().from(batches).where(eq(batches.id, id));
  return row;
}

/** Every row in sheet order, with its video's id, state and MP4 (when it has one). */
export async function batchRowsOf(db: Db, batchId: string) {
  return db
    .select({
      row: batchRows.row,
      title: batchRows.title,
      error: batchRows.error,
      request: batchRows.request,
      videoId: batchRows.videoId,
      state: ROW_STATE,
      videoFileId: videos.videoFileId,
      cost: videos.cost,
    })
    .from(batchRows)
    .leftJoin(videos, eq(videos.id, batchRows.videoId))
    .leftJoin(jobs, eq(jobs.id, videos.jobId))
    .where(eq(batchRows.batchId, batchId))
    .orderBy(asc(batchRows.row));
}

const emptyCounts = (): BatchCounts => ({ total: 0, queued: 0, active: 0, succeeded: 0, failed: 0, cancelled: 0 });

/** Per batch: its rows counted by state, and the credits held or charged for them. */
export async function countsOf(db: Db | Tx, batchIds: readonly string[]) {
  const result = new Map<string, { counts: BatchCounts; credits: number }>();
  if (batchIds.length === 0) return result;
  const rows = await db
    .select({
      batchId: batchRows.batchId,
      state: ROW_STATE,
      rows: sql<number>`count(*)::int`,
      credits: sql<number>`coalesce(sum(${videos.cost}), 0)::int`,
    })
    .from(batchRows)
    .leftJoin(videos, eq(videos.id, batchRows.videoId))
    .leftJoin(jobs, eq(jobs.id, videos.jobId))
    .where(inArray(batchRows.batchId, [...batchIds]))
    .groupBy(batchRows.batchId, ROW_STATE);
  for (const id of batchIds) result.set(id, { counts: emptyCounts(), credits: 0 });
  for (const row of rows) {
    const entry = result.get(row.batchId);
    if (!entry) continue;
    entry.counts[row.state] += row.rows;
    entry.counts.total += row.rows;
    // Failed and cancelled videos gave their credits back.
    if (row.state !== 'failed' && row.state !== 'cancelled') entry.credits += row.credits;
  }
  return result;
}

export async function listBatches(db: Db, uid: string, limit: number, cursor: string | undefined) {
  const { where, orderBy } = pageOf(batches, uid, cursor);
  const rows = await db
    .select()
    .from(batches)
    .where(where)
    .orderBy(...orderBy)
    .limit(limit + 1);
  return cutPage(rows, limit);
}

/** Marks the batch `starting` (failed rows are being queued again); false when it is not this user's. */
export async function restartBatch(db: Db, uid: string, id: string): Promise<boolean> {
  const rows = await db
    .update(batches)
    .set({ status: 'starting', completedAt: null })
    .where(and(eq(batches.id, id), eq(batches.uid, uid)))
    .returning({ id: batches.id });
  return rows.length > 0;
}

/**
 * Completes the batch when every row has ended, in the caller's transaction, and tells the owner's webhooks
 * (`batch.completed`). Two guards, both in the database: the batch row is locked first, so of two rows ending at
 * once the second to commit waits and then counts the first's end (else each would see the other still open and
 * neither would complete it); and the completing update is conditional on the status and round this call read, so
 * only the caller whose update matched emits: once per round whatever the interleaving.
 */
export async function settleBatch(tx: Tx, batchId: string, opening = false): Promise<void> {
  const [batch] = await tx.select().from(batches).where(eq(batches.id, batchId)).for('update');
  const status = batch?.status as StoredStatus | undefined;
  if (!batch || !status || status === 'completed' || (status === 'starting' && !opening)) return;
  const { counts, credits } = (await countsOf(tx, [batchId])).get(batchId) ?? { counts: emptyCounts(), credits: 0 };
  if (counts.queued + counts.active > 0) {
    if (opening) await tx.update(batches).set({ status: 'running' }).where(eq(batches.id, batchId));
    return;
  }
  const [done] = await tx
    .update(batches)
    .set({ status: 'completed', completedAt: sql`now()`, rounds: batch.rounds + 1 })
    .where(and(eq(batches.id, batchId), eq(batches.status, status), eq(batches.rounds, batch.rounds)))
    .returning({ rounds: batches.rounds });
  if (!done) return;
  await emitEvent(tx, batch.uid, 'batch.completed', {
    id: batchId,
    name: batch.name,
    status: 'completed',
    round: done.rounds,
    counts,
    creditsCharged: credits,
    links: { self: `/batches/${batchId}`, zip: `/batches/${batchId}/zip` },
  });
}

/** The batch a video job belongs to, if any (a row whose video is that job's). */
export async function batchOfJob(tx: Tx, jobId: string): Promise<string | undefined> {
  const [row] = await tx
    .select({ batchId: batchRows.batchId })
    .from(batchRows)
    .innerJoin(videos, eq(videos.id, batchRows.videoId))
    .where(and(eq(videos.jobId, jobId), isNotNull(batchRows.videoId)))
    .limit(1);
  return row?.batchId;
}
