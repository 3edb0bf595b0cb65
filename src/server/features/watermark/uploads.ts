/**
 * Resumable uploads for watermark removal: the tus protocol (tus.io) through `@tus/server` with its file store,
 * inside the Hono app (Web Request in, Response out). Every tus request has passed the API's token check; the
 * upload's owner is written into its metadata on creation and checked on every later request, so nobody can
 * resume, read or finish another user's upload. Creation is refused without the rights confirmation, for a file
 * type the studio does not take, past the size limit, or past the user's storage quota; the last byte hands the
 * file to the service, which probes it and keeps it, or the client gets the reason it was refused.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { Server, type Upload } from '@tus/server';
import { type Context, Hono } from 'hono';
import { formatBytes } from '~/contract/storage.ts';
import { acceptedVideoName } from '~/contract/watermark.ts';
import type { ApiDeps } from '~/server/features/deps.ts';
import type { AppEnv } from '~/server/http/context.ts';
import { HttpError } from '~/server/http/errors.ts';
import { bodyTooLarge, routeBodyLimit } from '~/server/http/middleware.ts';
import { uploadRoom } from '~/server/storage/uploads.ts';
import type { FinishedUpload } from './service.ts';

export const UPLOADS_PATH = '/watermark-removal/uploads';

/** An unfinished upload left this long is swept by the file store's expiry. */
const UNFINISHED_UPLOAD_MS = 24 * 60 * 60 * 1000;

const SWEEP_MS = 60 * 60 * 1000;

/** tus answers a hook's thrown `{ status_code, body }` as that response. */
const refuse = (status_code: number, body: string) => ({ status_code, body });

export function watermarkUploadRoutes(deps: ApiDeps, accept: (uid: string, upload: FinishedUpload) => Promise<void>) {
  const { config } = deps;
  const directory = path.join(config.dataDir, 'tmp', 'watermark-uploads');
  const datastore = new FileStore({ directory, expirationPeriodInMilliseconds: UNFINISHED_UPLOAD_MS });
  // The hooks receive the Web Request the route handed over; the token check put its user here.
  const owners = new WeakMap<Request, string>();
  const ownerOf = (req: Request): string => {
    const uid = owners.get(req);
    if (!uid) throw refuse(401, 'Sign in again to upload.');
    return uid;
  };
  const maxMessage = `Videos can be up to ${formatBytes(config.watermark.maxBytes)}.`;

  const tus = new Server({
    path: UPLOADS_PATH,
    datastore,
    relativeLocation: true,
    maxSize: config.watermark.maxBytes,
    namingFunction: () => randomUUID(),
    async onIncomingRequest(req, id) {
      const uid = ownerOf(req);
      if (req.method === 'POST') return;
      const upload = await datastore.getUpload(id).catch(() => undefined);
      if (upload?.metadata?.uid !== uid) throw refuse(404, 'Upload not found');
    },
    async onUploadCreate(req, upload) {
      const uid = ownerOf(req);
      const name = upload.metadata?.filename ?? '';
      if (upload.metadata?.rights !== 'confirmed')
        throw refuse(400, 'Confirm that you own this video or have the right to edit it.');
      if (!acceptedVideoName(name)) throw refuse(400, 'Upload an MP4, MOV, WebM or MKV video.');
      if (upload.size === undefined) throw refuse(400, 'The upload must say how large the file is.');
      if (upload.size > config.watermark.maxBytes) throw refuse(413, maxMessage);
      try {
        await uploadRoom(deps, uid, upload.size);
      } catch (error) {
        if (error instanceof HttpError) throw refuse(error.status, error.message);
        throw error;
      }
      return { metadata: { filename: name.slice(0, 200), uid, rightsAt: new Date().toISOString() } };
    },
    async onUploadFinish(req, upload: Upload) {
      const uid = ownerOf(req);
      const file = path.join(directory, upload.id);
      try {
        await accept(uid, {
          id: upload.id,
          path: file,
          size: upload.size ?? upload.offset,
          name: upload.metadata?.filename ?? 'video.mp4',
          rightsConfirmedAt: new Date(upload.metadata?.rightsAt ?? Date.now()),
        });
      } catch (error) {
        if (error instanceof HttpError)
          throw refuse(
            error.status === 400 ? 422 : error.status,
            Object.values(error.fields ?? {})[0] ?? error.message,
          );
        throw error;
      } finally {
        // Accepted files were moved into storage; refused ones go. Either way the upload's own record goes too.
        await fs.rm(file, { force: true });
        await fs.rm(`${file}.json`, { force: true });
      }
      return {};
    },
  });

  // The file store only knows which uploads expired; sweeping them is ours to schedule.
  setInterval(() => void tus.cleanUpExpiredUploads().catch(() => undefined), SWEEP_MS).unref();

  const limit = routeBodyLimit({
    maxBytes: config.watermark.maxBytes,
    error: () => bodyTooLarge(maxMessage, { file: maxMessage }),
  });
  const handle = (c: Context<AppEnv>) => {
    owners.set(c.req.raw, c.get('uid'));
    return tus.handleWeb(c.req.raw);
  };
  return new Hono<AppEnv>().all(UPLOADS_PATH, limit, handle).all(`${UPLOADS_PATH}/:id`, limit, handle);
}
