/**
 * The Pexels and Pixabay adapters against local servers speaking their protocols: searches and credits, bad keys,
 * rate limits waited out or handed to the next library, the on-disk search cache, and downloads refused when they
 * run past the byte limit or are not pictures.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ProviderError } from '~/server/providers/http.ts';
import { withSearchCache } from '~/server/providers/stock/cache.ts';
import { createStockLibrary, findStockPhoto } from '~/server/providers/stock/index.ts';
import { createPexelsProvider } from '~/server/providers/stock/pexels.ts';
import { createPixabayProvider } from '~/server/providers/stock/pixabay.ts';
import { startStockServer, type StockServer } from './support/stock-servers.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'nxn-stock-'));
let pexels: StockServer;
let pixabay: StockServer;

beforeAll(async () => {
  pexels = await startStockServer({ kind: 'pexels', key: 'pexels-key', photos: { barn: 'red', lime: 'green' }, oversized: ['tomato'] });
  pixabay = await startStockServer({ kind: 'pixabay', key: 'pixabay-key', photos: { barn: 'blue', tomato: 'red' } });
});
afterAll(async () => {
  await Promise.all([pexels.close(), pixabay.close()]);
  fs.rmSync(root, { recursive: true, force: true });
});
beforeEach(() => {
  for (const server of [pexels, pixabay]) Object.assign(server.state, { limitedFor: 0, resetSeconds: 30, searches: [], downloads: [] });
});

const library = (dataDir: string, maxDownloadBytes?: number) => ({
  ...createStockLibrary({
    dataDir,
    providers: { pexelsApiKey: 'pexels-key', pexelsApiUrl: pexels.url, pixabayApiKey: 'pixabay-key', pixabayApiUrl: pixabay.url } as never,
  }),
  ...(maxDownloadBytes ? { maxDownloadBytes } : {}),
});

describe('Pexels', () => {
  it('searches with the key and orientation and credits the photographer', async () => {
    const photos = await createPexelsProvider({ apiKey: 'pexels-key', baseUrl: `${pexels.url}/v1` }).searchPhotos({ query: 'red barn', orientation: 'portrait' });
    expect(pexels.state.searches).toEqual([{ query: 'red barn', orientation: 'portrait' }]);
    expect(photos).toHaveLength(2);
    expect(photos[0]).toMatchObject({ provider: 'pexels', author: 'barn photographer', authorUrl: 'https://www.pexels.com/@barn', downloadUrl: `${pexels.url}/files/barn-1.jpg` });
    expect(photos[0]!.pageUrl).toMatch(/^https:\/\/www\.pexels\.com\/photo\/barn-/);
  });

  it('refuses a wrong key in plain words', async () => {
    const search = createPexelsProvider({ apiKey: 'wrong', baseUrl: pexels.url }).searchPhotos({ query: 'barn', orientation: 'landscape' });
    await expect(search).rejects.toMatchObject({ kind: 'auth', message: "Pexels refused the server's API key." });
  });

  it('waits out a short rate limit and asks once more', async () => {
    Object.assign(pexels.state, { limitedFor: 1, resetSeconds: 1 });
    const photos = await createPexelsProvider({ apiKey: 'pexels-key', baseUrl: pexels.url }).searchPhotos({ query: 'lime', orientation: 'landscape' });
    expect(photos).toHaveLength(2);
    expect(pexels.state.searches).toHaveLength(2);
  });

  it('gives up at once on a long rate limit', async () => {
    Object.assign(pexels.state, { limitedFor: Infinity, resetSeconds: 3600 });
    const error = await createPexelsProvider({ apiKey: 'pexels-key', baseUrl: pexels.url })
      .searchPhotos({ query: 'lime', orientation: 'landscape' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ kind: 'rate_limited', status: 429 });
    expect((error as ProviderError).retryAfterMs).toBeGreaterThan(3_500_000);
    expect(pexels.state.searches).toHaveLength(1);
  });
});

describe('Pixabay', () => {
  it('searches photos only, safe, in its orientation words, and names the uploader', async () => {
    const photos = await createPixabayProvider({ apiKey: 'pixabay-key', baseUrl: pixabay.url }).searchPhotos({ query: 'barn', orientation: 'portrait' });
    expect(pixabay.state.searches).toEqual([{ query: 'barn', orientation: 'vertical' }]);
    expect(photos[0]).toMatchObject({ provider: 'pixabay', author: 'barnfan', authorUrl: 'https://pixabay.com/users/barnfan-42/', downloadUrl: `${pixabay.url}/files/barn-1.jpg` });
  });

  it('passes on its text error for a bad key', async () => {
    const search = createPixabayProvider({ apiKey: 'wrong', baseUrl: pixabay.url }).searchPhotos({ query: 'barn', orientation: 'landscape' });
    await expect(search).rejects.toMatchObject({ kind: 'rejected', status: 400, detail: '[ERROR 400] Invalid or missing API key.' });
  });

  it('reads its reset header as seconds to go', async () => {
    Object.assign(pixabay.state, { limitedFor: 1, resetSeconds: 0 });
    const photos = await createPixabayProvider({ apiKey: 'pixabay-key', baseUrl: pixabay.url }).searchPhotos({ query: 'tomato', orientation: 'square' });
    expect(photos).toHaveLength(2);
    expect(pixabay.state.searches.map((s) => s.orientation)).toEqual(['all', 'all']);
  });
});

describe('search cache', () => {
  it('answers a repeated search from disk until the entry expires', async () => {
    let now = 1_000_000;
    const dir = path.join(root, 'cache');
    const cached = withSearchCache(createPexelsProvider({ apiKey: 'pexels-key', baseUrl: pexels.url }), { dir, ttlMs: 60_000, now: () => now });
    const first = await cached.searchPhotos({ query: 'barn', orientation: 'landscape' });
    expect(await cached.searchPhotos({ query: '  Barn ', orientation: 'landscape' })).toEqual(first);
    expect(pexels.state.searches).toHaveLength(1);
    await cached.searchPhotos({ query: 'barn', orientation: 'portrait' });
    expect(pexels.state.searches).toHaveLength(2);
    now += 60_000;
    await cached.searchPhotos({ query: 'barn', orientation: 'landscape' });
    expect(pexels.state.searches).toHaveLength(3);
  });
});

describe('findStockPhoto', () => {
  it('downloads the first photo no other scene shows', async () => {
    const file = path.join(root, 'pick.jpg');
    const photo = await findStockPhoto(library(path.join(root, 'd1')), { query: 'barn', orientation: 'landscape', file, taken: new Set([]) });
    expect(photo).toMatchObject({ provider: 'pexels' });
    expect(fs.readFileSync(file).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const second = await findStockPhoto(library(path.join(root, 'd1')), { query: 'barn', orientation: 'landscape', file, taken: new Set([`pexels:${photo!.id}`]) });
    expect(second!.id).not.toBe(photo!.id);
  });

  it('falls back to Pixabay while Pexels is rate limited', async () => {
    Object.assign(pexels.state, { limitedFor: Infinity, resetSeconds: 3600 });
    const skipped: string[] = [];
    const photo = await findStockPhoto(library(path.join(root, 'd2')), { query: 'barn', orientation: 'landscape', file: path.join(root, 'limited.jpg'), taken: new Set(), onSkip: (r) => skipped.push(r) });
    expect(photo).toMatchObject({ provider: 'pixabay', author: 'barnfan' });
    expect(skipped[0]).toMatch(/^pexels: Pexels is busy right now/);
  });

  it('refuses a download over the byte limit and takes the next library', async () => {
    const file = path.join(root, 'big.jpg');
    const skipped: string[] = [];
    const photo = await findStockPhoto(library(path.join(root, 'd3'), 1024 * 1024), { query: 'tomato', orientation: 'landscape', file, taken: new Set(), onSkip: (r) => skipped.push(r) });
    expect(pexels.state.downloads).toEqual(['tomato-1', 'tomato-2']);
    expect(skipped.filter((r) => r.startsWith('pexels:')).every((r) => r.includes('byte limit'))).toBe(true);
    expect(photo).toMatchObject({ provider: 'pixabay' });
    expect(fs.statSync(file).size).toBeLessThan(1024 * 1024);
  });

  it('finds nothing when no library has the subject', async () => {
    expect(await findStockPhoto(library(path.join(root, 'd4')), { query: 'unicorn', orientation: 'landscape', file: path.join(root, 'none.jpg'), taken: new Set() })).toBeUndefined();
  });
});
