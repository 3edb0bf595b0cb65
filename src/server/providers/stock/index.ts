/**
 * Stock photos for video scenes: Pexels and Pixabay when their keys are set, each behind the search cache, tried
 * in that order. `findStockPhoto` is what a scene asks: the first usable photo for its query that no other scene
 * of the video shows yet, downloaded to `file`; a rate limit, an outage, an empty answer or a picture refused by
 * the download checks moves on to the next photo or library, and undefined means the scene takes its next source.
 */
import path from 'node:path';
import { STOCK_PROVIDER_NAMES } from '~/contract/video.ts';
import type { ServerConfig } from '~/server/config/index.ts';
import { ProviderError } from '../http.ts';
import { withSearchCache } from './cache.ts';
import { downloadStockPhoto } from './download.ts';
import { createPexelsProvider } from './pexels.ts';
import { createPixabayProvider } from './pixabay.ts';
import type { StockOrientation, StockPhoto, StockProvider } from './types.ts';

export type { StockOrientation, StockPhoto, StockProvider } from './types.ts';

export interface StockLibrary {
  providers: StockProvider[];
  maxDownloadBytes?: number;
}

export const stockCacheDir = (dataDir: string): string => path.join(dataDir, 'cache', 'stock');

/** The libraries with a key, cached under DATA_DIR. Empty when neither key is set. */
export function createStockLibrary({ providers, dataDir }: Pick<ServerConfig, 'providers' | 'dataDir'>): StockLibrary {
  const dir = stockCacheDir(dataDir);
  const found: StockProvider[] = [];
  if (providers.pexelsApiKey) found.push(createPexelsProvider({ apiKey: providers.pexelsApiKey, baseUrl: providers.pexelsApiUrl }));
  if (providers.pixabayApiKey) found.push(createPixabayProvider({ apiKey: providers.pixabayApiKey, baseUrl: providers.pixabayApiUrl }));
  return { providers: found.map((provider) => withSearchCache(provider, { dir })) };
}

/** Photos of one search worth downloading before trying the next library. */
const CANDIDATES = 3;

export interface StockPick {
  query: string;
  orientation: StockOrientation;
  /** Where the picture goes. */
  file: string;
  /**
   * `provider:id` of photos other scenes show or are fetching; the photo picked is added before its download
   * starts (and taken out again if it fails), so two scenes fetched at once do not pick the same one.
   */
  taken: Set<string>;
  signal?: AbortSignal | undefined;
  /** Why each library or photo was passed over, for the job log. */
  onSkip?: (reason: string) => void;
}

export const stockPhotoKey = (photo: Pick<StockPhoto, 'provider' | 'id'>): string => `${photo.provider}:${photo.id}`;

export async function findStockPhoto(library: StockLibrary, pick: StockPick): Promise<StockPhoto | undefined> {
  for (const provider of library.providers) {
    let photos: StockPhoto[];
    try {
      photos = await provider.searchPhotos({ query: pick.query, orientation: pick.orientation, signal: pick.signal });
    } catch (error) {
      pick.signal?.throwIfAborted();
      if (!(error instanceof ProviderError)) throw error;
      pick.onSkip?.(`${provider.id}: ${error.message}${error.detail ? ` (${error.detail})` : ''}`);
      continue;
    }
    const fresh = photos.filter((photo) => !pick.taken.has(stockPhotoKey(photo)));
    // Every result already used elsewhere: repeating one beats leaving the library.
    for (const photo of (fresh.length > 0 ? fresh : photos).slice(0, CANDIDATES)) {
      const key = stockPhotoKey(photo);
      const reserved = !pick.taken.has(key);
      pick.taken.add(key);
      try {
        await downloadStockPhoto(photo.downloadUrl, pick.file, { service: STOCK_PROVIDER_NAMES[provider.id], maxBytes: library.maxDownloadBytes, signal: pick.signal });
        return photo;
      } catch (error) {
        if (reserved) pick.taken.delete(key);
        pick.signal?.throwIfAborted();
        if (!(error instanceof ProviderError)) throw error;
        pick.onSkip?.(`${stockPhotoKey(photo)}: ${error.message}${error.detail ? ` (${error.detail})` : ''}`);
      }
    }
    if (photos.length === 0) pick.onSkip?.(`${provider.id}: nothing found for "${pick.query}"`);
  }
  return undefined;
}
