/**
 * The watermark studio's rules: a finished upload becomes a removal only if it is a video ffmpeg can decode within
 * the length limit (stored within the user's quota); detection replaces the boxes with its proposals; boxes are
 * checked before they are kept; a render is one `watermark` job with its credits held, and starting another
 * replaces the previous result; deleting a removal stops its job and deletes both files.
 */
import fs from 'node:fs/promises';
import type {
  BoxesRequest,
  PreviewRequest,
  ResultFrameRequest,
  WatermarkBox,
  WatermarkRecord,
} from '~/contract/watermark.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { edgeCrop, toPixels } from '../../media/overlay-removal.ts';
import { findFile } from '../../storage/files.ts';
import { deleteOwnedFiles, type FileLinker } from '../../storage/links.ts';
import { storeUpload, uploadTempDir } from '../../storage/uploads.ts';
import type { ApiDeps } from '../deps.ts';
import { WATERMARK_JOB, type WatermarkJobPayload } from './job.ts';
import { sourceInput } from './source.ts';
import {
  deleteRemoval,
  findRemoval,
  getRemoval,
  insertRemoval,
  type RemovalRow,
  saveBoxes,
  startRender,
} from './store.ts';

/** ffmpeg and the detector load only when a request needs them (see media.ts). */
const heavy = () => import('./media.ts');

const invalid = (field: string, message: string) => new HttpError(400, 'Invalid input', { [field]: message });

const CONTENT_TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
};

/** Seconds a presigned source link lives for a request's ffmpeg. */
const REQUEST_LINK_SECONDS = 15 * 60;

export interface FinishedUpload {
  id: string;
  path: string;
  size: number;
  name: string;
  rightsConfirmedAt: Date;
}

