/**
 * Share links: the owner makes one for a finished video (download on or off, an expiry), changes it, or revokes it;
 * the public page and its media answer only while it is live, all through the token (no signed links to outlive a
 * revoke). A new share after a revoke or an expiry gets a new token: the old one never answers again.
 */
import { randomBytes } from 'node:crypto';
import { brand } from '~/config/brand.ts';
import type { MetricContribution } from '~/contract/analytics.ts';
import { isUuid } from '~/contract/ids.ts';
import { embedSnippet, isShareLive, type ShareLink, type ShareSettings, type ShareState } from '~/contract/sharing.ts';
import { videoTitle } from '~/contract/video.ts';
import type { ServerConfig } from '~/server/config/index.ts';
import type { Database } from '~/server/db/index.ts';
import { HttpError, notFound } from '~/server/http/errors.ts';
import { linkBase } from '~/server/storage/links.ts';
import type { SharePageData } from './page.ts';
import * as store from './store.ts';

/** 128 random bits: as hard to guess as a UUID v4, and shorter in a URL. */
export const newShareToken = (): string => randomBytes(16).toString('base64url');
const TOKEN = /^[A-Za-z0-9_-]{22}$/;

type ShareConfig = Pick<ServerConfig, 'publicShareUrl' | 'publicApiUrl' | 'apiHosts' | 'apiPort'>;

/** Where share pages live: PUBLIC_SHARE_URL (the site's domain behind a CDN rule), else the API's own base. */
export const shareBase = (config: ShareConfig, requestOrigin: string): string =>
  config.publicShareUrl ?? linkBase(config, requestOrigin);

export const shareUrls = (base: string, token: string) => {
  const page = `${base}/v/${token}`;
  return {
    page,
    embed: `${page}/embed`,
    video: `${page}/video.mp4`,
    download: `${page}/video.mp4?download=1`,
    poster: `${page}/poster.jpg`,
    captions: `${page}/captions.vtt`,
  };
};

const NOT_FOUND = 'Video not found';
const titleOf = (video: store.SharedVideo) => video.title ?? videoTitle(video.script);
const sizeOf = (video: store.SharedVideo) => ({ width: video.width ?? 1280, height: video.height ?? 720 });

/** Views of the user's share pages, for the Analytics screen (handed to analytics by api/app.ts). */
export const shareViewsMetric = (database: Database): MetricContribution => ({
  key: 'shareViews',
  label: 'Share page views',
  unit: 'count',
  total: (uid, from, to) => store.viewsBetween(database.db, uid, from, to),
});

export function sharingService(database: Database, config: ShareConfig) {
  const { db } = database;

  async function ownedVideo(uid: string, videoId: string) {
    const video = isUuid(videoId) ? await store.findOwnedVideo(db, uid, videoId) : undefined;
    if (!video) throw notFound(NOT_FOUND);
    return video;
  }

  async function toLink(row: store.ShareLinkRow, video: store.SharedVideo, origin: string): Promise<ShareLink> {
    const urls = shareUrls(shareBase(config, origin), row.token);
    const { width, height } = sizeOf(video);
    return {
      videoId: row.videoId,
      url: urls.page,
      embedUrl: urls.embed,
      embedHtml: embedSnippet(urls.embed, titleOf(video), width, height),
      allowDownload: row.allowDownload,
      expiresAt: row.expiresAt?.toISOString() ?? null,
      views: await store.viewsOf(db, row.id),
      createdAt: row.createdAt.toISOString(),
    };
  }

  async function state(uid: string, videoId: string, origin: string): Promise<ShareState> {
    const video = await ownedVideo(uid, videoId);
    const row = await store.unrevokedLink(db, video.id);
    return { link: row && isShareLive(row) ? await toLink(row, video, origin) : null };
  }

  /** A live token's link and video, or undefined: unknown, revoked, expired, or a video no longer finished. */
  async function live(token: string, now = new Date()) {
    if (!TOKEN.test(token)) return undefined;
    const found = await store.findByToken(db, token);
    if (!found || !isShareLive(found.link, now) || found.video.status !== 'succeeded') return undefined;
    if (!found.video.videoFileId) return undefined;
    return found;
  }

  return {
    state,
    live,
    async share(uid: string, videoId: string, settings: ShareSettings, origin: string): Promise<ShareState> {
      const video = await ownedVideo(uid, videoId);
      if (video.status !== 'succeeded' || !video.videoFileId)
        throw new HttpError(409, 'Only a finished video can be shared.');
      const values = {
        allowDownload: settings.allowDownload,
        expiresAt: settings.expiresAt === null ? null : new Date(settings.expiresAt),
      };
      const current = await store.unrevokedLink(db, video.id);
      if (current && isShareLive(current)) await store.updateLink(db, current.id, values);
      else {
        // An expired link stays dead: it is revoked, and the video gets a new token.
        if (current) await store.revokeLink(db, video.id);
        await store.insertLink(db, { uid, videoId: video.id, token: newShareToken(), ...values });
      }
      return state(uid, videoId, origin);
    },
    async revoke(uid: string, videoId: string): Promise<void> {
      const video = await ownedVideo(uid, videoId);
      await store.revokeLink(db, video.id);
    },
    recordView: (link: store.ShareLinkRow) => store.recordView(db, link),
    /** What the page shows, with URLs on the base the request came in on. */
    pageData(found: { link: store.ShareLinkRow; video: store.SharedVideo }, origin: string): SharePageData {
      const { link, video } = found;
      const urls = shareUrls(shareBase(config, origin), link.token);
      const { width, height } = sizeOf(video);
      const title = titleOf(video);
      return {
        title,
        siteName: brand.productName,
        pageUrl: urls.page,
        embedUrl: urls.embed,
        videoUrl: urls.video,
        posterUrl: video.thumbnailFileId ? urls.poster : null,
        captionsUrl: video.captionsVttFileId ? urls.captions : null,
        captionsBurned: video.captionsBurned,
        downloadUrl: link.allowDownload ? urls.download : null,
        embedHtml: embedSnippet(urls.embed, title, width, height),
        width,
        height,
        durationSec: video.durationMs === null ? null : video.durationMs / 1000,
      };
    },
  };
}
