/**
 * The one rule for text a person sends: every free-text field of every request, in the browser and on the server.
 * Control characters (NUL and the rest of C0 except tab, newline and carriage return, and DEL) are invisible, and a
 * lone UTF-16 surrogate is half a character; PostgreSQL refuses NUL in text and both in jsonb, and no engine can
 * speak or draw either. Requests carrying them are refused field by field; file names and model replies are
 * cleaned instead, since nobody typed them.
 */
import { z } from 'zod';

// With the `u` flag a well-formed surrogate pair is one code point, so \p{Cs} only matches a lone half.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this removes
const UNSAFE = /[\0-\x08\x0B\x0C\x0E-\x1F\x7F\p{Cs}]/u;
const UNSAFE_ALL = new RegExp(UNSAFE.source, 'gu');

export const UNSAFE_TEXT_MESSAGE = 'Remove the invisible control characters from this text.';

export const isCleanText = (text: string): boolean => !UNSAFE.test(text);

/**
 * A string field that refuses unsafe characters; chain `.trim()`, `.min()`, `.max()` after it as on `z.string()`.
 * The check runs first, so its message is the one the field shows.
 */
export const textField = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine(isCleanText, UNSAFE_TEXT_MESSAGE);

/**
 * The dotted path ("payload.notes.0", a key included) of the first string or object key in parsed JSON that breaks
 * the rule, or undefined. Guards what schemas pass through unread (job payloads, records) before it is stored.
 */
export function findUncleanText(value: unknown, path: readonly (string | number)[] = []): string | undefined {
  if (typeof value === 'string') return isCleanText(value) ? undefined : path.join('.') || '_';
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = findUncleanText(item, [...path, i]);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (!isCleanText(key)) return [...path, key.replace(UNSAFE_ALL, '')].join('.');
      const found = findUncleanText(item, [...path, key]);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** The text without the characters the rule refuses: for text nobody typed (file names, a model's reply). */
export const stripUnsafeText = (text: string): string => text.replace(UNSAFE_ALL, '');

export const FILE_NAME_MAX = 200;

/** A file's display name: unsafe characters dropped, at most 200 characters (whole code points); null if none left. */
export function cleanFileName(name: string): string | null {
  const cleaned = Array.from(stripUnsafeText(name).trim()).slice(0, FILE_NAME_MAX).join('').trim();
  return cleaned || null;
}
