import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Compression shared by the build-time precompressor (scripts/precompress.ts) and the web server's fallback.
 * The build writes `file.br` / `file.gz` next to each compressible file at maximum quality, so the server spends
 * no CPU per request; files without such siblings are compressed once by the server and kept in memory.
 */

export type Encoding = 'br' | 'gzip';

const COMPRESSIBLE = /\.(html|css|js|mjs|json|xml|svg|txt|webmanifest|map|ico)$/i;
/** Below this, headers outweigh the savings. */
export const MIN_COMPRESS_BYTES = 512;

export function isCompressible(path: string, size: number): boolean {
  return size >= MIN_COMPRESS_BYTES && COMPRESSIBLE.test(path);
}

export const SIBLING_SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

export function compress(data: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      })
    : gzipSync(data, { level: 9 });
}

/** Picks the best encoding the client accepts (q=0 means refused), preferring brotli. */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const quality = (name: Encoding): number => accepted.get(name) ?? (accepted.has('*') ? (accepted.get('*') ?? 0) : 0);
  if (quality('br') > 0) return 'br';
  if (quality('gzip') > 0) return 'gzip';
  return null;
}
