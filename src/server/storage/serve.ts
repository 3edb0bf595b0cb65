/**
 * A stored file as an HTTP answer: ranged (what media elements ask for to seek), or a redirect to the backend's own
 * short-lived link (S3). Used by the signed /files links and by the public share pages' token-scoped media.
 */
import type { Context } from 'hono';
import { notFound } from '~/server/http/errors.ts';
import { downloadHeaders, fileDisposition } from './download-headers.ts';
import type { FileRow } from './files.ts';
import type { ByteRange, Storage } from './index.ts';

/** S3 redirects are even shorter than the links that lead to them: the link is what pages keep. */
const DIRECT_URL_SECONDS = 5 * 60;

/** Parses a single `bytes=a-b` range (what media elements send); undefined means "whole file". */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match) return undefined;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return undefined;
  const start = from === '' ? Math.max(0, size - Number(to)) : Number(from);
  const end = from === '' || to === '' ? size - 1 : Math.min(Number(to), size - 1);
  return start > end || start >= size ? 'unsatisfiable' : { start, end };
}

/**
 * Streams `file` (or redirects to the backend's link). `disposition` replaces the file's own, e.g. an attachment
 * under a chosen name; `headers` are added to (and override) the download headers.
 */
export async function serveFile(
  c: Context,
  storage: Storage,
  file: FileRow,
  options: { disposition?: string; headers?: Record<string, string> } = {},
) {
  const disposition = options.disposition ?? fileDisposition(file);
  const direct = await storage.directUrl(file.storageKey, DIRECT_URL_SECONDS, disposition);
  if (direct) return c.redirect(direct, 302);
  const range = parseRange(c.req.header('range'), file.size);
  if (range === 'unsatisfiable') return c.body(null, 416, { 'Content-Range': `bytes */${file.size}` });
  const object = await storage.stream(file.storageKey, range);
  if (!object) throw notFound('File not found');
  const headers: Record<string, string> = {
    ...downloadHeaders(file),
    'Content-Disposition': disposition,
    ...options.headers,
  };
  if (range) {
    headers['Content-Range'] = `bytes ${range.start}-${range.end}/${object.size}`;
    headers['Content-Length'] = String(range.end - range.start + 1);
    return c.body(object.body, 206, headers);
  }
  headers['Content-Length'] = String(object.size);
  return c.body(object.body, 200, headers);
}
