/**
 * Splits long text for synthesis. Engines cap a request (OpenAI at 4096 characters) and long requests give no
 * progress, so text is cut only where a speaker pauses anyway: between paragraphs, then sentences, and inside a
 * sentence too long for one request, between clauses. Sentences are packed into chunks up to the engine's limit,
 * and each chunk records the pause that the joiner puts after it.
 */
import { splitLongSentence, splitSentences } from '~/server/media/scenes.ts';

export interface SpeechChunk {
  text: string;
  pauseAfterMs: number;
}

export const PAUSES_MS = { paragraph: 550, sentence: 280, clause: 140 } as const;

/** A rough words-per-characters ratio to turn a character cap into the word cap the clause splitter takes. */
const CHARS_PER_WORD = 7;

interface Unit {
  text: string;
  pauseAfterMs: number;
}

const length = (text: string): number => [...text].length;

/** A sentence still too long after clause splitting (one endless clause) is cut at the last space under the cap. */
function hardSplit(text: string, maxChars: number): string[] {
  const pieces: string[] = [];
  let rest = text;
  while (length(rest) > maxChars) {
    const head = [...rest].slice(0, maxChars).join('');
    const cut = head.lastIndexOf(' ') > maxChars / 2 ? head.lastIndexOf(' ') : head.length;
    pieces.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) pieces.push(rest);
  return pieces;
}

function units(text: string, maxChars: number): Unit[] {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  return paragraphs.flatMap((paragraph, p) => {
    const sentences = splitSentences(paragraph);
    return sentences.flatMap((sentence, s) => {
      const clauses =
        length(sentence) > maxChars
          ? splitLongSentence(sentence, Math.max(1, Math.floor(maxChars / CHARS_PER_WORD)))
          : [sentence];
      const pieces = clauses.flatMap((clause) => hardSplit(clause, maxChars));
      const sentenceEnd =
        s === sentences.length - 1 && p < paragraphs.length - 1 ? PAUSES_MS.paragraph : PAUSES_MS.sentence;
      return pieces.map((piece, c) => ({
        text: piece,
        pauseAfterMs: c === pieces.length - 1 ? sentenceEnd : PAUSES_MS.clause,
      }));
    });
  });
}

export function chunkSpeechText(text: string, maxChars: number): SpeechChunk[] {
  const chunks: SpeechChunk[] = [];
  let current: Unit | undefined;
  for (const unit of units(text, maxChars)) {
    // A paragraph break always ends a chunk so its longer pause is ours to control; otherwise pack up to the cap.
    const fits =
      current &&
      current.pauseAfterMs !== PAUSES_MS.paragraph &&
      length(current.text) + 1 + length(unit.text) <= maxChars;
    if (current && fits) current = { text: `${current.text} ${unit.text}`, pauseAfterMs: unit.pauseAfterMs };
    else {
      if (current) chunks.push(current);
      current = unit;
    }
  }
  if (current) chunks.push(current);
  return chunks;
}
