/**
 * Fetches one stock photo or video to disk, streamed with a byte limit (a Content-Length over it is refused before
 * any body is read; a body that runs past it is cut off), then proven what it claims to be whatever the server's
 * Content-Type says: a photo's first bytes must be JPEG, PNG or WebP and the file must decode
 * (media/image-check.ts); a video's must be MP4, QuickTime or WebM and ffprobe must find a picture stream in it.
 */
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { StockMedia } from '~/contract/storyboard.ts';
import { probe } from '~/server/media/ffmpeg.ts';
import { decodesAsImage } from '~/server/media/image-check.ts';
import { SNIFF_BYTES, sniffType } from '~/server/storage/sniff.ts';
import { ProviderError } from '../http.ts';

/** Pexels' large2x and Pixabay's largeImageURL are a few hundred KB; an original from a 50 MP camera is not wanted. */
export const STOCK_MAX_DOWNLOAD_BYTES = 15 * 1024 * 1024;
/** A 1080p stock clip runs 2-8 MB for every 10 seconds; a long one at a high bit rate is not worth the wait. */
export const STOCK_MAX_VIDEO_DOWNLOAD_BYTES = 80 * 1024 * 1024;

const ACCEPTED: Record<
  StockMedia,
  { types: ReadonlySet<string>; what: string; check: (file: string, signal?: AbortSignal) => Promise<boolean> }
> = {
  photo: {
    types: new Set(['image/jpeg', 'image/png', 'image/webp']),
    what: 'a JPEG, PNG or WebP picture',
    check: (file) => decodesAsImage(file),
  },
  video: {
    types: new Set(['video/mp4', 'video/quicktime', 'video/webm']),
    what: 'an MP4, QuickTime or WebM video',
    check: async (file, signal) => {
      try {
        const info = await probe(file, signal);
        return info.durationMs > 0 && info.streams.some((s) => s.codec_type === 'video');
      } catch {
        return false;
      }
    },
  },
};

export interface StockDownloadOptions {
  service: string;
  media?: StockMedia;
  maxBytes?: number | undefined;
  timeoutMs?: number;
  signal?: AbortSignal | undefined;
}

export async function downloadStockFile(url: string, file: string, options: StockDownloadOptions): Promise<void> {
  const media = options.media ?? 'photo';
  const noun = media === 'photo' ? 'picture' : 'video';
  const maxBytes = options.maxBytes ?? (media === 'photo' ? STOCK_MAX_DOWNLOAD_BYTES : STOCK_MAX_VIDEO_DOWNLOAD_BYTES);
  const deadline = AbortSignal.timeout(options.timeoutMs ?? (media === 'photo' ? 60_000 : 180_000));
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
  const refuse = (why: string) =>
    new ProviderError('bad_output', `${options.service} sent a ${noun} we could not use.`, { detail: why });
  let response: Response;
  try {
    response = await fetch(url, { signal, redirect: 'follow' });
  } catch (error) {
    options.signal?.throwIfAborted();
    throw new ProviderError(
      deadline.aborted ? 'timeout' : 'unreachable',
      `We couldn't download the ${noun} from ${options.service}.`,
      { detail: String(error) },
    );
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw new ProviderError('unavailable', `We couldn't download the ${noun} from ${options.service}.`, {
      status: response.status,
    });
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
  const accepted = ACCEPTED[media];
  try {
    await pipeline(
      Readable.fromWeb(response.body as import('node:stream/web').ReadableStream),
      limit,
      createWriteStream(file),
      { signal },
    );
    const type = sniffType(Buffer.concat(head).subarray(0, SNIFF_BYTES));
    if (!type || !accepted.types.has(type))
      throw refuse(`its bytes are ${type ?? 'no known type'}, not ${accepted.what}`);
    if (!(await accepted.check(file, signal)))
      throw refuse(media === 'photo' ? 'it does not decode' : 'it holds no playable picture');
  } catch (error) {
    await fs.rm(file, { force: true });
    options.signal?.throwIfAborted();
    if (error instanceof ProviderError) throw error;
    throw new ProviderError(
      deadline.aborted ? 'timeout' : 'unreachable',
      `We couldn't download the ${noun} from ${options.service}.`,
      { detail: String(error) },
    );
  }
}
