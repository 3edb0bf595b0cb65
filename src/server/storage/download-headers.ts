/**
 * How user files are served. Anyone can upload bytes and name them, so a file opened in a tab must never run as a
 * page of the API's origin: only media types browsers merely display are shown inline; everything else downloads,
 * and every response carries a sandboxing CSP and nosniff in case a browser renders it anyway.
 */

/** Types a browser shows as an image, sound or video, with no script or markup (so no SVG, HTML or PDF). */
const INLINE_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  'audio/mpeg',
  'audio/wav',
  'audio/x-wav',
  'audio/ogg',
  'audio/webm',
  'audio/mp4',
  'audio/aac',
  'video/mp4',
  'video/webm',
  'video/quicktime',
]);

/** The page a file would be, were it rendered: no scripts, no plugins, no requests but its own media. */
export const USER_FILE_CSP = "sandbox; default-src 'none'; img-src 'self'; media-src 'self'";

const mediaType = (contentType: string): string => (contentType.split(';')[0] ?? '').trim().toLowerCase();

export const isInlineSafe = (contentType: string): boolean => INLINE_TYPES.has(mediaType(contentType));

/** Characters RFC 5987 lets through unescaped (attr-char); encodeURIComponent also leaves ! ' ( ) * ~ alone. */
const encodeExtValue = (value: string): string =>
  encodeURIComponent(value).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * Content-Disposition per RFC 6266: `filename*` carries the exact name in UTF-8 (RFC 5987), and `filename` an ASCII
 * stand-in for old clients (accents dropped, other characters as "_"). Header values are Latin-1 at most, so a raw
 * Cyrillic, CJK or emoji name cannot go in `filename` at all.
 */
export function contentDisposition(kind: 'inline' | 'attachment', filename: string): string {
  // Control characters and path separators have no place in a saved file's name.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what a file name must not carry into a header
  const name = filename.replace(/[\u0000-\u001f\u007f/\\]/g, '_').trim() || 'download';
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/gu, '_')
    .replace(/["%]/g, '_');
  return ascii === name
    ? `${kind}; filename="${ascii}"`
    : `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeExtValue(name)}`;
}

/** The disposition a stored file is served with, here or by a storage backend's direct link. */
export const fileDisposition = (file: { contentType: string; name: string | null; id: string }): string =>
  contentDisposition(isInlineSafe(file.contentType) ? 'inline' : 'attachment', file.name ?? file.id);

/** Headers of every user-file response, whole or ranged. */
export function downloadHeaders(file: {
  contentType: string;
  name: string | null;
  id: string;
}): Record<string, string> {
  return {
    'Content-Type': file.contentType,
    'Content-Disposition': fileDisposition(file),
    'Content-Security-Policy': USER_FILE_CSP,
    'X-Content-Type-Options': 'nosniff',
    'Accept-Ranges': 'bytes',
    'Cache-Control': 'private, max-age=3600',
    // Media elements on the site's origin load this cross-origin.
    'Cross-Origin-Resource-Policy': 'cross-origin',
  };
}
