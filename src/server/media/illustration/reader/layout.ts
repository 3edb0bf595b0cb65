/**
 * What a sentence does, read from its grammar: asks the viewer to act (an imperative of acting on the product),
 * compares two things ("X vs Y", "faster than", "unlike", "instead of"), moves between two places, lists three or
 * more things or gives two or more orders in a row (steps), states a figure, names a place, shows a sure thing; else
 * it is set as its key phrase. Each reading also carries the words for its layout: the action, the two sides, the
 * items, and a 2-6 word phrase as written.
 */

import type { PlaceSubject } from '../places.ts';
import type { BeatLayout, ReadFigure, ReadItem } from '../reading.ts';
import type { ReadSentence, Word } from './nlp.ts';
import type { NounPhrase } from './phrases.ts';
import type { Thing } from './things.ts';
import { isVerb } from './wordnet.ts';

const CTA_VERBS = new Set(
  `download try order buy get start join sign subscribe visit book call shop follow grab claim install click tap register
discover head check see reserve pre-order preorder upgrade contact apply email text share`.split(/\s+/),
);
/** Words that tell an order is a call to act now rather than a step of a how-to. */
const CTA_CUES =
  /\b(today|now|free|link|app|code|off|trial|website|bio|store|online|discount|subscribe|sign up|in the description|\.com)\b/i;
const OPENERS = new Set(['so', 'just', 'now', 'then', 'and', 'go', 'please', 'simply']);
const MOVING = new Set(
  'fly travel drive sail ride walk cycle go take move ship connect cross run head return journey commute hike'.split(
    ' ',
  ),
);

