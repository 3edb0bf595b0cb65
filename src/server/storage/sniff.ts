/**
 * The type a file's first bytes prove, whatever the client claimed. Uploads are stored (and later served) with this
 * type, so an HTML page sent as `image/png` is never handed back to a browser as anything it would run.
 */

/** How many leading bytes `sniffType` needs; readers keep this much of a stream's start. */
export const SNIFF_BYTES = 4096;

export type SniffedType =
  | 'image/png'
  | 'image/jpeg'
  | 'image/webp'
  | 'image/gif'
  | 'audio/mpeg'
  | 'audio/wav'
  | 'audio/ogg'
  | 'audio/webm'
  | 'audio/mp4'
  | 'video/mp4'
  | 'video/webm'
  | 'video/quicktime'
  | 'application/pdf'
  | 'text/plain';

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
const startsWith = (bytes: Uint8Array, signature: readonly number[]) => signature.every((b, i) => bytes[i] === b);

/**
 * `declared` only chooses between types the bytes cannot tell apart (WebM and MP4 carry audio or video); it never
 * makes bytes into a type they are not. Undefined: nothing this server takes.
 */
export function sniffType(head: Uint8Array, declared = ''): SniffedType | undefined {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (head.length >= 6 && /^GIF8[79]a$/.test(ascii(head, 0, 6))) return 'image/gif';
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF') {
    const form = ascii(head, 8, 12);
    if (form === 'WEBP') return 'image/webp';
    if (form === 'WAVE') return 'audio/wav';
    return undefined;
  }
  if (head.length >= 5 && ascii(head, 0, 5) === '%PDF-') return 'application/pdf';
  if (head.length >= 4 && ascii(head, 0, 4) === 'OggS') return 'audio/ogg';
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return declared.startsWith('audio/') ? 'audio/webm' : 'video/webm';
  if (head.length >= 12 && ascii(head, 4, 8) === 'ftyp') {
    if (ascii(head, 8, 12) === 'qt  ') return 'video/quicktime';
    return declared.startsWith('audio/') ? 'audio/mp4' : 'video/mp4';
  }
  if (head.length >= 3 && ascii(head, 0, 3) === 'ID3') return 'audio/mpeg';
  // An MPEG audio frame header: 11 sync bits, then a layer that is not "reserved".
  if (head.length >= 2 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0 && (head[1]! & 0x06) !== 0)
    return 'audio/mpeg';
  if (isPlainText(head)) return 'text/plain';
  return undefined;
}

/** UTF-8 without control characters other than tab, newline, carriage return and form feed. */
function isPlainText(head: Uint8Array): boolean {
  if (head.length === 0) return false;
  // The head may end inside a multi-byte character: drop an incomplete one (at most 3 bytes) at the end.
  let end = head.length;
  for (let back = 1; back <= Math.min(3, head.length); back++) {
    const byte = head[head.length - back]!;
    if ((byte & 0xc0) === 0x80) continue;
    const needs = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    if (needs > back) end = head.length - back;
    break;
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, end));
  } catch {
    return false;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what tells binary from text here
  return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text);
}
