/** Stable fingerprints of text, for choices that vary by input but never between runs or machines. */

/** FNV-1a over UTF-16 units: a stable 32-bit fingerprint of a text. */
export function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
