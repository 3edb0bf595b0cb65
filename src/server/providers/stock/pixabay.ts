/**
 * Pixabay: images at `GET {base}/api/?key=&q=&image_type=photo&orientation=&safesearch=true&per_page=`, videos at
 * `GET {base}/api/videos/?key=&q=&safesearch=true&per_page=`; either with `id=` looks one item up. An image hit
 * carries `pageURL`, `largeImageURL` (at most 1280 px, the largest a normal key gets), `webformatURL` (640 px, the
 * thumbnail), `user` and `user_id`; a video hit its `duration` in seconds and `videos.{large,medium,small,tiny}`
 * each with `url`, `width`, `height`, `size` and a `thumbnail`. The video search takes no orientation: it is
 * filtered here. Pixabay asks API users to cache results for 24 hours, to show where the media come from, and not
 * to hotlink (we download). Limits: 100 requests a minute, reported in X-RateLimit-Limit/-Remaining/-Reset (seconds
 * to go); over it, 429. A bad key is a 400 with a text body.
 */
import type { StockMedia } from '~/contract/storyboard.ts';
import { getStockJson } from './request.ts';
import {
  fitsOrientation,
  pickRendition,
  type StockItem,
  type StockOrientation,
  type StockPhoto,
  type StockProvider,
  type StockVideo,
  text,
} from './types.ts';

export interface PixabayConfig {
  apiKey: string;
  /** https://pixabay.com */
  baseUrl: string;
  timeoutMs?: number;
  maxRetryWaitMs?: number;
}

interface PixabayHit {
  id?: unknown;
  pageURL?: unknown;
  largeImageURL?: unknown;
  webformatURL?: unknown;
  previewURL?: unknown;
  imageWidth?: unknown;
  imageHeight?: unknown;
  duration?: unknown;
  videos?: Record<string, { url?: unknown; width?: unknown; height?: unknown; thumbnail?: unknown } | undefined>;
  user?: unknown;
  user_id?: unknown;
}

const ORIENTATION: Record<StockOrientation, string> = { landscape: 'horizontal', portrait: 'vertical', square: 'all' };
/** Pixabay refuses longer queries. */
const MAX_QUERY = 100;
const SIZES = ['large', 'medium', 'small', 'tiny'] as const;

function credit(hit: PixabayHit) {
  const user = text(hit.user);
  return {
    author: user ?? 'Pixabay contributor',
    authorUrl:
      user && hit.user_id !== undefined
        ? `https://pixabay.com/users/${encodeURIComponent(user)}-${String(hit.user_id)}/`
        : null,
  };
}

function toPhoto(hit: PixabayHit): StockPhoto | undefined {
  const downloadUrl = text(hit.largeImageURL) ?? text(hit.webformatURL);
  const pageUrl = text(hit.pageURL);
  if (!downloadUrl || !pageUrl || hit.id === undefined) return undefined;
  return {
    provider: 'pixabay',
    id: String(hit.id),
    downloadUrl,
    width: Number(hit.imageWidth) || 0,
    height: Number(hit.imageHeight) || 0,
    thumbnailUrl: text(hit.webformatURL) ?? text(hit.previewURL) ?? downloadUrl,
    ...credit(hit),
    pageUrl,
  };
}

function toVideo(hit: PixabayHit): StockVideo | undefined {
  const sizes = SIZES.map((size) => hit.videos?.[size]).filter((v) => v !== undefined);
  const rendition = pickRendition(
    sizes.map((v) => ({ url: text(v.url) ?? '', width: Number(v.width) || 0, height: Number(v.height) || 0 })),
  );
  const pageUrl = text(hit.pageURL);
  const durationMs = Math.round((Number(hit.duration) || 0) * 1000);
  const thumbnailUrl = sizes.map((v) => text(v.thumbnail)).find((t) => t !== undefined);
  if (!rendition || !pageUrl || !thumbnailUrl || durationMs <= 0 || hit.id === undefined) return undefined;
  return {
    provider: 'pixabay',
    id: String(hit.id),
    downloadUrl: rendition.url,
    width: rendition.width,
    height: rendition.height,
    durationMs,
    thumbnailUrl,
    ...credit(hit),
    pageUrl,
  };
}

export function createPixabayProvider(config: PixabayConfig): StockProvider {
  const base = config.baseUrl.replace(/\/+$/, '');
  const get = async (
    media: StockMedia,
    params: Record<string, string>,
    signal: AbortSignal | undefined,
  ): Promise<PixabayHit[]> => {
    const query = new URLSearchParams({ key: config.apiKey, ...params });
    const body = (await getStockJson(`${base}/api/${media === 'video' ? 'videos/' : ''}?${query}`, {
      service: 'Pixabay',
      timeoutMs: config.timeoutMs ?? 15_000,
      maxRetryWaitMs: config.maxRetryWaitMs ?? 5_000,
      signal,
    })) as { hits?: unknown };
    return Array.isArray(body.hits) ? (body.hits as PixabayHit[]) : [];
  };
  return {
    id: 'pixabay',
    async searchPhotos({ query, orientation, signal }) {
      const hits = await get(
        'photo',
        {
          q: query.slice(0, MAX_QUERY),
          image_type: 'photo',
          orientation: ORIENTATION[orientation],
          safesearch: 'true',
          per_page: '20',
        },
        signal,
      );
      return hits.flatMap((hit) => toPhoto(hit) ?? []);
    },
    async searchVideos({ query, orientation, signal }) {
      const hits = await get(
        'video',
        { q: query.slice(0, MAX_QUERY), video_type: 'film', safesearch: 'true', per_page: '20' },
        signal,
      );
      return hits
        .flatMap((hit) => toVideo(hit) ?? [])
        .filter((video) => fitsOrientation(video.width, video.height, orientation));
    },
    async getItem<M extends StockMedia>(media: M, id: string, signal?: AbortSignal): Promise<StockItem<M> | undefined> {
      const [hit] = await get(media, { id }, signal);
      if (!hit) return undefined;
      return (media === 'photo' ? toPhoto(hit) : toVideo(hit)) as StockItem<M> | undefined;
    },
  };
}
