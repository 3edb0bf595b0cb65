/**
 * What an illustrated scene draws, read from the scene's own words: the things it names as icons, the countries and
 * cities as maps, the figures as motion typography, and a short phrase worth setting in big type. Pure and
 * deterministic; the word index and the place data are built once per process (see icons.ts and places.ts), after
 * which a scene takes well under a millisecond.
 */
import { isFunctionWord, isStopWord } from '../keywords.ts';
import { ABSTRACT_WEIGHT, type IndexEntry, iconIndex } from './icons.ts';
import { nounForms } from './inflect.ts';
import { findNumbers, type NumberSubject } from './numbers.ts';
import { findPlaces, type PlaceSubject } from './places.ts';
import { NOUN_ONLY_WHEN_MARKED, SENSES } from './vocabulary.ts';

export { iconSvg } from './icons.ts';
export { formatNumber } from './numbers.ts';
export { countryFeature } from './places.ts';
export type { NumberSubject, PlaceSubject };

export interface IconSubject {
  kind: 'icon';
  /** As written in the scene ("farmers", "coffee beans"). */
  word: string;
  /** A Fluent Emoji Flat icon name ("farmer"); `iconSvg` draws it. */
  icon: string;
}

export interface SceneSubjects {
  /** Best first: the most central, most depictable thing the scene names. At most `MAX_ICONS`. */
  icons: IconSubject[];
  places: PlaceSubject[];
  /** Most worth showing first (amounts, percents, then years, then the rest). */
  numbers: NumberSubject[];
  /** 1-4 words as written, worth setting in big type, or ''. */
  phrase: string;
}

const MAX_ICONS = 4;
/**
 * How a thing's place in the scene adds to how surely its word means the icon: the head of its noun phrase ("the
 * coffee SHOP") over a modifier, the first thing named (the topic, in English) over the rest, two-word things over
 * single words, the first sentence over later ones; generic people count less than anything more particular.
 */
const HEAD = 0.2;
const TOPIC = 0.25;
const COMPOUND = 0.2;
const FIRST_SENTENCE = 0.1;
const PER_LATER_SENTENCE = 0.05;
const GENERIC_PERSON = 0.4;
const REPEAT = 0.3;

interface Token {
  text: string;
  lower: string;
  start: number;
  end: number;
  sentence: number;
  sentenceStart: boolean;
  /** A comma, colon, dash or bracket comes right after it. */
  clauseEnd: boolean;
}

