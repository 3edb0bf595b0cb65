/**
 * Batches over HTTP: POST /batches takes a sheet (inline rows or an uploaded file's id) and answers 202 with the
 * batch, every row's video queued; GET /batches lists them, GET /batches/:id shows each row with its video;
 * cancel and retry-failed act on the rows; GET /batches/:id/zip streams the finished videos as one ZIP, to the
 * owner or to anyone holding a signed link from GET /batches/:id/zip/url (a browser download carries no token).
 */
import { type Context, Hono } from 'hono';
import type { SignedUrl } from '~/contract/api.ts';
import type { BatchPage, BatchRecord } from '~/contract/batches.ts';
import { createBatchRequestSchema } from '~/contract/batches.ts';
import { SHEET_LIMITS } from '~/contract/sheet.ts';
import { formatBytes } from '~/contract/storage.ts';
import { HistoryQuery } from '~/server/db/paging.ts';
import type { ApiDeps } from '~/server/features/deps.ts';
import type { AppEnv } from '~/server/http/context.ts';
import { notFound } from '~/server/http/errors.ts';
import { idempotent } from '~/server/http/idempotency.ts';
import { bodyTooLarge, routeBodyLimit } from '~/server/http/middleware.ts';
import { jsonBody, query } from '~/server/http/validate.ts';
import { contentDisposition } from '~/server/storage/download-headers.ts';
import { fileLinker, signedLink } from '~/server/storage/links.ts';
import { batchZipSubject, verifyFileSignature } from '~/server/storage/signing.ts';
import { batchService, type PresetSettings, type VideoMaker } from './service.ts';

/** Inline rows may carry a whole sheet's worth of text, and a little JSON around it. */
const BATCH_BODY_LIMIT = {
  maxBytes: SHEET_LIMITS.maxBytes + 256 * 1024,
  error: () => {
    const message = `A batch's rows can be up to ${formatBytes(SHEET_LIMITS.maxBytes)}. Split the sheet into several batches.`;
    return bodyTooLarge(message, { rows: message });
  },
};

/** The ZIP as an attachment, pulled from storage entry by entry as the client reads it. */
function zipAnswer(c: Context<AppEnv>, { name, body }: { name: string; body: AsyncGenerator<Uint8Array> }) {
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await body.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel() {
      await body.return(undefined);
    },
  });
  return c.body(stream, 200, {
    'Content-Type': 'application/zip',
    'Content-Disposition': contentDisposition('attachment', `${name}.zip`),
    'Cache-Control': 'private, no-store',
  });
}

export function batchRoutes(deps: ApiDeps, videos: VideoMaker, presets: PresetSettings) {
  const batches = batchService(deps, videos, presets);
  const linker = (url: string) => fileLinker(deps.config, new URL(url).origin);
  const record = async (uid: string, id: string, url: string) =>
    (await batches.record(uid, id, linker(url))) satisfies BatchRecord;
  const zipPath = (id: string) => `/batches/${encodeURIComponent(id)}/zip`;

  /**
   * Mounted before the token middleware: a signed link carries no token. Without `exp` and `sig` the request goes
   * on to the signed-in route below; a link that is expired, altered or for another batch is a 404.
   */
  const signed = new Hono<AppEnv>().get('/batches/:id/zip', async (c, next) => {
    const id = c.req.param('id');
    const { exp, sig } = c.req.query();
    if (exp === undefined && sig === undefined) return next();
    const now = Math.floor(Date.now() / 1000);
    if (!exp || !sig || !verifyFileSignature(deps.config.fileUrlSecret, batchZipSubject(id), exp, sig, now))
      throw notFound('Batch not found');
    return zipAnswer(c, await batches.signedZip(id));
  });

  const signedIn = new Hono<AppEnv>()
    .post('/batches', routeBodyLimit(BATCH_BODY_LIMIT), idempotent(deps.idempotency), async (c) => {
      const request = await jsonBody(c, createBatchRequestSchema);
      const id = await batches.create(c.get('uid'), request);
      return c.json(await record(c.get('uid'), id, c.req.url), 202);
    })
    .get('/batches', async (c) => {
      const q = query(c, HistoryQuery);
      return c.json((await batches.list(c.get('uid'), q.limit, q.cursor)) satisfies BatchPage);
    })
    .get('/batches/:id', async (c) => c.json(await record(c.get('uid'), c.req.param('id'), c.req.url)))
    .post('/batches/:id/cancel', async (c) => {
      await batches.cancel(c.get('uid'), c.req.param('id'));
      return c.json(await record(c.get('uid'), c.req.param('id'), c.req.url));
    })
    .post('/batches/:id/retry', async (c) => {
      await batches.retryFailed(c.get('uid'), c.req.param('id'));
      return c.json(await record(c.get('uid'), c.req.param('id'), c.req.url), 202);
    })
    .get('/batches/:id/zip', async (c) => zipAnswer(c, await batches.zip(c.get('uid'), c.req.param('id'))))
    .get('/batches/:id/zip/url', async (c) => {
      const { id } = await batches.zipReady(c.get('uid'), c.req.param('id'));
      const origin = new URL(c.req.url).origin;
      return c.json(signedLink(deps.config, origin, zipPath(id), batchZipSubject(id)) satisfies SignedUrl);
    });

  return { signed, signedIn };
}
