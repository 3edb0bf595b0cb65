/**
 * Watermark removals' rows. A row exists from the finished upload on (`uploaded`); starting the render links it to
 * its job, and while the job runs its status, progress and stage are the job's.
 */
import { and, eq } from 'drizzle-orm';
import { isUuid } from '~/contract/ids.ts';
import { watermarkCost } from '~/contract/pricing.ts';
import type { WatermarkBox, WatermarkRecord } from '~/contract/watermark.ts';
import type { Database, Db, Tx } from '~/server/db/index.ts';
import { cutPage, pageQuery } from '~/server/db/paging.ts';
import { jobs } from '~/server/db/schema/jobs.ts';
import { type WatermarkFacts, watermarkRemovals } from '~/server/db/schema/watermark.ts';
import { generationStatus } from '~/server/jobs/status.ts';
import { type FileLinker, fileLinks } from '~/server/storage/links.ts';

export type RemovalRow = typeof watermarkRemovals.$inferSelect;
type Row = {
  row: RemovalRow;
  job: { status: string; progress: number; stage: string | null; error: string | null } | null;
};

const selection = {
  row: watermarkRemovals,
  job: { status: jobs.status, progress: jobs.progress, stage: jobs.stage, error: jobs.error },
};

async function toRecords(database: Database, rows: Row[], link: FileLinker): Promise<WatermarkRecord[]> {
  const file = await fileLinks(
    database,
    rows.flatMap(({ row }) => [row.sourceFileId, row.outputFileId]),
    link,
  );
  return rows.map(({ row, job }) => {
    const status = row.status === 'uploaded' ? 'uploaded' : generationStatus(row.status, job);
    const running = status === 'queued' || status === 'active';
    return {
      id: row.id,
      name: row.name,
      status,
      progress: status === 'succeeded' ? 1 : running ? (job?.progress ?? 0) : 0,
      stage: running ? (job?.stage ?? null) : null,
      durationMs: row.durationMs,
      width: row.width,
      height: row.height,
      boxes: row.boxes,
      detected: row.detectedAt !== null,
      source: file(row.sourceFileId),
      output: file(row.outputFileId),
      jobId: row.jobId,
      error: status === 'failed' ? (row.error ?? job?.error ?? 'The video could not be cleaned.') : null,
      cost: watermarkCost(row.durationMs),
      creditsCharged: status === 'succeeded' ? row.cost : 0,
      createdAt: row.createdAt.toISOString(),
    };
  });
}

export async function insertRemoval(
  db: Db | Tx,
  row: Pick<
    RemovalRow,
    'id' | 'uid' | 'name' | 'sourceFileId' | 'durationMs' | 'width' | 'height' | 'facts' | 'rightsConfirmedAt'
  >,
): Promise<void> {
  await db.insert(watermarkRemovals).values({ ...row, status: 'uploaded' });
}

/** The row itself (for the service's rules), only the owner's. */
export async function findRemoval(db: Db, uid: string, id: string): Promise<RemovalRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(watermarkRemovals)
    .where(and(eq(watermarkRemovals.uid, uid), eq(watermarkRemovals.id, id)));
  return row;
}

export async function getRemoval(
  database: Database,
  uid: string,
  id: string,
  link: FileLinker,
): Promise<WatermarkRecord | undefined> {
  if (!isUuid(id)) return undefined;
  const rows = await database.db
    .select(selection)
    .from(watermarkRemovals)
    .leftJoin(jobs, eq(watermarkRemovals.jobId, jobs.id))
    .where(and(eq(watermarkRemovals.uid, uid), eq(watermarkRemovals.id, id)));
  return (await toRecords(database, rows, link))[0];
}

export async function listRemovals(
  database: Database,
  uid: string,
  limit: number,
  cursor: string | undefined,
  link: FileLinker,
) {
  const rows = await pageQuery(
    database.db
      .select(selection)
      .from(watermarkRemovals)
      .leftJoin(jobs, eq(watermarkRemovals.jobId, jobs.id))
      .$dynamic(),
    watermarkRemovals,
    uid,
    { limit, cursor },
  );
  const page = cutPage(
    rows.map((r) => ({ ...r, createdAt: r.row.createdAt, id: r.row.id })),
    limit,
  );
  return { items: await toRecords(database, page.rows, link), nextCursor: page.nextCursor };
}

export async function saveBoxes(
  db: Db,
  uid: string,
  id: string,
  boxes: WatermarkBox[],
  detection?: { mask: NonNullable<WatermarkFacts['mask']>; facts: WatermarkFacts },
): Promise<void> {
  await db
    .update(watermarkRemovals)
    .set({
      boxes,
      updatedAt: new Date(),
      ...(detection ? { detectedAt: new Date(), facts: { ...detection.facts, mask: detection.mask } } : {}),
    })
    .where(and(eq(watermarkRemovals.uid, uid), eq(watermarkRemovals.id, id)));
}

/** In the accept transaction: the row now follows its (new) job; the previous result was deleted before. */
export async function startRender(tx: Tx, uid: string, id: string, jobId: string): Promise<void> {
  await tx
    .update(watermarkRemovals)
    .set({ jobId, status: 'queued', error: null, outputFileId: null, updatedAt: new Date() })
    .where(and(eq(watermarkRemovals.uid, uid), eq(watermarkRemovals.id, id)));
}

/** A job only settles the row it was started for: a newer render has moved the row on. */
const ofJob = (id: string, jobId: string) => and(eq(watermarkRemovals.id, id), eq(watermarkRemovals.jobId, jobId));

export async function completeRender(
  tx: Tx,
  id: string,
  jobId: string,
  outputFileId: string,
  charged: number,
): Promise<void> {
  await tx
    .update(watermarkRemovals)
    .set({ status: 'succeeded', outputFileId, cost: charged, error: null, updatedAt: new Date() })
    .where(ofJob(id, jobId));
}

export async function failRender(tx: Tx, id: string, jobId: string, error: string): Promise<void> {
  await tx.update(watermarkRemovals).set({ status: 'failed', error, updatedAt: new Date() }).where(ofJob(id, jobId));
}

export async function deleteRemoval(db: Db, uid: string, id: string): Promise<RemovalRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .delete(watermarkRemovals)
    .where(and(eq(watermarkRemovals.uid, uid), eq(watermarkRemovals.id, id)))
    .returning();
  return row;
}
