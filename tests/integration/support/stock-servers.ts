/**
 * Local Pexels and Pixabay APIs speaking their documented protocols. Pexels: `GET /v1/search`, `GET /v1/photos/:id`,
 * `GET /videos/search`, `GET /videos/videos/:id` with the key as the bare Authorization header, photos with
 * `src.large2x`, videos with `video_files` (quality, file_type, width, height, fps, link), `video_pictures`,
 * `user {name, url}` and `duration`; a wrong key 401 JSON, a revoked one 403. Pixabay: `GET /api/?key=&q=` and
 * `GET /api/videos/?key=&q=` (either with `id=` for one item), hits with `largeImageURL` or
 * `videos.{large,medium,small,tiny}.{url,width,height,size,thumbnail}`; a bad key a 400 with a text body. Both send
 * their rate-limit headers and 429s. Each photo word the test names gets a solid-colour JPEG and each video word a
 * short solid-colour MP4 (one 4 s and one 12 s clip), so a frame of the finished video tells which item it shows.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface StockServerState {
  /** How many of the next API requests get a 429 (Infinity: all); `resetSeconds` goes into the rate-limit headers. */
  limitedFor: number;
  resetSeconds: number;
  /** The key is known but no longer allowed (Pexels answers 403). */
  forbidden: boolean;
  searches: Array<{ media: 'photo' | 'video'; query: string; orientation: string | null }>;
  lookups: Array<{ media: 'photo' | 'video'; id: string }>;
  /** `word-n` for photos, `word-n-WxH` for videos. */
  downloads: string[];
}

export interface StockServer {
  url: string;
  state: StockServerState;
  /** The provider's id of a word's n-th item (1 or 2). */
  idOf(media: 'photo' | 'video', word: string, n: number): string;
  close(): Promise<void>;
}

export interface StockServerOptions {
  kind: 'pexels' | 'pixabay';
  key: string;
  /** Query word → ffmpeg colour of its photos. */
  photos: Record<string, string>;
  /** Query word → ffmpeg colour of its video clips. */
  videos?: Record<string, string>;
  /** Words whose photo is a stream of more bytes than any limit a test sets (no Content-Length). */
  oversized?: string[];
  /**
   * Words whose clips are too large: the first declares a Content-Length over any limit a test sets, the second
   * streams past it without one.
   */
  oversizedVideos?: string[];
}

export const VIDEO_SECONDS = [4, 12] as const;

const fileCache = new Map<string, Buffer>();
function cachedFile(key: string, make: () => Buffer): Buffer {
  let bytes = fileCache.get(key);
  if (!bytes) {
    bytes = make();
    fileCache.set(key, bytes);
  }
  return bytes;
}
const solidJpeg = (colour: string) =>
  cachedFile(`jpg:${colour}`, () =>
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      `color=c=${colour}:s=640x480`,
      '-frames:v',
      '1',
      '-f',
      'image2',
      '-c:v',
      'mjpeg',
      '-',
    ]),
  );
/** Small on purpose: the API names the size, the file only has to be a real clip of the right colour and length. */
export const solidMp4 = (colour: string, seconds: number) =>
  cachedFile(`mp4:${colour}:${seconds}`, () => {
    // A file, not a pipe: the MP4 muxer needs to seek back to write a playable index.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nxn-stock-clip-'));
    const file = path.join(dir, 'clip.mp4');
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      `color=c=${colour}:s=320x180:r=10:d=${seconds}`,
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-movflags',
      '+faststart',
      file,
    ]);
    const bytes = fs.readFileSync(file);
    fs.rmSync(dir, { recursive: true, force: true });
    return bytes;
  });

const OVERSIZED_BYTES = 4 * 1024 * 1024;
const LIMIT = 200;
/** What each library offers of every clip: 4K, 1080p, 720p and a small size. */
const PEXELS_SIZES = [
  { quality: 'uhd', width: 3840, height: 2160 },
  { quality: 'hd', width: 1920, height: 1080 },
  { quality: 'hd', width: 1280, height: 720 },
  { quality: 'sd', width: 640, height: 360 },
];
const PIXABAY_SIZES = { large: [3840, 2160], medium: [1920, 1080], small: [1280, 720], tiny: [960, 540] } as const;

const hashId = (text: string) => String(text.split('').reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 1e9, 7));