export function watermarkService(deps: ApiDeps) {
  const { database, storage, config, queue } = deps;

  async function ownRow(uid: string, id: string): Promise<RemovalRow> {
    const row = await findRemoval(database.db, uid, id);
    if (!row) throw notFound('Video not found');
    return row;
  }

  async function sourceFile(uid: string, row: RemovalRow) {
    const file = row.sourceFileId ? await findFile(database.db, row.sourceFileId, uid) : undefined;
    if (!file) throw new HttpError(409, 'The uploaded video is no longer in your storage. Upload it again.');
    return file;
  }

  const inputOf = async (uid: string, row: RemovalRow): Promise<string> =>
    sourceInput(config, (key) => storage.directUrl(key, REQUEST_LINK_SECONDS), (await sourceFile(uid, row)).storageKey);

  /** Crop boxes must sit near an edge; refused here so neither a preview nor a render fails on them later. */
  function checkBoxes(row: RemovalRow, boxes: readonly WatermarkBox[]): void {
    try {
      edgeCrop(
        boxes.map((b) => ({ ...toPixels(b, row.width, row.height), method: b.method })),
        row.width,
        row.height,
      );
    } catch (error) {
      if (error instanceof RangeError) throw invalid('boxes', error.message);
      throw error;
    }
    if (boxes.some((b) => b.startS !== null && b.startS * 1000 >= row.durationMs))
      throw invalid('boxes', 'A box starts after the video ends.');
  }

  return {
    /** Called when the last byte of an upload arrived: probe it, then keep it (within the quota) as a removal. */
    async acceptUpload(uid: string, upload: FinishedUpload): Promise<void> {
      const { inspectVideo, NotAVideoError } = await heavy();
      const video = await inspectVideo(upload.path, upload.name, config.watermark.maxMinutes).catch(
        (error: unknown) => {
          if (error instanceof NotAVideoError) throw invalid('file', error.message);
          throw error;
        },
      );
      const ext = upload.name.split('.').pop()!.toLowerCase();
      const file = await storeUpload(deps, uid, {
        file: {
          path: upload.path,
          size: upload.size,
          head: new Uint8Array(),
          dispose: () => fs.rm(upload.path, { force: true }),
        },
        contentType: CONTENT_TYPES[ext] ?? 'video/mp4',
        name: upload.name,
      });
      await insertRemoval(database.db, {
        id: upload.id,
        uid,
        name: upload.name,
        sourceFileId: file.id,
        rightsConfirmedAt: upload.rightsConfirmedAt,
        ...video,
      });
    },

    async detect(uid: string, id: string): Promise<void> {
      const row = await ownRow(uid, id);
      const { detectMarks } = await heavy();
      const { boxes, mask } = await detectMarks(await inputOf(uid, row), row);
      await saveBoxes(database.db, uid, id, boxes, { mask, facts: row.facts });
    },

    async saveBoxes(uid: string, id: string, request: BoxesRequest): Promise<void> {
      const row = await ownRow(uid, id);
      checkBoxes(row, request.boxes);
      await saveBoxes(database.db, uid, id, request.boxes);
    },

    async preview(
      uid: string,
      id: string,
      request: PreviewRequest,
    ): Promise<{ bytes: Uint8Array; contentType: string }> {
      const row = await ownRow(uid, id);
      checkBoxes(row, request.boxes);
      if (request.atS * 1000 > row.durationMs) throw invalid('atS', 'This moment is past the end of the video.');
      const { renderPreview } = await heavy();
      const source = {
        input: await inputOf(uid, row),
        width: row.width,
        height: row.height,
        durationMs: row.durationMs,
        facts: row.facts,
      };
      return renderPreview(source, request.boxes, request.atS, request.kind, uploadTempDir(config), 'veryfast');
    },

    /** A frame of the clean copy, for the before/after view of a finished removal. */
    async resultFrame(
      uid: string,
      id: string,
      request: ResultFrameRequest,
    ): Promise<{ bytes: Uint8Array; contentType: string }> {
      const row = await ownRow(uid, id);
      const file = row.outputFileId ? await findFile(database.db, row.outputFileId, uid) : undefined;
      if (!file) throw new HttpError(409, 'This video has no clean copy yet.');
      if (request.atS * 1000 > row.durationMs) throw invalid('atS', 'This moment is past the end of the video.');
      const { frameJpeg } = await heavy();
      return frameJpeg(
        await sourceInput(config, (key) => storage.directUrl(key, REQUEST_LINK_SECONDS), file.storageKey),
        row.durationMs,
        request.atS,
      );
    },

    /** Queues the render of the saved boxes with its credits held (402 when short). */
    async render(uid: string, id: string, link: FileLinker): Promise<WatermarkRecord> {
      const row = await ownRow(uid, id);
      const record = await getRemoval(database, uid, id, link);
      if (record?.status === 'queued' || record?.status === 'active')
        throw new HttpError(409, 'This video is already being cleaned.');
      if (row.boxes.length === 0) throw invalid('boxes', 'Mark at least one area to remove.');
      checkBoxes(row, row.boxes);
      const file = await sourceFile(uid, row);
      const payload: WatermarkJobPayload = {
        removalId: row.id,
        sourceKey: file.storageKey,
        name: row.name,
        durationMs: row.durationMs,
        width: row.width,
        height: row.height,
        boxes: row.boxes,
        facts: row.facts,
      };
      await queue.enqueue({ uid, kind: WATERMARK_JOB, payload, inTx: (tx, job) => startRender(tx, uid, id, job.id) });
      // The new render replaces the previous result, which is deleted now rather than left to fill the quota.
      if (row.outputFileId) await deleteOwnedFiles(database, storage, uid, [row.outputFileId]);
      return (await getRemoval(database, uid, id, link))!;
    },

    async cancel(uid: string, id: string): Promise<void> {
      const row = await ownRow(uid, id);
      if (!row.jobId) throw new HttpError(409, 'Nothing is being cleaned.');
      const result = await queue.cancel(uid, row.jobId);
      if (!result.ok && result.reason !== 'conflict') throw notFound('Video not found');
    },

    async remove(uid: string, id: string): Promise<void> {
      const deleted = await deleteRemoval(database.db, uid, id);
      if (!deleted) throw notFound('Video not found');
      // Still running: cancelling returns its held credits; a finished job answers "conflict", which is fine.
      if (deleted.jobId) await queue.cancel(uid, deleted.jobId);
      await deleteOwnedFiles(
        database,
        storage,
        uid,
        [deleted.sourceFileId, deleted.outputFileId].filter((f): f is string => f !== null),
      );
    },
  };
}
