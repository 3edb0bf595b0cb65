/**
 * Local Pexels and Pixabay APIs speaking their documented protocols: Pexels `GET /v1/search` with the key as the
 * bare Authorization header and `photos[].src.large2x`, Pixabay `GET /api/?key=&q=` with `hits[].largeImageURL`,
 * their error answers (Pexels 401 JSON, Pixabay 400 text), their rate-limit headers and 429s. Each query word the
 * test names gets a solid-colour JPEG, so a frame of the finished video tells which photo it shows.
 */
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StockServerState {
  /** How many of the next searches get a 429 (Infinity: all); `resetSeconds` goes into the rate-limit headers. */
  limitedFor: number;
  resetSeconds: number;
  searches: Array<{ query: string; orientation: string | null }>;
  downloads: string[];
}

export interface StockServer {
  url: string;
  state: StockServerState;
  close(): Promise<void>;
}

export interface StockServerOptions {
  kind: 'pexels' | 'pixabay';
  key: string;
  /** Query word → ffmpeg colour of its photos. */
  photos: Record<string, string>;
  /** Words whose photo is a stream of more bytes than any limit a test sets (no Content-Length). */
  oversized?: string[];
}

const jpegCache = new Map<string, Buffer>();
function solidJpeg(colour: string): Buffer {
  let jpeg = jpegCache.get(colour);
  if (!jpeg) {
    jpeg = execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', `color=c=${colour}:s=640x480`, '-frames:v', '1', '-f', 'image2', '-c:v', 'mjpeg', '-']);
    jpegCache.set(colour, jpeg);
  }
  return jpeg;
}

const OVERSIZED_BYTES = 4 * 1024 * 1024;
const LIMIT = 200;

export async function startStockServer(options: StockServerOptions): Promise<StockServer> {
  const state: StockServerState = { limitedFor: 0, resetSeconds: 30, searches: [], downloads: [] };
  let remaining = LIMIT;
  let base = '';

  const matches = (query: string) => query.toLowerCase().split(/\s+/).filter((word) => word in options.photos || options.oversized?.includes(word));

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const file = /^\/files\/([a-z]+)-(\d)\.jpg$/.exec(url.pathname);
    if (file) {
      const word = file[1]!;
      state.downloads.push(`${word}-${file[2]}`);
      if (options.oversized?.includes(word)) {
        res.writeHead(200, { 'content-type': 'image/jpeg' });
        const head = solidJpeg('white');
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
        return pump();
      }
      const colour = options.photos[word];
      if (!colour) return void res.writeHead(404).end();
      const jpeg = solidJpeg(colour);
      return void res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': jpeg.length }).end(jpeg);
    }

    const pexels = options.kind === 'pexels' && url.pathname === '/v1/search';
    const pixabay = options.kind === 'pixabay' && (url.pathname === '/api/' || url.pathname === '/api');
    if (!pexels && !pixabay) return void res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not found"}');

    if (pexels && req.headers.authorization !== options.key) {
      return void res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"Unauthorized"}');
    }
    if (pixabay && url.searchParams.get('key') !== options.key) {
      return void res.writeHead(400, { 'content-type': 'text/plain' }).end('[ERROR 400] Invalid or missing API key.');
    }
    const query = (pexels ? url.searchParams.get('query') : url.searchParams.get('q')) ?? '';
    const orientation = url.searchParams.get('orientation');
    state.searches.push({ query, orientation });
    // Pexels sends a UNIX time for the reset, Pixabay the seconds to go.
    const reset = pexels ? String(Math.floor(Date.now() / 1000) + state.resetSeconds) : String(state.resetSeconds);
    const limited = state.limitedFor > 0;
    if (limited) state.limitedFor--;
    const limitHeaders = { 'x-ratelimit-limit': String(LIMIT), 'x-ratelimit-remaining': String(limited ? 0 : --remaining), 'x-ratelimit-reset': reset };
    if (limited) {
      return void res.writeHead(429, { 'content-type': pexels ? 'application/json' : 'text/plain', ...limitHeaders }).end(pexels ? '{"error":"Rate limit exceeded"}' : 'API rate limit exceeded');
    }
    const photos = matches(query).flatMap((word) => [1, 2].map((n) => ({ word, n, id: `${word}${n}`.split('').reduce((h, c) => h * 31 + c.charCodeAt(0), 7) % 1e9 })));
    const body = pexels
      ? {
          page: 1,
          per_page: Number(url.searchParams.get('per_page') ?? 15),
          total_results: photos.length,
          photos: photos.map(({ word, n, id }) => ({
            id,
            width: 640,
            height: 480,
            url: `https://www.pexels.com/photo/${word}-${id}/`,
            photographer: `${word} photographer`,
            photographer_url: `https://www.pexels.com/@${word}`,
            photographer_id: 1,
            avg_color: '#000000',
            src: {
              original: `${base}/files/${word}-${n}.jpg`,
              large2x: `${base}/files/${word}-${n}.jpg`,
              large: `${base}/files/${word}-${n}.jpg`,
            },
            alt: word,
          })),
        }
      : {
          total: photos.length,
          totalHits: photos.length,
          hits: photos.map(({ word, n, id }) => ({
            id,
            pageURL: `https://pixabay.com/photos/${word}-${id}/`,
            type: 'photo',
            tags: word,
            webformatURL: `${base}/files/${word}-${n}.jpg`,
            largeImageURL: `${base}/files/${word}-${n}.jpg`,
            imageWidth: 640,
            imageHeight: 480,
            user_id: 42,
            user: `${word}fan`,
          })),
        };
    res.writeHead(200, { 'content-type': 'application/json', ...limitHeaders }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    state,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