export async function startStockServer(options: StockServerOptions): Promise<StockServer> {
  const state: StockServerState = {
    limitedFor: 0,
    resetSeconds: 30,
    forbidden: false,
    searches: [],
    lookups: [],
    downloads: [],
  };
  let remaining = LIMIT;
  let base = '';
  const pexels = options.kind === 'pexels';
  const videos = options.videos ?? {};
  const idOf = (media: 'photo' | 'video', word: string, n: number) =>
    hashId(`${media === 'video' ? 'v:' : ''}${word}${n}`);
  const words = (media: 'photo' | 'video') => [
    ...Object.keys(media === 'photo' ? options.photos : videos),
    ...((media === 'photo' ? options.oversized : options.oversizedVideos) ?? []),
  ];
  const byId = (media: 'photo' | 'video', id: string) => {
    for (const word of words(media)) for (const n of [1, 2]) if (idOf(media, word, n) === id) return { word, n };
    return undefined;
  };

  const photoJson = (word: string, n: number) => {
    const id = idOf('photo', word, n);
    const file = `${base}/files/${word}-${n}.jpg`;
    return pexels
      ? {
          id: Number(id),
          width: 640,
          height: 480,
          url: `https://www.pexels.com/photo/${word}-${id}/`,
          photographer: `${word} photographer`,
          photographer_url: `https://www.pexels.com/@${word}`,
          photographer_id: 1,
          avg_color: '#000000',
          src: {
            original: file,
            large2x: file,
            large: file,
            medium: `https://images.pexels.com/photos/${id}/medium.jpeg`,
          },
          alt: word,
        }
      : {
          id: Number(id),
          pageURL: `https://pixabay.com/photos/${word}-${id}/`,
          type: 'photo',
          tags: word,
          previewURL: `https://cdn.pixabay.com/photo/${id}_150.jpg`,
          webformatURL: `https://pixabay.com/get/${id}_640.jpg`,
          largeImageURL: file,
          imageWidth: 640,
          imageHeight: 480,
          user_id: 42,
          user: `${word}fan`,
        };
  };

  const videoJson = (word: string, n: number, portrait: boolean) => {
    const id = idOf('video', word, n);
    const duration = VIDEO_SECONDS[n - 1]!;
    const size = (w: number, h: number) => (portrait ? [h, w] : [w, h]) as [number, number];
    const link = (w: number, h: number) => `${base}/files/${word}-${n}-${w}x${h}.mp4`;
    if (pexels) {
      return {
        id: Number(id),
        width: size(3840, 2160)[0],
        height: size(3840, 2160)[1],
        url: `https://www.pexels.com/video/${word}-${id}/`,
        image: `https://images.pexels.com/videos/${id}/poster.jpeg`,
        duration,
        user: { id: 7, name: `${word} filmmaker`, url: `https://www.pexels.com/@${word}-films` },
        video_files: [
          ...PEXELS_SIZES.map((s, i) => {
            const [w, h] = size(s.width, s.height);
            return {
              id: Number(id) * 10 + i,
              quality: s.quality,
              file_type: 'video/mp4',
              width: w,
              height: h,
              fps: 25,
              link: link(w, h),
            };
          }),
          {
            id: Number(id) * 10 + 9,
            quality: null,
            file_type: 'application/x-mpegURL',
            width: null,
            height: null,
            fps: null,
            link: `${base}/files/${word}-${n}.m3u8`,
          },
        ],
        video_pictures: [{ id: 1, picture: `https://images.pexels.com/videos/${id}/pictures/preview-0.jpg`, nr: 0 }],
      };
    }
    return {
      id: Number(id),
      pageURL: `https://pixabay.com/videos/${word}-${id}/`,
      type: 'film',
      tags: word,
      duration,
      videos: Object.fromEntries(
        Object.entries(PIXABAY_SIZES).map(([name, [w0, h0]]) => {
          const [w, h] = size(w0, h0);
          return [
            name,
            {
              url: link(w, h),
              width: w,
              height: h,
              size: 1000 * w,
              thumbnail: `https://cdn.pixabay.com/video/${id}_${name}.jpg`,
            },
          ];
        }),
      ),
      views: 1,
      downloads: 1,
      likes: 1,
      comments: 0,
      user_id: 42,
      user: `${word}fan`,
      userImageURL: '',
    };
  };

  function serveFile(url: URL, res: http.ServerResponse): boolean {
    const photo = /^\/files\/([a-z]+)-(\d)\.jpg$/.exec(url.pathname);
    const clip = /^\/files\/([a-z]+)-(\d)-(\d+x\d+)\.mp4$/.exec(url.pathname);
    if (!photo && !clip) return false;
    const [, word, n] = (photo ?? clip)! as unknown as [string, string, string];
    state.downloads.push(clip ? `${word}-${n}-${clip[3]}` : `${word}-${n}`);
    const streamPast = (type: string, head: Buffer) => {
      res.writeHead(200, { 'content-type': type });
      res.write(head);
      let sent = head.length;
      const chunk = Buffer.alloc(64 * 1024);
      const pump = () => {
        while (sent < OVERSIZED_BYTES) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.on('error', () => undefined);
      pump();
    };
    if (photo) {
      if (options.oversized?.includes(word)) {
        streamPast('image/jpeg', solidJpeg('white'));
        return true;
      }
      const colour = options.photos[word];
      if (!colour) {
        res.writeHead(404).end();
        return true;
      }
      const jpeg = solidJpeg(colour);
      res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': jpeg.length }).end(jpeg);
      return true;
    }
    if (options.oversizedVideos?.includes(word)) {
      const head = solidMp4('white', 1);
      if (n === '1') {
        res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(OVERSIZED_BYTES * 100) }).end(head);
        return true;
      }
      streamPast('video/mp4', head);
      return true;
    }
    const colour = videos[word];
    if (!colour) {
      res.writeHead(404).end();
      return true;
    }
    const mp4 = solidMp4(colour, VIDEO_SECONDS[Number(n) - 1]!);
    res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': mp4.length }).end(mp4);
    return true;
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (serveFile(url, res)) return;

    // Which request of the API this is: a search or a lookup, of photos or videos.
    let media: 'photo' | 'video';
    let lookup: string | null = null;
    if (pexels) {
      const one = /^\/(v1\/photos|videos\/videos)\/([^/]+)$/.exec(url.pathname);
      if (url.pathname === '/v1/search' || url.pathname === '/videos/search')
        media = url.pathname === '/v1/search' ? 'photo' : 'video';
      else if (one) [media, lookup] = [one[1] === 'v1/photos' ? 'photo' : 'video', one[2]!];
      else return void res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not found"}');
    } else {
      if (url.pathname === '/api/' || url.pathname === '/api') media = 'photo';
      else if (url.pathname === '/api/videos/' || url.pathname === '/api/videos') media = 'video';
      else return void res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      lookup = url.searchParams.get('id');
    }

    if (pexels && req.headers.authorization !== options.key) {
      return void res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"Unauthorized"}');
    }
    if (pexels && state.forbidden)
      return void res.writeHead(403, { 'content-type': 'application/json' }).end('{"error":"Forbidden"}');
    if (!pexels && url.searchParams.get('key') !== options.key) {
      return void res.writeHead(400, { 'content-type': 'text/plain' }).end('[ERROR 400] Invalid or missing API key.');
    }
    const query = (pexels ? url.searchParams.get('query') : url.searchParams.get('q')) ?? '';
    const orientation = url.searchParams.get('orientation');
    if (lookup === null) state.searches.push({ media, query, orientation });
    else state.lookups.push({ media, id: lookup });
    // Pexels sends a UNIX time for the reset, Pixabay the seconds to go.
    const reset = pexels ? String(Math.floor(Date.now() / 1000) + state.resetSeconds) : String(state.resetSeconds);
    const limited = state.limitedFor > 0;
    if (limited) state.limitedFor--;
    const limitHeaders = {
      'x-ratelimit-limit': String(LIMIT),
      'x-ratelimit-remaining': String(limited ? 0 : --remaining),
      'x-ratelimit-reset': reset,
    };
    if (limited) {
      return void res
        .writeHead(429, { 'content-type': pexels ? 'application/json' : 'text/plain', ...limitHeaders })
        .end(pexels ? '{"error":"Rate limit exceeded"}' : 'API rate limit exceeded');
    }
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json', ...limitHeaders }).end(JSON.stringify(body));
    const item = (word: string, n: number, portrait = false) =>
      media === 'photo' ? photoJson(word, n) : videoJson(word, n, portrait);

    if (lookup !== null) {
      const found = byId(media, lookup);
      if (pexels) return void (found ? json(200, item(found.word, found.n)) : json(404, { error: 'Not Found' }));
      const hits = found ? [item(found.word, found.n)] : [];
      return void json(200, { total: hits.length, totalHits: hits.length, hits });
    }
    // Pexels honours the orientation for videos; Pixabay's video search has none, so its clips stay landscape.
    const portrait = pexels && orientation === 'portrait';
    const matched = query
      .toLowerCase()
      .split(/\s+/)
      .filter((word) => words(media).includes(word))
      .flatMap((word) => [1, 2].map((n) => item(word, n, portrait)));
    const perPage = Number(url.searchParams.get('per_page') ?? 15);
    if (pexels)
      return void json(200, {
        page: 1,
        per_page: perPage,
        total_results: matched.length,
        [media === 'photo' ? 'photos' : 'videos']: matched,
      });
    json(200, { total: matched.length, totalHits: matched.length, hits: matched });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    state,
    idOf,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
