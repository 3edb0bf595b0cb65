/** Stage `clean`: what of the script a voice reads aloud. */
import { cleanScript } from '~/contract/clean.ts';
import { NOTHING_TO_READ_MESSAGE } from '~/contract/video.ts';
import { MediaError } from '../errors.ts';
import type { Manifest } from './manifest.ts';

/** Whether a voice has anything to read in `text`: a letter or a digit. */
export const hasWords = (text: string): boolean => /[\p{L}\p{N}]/u.test(text);

export function clean(script: string): Required<Pick<Manifest, 'text'>> {
  const text = cleanScript(script);
  if (!hasWords(text)) throw new MediaError(NOTHING_TO_READ_MESSAGE, 'clean', { retryable: false });
  return { text };
}
