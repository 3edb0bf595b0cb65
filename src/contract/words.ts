/**
 * What counts as a word, the same in the editor, the price, the scene splitter and the captions. Most scripts
 * separate words with spaces; Chinese, Japanese, Thai, Lao, Khmer and Burmese do not, so runs in those scripts are
 * cut by the platform's dictionary word segmenter (Intl.Segmenter, in every current browser and in Node).
 */

export const UNSPACED_SCRIPT =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Myanmar}\p{Script=Khmer}]/u;
const HAS_WORD = /[\p{L}\p{N}]/u;

/** A word that ends a sentence, or a clause, in any of these scripts (closing quotes and brackets may follow). */
export const SENTENCE_END = /[.!?…。！？]["'”’)」』]*$/u;
export const CLAUSE_END = /[,;:—–，、；：]["'”’)」』]*$/u;

export interface WordToken {
  /** As written, punctuation included. */
  text: string;
  /** UTF-16 offsets into the source text; `end` is exclusive. */
  start: number;
  end: number;
  /** Written straight after the previous word, with no space between (Chinese, Thai...). */
  joinsPrevious: boolean;
}

let segmenter: Intl.Segmenter | undefined;

/** One whitespace-free run as word pieces: itself, or its segments when it is in an unspaced script. */
function pieces(run: string, offset: number): WordToken[] {
  if (!UNSPACED_SCRIPT.test(run)) return [{ text: run, start: offset, end: offset + run.length, joinsPrevious: false }];
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'word' });
  return [...segmenter.segment(run)].map(({ segment, index }) => ({
    text: segment,
    start: offset + index,
    end: offset + index + segment.length,
    joinsPrevious: index > 0,
  }));
}

const join = (a: WordToken, b: WordToken): WordToken => ({
  text: `${a.text}${b.joinsPrevious ? '' : ' '}${b.text}`,
  start: a.start,
  end: b.end,
  joinsPrevious: a.joinsPrevious,
});

/**
 * The words of `text`. A piece with no letter or digit (a lone dash, "…", "，") is glued to its neighbour, so every
 * word is something a voice actually says.
 */
export function tokenizeWords(text: string): WordToken[] {
  const tokens: WordToken[] = [];
  let pending: WordToken | null = null;
  for (const match of text.matchAll(/\S+/g)) {
    for (const piece of pieces(match[0], match.index)) {
      if (HAS_WORD.test(piece.text)) {
        tokens.push(pending ? join(pending, piece) : piece);
        pending = null;
      } else if (tokens.length > 0) {
        tokens[tokens.length - 1] = join(tokens[tokens.length - 1]!, piece);
      } else {
        pending = pending ? join(pending, piece) : piece;
      }
    }
  }
  return tokens;
}

export const countWords = (text: string): number => tokenizeWords(text).length;

/** A run of letters and digits; an apostrophe inside it ("don't", "l’eau") does not end it. */
const SPOKEN_RUN = /[\p{L}\p{N}\p{M}]+(?:['’][\p{L}\p{N}\p{M}]+)*/gu;

/**
 * How many words a voice says for one written word: its letter and digit runs. "one,two,three" typed without
 * spaces is three words to the ear, however it was written, so it is three words to the price too.
 */
export const spokenWords = (word: string): number => word.match(SPOKEN_RUN)?.length ?? 0;
