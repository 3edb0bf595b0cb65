/** Generated files as the studios hand them out: signed links for <audio>/<img>/downloads, and owner-only deletes. */
import { and, eq, inArray } from 'drizzle-orm';
import type { ServerConfig } from '~/server/config.ts';
import type { Database } from '~/server/db/index.ts';
import { files } from '~/server/db/schema/files.ts';
import type { Storage } from '~/server/storage/index.ts';
import { signFile } from '~/server/storage/signing.ts';

/** Long enough to listen to or browse a page of results; a refreshed page gets new links. */
const LINK_SECONDS = 60 * 60;

export type FileLinker = (fileId: string) => string;

/** `origin` is the request's own origin, used when PUBLIC_API_URL is not configured. */
export function fileLinker(config: Pick<ServerConfig, 'fileUrlSecret' | 'publicApiUrl'>, origin: string, now = Date.now()): FileLinker {
  const base = config.publicApiUrl ?? origin;
  const expiresAt = Math.floor(now / 1000) + LINK_SECONDS;
  return (fileId) => {
    const { exp, sig } = signFile(config.fileUrlSecret, fileId, expiresAt);
    return `${base}/files/${fileId}?exp=${exp}&sig=${sig}`;
  };
}

export interface FileFacts {
  contentType: string;
  size: number;
}

/** Content type and size of the given files, for the records' download links. */
export async function fileFacts(database: Database, ids: readonly string[]): Promise<Map<string, FileFacts>> {
  if (ids.length === 0) return new Map();
  const rows = await database.db.select({ id: files.id, contentType: files.contentType, size: files.size }).from(files).where(inArray(files.id, [...ids]));
  return new Map(rows.map((r) => [r.id, { contentType: r.contentType, size: r.size }]));
}

/** Removes the user's files from storage and the files table; ids of other users are ignored. */
export async function deleteOwnedFiles(database: Database, storage: Storage, uid: string, ids: readonly string[]): Promise<void> {
  const wanted = ids.filter(Boolean);
  if (wanted.length === 0) return;
  const rows = await database.db
    .delete(files)
    .where(and(eq(files.uid, uid), inArray(files.id, wanted)))
    .returning({ key: files.storageKey });
  await Promise.all(rows.map((r) => storage.delete(r.key)));
}
