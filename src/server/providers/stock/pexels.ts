/**
 * Pexels: photos at `GET {base}/v1/search?query=&orientation=&per_page=` and `GET {base}/v1/photos/:id`, videos at
 * `GET {base}/videos/search?query=&orientation=&per_page=` and `GET {base}/videos/videos/:id`, with the API key as
 * the bare `Authorization` header. A photo carries `photographer`, `photographer_url`, its page `url` and `src`
 * sizes (`large2x`, 940×650 at 2× density, is the size for a 1080p frame; `medium` the thumbnail); a video its
 * `user {name, url}`, page `url`, `duration` in seconds, a poster `image` and `video_files` (quality, file_type,
 * width, height, fps, link). The licence asks for a visible link back to Pexels and a credit to the author where
 * possible, which the video page shows.
 * Limits: 200 requests an hour by default, reported in X-Ratelimit-Limit/-Remaining/-Reset; over it, 429.
 */
import type { StockMedia } from '~/contract/storyboard.ts';
import { ProviderError } from '../http.ts';
import { getStockJson } from './request.ts';
import {
  pickRendition,
  type StockItem,
  type StockPhoto,
  type StockProvider,
  type StockSearch,
  type StockVideo,
  text,
} from './types.ts';

export interface PexelsConfig {
  apiKey: string;
  /** https://api.pexels.com */
  baseUrl: string;
  timeoutMs?: number;
  maxRetryWaitMs?: number;
}

interface PexelsPhoto {
  id?: unknown;
  width?: unknown;
  height?: unknown;
  url?: unknown;
  photographer?: unknown;
  photographer_url?: unknown;
  src?: Record<string, unknown>;
}

interface PexelsVideo {
  id?: unknown;
  url?: unknown;
  image?: unknown;
  duration?: unknown;
  user?: { name?: unknown; url?: unknown };
  video_files?: Array<{ file_type?: unknown; width?: unknown; height?: unknown; link?: unknown }>;
  video_pictures?: Array<{ picture?: unknown }>;
}

function toPhoto(photo: PexelsPhoto): StockPhoto | undefined {
  const downloadUrl = text(photo.src?.large2x) ?? text(photo.src?.original);
  const pageUrl = text(photo.url);
  if (!downloadUrl || !pageUrl || photo.id === undefined) return undefined;
  return {
    provider: 'pexels',
    id: String(photo.id),
    downloadUrl,
    width: Number(photo.width) || 0,
    height: Number(photo.height) || 0,
    thumbnailUrl: text(photo.src?.medium) ?? text(photo.src?.small) ?? downloadUrl,
    author: text(photo.photographer) ?? 'Unknown photographer',
    authorUrl: text(photo.photographer_url) ?? null,
    pageUrl,
  };
}

function toVideo(video: PexelsVideo): StockVideo | undefined {
  const files = (Array.isArray(video.video_files) ? video.video_files : [])
    // HLS playlists come in the same list; only files can be downloaded whole.
    .filter((f) => f.file_type === undefined || f.file_type === 'video/mp4')
    .map((f) => ({ url: text(f.link) ?? '', width: Number(f.width) || 0, height: Number(f.height) || 0 }));
  const rendition = pickRendition(files);
  const pageUrl = text(video.url);
  const durationMs = Math.round((Number(video.duration) || 0) * 1000);
  const thumbnailUrl = text(video.image) ?? text(video.video_pictures?.[0]?.picture);
  if (!rendition || !pageUrl || !thumbnailUrl || durationMs <= 0 || video.id === undefined) return undefined;
  return {
    provider: 'pexels',
    id: String(video.id),
    downloadUrl: rendition.url,
    width: rendition.width,
    height: rendition.height,
    durationMs,
    thumbnailUrl,
    author: text(video.user?.name) ?? 'Unknown videographer',
    authorUrl: text(video.user?.url) ?? null,
    pageUrl,
  };
}

const list = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

export function createPexelsProvider(config: PexelsConfig): StockProvider {
  // Operators may give the base with "/v1" (the photo API's prefix); the video API sits beside it, not under it.
  const root = config.baseUrl.replace(/\/+$/, '').replace(/\/v1$/, '');
  const get = (pathAndQuery: string, signal: AbortSignal | undefined) =>
    getStockJson(`${root}${pathAndQuery}`, {
      service: 'Pexels',
      headers: { authorization: config.apiKey },
      timeoutMs: config.timeoutMs ?? 15_000,
      maxRetryWaitMs: config.maxRetryWaitMs ?? 5_000,
      signal,
    });
  const search = (kind: 'photo' | 'video', { query, orientation, signal }: StockSearch) =>
    get(
      `${kind === 'photo' ? '/v1/search' : '/videos/search'}?${new URLSearchParams({ query, orientation, per_page: '15' })}`,
      signal,
    );

  return {
    id: 'pexels',
    async searchPhotos(request) {
      const body = (await search('photo', request)) as { photos?: unknown };
      return list<PexelsPhoto>(body.photos).flatMap((photo) => toPhoto(photo) ?? []);
    },
    async searchVideos(request) {
      const body = (await search('video', request)) as { videos?: unknown };
      return list<PexelsVideo>(body.videos).flatMap((video) => toVideo(video) ?? []);
    },
    async getItem<M extends StockMedia>(media: M, id: string, signal?: AbortSignal): Promise<StockItem<M> | undefined> {
      let body: unknown;
      try {
        body = await get(
          media === 'photo' ? `/v1/photos/${encodeURIComponent(id)}` : `/videos/videos/${encodeURIComponent(id)}`,
          signal,
        );
      } catch (error) {
        if (error instanceof ProviderError && error.status === 404) return undefined;
        throw error;
      }
      const item = media === 'photo' ? toPhoto(body as PexelsPhoto) : toVideo(body as PexelsVideo);
      return item as StockItem<M> | undefined;
    },
  };
}
