/** Generated files as the studios hand them out: signed links for <audio>/<img>/downloads, and owner-only deletes. */
import { and, eq, inArray } from 'drizzle-orm';
import type { SignedUrl } from '~/contract/api.ts';
import type { LinkedFile } from '~/contract/storage.ts';
import type { ServerConfig } from '~/server/config/index.ts';
import type { Database } from '~/server/db/index.ts';
import { files } from '~/server/db/schema/files.ts';
import type { Storage } from '~/server/storage/index.ts';
import { signFile } from '~/server/storage/signing.ts';

export type FileLinker = (fileId: string) => string;

type LinkConfig = Pick<ServerConfig, 'fileUrlSecret' | 'publicApiUrl' | 'apiHosts' | 'apiPort'>;

const LOOPBACK = ['127.0.0.1', 'localhost', '[::1]'];

/** An origin and, when it is a loopback one, the same port under the other loopback names. */
const withLoopbackTwins = (origin: string): string[] => {
  const url = new URL(origin);
  return LOOPBACK.includes(url.hostname)
    ? [origin, ...LOOPBACK.map((host) => `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`)]
    : [origin];
};

/**
 * The base of absolute file links. The Host header is the client's to choose, so the request's origin is used only
 * when it is one the API is configured to be reached at (or loopback on the API's own port); otherwise links point
 * at the primary configured origin, never at a host an attacker named.
 */
export function linkBase(
  config: Pick<LinkConfig, 'publicApiUrl' | 'apiHosts' | 'apiPort'>,
  requestOrigin: string,
): string {
  if (config.publicApiUrl) return config.publicApiUrl;
  const trusted = [...new Set([...config.apiHosts, `http://127.0.0.1:${config.apiPort}`].flatMap(withLoopbackTwins))];
  return trusted.includes(requestOrigin) ? requestOrigin : trusted[0]!;
}

/**
 * A signed link to `path` and when it stops working: the files' HMAC and lifetime over `subject`, the name of what
 * the path serves (a file's id, or for a batch's ZIP `batchZipSubject(id)`). `requestOrigin` is the origin the
 * request came in on.
 */
export function signedLink(config: LinkConfig, requestOrigin: string, path: string, subject: string, now = Date.now()) {
  const { exp, sig, expiresAt } = signFile(config.fileUrlSecret, subject, Math.floor(now / 1000));
  return {
    url: `${linkBase(config, requestOrigin)}${path}?exp=${exp}&sig=${sig}`,
    expiresAt: new Date(expiresAt * 1000).toISOString(),
  } satisfies SignedUrl;
}

/** One signed link to a file and when it stops working. `requestOrigin` is the origin the request came in on. */
export function signedFileLink(config: LinkConfig, requestOrigin: string, fileId: string, now = Date.now()): SignedUrl {
  return signedLink(config, requestOrigin, `/files/${encodeURIComponent(fileId)}`, fileId, now);
}

/** Links for a page of records, all made at the same instant. */
export function fileLinker(config: LinkConfig, requestOrigin: string, now = Date.now()): FileLinker {
  return (fileId) => signedFileLink(config, requestOrigin, fileId, now).url;
}

export interface FileFacts {
  contentType: string;
  size: number;
}

/** Content type and size of the given files, for the records' download links. */
export async function fileFacts(database: Database, ids: readonly string[]): Promise<Map<string, FileFacts>> {
  if (ids.length === 0) return new Map();
  const rows = await database.db
    .select({ id: files.id, contentType: files.contentType, size: files.size })
    .from(files)
    .where(inArray(files.id, [...ids]));
  return new Map(rows.map((r) => [r.id, { contentType: r.contentType, size: r.size }]));
}

/** The records' links to the given files; a file that does not exist (not made yet, or deleted) has none. */
export async function fileLinks(
  database: Database,
  ids: ReadonlyArray<string | null | undefined>,
  link: FileLinker,
): Promise<(id: string | null | undefined) => LinkedFile | null> {
  const facts = await fileFacts(
    database,
    ids.filter((id): id is string => Boolean(id)),
  );
  return (id) => {
    const fact = id ? facts.get(id) : undefined;
    return id && fact ? { fileId: id, url: link(id), contentType: fact.contentType, size: fact.size } : null;
  };
}

/** Removes the user's files from storage and the files table; ids of other users are ignored. */
export async function deleteOwnedFiles(
  database: Database,
  storage: Storage,
  uid: string,
  ids: readonly string[],
): Promise<void> {
  const wanted = ids.filter(Boolean);
  if (wanted.length === 0) return;
  const rows = await database.db
    .delete(files)
    .where(and(eq(files.uid, uid), inArray(files.id, wanted)))
    .returning({ key: files.storageKey });
  await Promise.all(rows.map((r) => storage.delete(r.key)));
}
