/**
 * Downloads never use guessable paths: `/files/:id` answers the owner (Bearer token) or anyone holding a
 * short-lived HMAC-signed link (`?exp=&sig=`, from `/files/:id/url`) so <video>/<audio> can use it as src.
 * Others get 404, never a hint that the file exists.
 */
import { type Context, Hono } from 'hono';
import type { SignedUrl } from '../../../contract/api.ts';
import { authenticate } from '../../auth/middleware.ts';
import type { AppEnv } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { downloadHeaders, fileDisposition } from '../../storage/download-headers.ts';
import { type FileRow, findFile, toFileInfo } from '../../storage/files.ts';
import type { ByteRange } from '../../storage/index.ts';
import { signedFileLink } from '../../storage/links.ts';
import { verifyFileSignature } from '../../storage/signing.ts';
import type { ApiDeps } from '../deps.ts';

/** S3 redirects are even shorter: the signed /files link is what pages keep. */
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

export function fileRoutes({ database, storage, config, verifier }: ApiDeps) {
  const serve = async (c: Context<AppEnv>, file: FileRow) => {
    const direct = await storage.directUrl(file.storageKey, DIRECT_URL_SECONDS, fileDisposition(file));
    if (direct) return c.redirect(direct, 302);
    const range = parseRange(c.req.header('range'), file.size);
    if (range === 'unsatisfiable') return c.body(null, 416, { 'Content-Range': `bytes */${file.size}` });
    const object = await storage.stream(file.storageKey, range);
    if (!object) throw notFound('File not found');
    const headers = downloadHeaders(file);
    if (range) {
      headers['Content-Range'] = `bytes ${range.start}-${range.end}/${object.size}`;
      headers['Content-Length'] = String(range.end - range.start + 1);
      return c.body(object.body, 206, headers);
    }
    headers['Content-Length'] = String(object.size);
    return c.body(object.body, 200, headers);
  };

  return {
    /** Mounted before the token middleware: signed links carry no token. */
    public: new Hono<AppEnv>().get('/files/:id', async (c) => {
      const id = c.req.param('id');
      const { exp, sig } = c.req.query();
      if (exp !== undefined || sig !== undefined) {
        if (!exp || !sig || !verifyFileSignature(config.fileUrlSecret, id, exp, sig, Math.floor(Date.now() / 1000)))
          throw notFound('File not found');
        const file = await findFile(database.db, id);
        if (!file) throw notFound('File not found');
        return serve(c, file);
      }
      const { uid } = await authenticate(verifier, c.req.header('authorization'));
      const file = await findFile(database.db, id, uid);
      if (!file) throw notFound('File not found');
      return serve(c, file);
    }),
    private: new Hono<AppEnv>()
      .get('/files/:id/url', async (c) => {
        const file = await findFile(database.db, c.req.param('id'), c.get('uid'));
        if (!file) throw notFound('File not found');
        return c.json(signedFileLink(config, new URL(c.req.url).origin, file.id) satisfies SignedUrl);
      })
      .get('/files/:id/info', async (c) => {
        const file = await findFile(database.db, c.req.param('id'), c.get('uid'));
        if (!file) throw notFound('File not found');
        return c.json(toFileInfo(file));
      }),
  };
}
