/**
 * The watermark studio's rules for a removal's life: a finished upload becomes a removal only if it is a video ffmpeg
 * can decode within the length limit (stored within the user's quota); a render is one `watermark` job with its
 * credits held, and starting another replaces the previous result; deleting a removal stops its job and deletes both
 * files. Marking the boxes and previewing them is editing.ts.
 */
import fs from 'node:fs/promises';
import type { WatermarkRecord } from '~/contract/watermark.ts';
import type { ApiDeps } from '~/server/features/deps.ts';
import { HttpError, notFound } from '~/server/http/errors.ts';
import { deleteOwnedFiles, type FileLinker } from '~/server/storage/links.ts';
import { storeUpload } from '~/server/storage/uploads.ts';
import { checkBoxes, heavy, invalid, removalAccess } from './access.ts';
import { removalEditing } from './editing.ts';
import { WATERMARK_JOB, type WatermarkJobPayload } from './job.ts';
import { deleteRemoval, getRemoval, insertRemoval, startRender } from './store.ts';

const CONTENT_TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
};

export interface FinishedUpload {
  id: string;
  path: string;
  size: number;
  name: string;
  rightsConfirmedAt: Date;
}

export function watermarkService(deps: ApiDeps) {
  const { database, storage, config, queue } = deps;
  const access = removalAccess(deps);
  const { ownRow, sourceFile } = access;

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

    ...removalEditing(deps, access),

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
