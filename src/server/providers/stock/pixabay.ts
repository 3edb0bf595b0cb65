/**
 * Pixabay image search: `GET {base}/api/?key=&q=&image_type=photo&orientation=&safesearch=true&per_page=`. Hits
 * carry `pageURL`, `largeImageURL` (at most 1280 px, the largest a normal key gets), `user` and `user_id`.
 * Pixabay asks API users to cache results for 24 hours and not to hotlink (we download), and needs no
 * attribution; the video page shows the source anyway. Limits: 100 requests a minute, reported in
 * X-RateLimit-Limit/-Remaining/-Reset (seconds to go); over it, 429. A bad key is a 400 with a text body.
 */
import { getStockJson } from './request.ts';
import type { StockOrientation, StockPhoto, StockProvider, StockSearch } from './types.ts';

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
  imageWidth?: unknown;
  imageHeight?: unknown;
  user?: unknown;
  user_id?: unknown;
}

const ORIENTATION: Record<StockOrientation, string> = { landscape: 'horizontal', portrait: 'vertical', square: 'all' };
/** Pixabay refuses longer queries. */
const MAX_QUERY = 100;

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.length > 0 ? value : undefined);

export function createPixabayProvider(config: PixabayConfig): StockProvider {
  const base = config.baseUrl.replace(/\/+$/, '');
  return {
    id: 'pixabay',
    async searchPhotos({ query, orientation, signal }: StockSearch): Promise<StockPhoto[]> {
      const params = new URLSearchParams({
        key: config.apiKey,
        q: query.slice(0, MAX_QUERY),
        image_type: 'photo',
        orientation: ORIENTATION[orientation],
        safesearch: 'true',
        per_page: '20',
      });
      const body = (await getStockJson(`${base}/api/?${params}`, {
        service: 'Pixabay',
        timeoutMs: config.timeoutMs ?? 15_000,
        maxRetryWaitMs: config.maxRetryWaitMs ?? 5_000,
        signal,
      })) as { hits?: PixabayHit[] };
      return (Array.isArray(body.hits) ? body.hits : []).flatMap((hit): StockPhoto[] => {
        const downloadUrl = text(hit.largeImageURL) ?? text(hit.webformatURL);
        const pageUrl = text(hit.pageURL);
        if (!downloadUrl || !pageUrl || hit.id === undefined) return [];
        const user = text(hit.user);
        return [
          {
            provider: 'pixabay',
            id: String(hit.id),
            downloadUrl,
            width: Number(hit.imageWidth) || 0,
            height: Number(hit.imageHeight) || 0,
            author: user ?? 'Pixabay contributor',
            authorUrl: user && hit.user_id !== undefined ? `https://pixabay.com/users/${encodeURIComponent(user)}-${String(hit.user_id)}/` : null,
            pageUrl,
          },
        ];
      });
    },
  };
}
