/**
 * How a user's upload reaches storage. Nothing is written to storage until every check that can refuse the request
 * has passed; the quota is checked again under a lock on the user's row so two uploads at once cannot both take the
 * last free space; and a failure after writing removes what was written.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { isUuid } from '~/contract/ids.ts';
import { type StorageUsage, storageFullMessage } from '~/contract/storage.ts';
import type { ServerConfig } from '~/server/config/index.ts';
import type { Database, Db, Tx } from '~/server/db/index.ts';
import { files } from '~/server/db/schema/files.ts';
import { users } from '~/server/db/schema/users.ts';
import { type ByteLimit, limitBytes, type SpooledFile, spoolToFile } from '~/server/http/body.ts';
import { HttpError } from '~/server/http/errors.ts';
import { bodyTooLarge } from '~/server/http/middleware.ts';
import { type FileRow, recordFile } from './files.ts';
import { type Storage, storageKey } from './index.ts';
import { SNIFF_BYTES, sniffType } from './sniff.ts';

export interface UploadDeps {
  database: Database;
  storage: Storage;
  config: Pick<ServerConfig, 'storageQuotaBytes' | 'dataDir'>;
}

/** Everything the user keeps in storage counts: uploads and the media made for them. */
export async function storageUsage(db: Db | Tx, uid: string, quota: number): Promise<StorageUsage> {
  const [row] = await db
    .select({ used: sql<number>`coalesce(sum(${files.size}), 0)`.mapWith(Number) })
    .from(files)
    .where(eq(files.uid, uid));
  return { used: row?.used ?? 0, quota };
}

const storageFull = (usage: StorageUsage) => {
  const message = storageFullMessage(usage);
  return bodyTooLarge(message, { file: message });
};

/**
 * The check made before a byte of the body is read: room for what the request says it sends (the account itself
 * exists by then: the API makes it on a user's first request). The answer limits the body to the room left.
 */
export async function uploadRoom(
  { database, config }: UploadDeps,
  uid: string,
  declaredBytes: number | undefined,
): Promise<ByteLimit> {
  const usage = await storageUsage(database.db, uid, config.storageQuotaBytes);
  const room = Math.max(0, usage.quota - usage.used);
  if (room === 0 || (declaredBytes !== undefined && declaredBytes > room)) throw storageFull(usage);
  return { maxBytes: room, error: () => storageFull(usage) };
}

/** Temporary files live beside the data, not in /tmp, which may be memory (tmpfs). */
export const uploadTempDir = (config: Pick<ServerConfig, 'dataDir'>) => path.join(config.dataDir, 'tmp', 'uploads');

/** Longer than any upload can take; older temporary files were left by a process that died mid-upload. */
const STALE_UPLOAD_MS = 24 * 60 * 60 * 1000;

/** Removes temporary files a crashed process left behind (several API processes may share the folder). */
export async function sweepStaleUploads(config: Pick<ServerConfig, 'dataDir'>, now = Date.now()): Promise<number> {
  const dir = uploadTempDir(config);
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    const stat = await fs.stat(file).catch(() => undefined);
    if (stat && now - stat.mtimeMs > STALE_UPLOAD_MS) {
      await fs.rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}

/** The body, within the route's limit and the user's room, in a temporary file the caller must dispose of. */
export function spoolBody(
  config: Pick<ServerConfig, 'dataDir'>,
  body: AsyncIterable<Uint8Array>,
  limits: readonly ByteLimit[],
  headBytes: number,
): Promise<SpooledFile> {
  const limited = limits.reduce<AsyncIterable<Uint8Array>>((source, limit) => limitBytes(source, limit), body);
  return spoolToFile(limited, uploadTempDir(config), headBytes);
}

export interface AcceptedUpload {
  file: SpooledFile;
  contentType: string;
  name: string | null;
}

/** Records the file within the quota, then writes it to storage; a failed write takes the record back out. */
export async function storeUpload(
  { database, storage, config }: UploadDeps,
  uid: string,
  upload: AcceptedUpload,
): Promise<FileRow> {
  const id = randomUUID();
  const key = storageKey(uid, id);
  const row = await database.transaction(async (tx) => {
    await tx.select({ uid: users.uid }).from(users).where(eq(users.uid, uid)).for('update');
    const usage = await storageUsage(tx, uid, config.storageQuotaBytes);
    if (usage.used + upload.file.size > usage.quota) throw storageFull(usage);
    return recordFile(tx, {
      id,
      uid,
      storageKey: key,
      contentType: upload.contentType,
      size: upload.file.size,
      name: upload.name,
    });
  });
  try {
    await storage.put(key, { path: upload.file.path, move: true }, upload.contentType);
  } catch (error) {
    await database.db.delete(files).where(eq(files.id, id));
    await storage.delete(key).catch(() => undefined);
    throw error;
  }
  return row;
}

/** The user's uploads (files no job made), newest first. */
export function listUploads(db: Db, uid: string, limit: number): Promise<FileRow[]> {
  return db
    .select()
    .from(files)
    .where(and(eq(files.uid, uid), isNull(files.jobId)))
    .orderBy(desc(files.createdAt))
    .limit(limit);
}

/** One of the user's uploads, or undefined (also for files a job made, which their own history deletes). */
export async function findUpload(db: Db, uid: string, id: string): Promise<FileRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.uid, uid), eq(files.id, id), isNull(files.jobId)));
  return row;
}

/**
 * A raw-body upload (POST /files/upload). The declared type must be one this server takes, but the stored type is
 * the one the bytes prove: HTML sent as `image/png` is kept as `text/plain`.
 */
export async function uploadRawFile(
  deps: UploadDeps,
  uid: string,
  input: {
    declaredType: string;
    declaredBytes: number | undefined;
    name: string | null;
    body: AsyncIterable<Uint8Array>;
  },
): Promise<FileRow> {
  const room = await uploadRoom(deps, uid, input.declaredBytes);
  const file = await spoolBody(deps.config, input.body, [room], SNIFF_BYTES);
  try {
    if (file.size === 0) throw new HttpError(400, 'Invalid input', { file: 'The file is empty' });
    const contentType = sniffType(file.head, input.declaredType);
    if (!contentType) throw new HttpError(400, 'Invalid input', { file: 'This file type is not supported' });
    return await storeUpload(deps, uid, { file, contentType, name: input.name });
  } finally {
    await file.dispose();
  }
}