/** Words with their sentence; a possessive 's is dropped ("the farmer's hands" → farmer). */
function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let sentence = 0;
  let last = 0;
  for (const match of text.matchAll(/[\p{L}\p{N}][\p{L}\p{N}\p{M}'’-]*/gu)) {
    const gap = text.slice(last, match.index);
    const ends = /[.!?]/.test(gap);
    if (ends && tokens.length > 0) sentence++;
    const word = match[0].replace(/['’]s$/u, '').replace(/[-'’]+$/u, '');
    const end = match.index + match[0].length;
    if (tokens.length > 0 && /[,;:—–()]/.test(gap)) tokens[tokens.length - 1]!.clauseEnd = true;
    tokens.push({
      text: word,
      lower: word.toLowerCase().replace(/’/g, "'"),
      start: match.index,
      end,
      sentence,
      sentenceStart: tokens.length === 0 || ends,
      clauseEnd: false,
    });
    last = end;
  }
  return tokens;
}

/** Words that open a noun phrase: articles, possessives, numbers, quantifiers. */
const DETERMINERS = new Set(
  `a an the this that these those my your his her its our their some any every each no another one two three four five six seven
eight nine ten many few several more most all both`.split(/\s+/),
);
/** Words after which a word is a noun: the determiners and most prepositions. */
const NOUN_MARKERS = new Set([
  ...DETERMINERS,
  ...'of in on at with for from into onto about by under over near behind through across without per'.split(' '),
]);
/** Words after which a word is a verb: "to", pronouns, modals. */
const VERB_MARKERS = new Set(
  `to i you we they he she it can could will would should must may might shall let's don't doesn't didn't won't can't never
always just also often please simply then`.split(/\s+/),
);
/** After these a word is a verb, whatever it is. */
const PRONOUNS_AND_MODALS = new Set(
  `i you we they he she it can could will would should must may might shall let's don't doesn't didn't won't can't`.split(
    ' ',
  ),
);

/**
 * Whether the span sits in a run of capitalised words that is not just a sentence's first word: a name. A name the
 * vocabulary knows whole ("South America", "Statue of Liberty") is still a thing.
 */
function capitalisedRun(tokens: Token[], i: number, n: number, known: boolean): boolean {
  const capital = (t: Token | undefined) =>
    t !== undefined && /^\p{Lu}/u.test(t.text) && t.text !== t.text.toUpperCase();
  const span = tokens.slice(i, i + n);
  if (!span.every(capital)) return false;
  const before = tokens[i - 1];
  const after = tokens[i + n];
  const joinsBefore = capital(before) && before!.sentence === span[0]!.sentence && !before!.sentenceStart;
  const joinsAfter = capital(after) && after!.sentence === span[0]!.sentence;
  if (joinsBefore || joinsAfter) return true;
  return n > 1 && !span[0]!.sentenceStart && !known;
}

/** Words after a sentence-initial word that make it the subject ("Water is...") rather than an order ("Water the plant"). */
const SUBJECT_FOLLOWERS = new Set(
  'is are was were has have had can will may might must should would could does did makes keeps helps needs'.split(' '),
);

/** Words no picture shows, beyond the stock-search stop words: spans of time, counts, units. */
const NEVER_DRAWN = new Set(
  `month months decade decades century centuries million millions billion billions thousand thousands hundred hundreds dozen
dozens percent per cent lot half quarter average total amount number numbers rest end start beginning middle top bottom side
kind type sort piece pieces level levels version area areas reason reasons fact facts case cases example examples idea's truth
zero one two three four five six seven eight nine ten eleven twelve twenty thirty forty fifty sixty seventy eighty ninety`.split(
    /\s+/,
  ),
);

/** Capitalised names that are brands or titles, not the thing: Apple the company is no apple. */
const BRANDS = new Set([
  'apple',
  'amazon',
  'target',
  'shell',
  'subway',
  'windows',
  'jaguar',
  'puma',
  'oracle',
  'mercury',
  'gap',
  'dove',
  'corona',
  'mustang',
  'zoom',
  'slack',
  'notion',
  'twitter',
]);

/** Adjectives common before a noun ("a new watch", "the best deal"). */
const ADJECTIVES = new Set(
  `new old big small little great good best better perfect favorite favourite own first last next whole large huge tiny quick
simple nice beautiful smart cheap expensive free fresh local daily weekly monthly digital online main real special modern
classic healthy wooden golden silver black white red blue green yellow brown dark bright empty full tall short long hot cold
warm cool single double extra right wrong same other only entire final early late open`.split(/\s+/),
);

/** Adjectives by their endings ("dechlorinated", "natural", "wooden", "plastic"), when the index does not know the word as a thing. */
const looksAdjectival = (token: Token): boolean =>
  ADJECTIVES.has(token.lower) ||
  (/(ed|al|ful|ous|ive|ic|able|ible|less|en|ish|ern|y)$/.test(token.lower) &&
    !isStopWord(token.lower) &&
    !iconIndex().has(token.lower));

/** The word after a candidate says it is a verb when it starts that verb's object ("cut the bill", "order ice cream"). */
const startsObject = (next: Token | undefined, current: Token) =>
  next !== undefined &&
  next.sentence === current.sentence &&
  !current.clauseEnd &&
  (DETERMINERS.has(next.lower) || VERB_MARKERS.has(next.lower) || !isStopWord(next.lower));

/** Whether a word that is also a verb or adjective is written as a noun here. */
function writtenAsNoun(tokens: Token[], i: number, plural: boolean, accepted: Set<number>): boolean {
  const current = tokens[i]!;
  const before = tokens[i - 1];
  const next = tokens[i + 1];
  if (!before || before.sentence !== current.sentence)
    return plural || (next !== undefined && SUBJECT_FOLLOWERS.has(next.lower));
  if (NOUN_MARKERS.has(before.lower) || ADJECTIVES.has(before.lower)) return true;
  if (VERB_MARKERS.has(before.lower)) return false;
  // "coffee and water." is two nouns; "grab a card and order ice cream" is two verbs.
  if ((before.lower === 'and' || before.lower === 'or') && accepted.has(i - 2)) return !startsObject(next, current);
  // After an adjective that follows a preposition: "with dechlorinated water", "in fresh water".
  const twoBefore = tokens[i - 2];
  if (
    twoBefore &&
    twoBefore.sentence === current.sentence &&
    NOUN_MARKERS.has(twoBefore.lower) &&
    looksAdjectival(before) &&
    !before.clauseEnd
  )
    return true;
  // After another noun: the head of a compound ("the electricity bill."), or that noun's verb ("the roof cut the bill").
  if (
    twoBefore &&
    twoBefore.sentence === current.sentence &&
    (DETERMINERS.has(twoBefore.lower) || ADJECTIVES.has(twoBefore.lower)) &&
    !isFunctionWord(before.lower) &&
    !before.clauseEnd
  ) {
    return !startsObject(next, current);
  }
  return before.clauseEnd ? plural : false;
}

interface Candidate {
  word: string;
  icon: string;
  score: number;
  first: number;
  abstract: boolean;
}

/** People in general: drawn when the scene names nothing more particular. */
const GENERIC_PEOPLE = new Set([
  'man',
  'woman',
  'child',
  'boy',
  'girl',
  'busts-in-silhouette',
  'bust-in-silhouette',
  'people-hugging',
  'older-person',
  'old-man',
  'old-woman',
]);

/** The icon a word means in this scene, if any, resolving words with several senses by the scene's other words. */
function senseOf(word: string, sceneWords: Set<string>, lowerText: string): string | null | undefined {
  const senses = SENSES[word];
  if (!senses) return undefined;
  for (const { cues, icon } of senses.senses)
    if (cues.some((cue) => (cue.includes(' ') ? lowerText.includes(cue) : sceneWords.has(cue)))) return icon;
  return senses.fallback;
}

function lookup(words: string[], sceneWords: Set<string>, lowerText: string): IndexEntry | undefined {
  const index = iconIndex();
  const head = words.at(-1)!;
  const lead = words.slice(0, -1).join(' ');
  // The word as written first ("customers" is a crowd, "customer" one person), then its dictionary forms.
  for (const form of new Set([head, ...nounForms(head)])) {
    const key = lead ? `${lead} ${form}` : form;
    if (!lead) {
      const sense = senseOf(key, sceneWords, lowerText);
      if (sense === null) return undefined;
      if (sense !== undefined) return { icon: sense, weight: 1 };
    }
    const entry = index.get(key);
    if (entry) return entry;
  }
  return undefined;
}

/** Whether the words at `i` (`n` of them), which the index knows, are written as that thing here. */
function writtenAsThing(tokens: Token[], i: number, n: number, entry: IndexEntry, accepted: Set<number>): boolean {
  const first = tokens[i]!;
  const last = tokens[i + n - 1]!;
  const before = tokens[i - 1];
  const after = tokens[i + n];
  const sameSentence = (t: Token | undefined): t is Token => t !== undefined && t.sentence === first.sentence;
  // Right after a pronoun or a modal, any word is a verb ("it supports", "we ship", "you can plant").
  if (sameSentence(before) && PRONOUNS_AND_MODALS.has(before.lower)) return false;
  // A sentence that opens on a word and then "the", "a", "it"... opens on an order ("Hook two levers", "Patch it").
  if (
    first.sentenceStart &&
    sameSentence(after) &&
    (DETERMINERS.has(after.lower) || PRONOUNS_AND_MODALS.has(after.lower) || after.lower === 'them')
  )
    return false;
  // Capitalised words in a row are a name ("The Loop Runner", "Maple Street"), not the things they say.
  if (capitalisedRun(tokens, i, n, entry.weight === 1)) return false;
  // A proper noun mid-sentence ("Brewly", "Nike") is not a thing to draw unless the vocabulary knows it as one.
  if (n === 1 && /^\p{Lu}/u.test(first.text) && !first.sentenceStart && entry.weight < 1) return false;
  if (n === 1 && NOUN_ONLY_WHEN_MARKED.has(nounForms(first.lower)[0]!)) {
    // Before another noun such a word describes it ("a flat tyre", "the key point"); elsewhere it may be a verb.
    const modifies =
      sameSentence(after) && !first.clauseEnd && !isStopWord(after.lower) && !NEVER_DRAWN.has(after.lower);
    const plural = nounForms(last.lower)[0] !== last.lower;
    if (modifies || !writtenAsNoun(tokens, i, plural, accepted)) return false;
  }
  return true;
}

/** How central and sure a thing is: see the weights above. */
function scoreOf(tokens: Token[], i: number, n: number, entry: IndexEntry, firstNamed: boolean): number {
  const first = tokens[i]!;
  const last = tokens[i + n - 1]!;
  const next = tokens[i + n];
  const isHead = !next || next.sentence !== last.sentence || last.clauseEnd || isStopWord(next.lower);
  return (
    entry.weight +
    (isHead ? HEAD : 0) +
    (firstNamed ? TOPIC : 0) +
    (n > 1 ? COMPOUND : 0) +
    (first.sentence === 0 ? FIRST_SENTENCE : -PER_LATER_SENTENCE * first.sentence) -
    (GENERIC_PEOPLE.has(entry.icon) ? GENERIC_PERSON : 0)
  );
}

/** Icons for the words of the scene outside the places, best first. */
function findIcons(text: string, tokens: Token[], taken: Array<[number, number]>, hasOther: boolean): IconSubject[] {
  const lowerText = text.toLowerCase();
  const sceneWords = new Set(tokens.map((t) => t.lower));
  const inPlace = (t: Token) => taken.some(([start, end]) => t.start < end && t.end > start);
  const byIcon = new Map<string, Candidate>();
  const accepted = new Set<number>();
  for (let i = 0; i < tokens.length; ) {
    let matched = 0;
    for (let n = 3; n >= 1 && matched === 0; n--) {
      const span = tokens.slice(i, i + n);
      if (span.length < n || span.some(inPlace) || span.some((t) => t.sentence !== span[0]!.sentence)) continue;
      if (n > 1 && span.slice(0, -1).some((t) => t.clauseEnd)) continue;
      const first = span[0]!;
      const lastToken = span.at(-1)!;
      if (n === 1) {
        if (
          isStopWord(first.lower) ||
          NEVER_DRAWN.has(first.lower) ||
          first.lower.length < 2 ||
          /^\d/.test(first.lower)
        )
          continue;
        const capitalised = /^\p{Lu}/u.test(first.text);
        if (capitalised && BRANDS.has(first.lower)) continue;
      } else if (isFunctionWord(first.lower) || isFunctionWord(lastToken.lower)) continue;
      const words = span.map((t) => t.lower);
      let entry = lookup(words, sceneWords, lowerText);
      // A hyphenated word the index does not know is read by its last part ("coffee-scented candle" → candle).
      if (!entry && n === 1 && first.lower.includes('-'))
        entry = lookup([first.lower.split('-').at(-1)!], sceneWords, lowerText);
      if (!entry) continue;
      if (!writtenAsThing(tokens, i, n, entry, accepted)) continue;
      const score = scoreOf(tokens, i, n, entry, byIcon.size === 0);
      const seen = byIcon.get(entry.icon);
      const word = text.slice(first.start, lastToken.end);
      if (seen) seen.score += REPEAT;
      else
        byIcon.set(entry.icon, {
          word,
          icon: entry.icon,
          score,
          first: first.start,
          abstract: entry.weight <= ABSTRACT_WEIGHT,
        });
      for (let k = i; k < i + n; k++) accepted.add(k);
      matched = n;
    }
    i += Math.max(matched, 1);
  }
  // An abstract word ("strategy", "time") is drawn only when the scene names nothing more concrete, a map or a figure included.
  const concrete = [...byIcon.values()].filter((c) => !c.abstract);
  const candidates = concrete.length > 0 || hasOther ? concrete : [...byIcon.values()];
  return candidates
    .sort((a, b) => b.score - a.score || a.first - b.first)
    .slice(0, MAX_ICONS)
    .map(({ word, icon }) => ({ kind: 'icon', word, icon }));
}

const wordsOf = (s: string) => s.split(/\s+/).filter(Boolean);
const hasContent = (s: string) => wordsOf(s).some((w) => !isStopWord(w.toLowerCase().replace(/[^\p{L}'’-]/gu, '')));

/**
 * A phrase worth setting in big type: a short quotation, a sentence of four words at most ("Start with one goal."),
 * or the few words after a colon or dash; else none, since a phrase picked from a long sentence reads as noise.
 */
function keyPhrase(text: string): string {
  const trim = (s: string) => s.trim().replace(/^[\s"“'‘(]+|[\s"”'’).,;:!?…]+$/gu, '');
  const short = (s: string) => {
    const n = wordsOf(s).length;
    return n >= 1 && n <= 4 && hasContent(s);
  };
  for (const match of text.matchAll(/["“]([^"”]{2,60})["”]/g)) if (short(trim(match[1]!))) return trim(match[1]!);
  for (const sentence of text.split(/(?<=[.!?])\s+/)) if (short(trim(sentence))) return trim(sentence);
  for (const match of text.matchAll(/[:—–]\s*([^.!?:—–]+)[.!?]?/g)) if (short(trim(match[1]!))) return trim(match[1]!);
  return '';
}

/**
 * Whether the words read as English, whose vocabulary the icons are indexed by: English prose is a third or more
 * function words ("the", "of", "and"); Spanish or German has few of them, and "pan" or "Gift" would be misread.
 */
function readsAsEnglish(tokens: Token[]): boolean {
  if (tokens.length < 8) return true;
  return tokens.filter((t) => isFunctionWord(t.lower)).length / tokens.length >= ENGLISH_SHARE;
}
const ENGLISH_SHARE = 0.15;

/** What to draw for a scene: see `SceneSubjects`. Icons only for English scenes; places and figures for any. */
export function sceneSubjects(text: string): SceneSubjects {
  const places = findPlaces(text);
  const tokens = tokenize(text);
  const taken: Array<[number, number]> = [];
  for (const place of places) {
    for (let at = text.indexOf(place.word); at !== -1; at = text.indexOf(place.word, at + 1))
      taken.push([at, at + place.word.length]);
  }
  const numbers = findNumbers(text);
  const icons = readsAsEnglish(tokens) ? findIcons(text, tokens, taken, places.length > 0 || numbers.length > 0) : [];
  const phrase = keyPhrase(text);
  return { icons, places, numbers, phrase };
}

/** The scene's words the picture depicts, in drawing order, each once ("coffee, farm, Ethiopia"). */
export function subjectWords(subjects: SceneSubjects): string[] {
  const seen = new Set<string>();
  const words: string[] = [];
  for (const { word } of [...subjects.icons, ...subjects.places, ...subjects.numbers]) {
    const key = word.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    words.push(word);
  }
  return words;
}
