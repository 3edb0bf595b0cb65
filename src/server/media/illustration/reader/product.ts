/**
 * The product a script sells, for the call to action's card when that sentence does not name it ("Order yours
 * today" after "Meet Flowa, the bottle that..."). A name counts only where the script presents it as a thing to get:
 * after "introducing" or an order to get it ("Download Stepwise"), or followed by what it is ("Flowa is a smart
 * bottle", "Casa Mar, a café by the sea") when WordNet files that noun under things made, kept or eaten. A person
 * ("Meet Maria, a baker") or a place ("Visit Lisbon") is no product; two names with the same support are a doubt. In
 * doubt there is no name: a card with the action alone is better than one with the wrong name.
 */
import { findPlaces } from '../places.ts';
import type { ReadSentence, Word } from './nlp.ts';
import { isVerb, senses } from './wordnet.ts';

/** Orders whose object is the thing to get; "introducing" presents it. */
const GETS = new Set([
  'download',
  'try',
  'order',
  'buy',
  'get',
  'install',
  'grab',
  'preorder',
  'pre-order',
  'introduce',
]);
/** What a product is filed under in WordNet: an object made, software and media, food and drink, goods, a service. */
const PRODUCT_KINDS = new Set(['artifact', 'communication', 'food', 'substance', 'possession', 'act']);
const NOT_NAMES =
  /^(i|monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december|today|tomorrow)$/i;
const MAX_NAME_WORDS = 3;

const startsWithCapital = (word: Word) => /^\p{Lu}/u.test(word.text);
/** WordNet writes "cafe", scripts "café". */
const withoutAccents = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '');

/** A sentence in title case ("Sign Up Today") says nothing about which words are names. */
function titleCase(sentence: ReadSentence): boolean {
  const words = sentence.words.filter((w) => /^\p{L}/u.test(w.text));
  return words.length > 2 && words.filter(startsWithCapital).length / words.length > 0.6;
}

/**
 * The name that starts at word `i` (up to three capitalised words, one of them tagged a name), with where it ends. A
 * sentence's first word is capitalised anyway: there it starts a name only if it is no verb ("Meet Flowa").
 */
function nameAt(words: readonly Word[], i: number): { text: string; next: number } | undefined {
  if (i === 0 && words[0] && isVerb(words[0].lower)) return undefined;
  let end = i;
  while (end < words.length && end - i < MAX_NAME_WORDS && startsWithCapital(words[end]!) && words[end]!.pos !== 'DET')
    end++;
  const run = words.slice(i, end);
  if (run.length === 0 || !run.some((w) => w.pos === 'PROPN')) return undefined;
  const text = run.map((w) => w.text).join(' ');
  if (NOT_NAMES.test(text) || text.length < 2 || findPlaces(text).length > 0) return undefined;
  return { text, next: end };
}

/** "is a smart bottle", ", the app that...": the first noun within four words, filed under PRODUCT_KINDS. */
function saysWhatItIs(words: readonly Word[], from: number): boolean {
  const link = words[from];
  const copula = link?.lemma === 'be' || link?.text === ',';
  const article = words[from + 1];
  if (!copula || !article || article.pos !== 'DET') return false;
  // The model tags some nouns it does not know as names ("café"); written in lower case, they are nouns.
  const noun = words
    .slice(from + 2, from + 6)
    .find((w) => w.pos === 'NOUN' || (w.pos === 'PROPN' && !startsWithCapital(w)));
  const kind = noun ? senses(withoutAccents(noun.lemma))[0]?.lexfile : undefined;
  return kind !== undefined && PRODUCT_KINDS.has(kind);
}

/** Where the sentence presents a name as a product, by the words before or after it. */
function presentedNames(sentence: ReadSentence): string[] {
  const { words } = sentence;
  const found: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const before = words[i - 1];
    const beforeThat = words[i - 2];
    const gets = (w: Word | undefined) => w !== undefined && GETS.has(w.lemma);
    const ordered = gets(before) || (before?.pos === 'DET' && gets(beforeThat));
    const name = nameAt(words, i);
    if (!name) continue;
    if (ordered || saysWhatItIs(words, name.next)) found.push(name.text);
    i = name.next - 1;
  }
  return found;
}

export function scriptProduct(sentences: readonly ReadSentence[]): string | undefined {
  const support = new Map<string, number>();
  for (const sentence of sentences) {
    if (titleCase(sentence)) continue;
    for (const name of presentedNames(sentence)) support.set(name, (support.get(name) ?? 0) + 1);
  }
  const ranked = [...support].sort((a, b) => b[1] - a[1]);
  const [first, second] = ranked;
  if (!first || (second && second[1] === first[1])) return undefined;
  return first[0];
}
