/**
 * The rules of a batch: a sheet (inline rows or an uploaded CSV/JSONL file) becomes one ordinary video per row,
 * each queued with its own credits held through the videos feature (api/app.ts hands its service in as
 * `VideoMaker`, so this feature never imports another). Nothing is queued unless every row is sound and the balance
 * covers the whole batch's estimate.
 */
import { randomUUID } from 'node:crypto';
import {
  type BatchPlan,
  type BatchRecord,
  type BatchSummary,
  type CreateBatchRequest,
  problemField,
  zipEntryName,
} from '~/contract/batches.ts';
import { isUuid } from '~/contract/ids.ts';
import { videoCost } from '~/contract/pricing.ts';
import { type CreateVideoRequest, estimateVideoCost, type VideoRecord } from '~/contract/video.ts';
import { InsufficientCreditsError } from '~/server/credits/ledger.ts';
import { getAccount } from '~/server/credits/service.ts';
import type { Db } from '~/server/db/index.ts';
import type { ApiDeps } from '~/server/features/deps.ts';
import { HttpError, notFound } from '~/server/http/errors.ts';
import type { Storage } from '~/server/storage/index.ts';
import { storageKey } from '~/server/storage/index.ts';
import type { FileLinker } from '~/server/storage/links.ts';
import { batchPlanner, type PresetSettings } from './plan.ts';
import type { VideoMaker } from './video-maker.ts';

export type { PresetSettings, VideoMaker };

import {
  type BatchRow,
  batchById,
  batchRowsOf,
  countsOf,
  findBatch,
  insertBatch,
  linkRow,
  listBatches,
  restartBatch,
  settleBatch,
} from './store.ts';
import { type ZipEntry, zipStream } from './zip.ts';

/** Field errors of a 400 are listed up to this many; a sheet with more problems is fixed a screenful at a time. */
const MAX_FIELDS = 50;

const invalidPlan = (plan: BatchPlan) => {
  const problems = [...plan.problems, ...plan.rows.flatMap((row) => row.problems)].slice(0, MAX_FIELDS);
  return new HttpError(
    400,
    'Invalid input',
    Object.fromEntries(problems.map((problem) => [problemField(problem), problem.message])),
  );
};

export function batchService(
  { database, storage }: Pick<ApiDeps, 'database' | 'storage'>,
  videos: VideoMaker,
  presets: PresetSettings,
) {
  const { db } = database;
  const { plan } = batchPlanner({ database, storage }, videos, presets);

  const owned = async (uid: string, id: string) => {
    const batch = isUuid(id) ? await findBatch(db, uid, id) : undefined;
    if (!batch) throw notFound('Batch not found');
    return batch;
  };

  /** Queues each planned row's video and links it to its row; a row refused now keeps why. Then opens the batch. */
  async function queueRows(uid: string, batchId: string, rows: { row: number; request: CreateVideoRequest }[]) {
    for (const { row, request } of rows) {
      try {
        const { videoId } = await videos.create(uid, request, undefined);
        await linkRow(db, batchId, row, { videoId });
      } catch (error) {
        if (!(error instanceof HttpError) || error.status >= 500) throw error;
        await linkRow(db, batchId, row, { error: error.message });
      }
    }
    await database.transaction((tx) => settleBatch(tx, batchId, true));
  }

  return {
    plan,

    /** 400 naming every problem, 402 when the balance is short of the whole batch, else the batch, queued. */
    async create(uid: string, request: CreateBatchRequest): Promise<string> {
      const planned = await plan(uid, request);
      if (!planned.ready) throw invalidPlan(planned);
      const { balance } = await getAccount(db, uid);
      if (balance < planned.totalCredits) throw new InsufficientCreditsError(planned.totalCredits, balance);
      const id = randomUUID();
      // A ready plan has a request on every row.
      const rows = planned.rows.flatMap((row) =>
        row.request ? [{ row: row.row, title: row.title, request: row.request }] : [],
      );
      await database.transaction((tx) =>
        insertBatch(
          tx,
          {
            id,
            uid,
            name: request.name || planned.rows[0]?.title || 'Batch',
            settings: request.settings ?? null,
            preset: request.preset ?? null,
            template: request.template ?? null,
          },
          rows,
        ),
      );
      await queueRows(uid, id, rows);
      return id;
    },

    async list(uid: string, limit: number, cursor: string | undefined) {
      const page = await listBatches(db, uid, limit, cursor);
      const counts = await countsOf(
        db,
        page.rows.map((row) => row.id),
      );
      return {
        items: page.rows.map((row) => {
          const entry = counts.get(row.id);
          return toSummary(row, entry?.counts ?? emptyCounts(), entry?.credits ?? 0);
        }),
        nextCursor: page.nextCursor,
      };
    },

    async record(uid: string, id: string, link: FileLinker): Promise<BatchRecord> {
      const batch = await owned(uid, id);
      const rows = await batchRowsOf(db, batch.id);
      const records = await videos.records(
        uid,
        rows.flatMap((row) => (row.videoId ? [row.videoId] : [])),
        link,
      );
      return {
        ...(await summaryOf(db, batch)),
        rows: rows.map((row) => ({
          row: row.row,
          title: row.title,
          error: row.error,
          video: (row.videoId && records.get(row.videoId)) || null,
        })),
      };
    },

    /** Cancels every row not yet ended (their credits return); the last one's end completes the batch. */
    async cancel(uid: string, id: string): Promise<void> {
      const batch = await owned(uid, id);
      for (const row of await batchRowsOf(db, batch.id))
        if (row.videoId && (row.state === 'queued' || row.state === 'active'))
          await videos.cancel(uid, row.videoId).catch((error: unknown) => {
            // Ended on its own meanwhile.
            if (!(error instanceof HttpError && error.status === 409)) throw error;
          });
    },

    /**
     * Makes the failed rows again: their videos with a new job and hold each, a row refused when queued as a new
     * video. 402 before anything when the balance is short of them all; 409 when none failed.
     */
    async retryFailed(uid: string, id: string): Promise<void> {
      const batch = await owned(uid, id);
      const rows = (await batchRowsOf(db, batch.id)).filter((row) => row.state === 'failed');
      if (rows.length === 0) throw new HttpError(409, 'No row of this batch has failed.');
      const records = await videos.records(
        uid,
        rows.flatMap((row) => (row.videoId ? [row.videoId] : [])),
        () => '',
      );
      const again = rows.map((row) => ({ row, credits: retryCredits(row, records) }));
      const needed = again.reduce((sum, { credits }) => sum + credits, 0);
      const { balance } = await getAccount(db, uid);
      if (balance < needed) throw new InsufficientCreditsError(needed, balance);
      await restartBatch(db, uid, batch.id);
      for (const { row } of again) await requeueFailedRow(db, videos, uid, batch.id, row);
      await database.transaction((tx) => settleBatch(tx, batch.id, true));
    },

    /** The finished videos as one ZIP, streamed from storage entry by entry. */
    zip: async (uid: string, id: string) => batchZip(db, storage, await owned(uid, id)),

    /** The batch, when it is this user's and has a finished video to zip (else 404 or 409), to sign a link to. */
    async zipReady(uid: string, id: string): Promise<BatchRow> {
      const batch = await owned(uid, id);
      await zipRows(db, batch);
      return batch;
    },

    /** The ZIP a signed link names (the link is the permission, checked by the route). */
    async signedZip(id: string) {
      const batch = isUuid(id) ? await batchById(db, id) : undefined;
      if (!batch) throw notFound('Batch not found');
      return batchZip(db, storage, batch);
    },
  };
}