const wordCount = (s: string) => s.split(/\s+/).filter(Boolean).length;
const trimPhrase = (s: string) => s.trim().replace(/^[\s"“'‘(,;:—–-]+|[\s"”'’).,;:!?…—–-]+$/gu, '');

/**
 * A clause's first word after openers ("So, download..."), if it is a bare verb: an order. The tagger sometimes reads
 * an order's verb after a comma as a noun ("glue on a patch"): such a word counts when WordNet knows it as a verb and
 * a preposition, article or possessive follows it.
 */
function orderVerb(words: Word[], from = 0): Word | undefined {
  let i = from;
  while (i < words.length && (OPENERS.has(words[i]!.lower) || words[i]!.pos === 'PUNCT' || words[i]!.pos === 'ADV'))
    i++;
  const w = words[i];
  if (!w) return undefined;
  const bare = w.lower === w.lemma || w.lower === 'sign';
  const next = words[i + 1];
  const misread =
    w.pos === 'NOUN' && i > 0 && next !== undefined && ['ADP', 'DET', 'PRON'].includes(next.pos) && isVerb(w.lower);
  return bare && (w.pos === 'VERB' || misread) ? w : undefined;
}

/** A call to action: the product's name and the action asked, as written ("Order your Flowa today"). */
export function readAction(
  sentence: ReadSentence,
  productName: string | undefined,
): { product: string; action: string } | undefined {
  const verb = orderVerb(sentence.words);
  if (!verb || !CTA_VERBS.has(verb.lemma)) return undefined;
  const names = productName ? productName.toLowerCase() : '';
  const says = names !== '' && sentence.text.toLowerCase().includes(names);
  if (!says && !CTA_CUES.test(sentence.text)) return undefined;
  const rest = sentence.text.slice(verb.start);
  const clause = rest.split(/\s+(?:and|to|so|for|with|—|–)\s+|[,;:.!?]/)[0] ?? rest;
  const action = trimPhrase(clause.split(/\s+/).slice(0, 6).join(' '));
  const named = sentence.words.find((w) => w.pos === 'PROPN' && w.start > verb.start);
  return { product: productName ?? named?.text ?? '', action };
}

const COMPARATIVE = /^(more|less|fewer|better|worse|rather)$|er$/;

/** The cue word of a comparison and where it is. */
function comparisonCue(words: Word[]): number {
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (w.lower === 'vs' || w.lower === 'versus' || w.lower === 'unlike') return i;
    if (w.lower === 'compared' && (words[i + 1]?.lower === 'with' || words[i + 1]?.lower === 'to')) return i;
    if (w.lower === 'instead' && words[i + 1]?.lower === 'of') return i;
    // "cheaper than", "cheaper to run than": a comparative a few words before.
    if (
      w.lower === 'than' &&
      words
        .slice(Math.max(0, i - 4), i)
        .some((b) => (b.pos === 'ADJ' || b.pos === 'ADV' ? COMPARATIVE.test(b.lower) : false))
    )
      return i;
  }
  return -1;
}

const itemOf = (phrase: NounPhrase, things: Thing[]): ReadItem => {
  const thing = things.find((t) => t.at >= phrase.words[0]!.start && t.at <= phrase.words.at(-1)!.start && !t.negated);
  return thing ? { words: phrase.text, icon: thing.icon } : { words: phrase.text };
};

/** The two sides of a comparison: the thing before the cue and the first thing after it. */
export function readSides(
  sentence: ReadSentence,
  phrases: NounPhrase[],
  things: Thing[],
): [ReadItem, ReadItem] | undefined {
  const cue = comparisonCue(sentence.words);
  if (cue === -1) return undefined;
  const after = phrases.find((p) => p.first > cue);
  // "Unlike the supermarket, she...": the side after "unlike" comes first, the main clause's thing second.
  const unlike = sentence.words[cue]!.lower === 'unlike';
  const before = unlike
    ? phrases.find((p) => after && p.first > after.last)
    : phrases.filter((p) => p.last < cue).at(-1);
  if (!before || !after) return undefined;
  return unlike ? [itemOf(after, things), itemOf(before, things)] : [itemOf(before, things), itemOf(after, things)];
}

/** Three or more things in a list ("flour, eggs and milk"): nothing but commas, "and", "or" and determiners between. */
function listedPhrases(sentence: ReadSentence, phrases: NounPhrase[]): NounPhrase[] {
  let best: NounPhrase[] = [];
  let run: NounPhrase[] = [];
  for (const phrase of phrases) {
    const prev = run.at(-1);
    const between = prev ? sentence.words.slice(prev.last + 1, phrase.first) : [];
    // "a handful of spinach", "a cup of almond milk": the item is what the measure is of.
    if (prev && between.length === 1 && between[0]!.lower === 'of') {
      run = [...run.slice(0, -1), phrase];
      continue;
    }
    const joins =
      prev !== undefined &&
      between.length > 0 &&
      between.every((w) => w.text === ',' || w.pos === 'CCONJ' || w.pos === 'DET' || w.pos === 'NUM') &&
      between.some((w) => w.text === ',' || w.pos === 'CCONJ');
    run = joins ? [...run, phrase] : [phrase];
    if (run.length > best.length) best = run;
  }
  return best.length >= 3 && !best.every((p) => p.negated) ? best : [];
}

/** Two or more orders in a row ("Sand the spot, glue on a patch, and wait"): each clause an item. */
function orderedClauses(sentence: ReadSentence, things: Thing[]): ReadItem[] {
  const clauses: Array<{ start: number; end: number }> = [];
  const { words, text } = sentence;
  let start = 0;
  for (let i = 0; i <= words.length; i++) {
    const w = words[i];
    const breaks = !w || w.text === ',' || w.text === ';' || (w.lower === 'then' && i > start) || w.pos === 'CCONJ';
    if (breaks) {
      if (i > start) clauses.push({ start, end: i - 1 });
      start = i + 1;
    }
  }
  const orders = clauses.filter((c) => orderVerb(words, c.start) !== undefined);
  if (orders.length < 2 || orders.length < clauses.length - 1) return [];
  return orders.map((c) => {
    const from = orderVerb(words, c.start)!.start;
    const to = words[c.end]!.end;
    const thing = things.find((t) => t.at >= from && t.at < to && !t.negated);
    const item = trimPhrase(text.slice(from, to));
    return thing ? { words: item, icon: thing.icon } : { words: item };
  });
}

export function readItems(sentence: ReadSentence, phrases: NounPhrase[], things: Thing[]): ReadItem[] {
  const listed = listedPhrases(sentence, phrases);
  if (listed.length > 0) return listed.map((p) => itemOf(p, things));
  return orderedClauses(sentence, things);
}

/** Whether the sentence moves between its two places ("from Lisbon to Porto", "flew to Tokyo"). */
export function movesBetween(sentence: ReadSentence, places: PlaceSubject[]): boolean {
  if (places.length < 2) return false;
  const lower = sentence.text.toLowerCase();
  return (
    /\bfrom\b[^.]*\bto\b|\bbetween\b/.test(lower) ||
    sentence.words.some((w) => w.pos === 'VERB' && MOVING.has(w.lemma)) ||
    /\b(train|flight|ferry|road trip|route|drive|journey)\b/.test(lower)
  );
}

/** 2-6 words as written worth setting in big type: a quotation, a short sentence, what follows a colon, a verb and its object. */
export function keyPhrase(sentence: ReadSentence, phrases: NounPhrase[]): string {
  const { text, words } = sentence;
  const fits = (s: string) => wordCount(s) >= 2 && wordCount(s) <= 6;
  for (const m of text.matchAll(/["“]([^"”]{2,80})["”]/g)) if (fits(trimPhrase(m[1]!))) return trimPhrase(m[1]!);
  if (fits(trimPhrase(text))) return trimPhrase(text);
  for (const m of text.matchAll(/[:—–]\s*([^.!?:—–]+)/g)) if (fits(trimPhrase(m[1]!))) return trimPhrase(m[1]!);
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (w.pos !== 'VERB') continue;
    // A verb and its direct object ("opened her bakery"), nothing but determiners and describing words between.
    const object = phrases.find((p) => p.first > i && p.first <= i + 3);
    if (!object || words.slice(i + 1, object.first).some((b) => !['DET', 'PRON', 'NUM', 'ADJ', 'PART'].includes(b.pos)))
      continue;
    const phrase = trimPhrase(text.slice(w.start, object.words.at(-1)!.end));
    if (fits(phrase)) return phrase;
  }
  const longest = phrases.filter((p) => fits(p.text)).sort((a, b) => wordCount(b.text) - wordCount(a.text))[0];
  return longest?.text ?? '';
}

export interface LayoutInput {
  action?: { product: string; action: string };
  sides?: [ReadItem, ReadItem];
  places: PlaceSubject[];
  route: boolean;
  items: ReadItem[];
  figure?: ReadFigure;
  subjectSure: boolean;
}

/** The layout, by what the sentence does, most particular first. */
export function chooseLayout(input: LayoutInput): BeatLayout {
  if (input.action) return 'call-to-action';
  if (input.sides) return 'comparison';
  if (input.route) return 'route';
  if (input.items.length >= 2) return 'steps';
  const figure = input.figure;
  if (figure && !figure.year) return 'figure';
  if (input.places.length > 0) return 'place';
  if (figure) return 'figure';
  if (input.subjectSure) return 'subject';
  return 'key-phrase';
}
