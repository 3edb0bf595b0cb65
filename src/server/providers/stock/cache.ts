/**
 * Search answers and id lookups kept on disk under `<dir>/<key>.json`, so a script rendered again (a retry, the
 * same scene in another video, a storyboard pick resolved at render time) asks the API nothing; Pixabay's terms ask
 * for 24 hours of caching and Pexels' hourly limit is small. Searches are keyed by provider, media, query and
 * orientation, lookups by provider, media and id; an entry older than the TTL, or unreadable, is a miss. A lookup
 * that found nothing is not kept: the item may be published later, and a miss costs one request.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { StockItem, StockMedia, StockOrientation, StockProvider, StockSearch } from './types.ts';

export const STOCK_CACHE_TTL_MS = 24 * 60 * 60 * 1000;

/** Case and spacing do not change what a search finds, so they do not change the key. */
export function stockCacheKey(
  provider: string,
  query: string,
  orientation: StockOrientation,
  media: StockMedia = 'photo',
): string {
  const normalized = query.toLowerCase().replace(/\s+/g, ' ').trim();
  return createHash('sha256')
    .update(JSON.stringify([provider, media, normalized, orientation]))
    .digest('hex');
}

export const stockLookupKey = (provider: string, media: StockMedia, id: string): string =>
  createHash('sha256')
    .update(JSON.stringify([provider, media, 'id', id]))
    .digest('hex');

export interface StockCacheOptions {
  dir: string;
  ttlMs?: number;
  now?: () => number;
}

export function withSearchCache(provider: StockProvider, options: StockCacheOptions): StockProvider {
  const ttlMs = options.ttlMs ?? STOCK_CACHE_TTL_MS;
  const now = options.now ?? Date.now;

  async function cached<T>(
    key: string,
    isValue: (value: unknown) => value is T,
    ask: () => Promise<T | undefined>,
  ): Promise<T | undefined> {
    const file = path.join(options.dir, `${key}.json`);
    try {
      const entry = JSON.parse(await fs.readFile(file, 'utf8')) as { savedAt: number; value?: unknown };
      if (now() - entry.savedAt < ttlMs && isValue(entry.value)) return entry.value;
    } catch {
      // No entry, or a damaged one: ask the API.
    }
    const value = await ask();
    if (value === undefined) return value;
    await fs.mkdir(options.dir, { recursive: true });
    // Write-then-rename: two scenes with the same query never read half an entry.
    const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    await fs.writeFile(partial, JSON.stringify({ savedAt: now(), value }));
    await fs.rename(partial, file);
    return value;
  }

  const isList = <T>(value: unknown): value is T[] => Array.isArray(value);
  const isItem = <T>(value: unknown): value is T =>
    typeof value === 'object' && value !== null && 'downloadUrl' in value;
  const search = <M extends StockMedia>(media: M, request: StockSearch, ask: () => Promise<Array<StockItem<M>>>) =>
    cached(stockCacheKey(provider.id, request.query, request.orientation, media), isList<StockItem<M>>, ask).then(
      (items) => items ?? [],
    );

  return {
    id: provider.id,
    searchPhotos: (request) => search('photo', request, () => provider.searchPhotos(request)),
    searchVideos: (request) => search('video', request, () => provider.searchVideos(request)),
    getItem: <M extends StockMedia>(media: M, id: string, signal?: AbortSignal) =>
      cached(stockLookupKey(provider.id, media, id), isItem<StockItem<M>>, () => provider.getItem(media, id, signal)),
  };
}
