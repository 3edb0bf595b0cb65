/**
 * Stock photos and videos for video scenes: Pexels and Pixabay when their keys are set, each behind the search
 * cache, tried in that order. `findStockPhoto`/`findStockVideo` are what a scene asks automatically: the first
 * usable item for its query that no other scene of the video shows yet, downloaded to `file`; a rate limit, an
 * outage, an empty answer or a file refused by the download checks moves on to the next item or library, and
 * undefined means the scene takes its next source. `searchStock` feeds the storyboard's chooser, and
 * `resolveStockItem` fetches what the user picked there by its id alone.
 */
import path from 'node:path';
import type { StockMedia, StockSearchItem, StockSearchResults } from '~/contract/storyboard.ts';
import { STOCK_PROVIDER_NAMES, type StockProviderId } from '~/contract/video.ts';
import type { ServerConfig } from '~/server/config/index.ts';
import { ProviderError } from '../http.ts';
import { withSearchCache } from './cache.ts';
import { downloadStockFile } from './download.ts';
import { createPexelsProvider } from './pexels.ts';
import { createPixabayProvider } from './pixabay.ts';
import type { StockItem, StockOrientation, StockPhoto, StockProvider, StockVideo } from './types.ts';

export type {
  StockItem,
  StockMedia,
  StockOrientation,
  StockPhoto,
  StockProvider,
  StockSearch,
  StockVideo,
} from './types.ts';

export interface StockLibrary {
  providers: StockProvider[];
  /** Per photo; download.ts has the default. */
  maxDownloadBytes?: number;
  /** Per video; download.ts has the default. */
  maxVideoDownloadBytes?: number;
}

export const stockCacheDir = (dataDir: string): string => path.join(dataDir, 'cache', 'stock');

/** The libraries with a key, cached under DATA_DIR. Empty when neither key is set. */
export function createStockLibrary({ providers, dataDir }: Pick<ServerConfig, 'providers' | 'dataDir'>): StockLibrary {
  const dir = stockCacheDir(dataDir);
  const found: StockProvider[] = [];
  if (providers.pexelsApiKey)
    found.push(createPexelsProvider({ apiKey: providers.pexelsApiKey, baseUrl: providers.pexelsApiUrl }));
  if (providers.pixabayApiKey)
    found.push(createPixabayProvider({ apiKey: providers.pixabayApiKey, baseUrl: providers.pixabayApiUrl }));
  return { providers: found.map((provider) => withSearchCache(provider, { dir })) };
}

/** Items of one search worth downloading before trying the next library. */
const CANDIDATES = 3;

export interface StockPick {
  query: string;
  orientation: StockOrientation;
  /** Where the file goes. */
  file: string;
  /**
   * `provider:id` of items other scenes show or are fetching (photos and videos share the set: their ids are
   * apart by `stockVideoKey`); the item picked is added before its download starts (and taken out again if it
   * fails), so two scenes fetched at once do not pick the same one.
   */
  taken: Set<string>;
  signal?: AbortSignal | undefined;
  /** Why each library or item was passed over, for the job log. */
  onSkip?: (reason: string) => void;
}

export const stockPhotoKey = (photo: Pick<StockPhoto, 'provider' | 'id'>): string => `${photo.provider}:${photo.id}`;
export const stockVideoKey = (video: Pick<StockVideo, 'provider' | 'id'>): string =>
  `${video.provider}:video:${video.id}`;

const reason = (error: ProviderError) => `${error.message}${error.detail ? ` (${error.detail})` : ''}`;

const downloadLimit = (library: StockLibrary, media: StockMedia) =>
  media === 'photo' ? library.maxDownloadBytes : library.maxVideoDownloadBytes;

