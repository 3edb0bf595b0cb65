/**
 * Fetches one stock picture to disk, streamed with a byte limit (a Content-Length over it is refused before any
 * body is read; a body that runs past it is cut off), then proven a picture: the first bytes must be JPEG, PNG or
 * WebP whatever the server's Content-Type says, and the file must decode (media/image-check.ts).
 */
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { decodesAsImage } from '../../media/image-check.ts';
import { sniffType, SNIFF_BYTES } from '../../storage/sniff.ts';
import { ProviderError } from '../http.ts';

/** Pexels' large2x and Pixabay's largeImageURL are a few hundred KB; an original from a 50 MP camera is not wanted. */
export const STOCK_MAX_DOWNLOAD_BYTES = 15 * 1024 * 1024;

const PICTURES = new Set(['image/jpeg', 'image/png', 'image/webp']);

export interface StockDownloadOptions {
  service: string;
  maxBytes?: number | undefined;
  timeoutMs?: number;
  signal?: AbortSignal | undefined;
}

export async function downloadStockPhoto(url: string, file: string, options: StockDownloadOptions): Promise<void> {
  const maxBytes = options.maxBytes ?? STOCK_MAX_DOWNLOAD_BYTES;
  const deadline = AbortSignal.timeout(options.timeoutMs ?? 60_000);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
  const refuse = (why: string) => new ProviderError('bad_output', `${options.service} sent a picture we could not use.`, { detail: why });
  let response: Response;
  try {
    response = await fetch(url, { signal, redirect: 'follow' });
  } catch (error) {
    options.signal?.throwIfAborted();
    throw new ProviderError(deadline.aborted ? 'timeout' : 'unreachable', `We couldn't download the picture from ${options.service}.`, { detail: String(error) });
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw new ProviderError('unavailable', `We couldn't download the picture from ${options.service}.`, { status: response.status });
  }
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (declared > maxBytes) {
    await response.body.cancel();
    throw refuse(`${declared} bytes is over the ${maxBytes}-byte limit`);
  }
  let received = 0;
  const head: Buffer[] = [];
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      if (received > maxBytes) return done(refuse(`the body ran past the ${maxBytes}-byte limit`));
      if (received - chunk.length < SNIFF_BYTES) head.push(chunk);
      done(null, chunk);
    },
  });
  try {
    await pipeline(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream), limit, createWriteStream(file), { signal });
    const type = sniffType(Buffer.concat(head).subarray(0, SNIFF_BYTES));
    if (!type || !PICTURES.has(type)) throw refuse(`its bytes are ${type ?? 'no known type'}, not a JPEG, PNG or WebP picture`);
    if (!(await decodesAsImage(file))) throw refuse('it does not decode');
  } catch (error) {
    await fs.rm(file, { force: true });
    options.signal?.throwIfAborted();
    if (error instanceof ProviderError) throw error;
    throw new ProviderError(deadline.aborted ? 'timeout' : 'unreachable', `We couldn't download the picture from ${options.service}.`, { detail: String(error) });
  }
}
