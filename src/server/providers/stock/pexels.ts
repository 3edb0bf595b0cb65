/**
 * Pexels photo search: `GET {base}/v1/search?query=&orientation=&per_page=` with the API key as the bare
 * `Authorization` header. Each photo carries `photographer`, `photographer_url`, its page `url` and `src` sizes;
 * `large2x` (940×650 at 2× density) is the size for a 1080p frame. The licence asks for a visible link back to
 * Pexels and a credit to the photographer where possible, which the video page shows.
 * Limits: 200 requests an hour by default, reported in X-Ratelimit-Limit/-Remaining/-Reset; over it, 429.
 */
import { apiUrl } from '../http.ts';
import { getStockJson } from './request.ts';
import type { StockPhoto, StockProvider, StockSearch } from './types.ts';

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

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.length > 0 ? value : undefined);

export function createPexelsProvider(config: PexelsConfig): StockProvider {
  return {
    id: 'pexels',
    async searchPhotos({ query, orientation, signal }: StockSearch): Promise<StockPhoto[]> {
      const params = new URLSearchParams({ query, orientation, per_page: '15' });
      const body = (await getStockJson(`${apiUrl(config.baseUrl, '/v1/search')}?${params}`, {
        service: 'Pexels',
        headers: { authorization: config.apiKey },
        timeoutMs: config.timeoutMs ?? 15_000,
        maxRetryWaitMs: config.maxRetryWaitMs ?? 5_000,
        signal,
      })) as { photos?: PexelsPhoto[] };
      return (Array.isArray(body.photos) ? body.photos : []).flatMap((photo): StockPhoto[] => {
        const downloadUrl = text(photo.src?.large2x) ?? text(photo.src?.original);
        const pageUrl = text(photo.url);
        if (!downloadUrl || !pageUrl || photo.id === undefined) return [];
        return [
          {
            provider: 'pexels',
            id: String(photo.id),
            downloadUrl,
            width: Number(photo.width) || 0,
            height: Number(photo.height) || 0,
            author: text(photo.photographer) ?? 'Unknown photographer',
            authorUrl: text(photo.photographer_url) ?? null,
            pageUrl,
          },
        ];
      });
    },
  };
}
