/**
 * The Pexels and Pixabay adapters against local servers speaking their protocols: photo and video searches and
 * credits, lookups by id, the rendition a video is downloaded in, bad and revoked keys, rate limits waited out or
 * handed to the next library, the on-disk cache, downloads refused when they run past the byte limit or are not
 * what they claim, and the chooser's search across both libraries.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { probe } from '~/server/media/ffmpeg.ts';
import { ProviderError } from '~/server/providers/http.ts';
import { withSearchCache } from '~/server/providers/stock/cache.ts';
import {
  createStockLibrary,
  findStockPhoto,
  findStockVideo,
  resolveStockItem,
  searchStock,
  stockVideoKey,
} from '~/server/providers/stock/index.ts';
import { createPexelsProvider } from '~/server/providers/stock/pexels.ts';
import { createPixabayProvider } from '~/server/providers/stock/pixabay.ts';
import { type StockServer, startStockServer, VIDEO_SECONDS } from './support/stock-servers.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'nxn-stock-'));
let pexels: StockServer;
let pixabay: StockServer;

beforeAll(async () => {
  pexels = await startStockServer({
    kind: 'pexels',
    key: 'pexels-key',
    photos: { barn: 'red', lime: 'green' },
    oversized: ['tomato'],
    videos: { surf: 'blue' },
    oversizedVideos: ['storm'],
  });
  pixabay = await startStockServer({
    kind: 'pixabay',
    key: 'pixabay-key',
    photos: { barn: 'blue', tomato: 'red' },
    videos: { surf: 'yellow', storm: 'gray' },
  });
});
afterAll(async () => {
  await Promise.all([pexels.close(), pixabay.close()]);
  fs.rmSync(root, { recursive: true, force: true });
});
beforeEach(() => {
  for (const server of [pexels, pixabay])
    Object.assign(server.state, {
      limitedFor: 0,
      resetSeconds: 30,
      forbidden: false,
      searches: [],
      lookups: [],
      downloads: [],
    });
});

const library = (dataDir: string, maxDownloadBytes?: number, maxVideoDownloadBytes?: number) => ({
  ...createStockLibrary({
    dataDir,
    providers: {
      pexelsApiKey: 'pexels-key',
      pexelsApiUrl: pexels.url,
      pixabayApiKey: 'pixabay-key',
      pixabayApiUrl: pixabay.url,
    } as never,
  }),
  ...(maxDownloadBytes ? { maxDownloadBytes } : {}),
  ...(maxVideoDownloadBytes ? { maxVideoDownloadBytes } : {}),
});
const pexelsApi = (apiKey = 'pexels-key') => createPexelsProvider({ apiKey, baseUrl: pexels.url });
const pixabayApi = (apiKey = 'pixabay-key') => createPixabayProvider({ apiKey, baseUrl: pixabay.url });

describe('Pexels', () => {
  it('searches with the key and orientation and credits the photographer', async () => {
    const photos = await createPexelsProvider({ apiKey: 'pexels-key', baseUrl: `${pexels.url}/v1` }).searchPhotos({
      query: 'red barn',
      orientation: 'portrait',
    });
    expect(pexels.state.searches).toEqual([{ media: 'photo', query: 'red barn', orientation: 'portrait' }]);
    expect(photos).toHaveLength(2);
    expect(photos[0]).toMatchObject({
      provider: 'pexels',
      author: 'barn photographer',
      authorUrl: 'https://www.pexels.com/@barn',
      downloadUrl: `${pexels.url}/files/barn-1.jpg`,
    });
    expect(photos[0]!.pageUrl).toMatch(/^https:\/\/www\.pexels\.com\/photo\/barn-/);
    expect(photos[0]!.thumbnailUrl).toMatch(/^https:\/\/images\.pexels\.com\/photos\/\d+\/medium\.jpeg$/);
  });

  it('searches videos and downloads the 1080p file, never the 4K one nor the HLS playlist', async () => {
    const videos = await pexelsApi().searchVideos({ query: 'surf', orientation: 'landscape' });
    expect(pexels.state.searches).toEqual([{ media: 'video', query: 'surf', orientation: 'landscape' }]);
    expect(videos.map((v) => v.durationMs)).toEqual(VIDEO_SECONDS.map((s) => s * 1000));
    expect(videos[0]).toMatchObject({
      provider: 'pexels',
      id: pexels.idOf('video', 'surf', 1),
      width: 1920,
      height: 1080,
      downloadUrl: `${pexels.url}/files/surf-1-1920x1080.mp4`,
      author: 'surf filmmaker',
      authorUrl: 'https://www.pexels.com/@surf-films',
      pageUrl: `https://www.pexels.com/video/surf-${pexels.idOf('video', 'surf', 1)}/`,
    });
    expect(videos[0]!.thumbnailUrl).toMatch(/poster\.jpeg$/);
    const portrait = await pexelsApi().searchVideos({ query: 'surf', orientation: 'portrait' });
    expect(portrait[0]).toMatchObject({
      width: 1080,
      height: 1920,
      downloadUrl: `${pexels.url}/files/surf-1-1080x1920.mp4`,
    });
  });

  it('looks photos and videos up by id, and knows an id it does not have', async () => {
    const api = pexelsApi();
    expect(await api.getItem('photo', pexels.idOf('photo', 'lime', 2))).toMatchObject({
      provider: 'pexels',
      author: 'lime photographer',
      downloadUrl: `${pexels.url}/files/lime-2.jpg`,
    });
    expect(await api.getItem('video', pexels.idOf('video', 'surf', 2))).toMatchObject({
      durationMs: 12_000,
      width: 1920,
      height: 1080,
    });
    expect(await api.getItem('video', '12345')).toBeUndefined();
    expect(pexels.state.lookups.map((l) => l.media)).toEqual(['photo', 'video', 'video']);
  });

  it('says so when the key has been revoked', async () => {
    pexels.state.forbidden = true;
    await expect(pexelsApi().searchVideos({ query: 'surf', orientation: 'landscape' })).rejects.toMatchObject({
      kind: 'auth',
      status: 403,
    });
  });

  it('refuses a wrong key in plain words', async () => {
    const search = createPexelsProvider({ apiKey: 'wrong', baseUrl: pexels.url }).searchPhotos({
      query: 'barn',
      orientation: 'landscape',
    });
    await expect(search).rejects.toMatchObject({ kind: 'auth', message: "Pexels refused the server's API key." });
  });

  it('waits out a short rate limit and asks once more', async () => {
    Object.assign(pexels.state, { limitedFor: 1, resetSeconds: 1 });
    const photos = await createPexelsProvider({ apiKey: 'pexels-key', baseUrl: pexels.url }).searchPhotos({
      query: 'lime',
      orientation: 'landscape',
    });
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
    const photos = await createPixabayProvider({ apiKey: 'pixabay-key', baseUrl: pixabay.url }).searchPhotos({
      query: 'barn',
      orientation: 'portrait',
    });
    expect(pixabay.state.searches).toEqual([{ media: 'photo', query: 'barn', orientation: 'vertical' }]);
    expect(photos[0]).toMatchObject({
      provider: 'pixabay',
      author: 'barnfan',
      authorUrl: 'https://pixabay.com/users/barnfan-42/',
      downloadUrl: `${pixabay.url}/files/barn-1.jpg`,
    });
  });

  it('searches videos, takes the 1080p size of the four, and filters the shape itself', async () => {
    const videos = await pixabayApi().searchVideos({ query: 'surf', orientation: 'landscape' });
    expect(pixabay.state.searches).toEqual([{ media: 'video', query: 'surf', orientation: null }]);
    expect(videos[1]).toMatchObject({
      provider: 'pixabay',
      durationMs: 12_000,
      width: 1920,
      height: 1080,
      downloadUrl: `${pixabay.url}/files/surf-2-1920x1080.mp4`,
      author: 'surffan',
      authorUrl: 'https://pixabay.com/users/surffan-42/',
    });
    expect(videos[1]!.thumbnailUrl).toMatch(/_large\.jpg$/);
    // Its clips are all landscape: a portrait video has none of them.
    expect(await pixabayApi().searchVideos({ query: 'surf', orientation: 'portrait' })).toEqual([]);
  });

  it('looks items up with id=, and an unknown id is nothing', async () => {
    expect(await pixabayApi().getItem('video', pixabay.idOf('video', 'storm', 1))).toMatchObject({
      durationMs: 4000,
      author: 'stormfan',
    });
    expect(await pixabayApi().getItem('photo', pixabay.idOf('photo', 'barn', 1))).toMatchObject({ author: 'barnfan' });
    expect(await pixabayApi().getItem('photo', '999')).toBeUndefined();
    expect(pixabay.state.lookups).toEqual([
      { media: 'video', id: pixabay.idOf('video', 'storm', 1) },
      { media: 'photo', id: pixabay.idOf('photo', 'barn', 1) },
      { media: 'photo', id: '999' },
    ]);
  });

  it('passes on its text error for a bad key', async () => {
    const search = createPixabayProvider({ apiKey: 'wrong', baseUrl: pixabay.url }).searchPhotos({
      query: 'barn',
      orientation: 'landscape',
    });
    await expect(search).rejects.toMatchObject({
      kind: 'rejected',
      status: 400,
      detail: '[ERROR 400] Invalid or missing API key.',
    });
  });

  it('reads its reset header as seconds to go', async () => {
    Object.assign(pixabay.state, { limitedFor: 1, resetSeconds: 0 });
    const photos = await createPixabayProvider({ apiKey: 'pixabay-key', baseUrl: pixabay.url }).searchPhotos({
      query: 'tomato',
      orientation: 'square',
    });
    expect(photos).toHaveLength(2);
    expect(pixabay.state.searches.map((s) => s.orientation)).toEqual(['all', 'all']);
  });
});

describe('search cache', () => {
  it('answers a repeated search from disk until the entry expires', async () => {
    let now = 1_000_000;
    const dir = path.join(root, 'cache');
    const cached = withSearchCache(createPexelsProvider({ apiKey: 'pexels-key', baseUrl: pexels.url }), {
      dir,
      ttlMs: 60_000,
      now: () => now,
    });
    const first = await cached.searchPhotos({ query: 'barn', orientation: 'landscape' });
    expect(await cached.searchPhotos({ query: '  Barn ', orientation: 'landscape' })).toEqual(first);
    expect(pexels.state.searches).toHaveLength(1);
    await cached.searchPhotos({ query: 'barn', orientation: 'portrait' });
    expect(pexels.state.searches).toHaveLength(2);
    now += 60_000;
    await cached.searchPhotos({ query: 'barn', orientation: 'landscape' });
    expect(pexels.state.searches).toHaveLength(3);
  });

  it('keeps video searches apart from photo searches, and lookups by id', async () => {
    const cached = withSearchCache(pexelsApi(), { dir: path.join(root, 'cache-video') });
    const videos = await cached.searchVideos({ query: 'surf', orientation: 'landscape' });
    expect(await cached.searchVideos({ query: 'Surf', orientation: 'landscape' })).toEqual(videos);
    expect(await cached.searchPhotos({ query: 'surf', orientation: 'landscape' })).toEqual([]);
    expect(pexels.state.searches.map((s) => s.media)).toEqual(['video', 'photo']);
    const id = pexels.idOf('video', 'surf', 1);
    const item = await cached.getItem('video', id);
    expect(await cached.getItem('video', id)).toEqual(item);
    expect(pexels.state.lookups).toHaveLength(1);
  });
});

describe('findStockVideo', () => {
  it('downloads a clip at least as long as the scene, in its 1080p rendition', async () => {
    const file = path.join(root, 'clip.mp4');
    const taken = new Set<string>();
    const video = await findStockVideo(library(path.join(root, 'v1')), {
      query: 'surf',
      orientation: 'landscape',
      file,
      taken,
      minDurationMs: 6000,
    });
    expect(video).toMatchObject({ provider: 'pexels', durationMs: 12_000 });
    expect(pexels.state.downloads).toEqual(['surf-2-1920x1080']);
    expect(taken).toEqual(new Set([stockVideoKey(video!)]));
    const info = await probe(file);
    expect(info.streams.some((s) => s.codec_type === 'video')).toBe(true);
    expect(Math.round(info.durationMs / 1000)).toBe(12);
  });

  it('refuses a clip whose Content-Length or body is over the video limit and takes the next library', async () => {
    const skipped: string[] = [];
    const file = path.join(root, 'storm.mp4');
    const video = await findStockVideo(library(path.join(root, 'v2'), undefined, 1024 * 1024), {
      query: 'storm',
      orientation: 'landscape',
      file,
      taken: new Set(),
      onSkip: (r) => skipped.push(r),
    });
    expect(pexels.state.downloads).toEqual(['storm-1-1920x1080', 'storm-2-1920x1080']);
    expect(skipped.filter((r) => r.startsWith('pexels:'))).toEqual([
      expect.stringMatching(/Pexels sent a video we could not use\. \(\d+ bytes is over the 1048576-byte limit\)/),
      expect.stringMatching(/the body ran past the 1048576-byte limit/),
    ]);
    expect(video).toMatchObject({ provider: 'pixabay', author: 'stormfan' });
    expect(fs.statSync(file).size).toBeLessThan(1024 * 1024);
  });

  it('finds nothing when no clip is long enough', async () => {
    const skipped: string[] = [];
    const video = await findStockVideo(library(path.join(root, 'v3')), {
      query: 'surf',
      orientation: 'landscape',
      file: path.join(root, 'long.mp4'),
      taken: new Set(),
      minDurationMs: 60_000,
      onSkip: (r) => skipped.push(r),
    });
    expect(video).toBeUndefined();
    expect(skipped).toEqual(['pexels: no video found for "surf"', 'pixabay: no video found for "surf"']);
  });
});

describe('resolveStockItem', () => {
  it('fetches a storyboard pick by provider, media and id', async () => {
    const lib = library(path.join(root, 'r1'));
    const file = path.join(root, 'picked.mp4');
    const video = await resolveStockItem(
      lib,
      { provider: 'pixabay', media: 'video', id: pixabay.idOf('video', 'surf', 1) },
      file,
    );
    expect(video).toMatchObject({ provider: 'pixabay', durationMs: 4000 });
    expect(pixabay.state.downloads).toEqual(['surf-1-1920x1080']);
    expect(Math.round((await probe(file)).durationMs / 1000)).toBe(4);
    const photo = await resolveStockItem(
      lib,
      { provider: 'pexels', media: 'photo', id: pexels.idOf('photo', 'barn', 2) },
      path.join(root, 'picked.jpg'),
    );
    expect(photo).toMatchObject({ author: 'barn photographer' });
    expect(
      await resolveStockItem(lib, { provider: 'pexels', media: 'photo', id: '1' }, path.join(root, 'missing.jpg')),
    ).toBeUndefined();
    expect(
      await resolveStockItem(
        { providers: [] },
        { provider: 'pexels', media: 'photo', id: '1' },
        path.join(root, 'nokey.jpg'),
      ),
    ).toBeUndefined();
  });

  it('passes a rate limit on to the caller, with how long to wait, and downloads nothing', async () => {
    Object.assign(pixabay.state, { limitedFor: Infinity, resetSeconds: 90 });
    const file = path.join(root, 'limited.mp4');
    const error = await resolveStockItem(
      library(path.join(root, 'r2')),
      { provider: 'pixabay', media: 'video', id: pixabay.idOf('video', 'surf', 2) },
      file,
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'rate_limited', status: 429, retryAfterMs: 90_000 });
    expect(pixabay.state.lookups).toHaveLength(1);
    expect(pixabay.state.downloads).toEqual([]);
    expect(fs.existsSync(file)).toBe(false);
  });
});

describe('searchStock', () => {
  it('interleaves both libraries for the chooser', async () => {
    const results = await searchStock(library(path.join(root, 's1')), {
      query: 'surf',
      media: 'video',
      orientation: 'landscape',
    });
    expect(results.available).toBe(true);
    expect(results.problems).toEqual([]);
    expect(results.items.map((i) => [i.provider, i.durationSec])).toEqual([
      ['pexels', 4],
      ['pixabay', 4],
      ['pexels', 12],
      ['pixabay', 12],
    ]);
    expect(results.items[0]).toMatchObject({ media: 'video', width: 1920, height: 1080, author: 'surf filmmaker' });
  });

  it('names the library that failed and keeps the other', async () => {
    Object.assign(pixabay.state, { limitedFor: Infinity, resetSeconds: 3600 });
    const results = await searchStock(library(path.join(root, 's2')), {
      query: 'barn',
      media: 'photo',
      orientation: 'landscape',
    });
    expect(results.items.map((i) => i.provider)).toEqual(['pexels', 'pexels']);
    expect(results.items[0]!.durationSec).toBeNull();
    expect(results.problems).toEqual([
      { provider: 'pixabay', message: 'Pixabay is busy right now. Please try again in a minute.' },
    ]);
  });

  it('is unavailable without keys', async () => {
    expect(await searchStock({ providers: [] }, { query: 'barn', media: 'photo', orientation: 'landscape' })).toEqual({
      items: [],
      problems: [],
      available: false,
    });
  });
});

describe('findStockPhoto', () => {
  it('downloads the first photo no other scene shows', async () => {
    const file = path.join(root, 'pick.jpg');
    const photo = await findStockPhoto(library(path.join(root, 'd1')), {
      query: 'barn',
      orientation: 'landscape',
      file,
      taken: new Set([]),
    });
    expect(photo).toMatchObject({ provider: 'pexels' });
    expect(fs.readFileSync(file).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const second = await findStockPhoto(library(path.join(root, 'd1')), {
      query: 'barn',
      orientation: 'landscape',
      file,
      taken: new Set([`pexels:${photo!.id}`]),
    });
    expect(second!.id).not.toBe(photo!.id);
  });

  it('falls back to Pixabay while Pexels is rate limited', async () => {
    Object.assign(pexels.state, { limitedFor: Infinity, resetSeconds: 3600 });
    const skipped: string[] = [];
    const photo = await findStockPhoto(library(path.join(root, 'd2')), {
      query: 'barn',
      orientation: 'landscape',
      file: path.join(root, 'limited.jpg'),
      taken: new Set(),
      onSkip: (r) => skipped.push(r),
    });
    expect(photo).toMatchObject({ provider: 'pixabay', author: 'barnfan' });
    expect(skipped[0]).toMatch(/^pexels: Pexels is busy right now/);
  });

  it('refuses a download over the byte limit and takes the next library', async () => {
    const file = path.join(root, 'big.jpg');
    const skipped: string[] = [];
    const photo = await findStockPhoto(library(path.join(root, 'd3'), 1024 * 1024), {
      query: 'tomato',
      orientation: 'landscape',
      file,
      taken: new Set(),
      onSkip: (r) => skipped.push(r),
    });
    expect(pexels.state.downloads).toEqual(['tomato-1', 'tomato-2']);
    expect(skipped.filter((r) => r.startsWith('pexels:'))).toHaveLength(2);
    expect(skipped.filter((r) => r.startsWith('pexels:')).every((r) => r.includes('byte limit'))).toBe(true);
    expect(photo).toMatchObject({ provider: 'pixabay' });
    expect(fs.statSync(file).size).toBeLessThan(1024 * 1024);
  });

  it('finds nothing when no library has the subject', async () => {
    expect(
      await findStockPhoto(library(path.join(root, 'd4')), {
        query: 'unicorn',
        orientation: 'landscape',
        file: path.join(root, 'none.jpg'),
        taken: new Set(),
      }),
    ).toBeUndefined();
  });
});
