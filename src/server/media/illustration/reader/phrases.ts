/**
 * Noun phrases and names in a tagged sentence, and which of them are said as absent. A noun phrase is a run of
 * adjectives and nouns ending on a noun ("raised wooden beds", "bolt cutters"), with participles that describe
 * ("grilled squid", "frying pan"); capitalised words in a row, joined by "of" or "the" when a capitalised word follows
 * ("Symphony of Lights"), are a name.
 */
import type { ReadSentence, Word } from './nlp.ts';

export interface NounPhrase {
  /** Indexes of its words in the sentence, first to last; the last is its head. */
  first: number;
  last: number;
  /** The words as written. */
  text: string;
  words: Word[];
  /** Word indexes (into `words`) that belong to a name. */
  named: Set<number>;
  /** Said as absent: "no tools", "without a drill", "you don't need a ladder": drawn crossed out. */
  negated: boolean;
  /** The subject of something that does not happen ("the sun does not rise"): nothing to draw, not even crossed out. */
  notHappening: boolean;
  /** The phrase is a direct object or subject, not inside a prepositional phrase. */
  core: boolean;
}

const isNounish = (w: Word) => w.pos === 'NOUN' || w.pos === 'PROPN';
const isName = (w: Word) => w.pos === 'PROPN' || (w.capitalised && w.pos === 'NOUN');
/** A participle that describes the next noun: "raised beds", "grilled squid", "frying pan". */
const isDescribingVerb = (words: Word[], i: number): boolean => {
  const w = words[i]!;
  const next = words[i + 1];
  return w.pos === 'VERB' && /(ed|ing)$/.test(w.lower) && next !== undefined && (isNounish(next) || next.pos === 'ADJ');
};

const NEGATORS = new Set(['no', 'without', 'zero', 'not']);
const NOT = new Set(["n't", 'not', 'never', 'nt']);
/** Verbs whose object, when the verb is negated, is absent: "you don't need a ladder", "it never uses batteries". */
const HAVING_VERBS = new Set(
  'need require use have include contain add buy pay bring carry want install download own charge check worry'.split(
    ' ',
  ),
);

/** Verbs that leave their object out: "skip the taxis", "avoid sugar", "forget the cable". */
const AVOIDING_VERBS = new Set('skip avoid forget ditch cancel lose drop'.split(' '));

function negatedAt(words: Word[], first: number): boolean {
  // "no tools", "without a single cable", "no more apps": a negator a few determiners or adjectives before.
  for (let k = first - 1; k >= 0 && k >= first - 3; k--) {
    const w = words[k]!;
    if (NEGATORS.has(w.lower)) return true;
    if (!['DET', 'ADJ', 'NUM', 'ADV'].includes(w.pos)) break;
  }
  // "don't need a ladder": the object of a negated verb of having, with no preposition between.
  for (let k = first - 1; k >= 0 && k >= first - 6; k--) {
    const w = words[k]!;
    if (w.pos === 'PUNCT' || w.pos === 'ADP' || w.pos === 'CCONJ' || w.pos === 'SCONJ') return false;
    if (w.pos === 'VERB' && AVOIDING_VERBS.has(w.lemma)) return true;
    if (w.pos === 'VERB' && HAVING_VERBS.has(w.lemma)) {
      const before = words.slice(Math.max(0, k - 3), k);
      return before.some((b) => NOT.has(b.lower));
    }
  }
  return false;
}

/**
 * A subject whose verb is negated: "the sun does not rise", "tools are not needed", "the bears never come".
 */
function negatedAfter(words: Word[], last: number): boolean {
  for (let k = last + 1; k < words.length && k <= last + 3; k++) {
    const w = words[k]!;
    if (NOT.has(w.lower)) return words.slice(k + 1, k + 3).some((v) => v.pos === 'VERB');
    if (w.pos !== 'AUX' && w.pos !== 'ADV') return false;
  }
  return false;
}

/** Whether a preposition governs the phrase ("on raised beds", "under water"), so it is a setting, not the subject. */
function inPrepositionalPhrase(words: Word[], first: number): boolean {
  for (let k = first - 1; k >= 0; k--) {
    const w = words[k]!;
    if (w.pos === 'ADP') return true;
    if (!['DET', 'ADJ', 'NUM', 'PRON', 'PART'].includes(w.pos)) return false;
  }
  return false;
}

export function nounPhrases(sentence: ReadSentence): NounPhrase[] {
  const { words, text } = sentence;
  const phrases: NounPhrase[] = [];
  let i = 0;
  while (i < words.length) {
    const start = i;
    let lastNoun = -1;
    while (i < words.length) {
      const w = words[i]!;
      const joinsName =
        (w.lower === 'of' || w.lower === 'the' || w.lower === 'de') &&
        i > start &&
        isName(words[i - 1]!) &&
        words[i + 1] !== undefined &&
        (isName(words[i + 1]!) || (w.lower === 'of' && words[i + 1]!.lower === 'the' && isName(words[i + 2] ?? w)));
      const hyphen = w.text === '-' && i > start && words[i + 1] !== undefined && words[i + 1]!.start === w.end;
      if (isNounish(w) || w.pos === 'ADJ' || isDescribingVerb(words, i) || joinsName || hyphen) {
        if (isNounish(w)) lastNoun = i;
        i++;
      } else break;
    }
    if (lastNoun >= start) {
      const span = words.slice(start, lastNoun + 1);
      const named = new Set<number>();
      span.forEach((w, k) => {
        if (isName(w)) named.add(k);
      });
      // "of" and "the" inside a name belong to it.
      span.forEach((w, k) => {
        if (!isName(w) && named.has(k - 1) && [...named].some((n) => n > k)) named.add(k);
      });
      phrases.push({
        first: start,
        last: lastNoun,
        text: text.slice(span[0]!.start, span.at(-1)!.end),
        words: span,
        named,
        negated: negatedAt(words, start),
        notHappening: negatedAfter(words, lastNoun),
        core: !inPrepositionalPhrase(words, start),
      });
    }
    i = Math.max(i, start + 1);
  }
  return phrases;
}
