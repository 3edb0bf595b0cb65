/**
 * The user's own files: raw uploads (POST /files/upload, streamed to storage within UPLOAD_LIMIT_BYTES and the
 * storage quota), and the list and delete behind the account's Storage dialog.
 */
import { Hono } from 'hono';
import { formatBytes, type UploadList, UploadQuery } from '~/contract/storage.ts';
import type { Db } from '~/server/db/index.ts';
import type { ApiDeps } from '~/server/features/deps.ts';
import { type ByteLimit, bodyChunks, limitBytes } from '~/server/http/body.ts';
import type { AppEnv } from '~/server/http/context.ts';
import { HttpError, notFound } from '~/server/http/errors.ts';
import { idempotentUpload } from '~/server/http/idempotency.ts';
import { bodyTooLarge, routeBodyLimit } from '~/server/http/middleware.ts';
import { query } from '~/server/http/validate.ts';
import { toFileInfo } from '~/server/storage/files.ts';
import { deleteOwnedFiles } from '~/server/storage/links.ts';
import { findUpload, listUploads, storageUsage, uploadRawFile, uploadTempDir } from '~/server/storage/uploads.ts';

const UPLOAD_TYPES =
  /^(image\/(png|jpeg|webp|gif)|audio\/(mpeg|wav|x-wav|ogg|webm|mp4)|video\/(mp4|webm|quicktime)|text\/(plain|csv)|application\/(pdf|jsonl|x-ndjson))$/;
/** The Storage dialog lists this many, newest first; the quota keeps the total modest. */
const LIST_LIMIT = 500;

/** Which of a user's uploads some other feature still needs (an image of a video being made): those cannot be deleted. */
export type UploadsInUse = (db: Db, uid: string) => Promise<Set<string>>;

export function uploadRoutes(deps: ApiDeps, imagesInUse: UploadsInUse) {
  const { database, storage, config } = deps;
  const tempDir = uploadTempDir(config);
  const message = `Files can be up to ${formatBytes(config.bodyLimit.upload)}.`;
  const fileLimit: ByteLimit = {
    maxBytes: config.bodyLimit.upload,
    error: () => bodyTooLarge(message, { file: message }),
  };

  return (
    new Hono<AppEnv>()
      /** Raw body upload: Content-Type is the file's type, `?name=` its display name. */
      .post(
        '/files/upload',
        routeBodyLimit(fileLimit),
        idempotentUpload(deps.idempotency, fileLimit, tempDir),
        async (c) => {
          const declaredType = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
          if (!UPLOAD_TYPES.test(declaredType))
            throw new HttpError(400, 'Invalid input', { file: 'This file type is not supported' });
          const { name } = query(c, UploadQuery);
          const length = c.req.header('content-length');
          const row = await uploadRawFile(deps, c.get('uid'), {
            declaredType,
            declaredBytes: length === undefined ? undefined : Number(length),
            name: name ?? null,
            body: limitBytes(bodyChunks(c.req.raw), fileLimit),
          });
          return c.json(toFileInfo(row), 201);
        },
      )
      .get('/uploads', async (c) => {
        const uid = c.get('uid');
        const [rows, inUse, usage] = await Promise.all([
          listUploads(database.db, uid, LIST_LIMIT),
          imagesInUse(database.db, uid),
          storageUsage(database.db, uid, config.storageQuotaBytes),
        ]);
        return c.json({
          files: rows.map((row) => ({ ...toFileInfo(row), inUse: inUse.has(row.id) })),
          storage: usage,
        } satisfies UploadList);
      })
      .delete('/uploads/:id', async (c) => {
        const uid = c.get('uid');
        const id = c.req.param('id');
        if (!(await findUpload(database.db, uid, id))) throw notFound('Upload not found');
        if ((await imagesInUse(database.db, uid)).has(id)) {
          throw new HttpError(409, 'A video being made uses this file. Delete it once the video has finished.');
        }
        await deleteOwnedFiles(database, storage, uid, [id]);
        return c.body(null, 204);
      })
  );
}
