/**
 * Search answers kept on disk under `{dir}/{key}.json`, so a script rendered again (a retry, the same scene in
 * another video) asks the API nothing; Pixabay's terms ask for 24 hours of caching and Pexels' hourly limit is
 * small. Keyed by provider, query and orientation; an entry older than the TTL, or unreadable, is a miss.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { StockOrientation, StockPhoto, StockProvider, StockSearch } from './types.ts';

export const STOCK_CACHE_TTL_MS = 24 * 60 * 60 * 1000;

/** Case and spacing do not change what a search finds, so they do not change the key. */
export function stockCacheKey(provider: string, query: string, orientation: StockOrientation): string {
  const normalized = query.toLowerCase().replace(/\s+/g, ' ').trim();
  return createHash('sha256').update(JSON.stringify([provider, normalized, orientation])).digest('hex');
}

interface Entry {
  savedAt: number;
  photos: StockPhoto[];
}

export interface StockCacheOptions {
  dir: string;
  ttlMs?: number;
  now?: () => number;
}

export function withSearchCache(provider: StockProvider, options: StockCacheOptions): StockProvider {
  const ttlMs = options.ttlMs ?? STOCK_CACHE_TTL_MS;
  const now = options.now ?? Date.now;
  return {
    id: provider.id,
    async searchPhotos(search: StockSearch): Promise<StockPhoto[]> {
      const file = path.join(options.dir, `${stockCacheKey(provider.id, search.query, search.orientation)}.json`);
      try {
        const entry = JSON.parse(await fs.readFile(file, 'utf8')) as Entry;
        if (now() - entry.savedAt < ttlMs && Array.isArray(entry.photos)) return entry.photos;
      } catch {
        // No entry, or a damaged one: ask the API.
      }
      const photos = await provider.searchPhotos(search);
      await fs.mkdir(options.dir, { recursive: true });
      // Write-then-rename: two scenes with the same query never read half an entry.
      const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      await fs.writeFile(partial, JSON.stringify({ savedAt: now(), photos } satisfies Entry));
      await fs.rename(partial, file);
      return photos;
    },
  };
}
