/**
 * Share links over HTTP. The owner's routes: GET, PUT (make or change: download on or off, expiry) and DELETE
 * (revoke) /videos/:id/share, 404 for anyone else's video. The public routes, mounted before sign-in: the page
 * /v/:token, its embed /v/:token/embed, and its media (video.mp4, with ?download=1 only while downloads are on,
 * poster.jpg, captions.vtt) served through the token, so a revoked or expired link stops everything at once. A dead
 * token of any kind answers the same plain 404.
 */
import { type Context, Hono } from 'hono';
import { type ShareState, shareSettingsSchema } from '~/contract/sharing.ts';
import type { ApiDeps } from '~/server/features/deps.ts';
import type { AppEnv } from '~/server/http/context.ts';
import { jsonBody } from '~/server/http/validate.ts';
import { contentDisposition } from '~/server/storage/download-headers.ts';
import { findFile } from '~/server/storage/files.ts';
import { serveFile } from '~/server/storage/serve.ts';
import { NOT_AVAILABLE_PAGE, shareEmbed, sharePage, sharePageCsp } from './page.ts';
import { sharingService } from './service.ts';
import type { SharedVideo } from './store.ts';

const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  // Each open is a view, and a revoke must take effect at once: caches always ask again.
  'Cache-Control': 'no-cache',
  'X-Robots-Tag': 'noindex',
  'Referrer-Policy': 'no-referrer',
};

/** Media may sit in a browser's cache a few minutes; a revoked link's page is gone at once, its media soon after. */
const MEDIA_CACHE = 'private, max-age=300';

type MediaKind = 'video' | 'poster' | 'captions';
const MEDIA_FILE: Record<MediaKind, (video: SharedVideo) => string | null> = {
  video: (video) => video.videoFileId,
  poster: (video) => video.thumbnailFileId,
  captions: (video) => video.captionsVttFileId,
};

export function sharingRoutes({ database, storage, config }: ApiDeps) {
  const sharing = sharingService(database, config);
  const origin = (c: Context) => new URL(c.req.url).origin;
  const dead = (c: Context) => c.body(NOT_AVAILABLE_PAGE, 404, { ...PAGE_HEADERS, 'Cache-Control': 'no-store' });

  const page = (kind: 'page' | 'embed') => async (c: Context<AppEnv>) => {
    const found = await sharing.live(c.req.param('token') ?? '');
    if (!found) return dead(c);
    if (c.req.method === 'GET') await sharing.recordView(found.link);
    const data = sharing.pageData(found, origin(c));
    return c.body(kind === 'page' ? sharePage(data) : shareEmbed(data), 200, {
      ...PAGE_HEADERS,
      'Content-Security-Policy': sharePageCsp(kind),
    });
  };

  const media = (kind: MediaKind) => async (c: Context<AppEnv>) => {
    const found = await sharing.live(c.req.param('token') ?? '');
    const download = kind === 'video' && c.req.query('download') !== undefined;
    if (!found || (download && !found.link.allowDownload)) return dead(c);
    const fileId = MEDIA_FILE[kind](found.video);
    const file = fileId ? await findFile(database.db, fileId) : undefined;
    if (!file) return dead(c);
    const title = sharing.pageData(found, origin(c)).title.replace(/…$/, '');
    return serveFile(c, storage, file, {
      ...(download ? { disposition: contentDisposition('attachment', `${title}.mp4`) } : {}),
      headers: {
        'Cache-Control': MEDIA_CACHE,
        ...(kind === 'captions' ? { 'Content-Type': 'text/vtt; charset=utf-8' } : {}),
      },
    });
  };

  return {
    /** Mounted before the token middleware: the token is the whole permission. */
    public: new Hono<AppEnv>()
      .get('/v/:token', page('page'))
      .get('/v/:token/embed', page('embed'))
      .get('/v/:token/video.mp4', media('video'))
      .get('/v/:token/poster.jpg', media('poster'))
      .get('/v/:token/captions.vtt', media('captions')),
    private: new Hono<AppEnv>()
      .get('/videos/:id/share', async (c) =>
        c.json((await sharing.state(c.get('uid'), c.req.param('id'), origin(c))) satisfies ShareState),
      )
      .put('/videos/:id/share', async (c) => {
        const settings = await jsonBody(c, shareSettingsSchema);
        return c.json((await sharing.share(c.get('uid'), c.req.param('id'), settings, origin(c))) satisfies ShareState);
      })
      .delete('/videos/:id/share', async (c) => {
        await sharing.revoke(c.get('uid'), c.req.param('id'));
        return c.body(null, 204);
      }),
  };
}
