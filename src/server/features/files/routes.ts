/**
 * Downloads never use guessable paths: `/files/:id` answers the owner (Bearer token) or anyone holding a
 * short-lived HMAC-signed link (`?exp=&sig=`, from `/files/:id/url`) so <video>/<audio> can use it as src.
 * Others get 404, never a hint that the file exists.
 */
import { type Context, Hono } from 'hono';
import type { SignedUrl } from '~/contract/api.ts';
import { authenticate } from '~/server/auth/middleware.ts';
import type { ApiDeps } from '~/server/features/deps.ts';
import type { AppEnv } from '~/server/http/context.ts';
import { notFound } from '~/server/http/errors.ts';
import { type FileRow, findFile, toFileInfo } from '~/server/storage/files.ts';
import { signedFileLink } from '~/server/storage/links.ts';
import { serveFile } from '~/server/storage/serve.ts';
import { verifyFileSignature } from '~/server/storage/signing.ts';

export function fileRoutes({ database, storage, config, verifier }: ApiDeps) {
  const serve = (c: Context<AppEnv>, file: FileRow) => serveFile(c, storage, file);

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