async function findStock<M extends StockMedia>(
  library: StockLibrary,
  pick: StockPick,
  media: M,
  search: (provider: StockProvider) => Promise<Array<StockItem<M>>>,
  key: (item: StockItem<M>) => string,
): Promise<StockItem<M> | undefined> {
  for (const provider of library.providers) {
    let items: Array<StockItem<M>>;
    try {
      items = await search(provider);
    } catch (error) {
      pick.signal?.throwIfAborted();
      if (!(error instanceof ProviderError)) throw error;
      pick.onSkip?.(`${provider.id}: ${reason(error)}`);
      continue;
    }
    const fresh = items.filter((item) => !pick.taken.has(key(item)));
    // Every result already used elsewhere: repeating one beats leaving the library.
    for (const item of (fresh.length > 0 ? fresh : items).slice(0, CANDIDATES)) {
      const taken = key(item);
      const reserved = !pick.taken.has(taken);
      pick.taken.add(taken);
      try {
        await downloadStockFile(item.downloadUrl, pick.file, {
          service: STOCK_PROVIDER_NAMES[provider.id],
          media,
          maxBytes: downloadLimit(library, media),
          signal: pick.signal,
        });
        return item;
      } catch (error) {
        if (reserved) pick.taken.delete(taken);
        pick.signal?.throwIfAborted();
        if (!(error instanceof ProviderError)) throw error;
        pick.onSkip?.(`${taken}: ${reason(error)}`);
      }
    }
    if (items.length === 0) pick.onSkip?.(`${provider.id}: no ${media} found for "${pick.query}"`);
  }
  return undefined;
}

export function findStockPhoto(library: StockLibrary, pick: StockPick): Promise<StockPhoto | undefined> {
  return findStock(library, pick, 'photo', (provider) => provider.searchPhotos(pick), stockPhotoKey);
}

/** A clip at least `minDurationMs` long (the scene's length), so the render never has to loop it. */
export function findStockVideo(
  library: StockLibrary,
  pick: StockPick & { minDurationMs?: number },
): Promise<StockVideo | undefined> {
  const min = pick.minDurationMs ?? 0;
  return findStock(
    library,
    pick,
    'video',
    async (provider) => (await provider.searchVideos(pick)).filter((video) => video.durationMs >= min),
    stockVideoKey,
  );
}

/**
 * The item a storyboard picked, looked up by its id (never by a link from the request) and downloaded to `file`.
 * Undefined when the library is not configured or no longer has the item; provider failures are thrown.
 */
export async function resolveStockItem<M extends StockMedia>(
  library: StockLibrary,
  pick: { provider: StockProviderId; media: M; id: string },
  file: string,
  signal?: AbortSignal,
): Promise<StockItem<M> | undefined> {
  const provider = library.providers.find((p) => p.id === pick.provider);
  if (!provider) return undefined;
  const item = await provider.getItem(pick.media, pick.id, signal);
  if (!item) return undefined;
  await downloadStockFile(item.downloadUrl, file, {
    service: STOCK_PROVIDER_NAMES[provider.id],
    media: pick.media,
    maxBytes: downloadLimit(library, pick.media),
    signal,
  });
  return item;
}

function toSearchItem(media: StockMedia, item: StockPhoto | StockVideo): StockSearchItem {
  return {
    provider: item.provider,
    media,
    id: item.id,
    thumbnailUrl: item.thumbnailUrl,
    width: item.width,
    height: item.height,
    durationSec: 'durationMs' in item ? item.durationMs / 1000 : null,
    author: item.author,
    authorUrl: item.authorUrl,
    pageUrl: item.pageUrl,
  };
}

/** Every library asked at once; their results interleaved so the first row of the chooser shows both. */
export async function searchStock(
  library: StockLibrary,
  request: { query: string; media: StockMedia; orientation: StockOrientation; signal?: AbortSignal | undefined },
): Promise<StockSearchResults> {
  const problems: StockSearchResults['problems'] = [];
  const lists = await Promise.all(
    library.providers.map(async (provider) => {
      try {
        const items: Array<StockPhoto | StockVideo> =
          request.media === 'photo' ? await provider.searchPhotos(request) : await provider.searchVideos(request);
        return items.map((item) => toSearchItem(request.media, item));
      } catch (error) {
        request.signal?.throwIfAborted();
        if (!(error instanceof ProviderError)) throw error;
        problems.push({ provider: provider.id, message: error.message });
        return [];
      }
    }),
  );
  const items: StockSearchItem[] = [];
  for (let i = 0; lists.some((list) => i < list.length); i++)
    for (const list of lists) if (list[i]) items.push(list[i]!);
  return { items, problems, available: library.providers.length > 0 };
}
