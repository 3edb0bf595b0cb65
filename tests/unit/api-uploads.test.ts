/** The pure parts of uploads: the streaming form reader, type sniffing, image decode budgets, storage messages. */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatBytes, storageFullMessage } from '~/contract/storage.ts';
import { loadConfig } from '~/server/config/index.ts';
import { limitBytes } from '~/server/http/body.ts';
import { concurrencyLimit } from '~/server/http/concurrency.ts';
import { HttpError } from '~/server/http/errors.ts';
import { multipartBoundary, readMultipartFile } from '~/server/http/multipart.ts';
import { imageHeader } from '~/server/media/image-size.ts';
import { encodePng } from '~/server/media/png.ts';
import { imageHeaderProblem } from '~/server/media/upload.ts';
import { sniffType } from '~/server/storage/sniff.ts';
import { sweepStaleUploads, uploadTempDir } from '~/server/storage/uploads.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

async function formBody(parts: [string, string | Blob, string?][]) {
  const form = new FormData();
  for (const [name, value, filename] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value, filename);
  }
  const response = new Response(form);
  return {
    boundary: multipartBoundary(response.headers.get('content-type') ?? '')!,
    raw: new Uint8Array(await response.arrayBuffer()),
  };
}

/** The body in pieces of `size` bytes, the way a slow network hands it over. */
async function* pieces(raw: Uint8Array, size: number) {
  for (let at = 0; at < raw.length; at += size) yield raw.subarray(at, at + size);
}

const readFile = (source: AsyncIterable<Uint8Array>, boundary: string) =>
  readMultipartFile(source, boundary, 'file', async (part) => {
    const chunks: Uint8Array[] = [];
    for await (const chunk of part.body) chunks.push(chunk);
    return { filename: part.filename, content: Buffer.concat(chunks) };
  });

describe('streaming multipart reader', () => {
  const content = Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7) % 256));

  it('finds the file field after other fields, whatever the pieces the body arrives in', async () => {
    const { boundary, raw } = await formBody([
      ['title', 'A day at the beach'],
      ['file', new Blob([content]), 'beach.png'],
      ['after', 'ignored'],
    ]);
    for (const size of [1, 2, 3, 7, 31, 64, 1000, raw.length]) {
      expect(await readFile(pieces(raw, size), boundary)).toEqual({ filename: 'beach.png', content });
    }
  });

  it('keeps bytes that look like the start of a boundary inside the file', async () => {
    const tricky = Buffer.concat([bytes('\r\n--'), content, bytes('\r\n-'), bytes('\r\n')]);
    const { boundary, raw } = await formBody([['file', new Blob([tricky]), 'x.bin']]);
    expect((await readFile(pieces(raw, 5), boundary))?.content).toEqual(tricky);
  });

  it('answers undefined without a file field, and 400 for a body cut off or not a form', async () => {
    const { boundary, raw } = await formBody([['file', 'just text']]);
    expect(await readFile(pieces(raw, 10), boundary)).toBeUndefined();
    const upload = await formBody([['file', new Blob([content]), 'a.png']]);
    await expect(readFile(pieces(upload.raw.subarray(0, 3000), 100), upload.boundary)).rejects.toMatchObject({
      status: 400,
    });
    await expect(readFile(pieces(bytes('hello there'), 4), 'xyz')).rejects.toMatchObject({ status: 400 });
  });

  it('reads the boundary from the content type, quoted or not', () => {
    expect(multipartBoundary('multipart/form-data; boundary=----abc123')).toBe('----abc123');
    expect(multipartBoundary('multipart/form-data; charset=utf-8; boundary="a b"')).toBe('a b');
    expect(multipartBoundary('application/json')).toBeUndefined();
    expect(multipartBoundary(undefined)).toBeUndefined();
  });
});

describe('byte limits on streams', () => {
  it('passes chunks until the limit and then throws the limit’s own error', async () => {
    const error = () => new HttpError(413, 'Too big');
    const seen: number[] = [];
    const read = async () => {
      for await (const chunk of limitBytes(pieces(new Uint8Array(100), 30), { maxBytes: 70, error }))
        seen.push(chunk.length);
    };
    await expect(read()).rejects.toMatchObject({ status: 413, message: 'Too big' });
    expect(seen).toEqual([30, 30]);
  });
});