type BatchRowState = Awaited<ReturnType<typeof batchRowsOf>>[number];

/** Makes one failed row again: its video with a new job, or (refused when first queued) a new video from its plan. */
async function requeueFailedRow(db: Db, videos: VideoMaker, uid: string, batchId: string, row: BatchRowState) {
  const { videoId } = row;
  // Linking again clears the error an earlier refused retry left on the row, which would count it failed.
  const queued = videoId
    ? videos.retry(uid, videoId).then(() => linkRow(db, batchId, row.row, { videoId }))
    : videos
        .create(uid, row.request as CreateVideoRequest, undefined)
        .then((made) => linkRow(db, batchId, row.row, { videoId: made.videoId }));
  await queued.catch(async (error: unknown) => {
    if (!(error instanceof HttpError) || error.status >= 500) throw error;
    // 409: a retry sent at the same moment already made this video again; the row is open, not failed.
    if (videoId && error.status === 409) return;
    await linkRow(db, batchId, row.row, { error: error.message });
  });
}

const emptyCounts = () => ({ total: 0, queued: 0, active: 0, succeeded: 0, failed: 0, cancelled: 0 });

async function summaryOf(db: Db, batch: BatchRow): Promise<BatchSummary> {
  const entry = (await countsOf(db, [batch.id])).get(batch.id);
  return toSummary(batch, entry?.counts ?? emptyCounts(), entry?.credits ?? 0);
}

function toSummary(batch: BatchRow, counts: BatchSummary['counts'], credits: number): BatchSummary {
  return {
    id: batch.id,
    name: batch.name,
    status: batch.status === 'completed' ? 'completed' : 'running',
    counts,
    credits,
    createdAt: batch.createdAt.toISOString(),
    completedAt: batch.completedAt?.toISOString() ?? null,
  };
}

/** A batch's rows with a finished video, in row order; 409 while none is finished. */
async function zipRows(db: Db, batch: BatchRow) {
  const rows = (await batchRowsOf(db, batch.id)).filter((row) => row.state === 'succeeded' && row.videoFileId);
  if (rows.length === 0) throw new HttpError(409, 'No video of this batch is ready yet.');
  return rows;
}

/** A batch's finished videos as ZIP entries in row order; 409 while none is finished. */
async function batchZip(db: Db, storage: Storage, batch: BatchRow) {
  const rows = await zipRows(db, batch);
  const entries: ZipEntry[] = rows.map((row) => ({
    name: zipEntryName(row.row, row.title),
    open: async () => {
      const stored = await storage.stream(storageKey(batch.uid, row.videoFileId as string));
      if (!stored) throw new Error(`Video file of row ${row.row} is missing from storage`);
      return stored.body as unknown as AsyncIterable<Uint8Array>;
    },
  }));
  return { name: batch.name, body: zipStream(entries) };
}

/** What making a failed row again holds: its video's estimate, or for a row never queued the request it was planned as. */
function retryCredits(
  row: { videoId: string | null; request: CreateVideoRequest },
  records: Map<string, VideoRecord>,
): number {
  const video = row.videoId ? records.get(row.videoId) : undefined;
  return video
    ? videoCost(video.estimatedSec * 1000, video.resolution)
    : estimateVideoCost(row.request.script, row.request.resolution);
}
