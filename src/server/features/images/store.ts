/**
 * Image generations in the shared `images` table, one row per image: rows are written when the job is accepted
 * (so the gallery shows placeholders at once) and completed by the job. Status comes from our row once the job has
 * finished, and from the job while it runs.
 */
import { and, eq, inArray, ne } from 'drizzle-orm';
import { isUuid } from '~/contract/ids.ts';
import type { ImageRecord } from '~/contract/images.ts';
import type { Database, Db, Tx } from '~/server/db/index.ts';
import { cutPage, pageQuery } from '~/server/db/paging.ts';
import { jobs } from '~/server/db/schema/jobs.ts';
import { type ImageOptions, images } from '~/server/db/schema/media.ts';
import { generationStatus } from '~/server/jobs/status.ts';
import { type FileLinker, fileFacts } from '~/server/storage/links.ts';

type Row = {
  image: typeof images.$inferSelect;
  job: { status: string; progress: number; error: string | null } | null;
};

function toRecord({ image, job }: Row, link: FileLinker, contentType: string | undefined): ImageRecord {
  const { options } = image;
  const status = generationStatus(image.status, job);
  return {
    id: image.id,
    batchId: options.batchId,
    status,
    prompt: image.prompt,
    negativePrompt: options.negativePrompt,
    aspect: options.aspect,
    style: options.style,
    seed: options.seed,
    width: image.width,
    height: image.height,
    engine: options.engine,
    url: image.fileId ? link(image.fileId) : null,
    contentType: contentType ?? null,
    error: status === 'failed' ? (image.error ?? job?.error ?? 'The image could not be made.') : null,
    creditsCharged: status === 'succeeded' ? image.cost : 0,
    createdAt: image.createdAt.toISOString(),
  };
}

const selection = { image: images, job: { status: jobs.status, progress: jobs.progress, error: jobs.error } };

async function withFacts(database: Database, rows: Row[], link: FileLinker): Promise<ImageRecord[]> {
  const facts = await fileFacts(
    database,
    rows.map((r) => r.image.fileId).filter((id): id is string => Boolean(id)),
  );
  return rows.map((r) => toRecord(r, link, r.image.fileId ? facts.get(r.image.fileId)?.contentType : undefined));
}

/** A batch's images are stamped a millisecond apart, first image newest, so newest-first paging keeps their order. */
export async function insertImageRows(
  tx: Tx,
  rows: Array<{ id: string; uid: string; jobId: string; prompt: string; options: ImageOptions; cost: number }>,
): Promise<void> {
  const now = Date.now();
  await tx.insert(images).values(
    rows.map((r, i) => ({
      createdAt: new Date(now - i),
      updatedAt: new Date(now - i),
      id: r.id,
      uid: r.uid,
      jobId: r.jobId,
      status: 'queued',
      prompt: r.prompt,
      options: r.options,
      cost: r.cost,
    })),
  );
}

export async function listImages(
  database: Database,
  uid: string,
  limit: number,
  cursor: string | undefined,
  link: FileLinker,
) {
  const rows = await pageQuery(
    database.db.select(selection).from(images).leftJoin(jobs, eq(images.jobId, jobs.id)).$dynamic(),
    images,
    uid,
    { limit, cursor },
  );
  const page = cutPage(
    rows.map((r) => ({ ...r, createdAt: r.image.createdAt, id: r.image.id })),
    limit,
  );
  return { items: await withFacts(database, page.rows, link), nextCursor: page.nextCursor };
}

export async function getImages(
  database: Database,
  uid: string,
  ids: readonly string[],
  link: FileLinker,
): Promise<ImageRecord[]> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return [];
  const rows = await database.db
    .select(selection)
    .from(images)
    .leftJoin(jobs, eq(images.jobId, jobs.id))
    .where(and(eq(images.uid, uid), inArray(images.id, valid)));
  const records = await withFacts(database, rows, link);
  return valid.map((id) => records.find((r) => r.id === id)).filter((r): r is ImageRecord => r !== undefined);
}

/** Deletes the row and hands back its job and file ids so the caller can deal with those too. */
export async function deleteImage(
  db: Db,
  uid: string,
  id: string,
): Promise<{ jobId: string | null; fileId: string | null } | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .delete(images)
    .where(and(eq(images.id, id), eq(images.uid, uid)))
    .returning({ jobId: images.jobId, fileId: images.fileId });
  return row;
}

/** Images of the job that still exist (a user may delete some while the batch runs). */
export async function countImagesOfJob(db: Db, jobId: string): Promise<number> {
  const rows = await db.select({ id: images.id }).from(images).where(eq(images.jobId, jobId));
  return rows.length;
}

export interface FinishedImage {
  id: string;
  fileId: string;
  width: number;
  height: number;
}

export async function completeImages(tx: Tx, uid: string, finished: readonly FinishedImage[]): Promise<void> {
  for (const image of finished) {
    await tx
      .update(images)
      .set({
        status: 'succeeded',
        fileId: image.fileId,
        width: image.width,
        height: image.height,
        error: null,
        updatedAt: new Date(),
      })
      .where(and(eq(images.id, image.id), eq(images.uid, uid)));
  }
}

/** Fails the job's images that were not made (all of them, unless part of the batch succeeded). */
export async function failImages(tx: Tx, jobId: string, error: string): Promise<void> {
  await tx
    .update(images)
    .set({ status: 'failed', error, updatedAt: new Date() })
    .where(and(eq(images.jobId, jobId), ne(images.status, 'succeeded')));
}