describe('type sniffing', () => {
  const png = encodePng(new Uint8Array(4 * 4 * 3), 4, 4);

  it('names the type the bytes prove, whatever was declared', () => {
    expect(sniffType(bytes('<!doctype html><script>alert(1)</script>'), 'image/png')).toBe('text/plain');
    expect(sniffType(png, 'text/plain')).toBe('image/png');
    expect(sniffType(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffType(bytes('GIF89a....'))).toBe('image/gif');
    expect(sniffType(bytes('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(sniffType(bytes('RIFF\0\0\0\0WAVEfmt '))).toBe('audio/wav');
    expect(sniffType(bytes('%PDF-1.7'))).toBe('application/pdf');
    expect(sniffType(bytes('OggS\0\u0002'))).toBe('audio/ogg');
    expect(sniffType(bytes('ID3\u0004\0'))).toBe('audio/mpeg');
    expect(sniffType(bytes('Grüße, 世界\n'))).toBe('text/plain');
  });

  it('lets the declared type choose only between audio and video in the same container', () => {
    const mp4 = bytes('\0\0\0\u0018ftypisom\0\0\0\0');
    expect(sniffType(mp4, 'audio/mp4')).toBe('audio/mp4');
    expect(sniffType(mp4, 'image/png')).toBe('video/mp4');
    expect(sniffType(bytes('\0\0\0\u0014ftypqt  '))).toBe('video/quicktime');
    const webm = Uint8Array.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f]);
    expect(sniffType(webm, 'audio/webm')).toBe('audio/webm');
    expect(sniffType(webm, 'video/webm')).toBe('video/webm');
  });

  it('takes text cut in the middle of a character, and refuses binary', () => {
    expect(sniffType(bytes('naïve café').subarray(0, 3))).toBe('text/plain');
    expect(sniffType(Uint8Array.from([0x4d, 0x5a, 0x90, 0x00, 0x03]))).toBeUndefined();
    expect(sniffType(new Uint8Array(0))).toBeUndefined();
  });
});

describe('image decode budget', () => {
  const pngHeader = (width: number, height: number, depth: number, colourType: number) => {
    const b = Buffer.from(encodePng(new Uint8Array(3), 1, 1));
    b.writeUInt32BE(width, 16);
    b.writeUInt32BE(height, 20);
    b[24] = depth;
    b[25] = colourType;
    return imageHeader(b)!;
  };

  it('reads depth and channels from the header', () => {
    expect(pngHeader(8192, 8192, 16, 2)).toEqual({ width: 8192, height: 8192, bitsPerChannel: 16, bytesPerPixel: 6 });
    expect(pngHeader(640, 360, 8, 6)).toEqual({ width: 640, height: 360, bitsPerChannel: 8, bytesPerPixel: 4 });
  });

  it('refuses what would take more than 8192×8192 RGBA to decode, saying why', () => {
    expect(imageHeaderProblem(pngHeader(8192, 8192, 8, 6))).toBeNull();
    expect(imageHeaderProblem(pngHeader(8192, 8192, 16, 2))).toBe(
      'This image (8192×8192 at 16 bits per channel) is too large to open. Save it with 8 bits per channel or at a smaller size.',
    );
    // RGBA at 16 bits: 8 bytes a pixel, 512 MiB for 8192×8192.
    expect(pngHeader(8192, 8192, 16, 6).bytesPerPixel).toBe(8);
    expect(imageHeaderProblem(pngHeader(8192, 8192, 16, 6))).toMatch(
      /8192×8192 at 16 bits per channel\) is too large to open/,
    );
    expect(imageHeaderProblem(pngHeader(6000, 6000, 16, 6))).toMatch(/6000×6000 at 16 bits per channel/);
    expect(imageHeaderProblem(pngHeader(4000, 4000, 16, 6))).toBeNull();
    expect(imageHeaderProblem(pngHeader(9000, 300, 8, 2))).toMatch(/between 256 and 8192 pixels/);
  });
});

describe('storage quota', () => {
  it('is configurable, 2 GB unless set', () => {
    expect(loadConfig({}).storageQuotaBytes).toBe(2 * 1024 ** 3);
    expect(loadConfig({ STORAGE_QUOTA_BYTES: '1000' }).storageQuotaBytes).toBe(1000);
    expect(() => loadConfig({ STORAGE_QUOTA_BYTES: 'lots' })).toThrow(/STORAGE_QUOTA_BYTES/);
  });

  it('says how full the storage is in sizes people read', () => {
    expect(storageFullMessage({ used: 1.9 * 1024 ** 3, quota: 2 * 1024 ** 3 })).toBe(
      'Your storage is full: 1.9 GB of 2 GB used. Delete uploads you no longer need.',
    );
    expect([
      formatBytes(900),
      formatBytes(200 * 1024),
      formatBytes(15 * 1024 ** 2),
      formatBytes(4.25 * 1024 ** 2),
    ]).toEqual(['900 B', '200 KB', '15 MB', '4.3 MB']);
  });
});

describe('image decodes at once', () => {
  it('runs at most the limit together and the rest in arrival order as slots free up', async () => {
    const limit = concurrencyLimit(2);
    const started: number[] = [];
    const finish: (() => void)[] = [];
    const works = [0, 1, 2, 3].map((n) =>
      limit(() => {
        started.push(n);
        return new Promise<number>((resolve) => finish.push(() => resolve(n)));
      }),
    );
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual([0, 1]);
    finish[1]!();
    await works[1];
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual([0, 1, 2]);
    finish[0]!();
    finish[2]!();
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual([0, 1, 2, 3]);
    finish[3]!();
    expect(await Promise.all(works)).toEqual([0, 1, 2, 3]);
  });
});

describe('temporary upload files', () => {
  it('are swept when a stopped process left them a day ago, not while an upload may still be writing them', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'nxn-sweep-'));
    try {
      const dir = uploadTempDir({ dataDir });
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, 'old.part'), 'x');
      writeFileSync(path.join(dir, 'new.part'), 'y');
      const twoDaysAgo = (Date.now() - 2 * 24 * 3600 * 1000) / 1000;
      utimesSync(path.join(dir, 'old.part'), twoDaysAgo, twoDaysAgo);
      expect(await sweepStaleUploads({ dataDir })).toBe(1);
      expect(readdirSync(dir)).toEqual(['new.part']);
      expect(await sweepStaleUploads({ dataDir: path.join(dataDir, 'missing') })).toBe(0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
