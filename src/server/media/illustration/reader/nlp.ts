/**
 * A sentence read with wink-nlp and its English model (MIT): words with their part of speech (Universal
 * Dependencies tags), dictionary form and place in the text, and the entities it names. The model (4 MB) loads on the
 * first sentence, once per process; a sentence then takes about a millisecond.
 */
import { createRequire } from 'node:module';
import { isVerb } from './wordnet.ts';

const require = createRequire(import.meta.url);

export type Pos =
  | 'ADJ'
  | 'ADP'
  | 'ADV'
  | 'AUX'
  | 'CCONJ'
  | 'DET'
  | 'INTJ'
  | 'NOUN'
  | 'NUM'
  | 'PART'
  | 'PRON'
  | 'PROPN'
  | 'PUNCT'
  | 'SCONJ'
  | 'SYM'
  | 'VERB'
  | 'X'
  | 'SPACE';

export interface Word {
  /** As written. */
  text: string;
  lower: string;
  /** Dictionary form, lower case. */
  lemma: string;
  pos: Pos;
  /** Character offsets in the sentence. */
  start: number;
  end: number;
  /** Written with a capital and not the sentence's first word. */
  capitalised: boolean;
}

export interface ReadSentence {
  text: string;
  words: Word[];
  /** Entities wink finds (TIME, DATE, DURATION, CARDINAL, PERCENT, MONEY...), with the words they span. */
  entities: Array<{ type: string; first: number; last: number }>;
}

interface WinkDoc {
  tokens(): { out(f: unknown): unknown[] };
  entities(): { out(f: unknown): unknown[] };
}
interface Wink {
  readDoc(text: string): WinkDoc;
  its: Record<string, unknown>;
}

let wink: Wink | undefined;
export const nlpLoadStats = { ms: 0 };

function nlp(): Wink {
  if (wink) return wink;
  const started = performance.now();
  const winkNLP = require('wink-nlp') as (model: unknown) => Wink;
  wink = winkNLP(require('wink-eng-lite-web-model'));
  nlpLoadStats.ms = performance.now() - started;
  return wink;
}

function tag(text: string): { values: string[]; pos: Pos[]; lemmas: string[]; doc: WinkDoc } {
  const { readDoc, its } = nlp();
  const doc = readDoc.call(nlp(), text);
  const tokens = doc.tokens();
  return {
    values: tokens.out(its.value) as string[],
    pos: tokens.out(its.pos) as Pos[],
    lemmas: (tokens.out(its.lemma) as string[]).map((l) => l.toLowerCase()),
    doc,
  };
}

/**
 * Reads one sentence. The model tags a capitalised first word as a name ("Spread the cherries", "Bolt cutters
 * can't"): when it does and the next word is no name, the sentence is tagged again with that word in lower case, and
 * that reading wins.
 */
export function readSentence(text: string): ReadSentence {
  let tagged = tag(text);
  const secondIsName = tagged.pos[1] === 'PROPN';
  if (tagged.pos[0] === 'PROPN' && !secondIsName && /^\p{Lu}\p{Ll}/u.test(text)) {
    const lowered = tag(text[0]!.toLowerCase() + text.slice(1));
    if (lowered.pos[0] !== 'PROPN' && lowered.values.length === tagged.values.length)
      tagged = { ...lowered, values: tagged.values };
  }
  // "Snap a photo", "Sand the spot": a first word before an article or a possessive is an order's verb.
  const next = tagged.pos[1];
  const objectPronoun = /^(your|my|our|their|his|her|its|it|them|him|me|us)$/i.test(tagged.values[1] ?? '');
  if (
    (tagged.pos[0] === 'NOUN' || tagged.pos[0] === 'PROPN') &&
    (next === 'DET' || (next === 'PRON' && objectPronoun))
  ) {
    tagged = { ...tagged, pos: ['VERB', ...tagged.pos.slice(1)] };
  }
  // "Plant tomatoes, lettuce and herbs": a sentence with no verb that opens on a word WordNet knows as a verb is an order.
  if (
    (tagged.pos[0] === 'NOUN' || tagged.pos[0] === 'PROPN') &&
    tagged.pos.every((p) => p !== 'VERB' && p !== 'AUX') &&
    isVerb(tagged.values[0]!)
  ) {
    tagged = { ...tagged, pos: ['VERB', ...tagged.pos.slice(1)] };
  }
  // "Bean There roasts its beans": a noun after a name or noun and before a possessive is the verb.
  tagged.pos = tagged.pos.map((pos, i) =>
    pos === 'NOUN' &&
    i > 0 &&
    (tagged.pos[i - 1] === 'PROPN' ||
      tagged.pos[i - 1] === 'NOUN' ||
      (tagged.pos[i - 1] === 'PRON' && !/^(its|their|your|his|her|our|my)$/i.test(tagged.values[i - 1] ?? ''))) &&
    /^(its|their|your|his|her|our|my)$/i.test(tagged.values[i + 1] ?? '')
      ? 'VERB'
      : pos,
  );
  // "A dripping tap can waste 5,000 litres": after a modal, a word is a verb.
  tagged.pos = tagged.pos.map((pos, i) =>
    pos === 'NOUN' && /^(can|could|will|would|should|may|might|must)$/i.test(tagged.values[i - 1] ?? '') ? 'VERB' : pos,
  );
  // "Forager bees visit up to 1,500 flowers", "The metro costs 800 yen": a noun after a noun, before what starts an
  // object or a figure, that WordNet knows as a verb, is the verb.
  tagged.pos = tagged.pos.map((pos, i) => {
    const prev = tagged.pos[i - 1];
    const next = tagged.pos[i + 1];
    const value = tagged.values[i] ?? '';
    const verbForm = /s$/i.test(value) ? isVerb(tagged.lemmas[i] ?? value) : isVerb(value);
    const before = (tagged.values[i - 1] ?? '').toLowerCase();
    const plural = i > 0 && before !== tagged.lemmas[i - 1] && !/s$/i.test(value);
    const thirdPerson = /[^s]s$/i.test(value) && i > 1;
    const objectNext = next === 'DET' || next === 'NUM';
    return pos === 'NOUN' &&
      prev === 'NOUN' &&
      ((plural && (objectNext || next === 'ADP' || next === 'ADV')) || (thirdPerson && objectNext)) &&
      verbForm
      ? 'VERB'
      : pos;
  });
  const words: Word[] = [];
  let cursor = 0;
  tagged.values.forEach((value, i) => {
    const found = text.indexOf(value, cursor);
    const start = found === -1 ? cursor : found;
    const end = found === -1 ? cursor : found + value.length;
    cursor = end;
    words.push({
      text: value,
      lower: value.toLowerCase().replace(/’/g, "'"),
      lemma: tagged.lemmas[i] ?? value.toLowerCase(),
      pos: tagged.pos[i] ?? 'X',
      start,
      end,
      capitalised: i > 0 && /^\p{Lu}/u.test(value),
    });
  });
  const { its } = nlp();
  const spans = tagged.doc.entities().out(its.span) as Array<[number, number]>;
  const types = tagged.doc.entities().out(its.type) as string[];
  const entities = spans.map(([first, last], i) => ({ type: types[i] ?? '', first, last }));
  return { text, words, entities };
}
