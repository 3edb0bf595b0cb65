/**
 * Groups cleaned narration into scenes: each gets its own background and its own narration file, so scenes are
 * cut only between sentences (or, for a sentence too long for one scene, between clauses).
 */
import { countWords } from '~/contract/scripts.ts';

export interface SceneLimits {
  /** A scene shorter than this keeps taking sentences: a fragment too short to stand alone as a beat. */
  minWords: number;
  /** Never exceeded unless one clause alone is longer; a longer sentence is cut at its clauses. */
  maxWords: number;
  maxSentences: number;
}

/**
 * A beat per sentence (docs/design: a new picture every 3-5 s): each sentence is its own scene, a fragment of under
 * five words (about 2 s) joins the next one, and a sentence over 30 words (about 12 s) is cut at its clauses.
 */
export const DEFAULT_SCENE_LIMITS: SceneLimits = { minWords: 5, maxWords: 30, maxSentences: 1 };

/**
 * A long script (over about four minutes of speech) keeps a calmer pace: up to two sentences and at least about 5 s a
 * beat, so a ten-minute video is 100-odd beats rather than 150 flickering ones.
 */
export const LONG_SCRIPT_LIMITS: SceneLimits = { minWords: 12, maxWords: 36, maxSentences: 2 };
export const LONG_SCRIPT_WORDS = 600;

/** Abbreviations whose full stop does not end a sentence (compared lower-case, without the final dot). */
const ABBREVIATIONS = new Set([
  'mr',
  'mrs',
  'ms',
  'dr',
  'prof',
  'sr',
  'jr',
  'st',
  'vs',
  'etc',
  'e.g',
  'i.e',
  'approx',
  'no',
  'fig',
  'inc',
  'ltd',
  'co',
  'corp',
  'jan',
  'feb',
  'mar',
  'apr',
  'jun',
  'jul',
  'aug',
  'sep',
  'sept',
  'oct',
  'nov',
  'dec',
  'u.s',
  'u.k',
  'a.m',
  'p.m',
  'mt',
  'ft',
  'sra',
  'dra',
  'mme',
  'mlle',
  'bzw',
  'z.b',
  'usw',
  'ca',
  'nr',
]);

const TERMINAL = /[.!?…。！？]["'”’»)\]]*$/u;

function endsSentence(token: string): boolean {
  if (!TERMINAL.test(token)) return false;
  if (!/\.["'”’»)\]]*$/u.test(token)) return true;
  const word = token
    .replace(/\.["'”’»)\]]*$/u, '')
    .replace(/^["'“‘«([]+/u, '')
    .toLowerCase();
  if (ABBREVIATIONS.has(word)) return false;
  // Initials such as "J. R. R. Tolkien".
  return !/^\p{Lu}$/u.test(token.replace(/\.$/, ''));
}

/** Sentences of one paragraph, punctuation kept. */
export function splitSentences(paragraph: string): string[] {
  // Chinese and Japanese put no space after a full stop; give the tokenizer one.
  const tokens = paragraph
    .replace(/([。！？])(?=\S)/gu, '$1 ')
    .split(/\s+/)
    .filter(Boolean);
  const sentences: string[] = [];
  let current: string[] = [];
  for (const token of tokens) {
    current.push(token);
    if (endsSentence(token)) {
      sentences.push(current.join(' '));
      current = [];
    }
  }
  if (current.length > 0) sentences.push(current.join(' '));
  return sentences;
}

const CLAUSE_END = /[,;:—–]["'”’»)\]]*$/u;

/**
 * Cuts a sentence longer than `maxWords` after clause punctuation (or a dash), packing clauses greedily; a clause
 * that alone is too long is cut between words as a last resort.
 */
export function splitLongSentence(sentence: string, maxWords: number): string[] {
  const tokens = sentence.split(/\s+/).filter(Boolean);
  if (countWords(sentence) <= maxWords) return [sentence];

  const clauses: string[][] = [];
  let clause: string[] = [];
  for (const token of tokens) {
    clause.push(token);
    if (CLAUSE_END.test(token) || token === '-') {
      clauses.push(clause);
      clause = [];
    }
  }
  if (clause.length > 0) clauses.push(clause);

  const pieces: string[][] = [];
  let piece: string[] = [];
  const pieceWords = () => countWords(piece.join(' '));
  for (const c of clauses) {
    if (piece.length > 0 && pieceWords() + countWords(c.join(' ')) > maxWords) {
      pieces.push(piece);
      piece = [];
    }
    for (const token of c) {
      if (pieceWords() >= maxWords) {
        pieces.push(piece);
        piece = [];
      }
      piece.push(token);
    }
  }
  if (piece.length > 0) pieces.push(piece);
  return pieces.map((p) => p.join(' '));
}

interface Unit {
  text: string;
  words: number;
  startsParagraph: boolean;
}

export function splitScenes(cleanText: string, given?: SceneLimits): string[] {
  const limits = given ?? (countWords(cleanText) > LONG_SCRIPT_WORDS ? LONG_SCRIPT_LIMITS : DEFAULT_SCENE_LIMITS);
  const units: Unit[] = cleanText
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .flatMap((paragraph) =>
      splitSentences(paragraph)
        .flatMap((sentence) => splitLongSentence(sentence, limits.maxWords))
        .map((text, i) => ({ text, words: countWords(text), startsParagraph: i === 0 })),
    )
    .filter((unit) => unit.words > 0);

  const scenes: Unit[][] = [];
  let scene: Unit[] = [];
  let words = 0;
  for (const unit of units) {
    const overflows = words + unit.words > limits.maxWords;
    // A fragment too short to stand alone keeps taking sentences, up to the word limit.
    const standsAlone = words >= limits.minWords;
    const full = standsAlone && scene.length >= limits.maxSentences;
    const enough = standsAlone && scene.length >= 2;
    // A new paragraph is a natural cut, as long as the scene is not left as a fleeting few words.
    const paragraphCut = unit.startsParagraph && words >= limits.minWords / 2;
    if (scene.length > 0 && (overflows || full || enough || paragraphCut)) {
      scenes.push(scene);
      scene = [];
      words = 0;
    }
    scene.push(unit);
    words += unit.words;
  }
  if (scene.length > 0) scenes.push(scene);

  const last = scenes.at(-1);
  const previous = scenes.at(-2);
  const count = (s: Unit[]) => s.reduce((sum, u) => sum + u.words, 0);
  if (last && previous && count(last) < limits.minWords / 2 && count(previous) + count(last) <= limits.maxWords) {
    scenes.splice(-2, 2, [...previous, ...last]);
  }
  return scenes.map((s) => s.map((u) => u.text).join(' '));
}
