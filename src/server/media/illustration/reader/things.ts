/**
 * The icon a noun phrase stands for, when it is sure. Longest first: a compound the vocabulary or WordNet knows
 * ("bolt cutters", "window seat") is one thing and never read as its last word; a head after a food, plant or animal
 * noun ("coffee cherries", "honey crop") is part of that thing and not drawn alone; a bare word takes the compound
 * the script already said ("cherries" after "coffee cherries") or the script's topic makes ("beans" in a coffee
 * script are coffee beans). A word's icon is drawn only when the WordNet sense the whole script supports is the sense
 * the icon draws (a bike lock's steel "cable" is a rope, not a power line); a word the icons lack reaches one through
 * WordNet's more general words only when its sense is sure (a sedan is a car). An icon is drawn only when it shows the
 * word's own thing, not a related one (no tractor for a "farm", plate for "breakfast"). Names are never drawn as the
 * words in them ("Symphony of Lights"), nor as an icon of their kind (the Mediterranean is no icon of waves).
 */
import { nounForms } from '../inflect.ts';
import {
  formsIcon,
  type IconEntry,
  iconSignature,
  isGeneric,
  numberForms,
  ownTerms,
  showsPerson,
  stem,
  stems,
  termIcon,
} from './lexicon.ts';
import type { Word } from './nlp.ts';
import type { NounPhrase } from './phrases.ts';
import { ancestors, firstSenseShare, type Lexfile, nounSenses, type Synset, senses } from './wordnet.ts';

/** What the whole script says, for choosing senses. */
export interface ScriptContext {
  /** Stems of the script's content words, with how often each is said. */
  stems: Map<string, number>;
  /** Lemmas of the script's nouns, with how often each is said. */
  nouns: Map<string, number>;
  /** How many different nouns of the script have their first sense in each lexicographer file: its domains. */
  domains: Map<Lexfile, number>;
  /** A head the script has said in a compound ("coffee cherries"), and what it was read as: later bare uses agree. */
  heads: Map<string, string | null>;
  /** Whether the script is about an animal: its opening sentence or its most said noun names one. */
  animalSubject: boolean;
}

export interface Thing {
  evidence: Evidence;
  words: string;
  icon: string;
  negated: boolean;
  /** Subject or object rather than inside a prepositional phrase. */
  core: boolean;
  /** Where its words start in the sentence. */
  at: number;
  /** How sure the reader is that a viewer would accept the icon for the words, 0-1 (see `confidence`). */
  confidence: number;
}

/** Where an icon came from: the evidence its confidence is weighed from. */
export interface Evidence {
  /** vocabulary: the icon's label or the curated vocabulary names the words; wordnet: a synonym or more general
   * word of the sense does; topic: the script's compound for a bare head; name: the Moon, the Earth or the Sun. */
  source: 'vocabulary' | 'wordnet' | 'topic' | 'name';
  kind?: IconEntry['kind'];
  /** The lemma the icon stands for (a compound, or the head). */
  lemma: string;
  /** Whether the icon stands for every content word of the phrase, not its head with describing nouns dropped. */
  whole: boolean;
}

/**
 * Senses an icon may stand for: things, people and groups, places, possessions (money), phenomena (rain,
 * lightning) and communications (music, a report); never acts, states, qualities, feelings or times.
 */
const DRAWABLE: ReadonlySet<Lexfile> = new Set([
  'animal',
  'artifact',
  'food',
  'plant',
  'object',
  'body',
  'substance',
  'person',
  'group',
  'location',
  'possession',
  'phenomenon',
  'communication',
  'Tops',
]);

/** Senses a picture can show. */
const CONCRETE: ReadonlySet<Lexfile> = new Set(['animal', 'artifact', 'food', 'plant', 'object', 'body', 'substance']);

const signatures = new Map<number, Set<string>>();

/** The words that describe a sense: its synonyms, gloss and the two levels of more general senses. */
function senseSignature(s: Synset): Set<string> {
  const cached = signatures.get(s.offset);
  if (cached) return cached;
  const words = [...s.words, s.gloss];
  const levels = ancestors(s, 2);
  for (const level of levels) for (const a of level) words.push(...a.words);
  for (const a of levels[0] ?? []) words.push(a.gloss);
  const sig = new Set(stems(words.join(' ')));
  signatures.set(s.offset, sig);
  return sig;
}

/**
 * A person drawn as something else: their tools, their catch, their trade's emblem or what they do ("fishermen" as a
 * fish, a "king" as a crown, a "dentist" as a tooth). Viewers read such an icon as the thing, not the person.
 */
const personAsThing = (sense: Synset | undefined, icon: string): boolean =>
  sense?.lexfile === 'person' && !showsPerson(icon);

const argmax = (scores: number[]): number => scores.reduce((best, v, i) => (v > scores[best]! ? i : best), 0);

/** How much each sense's description shares with some words (weighted), leaving out the word itself. */
function overlaps(list: Synset[], words: Map<string, number>, own: Set<string>): number[] {
  return list.map((s) => {
    let score = 0;
    for (const w of senseSignature(s)) if (!own.has(w)) score += words.get(w) ?? 0;
    return score;
  });
}

/** Narrow domains a script can be about: a food script's "salt" is table salt, an animal script's "bat" the animal. */
const DOMAINS: ReadonlySet<Lexfile> = new Set(['food', 'plant', 'animal', 'body']);

/** The script's domains' support for each sense: 1 for two other nouns of the sense's domain, 2 for three or more. */
function domainScores(list: Synset[], lemma: string, ctx: ScriptContext): number[] {
  const ownDomain = senses(lemma)[0]?.lexfile;
  return list.map((s) => {
    if (!DOMAINS.has(s.lexfile)) return 0;
    const others = (ctx.domains.get(s.lexfile) ?? 0) - (s.lexfile === ownDomain && ctx.nouns.has(lemma) ? 1 : 0);
    return others >= 3 ? 2 : others >= 2 ? 1 : 0;
  });
}

function contextWeights(sentence: Map<string, number>, ctx: ScriptContext): Map<string, number> {
  const weights = new Map<string, number>();
  for (const [w, n] of ctx.stems) weights.set(w, Math.min(n, 2));
  for (const [w, n] of sentence) weights.set(w, (weights.get(w) ?? 0) + 2 * Math.min(n, 2));
  return weights;
}

/**
 * The sense a word is read in here and whether the icon draws it. The script's sense is the first (most frequent)
 * one unless the script clearly supports a rarer one that the word is the main name of. The icon draws that sense
 * when the icon's own words describe it: as well as any other sense, or at all when it is the first sense.
 */
function reading(
  lemma: string,
  icon: string,
  sentence: Map<string, number>,
  ctx: ScriptContext,
  kind: IconEntry['kind'] = 'label',
): { sense: Synset | undefined; agrees: boolean } {
  const list = senses(lemma);
  // A quality is no thing to draw, whatever its words name: "sea level" is a height, not the sea.
  if (list.length <= 1)
    return { sense: list[0], agrees: !personAsThing(list[0], icon) && list[0]?.lexfile !== 'attribute' };
  const own = new Set([stem(lemma), ...lemma.split(' ').map(stem)]);
  const iconWords = new Map([...iconSignature(icon)].map((w) => [w, 1]));
  const iconScores = overlaps(list, iconWords, own);
  const best = Math.max(...iconScores);
  // The script's domain alone may choose the sense the icon draws ("eggs" in a recipe are food, not ova).
  const read = readSense(list, lemma, sentence, ctx, own, iconScores);
  const sense = list[read]!;
  // An act, a state, a quality or a time is no thing to draw: a product "trial" is no court, a "mistake" no cross.
  if (!DRAWABLE.has(sense.lexfile) || personAsThing(sense, icon)) return { sense, agrees: false };
  // An icon whose words describe none of the senses draws the first, except for a word known to be ambiguous.
  if (best === 0) return { sense, agrees: read === 0 && kind !== 'ambiguous' };
  // An icon that draws another sense than the script's is a related thing, however near ("oil" as a crude-oil drum
  // in a recipe): not drawn, even where the curated vocabulary chose it for the word.
  return { sense, agrees: iconScores[read]! > 0 && (read === 0 || iconScores[read] === best) };
}

/** Whether a word the vocabulary draws as `icon` means, in this script, a sense that icon draws. */
export const senseAgrees = (
  lemma: string,
  icon: string,
  sentence: Map<string, number>,
  ctx: ScriptContext,
  kind: IconEntry['kind'] = 'label',
): boolean => reading(lemma, icon, sentence, ctx, kind).agrees;

/** How many levels apart a word's sense and the icon's name may be and the icon still show the word's thing. */
const KIND_LEVELS = 6;

const within = (from: Synset, to: Synset): boolean =>
  ancestors(from, KIND_LEVELS).some((level) => level.some((a) => a.offset === to.offset));

/**
 * Whether the icon shows the word's own thing, not a related one: the word, or a synonym in the sense the script
 * reads, is among the icon's own name, label and keywords, or the icon's name or label is a more general or a more
 * particular word for that sense (a sedan drawn as a car, a dog as a poodle). A tractor for a "farm", an anchor
 * for a "harbour", a plate for "breakfast" or a beach umbrella for a "shore" show something else, which a viewer
 * reads as that thing: however conventional, they are not drawn.
 */
function depicts(lemma: string, icon: string, sense: Synset | undefined): boolean {
  const own = ownTerms(icon);
  const words = lemma.toLowerCase().split(' ');
  const head = words.at(-1)!;
  const forms = numberForms(head).map((form) => [...words.slice(0, -1), form].join(' '));
  if (forms.some((form) => own.has(form))) return true;
  if (sense?.words.some((w) => own.has(w))) return true;
  if (sense && senses(icon.replace(/-/g, ' ')).some((s) => within(sense, s) || within(s, sense))) return true;
  // A compound shown by its head's icon is its own thing when it is a kind of the head ("bullet train", "green
  // beans") or a head described by words WordNet does not lexicalise ("grated cheese").
  if (words.length < 2 || !numberForms(head).some((form) => own.has(form))) return false;
  const compound = forms.flatMap(senses);
  const heads = numberForms(head).flatMap(senses);
  return compound.length === 0 || compound.some((c) => heads.some((h) => within(c, h)));
}

/** The sense the script reads a word in: the first, unless a rarer one named by the word has clearly more support. */
function readSense(
  list: Synset[],
  lemma: string,
  sentence: Map<string, number>,
  ctx: ScriptContext,
  own: Set<string>,
  iconScores?: number[],
): number {
  const words = overlaps(list, contextWeights(sentence, ctx), own);
  const domain = domainScores(list, lemma, ctx);
  const scores = words.map((v, i) => v + domain[i]!);
  const chosen = argmax(scores);
  // A rarer sense needs clearly more support than the first, from the script's words or, for the sense an icon
  // draws best, from its domain alone.
  const iconsBest =
    iconScores !== undefined && iconScores[chosen]! > 0 && iconScores[chosen] === Math.max(...iconScores);
  const clear =
    (words[chosen]! > 0 || iconsBest) &&
    scores[chosen]! >= scores[0]! + RARE_SENSE_MARGIN &&
    (list[chosen]!.words[0] === lemma || iconsBest);
  return chosen !== 0 && clear ? chosen : 0;
}

const pluralForms = (word: string): string[] => [word, `${word}s`, `${word}es`];

/** Whether a word's most frequent sense is this one: "car" names the automobile, "bar" does not name a rod. */
const namesFirst = (word: string, s: Synset): boolean => nounSenses(word)[0] === s.offset;

/** Senses whose more general words may stand for them: things, not substances (magma is no rock) or places. */
const CLIMBS: ReadonlySet<Lexfile> = new Set(['animal', 'artifact', 'food', 'plant', 'object', 'body']);

/**
 * The icon a sense shows: a synonym the icons know, else the nearest more general word that is not too general,
 * each only where that word's own first sense is this one (a handlebar is a bar, but "bar" draws a pub).
 */
function synsetIcon(s: Synset, lemma: string, synonyms: boolean): string | undefined {
  if (synonyms) {
    for (const word of s.words) {
      if (word === lemma || !namesFirst(word, s)) continue;
      const entry = termIcon(word);
      if (entry) return entry.icon;
    }
  }
  if (!CLIMBS.has(s.lexfile)) return undefined;
  for (const level of ancestors(s, 3)) {
    for (const a of level) {
      for (const word of a.words) {
        if (isGeneric(word)) return undefined;
        if (!namesFirst(word, a)) continue;
        const entry = formsIcon(pluralForms(word));
        if (entry) return entry.icon;
      }
    }
  }
  return undefined;
}

/**
 * The icon of a word the icons lack, through WordNet: only a sense a picture can show, only when the word has one
 * sense or the script clearly supports one (a rarer sense needs clearly more support than the first).
 */
function wordnetIcon(
  lemma: string,
  sentence: Map<string, number>,
  ctx: ScriptContext,
  synonyms = true,
): string | undefined {
  const list = senses(lemma);
  if (list.length === 0) return undefined;
  let chosen = 0;
  if (list.length > 1) {
    const own = new Set([stem(lemma)]);
    chosen = readSense(list, lemma, sentence, ctx, own);
    // Among several senses, one is sure only when the script's own words speak for it.
    if (overlaps([list[chosen]!], contextWeights(sentence, ctx), own)[0] === 0) return undefined;
  }
  const s = list[chosen]!;
  if (!CONCRETE.has(s.lexfile)) return undefined;
  return synsetIcon(s, lemma, synonyms);
}

/** How much more the script must speak for a rarer sense than for the first before a word is read in it. */
const RARE_SENSE_MARGIN = 2;

const CELESTIAL = new Set(['moon', 'earth', 'sun']);

/**
 * A name's icon: the Moon, the Earth and the Sun only, written as names and drawn as the things. Any other name is
 * one place or thing, and an icon of its kind (the Sahara as any desert, the Mediterranean as any waves) shows
 * another member of the kind: a named place is drawn on the map when the place data knows it, else as type.
 */
function nameIcon(name: string): string | undefined {
  return CELESTIAL.has(name.toLowerCase()) ? termIcon(name.toLowerCase())?.icon : undefined;
}

export const firstLexfile = (lemma: string): Lexfile | undefined => senses(lemma)[0]?.lexfile;

/** The forms a span may be written in the vocabulary: as written, and with its head in dictionary form. */
function spanForms(span: Word[]): string[] {
  const lead = span
    .slice(0, -1)
    .map((w) => w.lower)
    .join(' ');
  const head = span.at(-1)!;
  const heads = [...new Set([head.lower, head.lemma, ...nounForms(head.lower)])];
  return heads.map((h) => (lead ? `${lead} ${h}` : h));
}

/** Whether a modifier names a kind of the head ("fennec fox": a fennec is a fox), so the head still stands for it. */
function isKindOf(modifier: string, head: string): boolean {
  return senses(modifier).some((s) => ancestors(s, 3).some((level) => level.some((a) => a.words.includes(head))));
}

const MATERIALS = ['material', 'metal', 'fabric', 'plastic', 'stone'];

/** Whether a word's first sense is a material things are made of (steel, paper, wool), not a substance (water). */
function isMaterial(lemma: string): boolean {
  const first = senses(lemma)[0];
  if (!first) return false;
  return ancestors(first, 4).some((level) => level.some((a) => a.words.some((w) => MATERIALS.includes(w))));
}

/** The script's topic nouns: concrete things said at least twice. */
function topics(ctx: ScriptContext, except: string): string[] {
  return [...ctx.nouns]
    .filter(([lemma, n]) => n >= 2 && lemma !== except && CONCRETE.has(firstLexfile(lemma) ?? 'Tops'))
    .map(([lemma]) => lemma);
}

/**
 * The reading the script gives a bare head: the compound it said before ("cherries" after "coffee cherries"), or
 * its topic's compound ("beans" in a coffee script are coffee beans). null: read so, and nothing draws it;
 * undefined: the script says nothing of it.
 */
function topicReading(head: Word, sentence: Map<string, number>, ctx: ScriptContext): string | null | undefined {
  const lemma = head.lemma;
  if (ctx.heads.has(lemma)) return ctx.heads.get(lemma) ?? null;
  for (const topic of topics(ctx, lemma)) {
    if (nounSenses(`${topic} ${lemma}`).length > 0) {
      // A compound the word list draws as nothing ("coffee beans") is not drawn through WordNet's more general words.
      const known = formsIcon([`${topic} ${head.lower}`, `${topic} ${lemma}`]);
      if (known !== undefined) return known?.icon ?? null;
      return wordnetIcon(`${topic} ${lemma}`, sentence, ctx, false) ?? null;
    }
  }
  return undefined;
}

/** What a head word alone means here: undefined when unsure or nothing draws it. */
function headIcon(head: Word, sentence: Map<string, number>, ctx: ScriptContext): Found | undefined {
  const lemma = head.lemma;
  const topical = topicReading(head, sentence, ctx);
  if (topical !== undefined) return topical ? { icon: topical, source: 'topic', lemma } : undefined;
  const entry: IconEntry | null | undefined = formsIcon([head.lower, lemma, ...nounForms(head.lower)]);
  if (entry === null) return undefined;
  if (entry)
    return senseAgrees(lemma, entry.icon, sentence, ctx, entry.kind)
      ? { icon: entry.icon, source: 'vocabulary', kind: entry.kind, lemma }
      : undefined;
  const icon = wordnetIcon(lemma, sentence, ctx);
  return icon ? { icon, source: 'wordnet', lemma } : undefined;
}

type Found = Omit<Evidence, 'whole'> & { icon: string };

/** The icon of a phrase's words after any name in it, longest span first; the span it stands for. */
function phraseIcon(
  content: Word[],
  sentence: Map<string, number>,
  ctx: ScriptContext,
): (Found & { from: number }) | undefined {
  const head = content.at(-1)!;
  const describedOnly = content.slice(0, -1).every((w) => w.pos !== 'NOUN');
  // "green beans" in a coffee script: the script's reading of the head decides before any compound of adjectives.
  if (describedOnly && content.length > 1) {
    const known = formsIcon(spanForms(content));
    if (known && !senseAgrees(spanForms(content)[0]!, known.icon, sentence, ctx, known.kind)) return undefined;
    if (known)
      return { from: 0, icon: known.icon, source: 'vocabulary', kind: known.kind, lemma: spanForms(content)[0]! };
    const topical = topicReading(head, sentence, ctx);
    if (topical !== undefined)
      return topical ? { from: content.length - 1, icon: topical, source: 'topic', lemma: head.lemma } : undefined;
  }
  for (let from = 0; from < content.length - 1; from++) {
    const span = content.slice(from);
    if (span[0]!.pos !== 'NOUN' && span[0]!.pos !== 'ADJ' && span[0]!.pos !== 'VERB') continue;
    const forms = spanForms(span);
    const known = formsIcon(forms);
    if (known === null || (known && !senseAgrees(forms[0]!, known.icon, sentence, ctx, known.kind))) return undefined;
    if (known) return { from, icon: known.icon, source: 'vocabulary', kind: known.kind, lemma: forms[0]! };
    // A head said before with its compound keeps that reading under adjectives ("green beans" in a coffee script).
    if (describedOnly && ctx.heads.has(head.lemma)) break;
    const compound = forms.find((f) => nounSenses(f).length > 0);
    if (compound) {
      // A compound WordNet knows is its own thing ("bolt cutters", "electric charge"), never its last word.
      const icon = wordnetIcon(compound, sentence, ctx);
      if (span[0]!.pos === 'NOUN') ctx.heads.set(head.lemma, icon ?? null);
      return icon ? { from, icon, source: 'wordnet', lemma: compound } : undefined;
    }
    const modifier = content[content.length - 2]!;
    if (from === content.length - 2 && modifier.pos === 'NOUN' && !modifier.capitalised) {
      // "coffee cherries", "honey crop": a part or product of a food, plant or animal is not the thing alone.
      // A compound nobody lexicalised shifts its head ("smoke signals", "coffee cherries", "app store"): the head
      // alone stands for it only as a dish named by what it is made of ("banana pancakes"), a thing made of a
      // material ("steel cable", "paper lanterns") or a kind of the head ("fennec fox").
      const dish = firstLexfile(head.lemma) === 'food';
      const material = isMaterial(modifier.lemma);
      if (!dish && !material && !isKindOf(modifier.lemma, head.lemma)) {
        ctx.heads.set(head.lemma, null);
        return undefined;
      }
    }
  }
  const found = headIcon(head, sentence, ctx);
  return found ? { ...found, from: content.length - 1 } : undefined;
}

/** The things a sentence's noun phrases stand for, each once, in the order said. */
export function phraseThings(
  phrases: NounPhrase[],
  text: string,
  sentence: Map<string, number>,
  ctx: ScriptContext,
): Thing[] {
  const things: Thing[] = [];
  for (const phrase of phrases) {
    if (phrase.notHappening) continue;
    const lastNamed = Math.max(-1, ...phrase.named);
    const base = { negated: phrase.negated, core: phrase.core };
    if (lastNamed === phrase.words.length - 1) {
      const names = phrase.words.filter((_, k) => phrase.named.has(k));
      const nameText = text.slice(names[0]!.start, names.at(-1)!.end);
      const icon = nameIcon(nameText);
      if (icon) {
        const evidence: Evidence = { source: 'name', lemma: nameText, whole: true };
        const sure = confidence(evidence, icon, base.core, ctx);
        things.push({ ...base, words: nameText, icon, at: names[0]!.start, confidence: sure, evidence });
      }
      continue;
    }
    const content = phrase.words.slice(lastNamed + 1);
    const found = phraseIcon(content, sentence, ctx);
    if (!found) continue;
    const { sense } = reading(found.lemma, found.icon, sentence, ctx);
    if (!depicts(found.lemma, found.icon, sense)) continue;
    // In a script about an animal, words for kin and roles ("a mother", "the engineers", "the young") mean the
    // animals: never drawn as a person.
    const personWord = sense?.lexfile === 'person' || firstLexfile(found.lemma) === 'person';
    if (ctx.animalSubject && personWord && showsPerson(found.icon)) continue;
    const span = content.slice(found.from);
    // Describing words (adjectives, numbers) dropped keep the thing whole; a describing noun dropped does not.
    const whole = content.slice(0, found.from).every((w) => w.pos !== 'NOUN');
    const { icon, from: _from, ...rest } = found;
    const evidence: Evidence = { ...rest, whole };
    things.push({
      ...base,
      words: text.slice(span[0]!.start, span.at(-1)!.end),
      icon,
      at: span[0]!.start,
      confidence: confidence(evidence, icon, base.core, ctx),
      evidence,
    });
  }
  const seen = new Set<string>();
  return things.filter((t) => !seen.has(t.icon) && seen.add(t.icon));
}

/** Counts of content-word stems in a text. */
export function stemCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const s of stems(text)) counts.set(s, (counts.get(s) ?? 0) + 1);
  return counts;
}

/** Whether the icon's own name says the word ("coffee beans" → beans), not only a keyword or a related word does. */
function iconNamesWord(icon: string, lemma: string): boolean {
  const head = lemma.toLowerCase().split(' ').at(-1)!;
  return icon.split('-').some((w) => w === head || `${w}s` === head || `${w}es` === head || stem(w) === stem(head));
}

/** How much less sure each kind of evidence is than a word the icon's vocabulary names directly. */
const SOURCE_WEIGHT: Readonly<Record<Evidence['source'], number>> = {
  vocabulary: 1,
  topic: 0.9,
  name: 0.9,
  wordnet: 0.8,
};
/** A word the vocabulary knows but WordNet lacks as a noun ("sunburn" as written): no sense counts to go by. */
const UNCOUNTED_SHARE = 0.7;

/**
 * How sure the reader is that a viewer accepts the icon for the words, from general evidence only: how dominant the
 * word's most frequent sense is in WordNet's sense counts (a word with one everyday meaning is safer than "coat" or
 * "dock"), raised when the script's domain speaks for the word's domain; whether the icon's own name says the word;
 * whether the icon stands for the whole phrase or only its head with a describing noun dropped; whether the word is
 * the sentence's subject or object rather than inside a prepositional phrase; and where the icon came from.
 */
export function confidence(e: Evidence, icon: string, core: boolean, ctx: ScriptContext): number {
  let sense = e.source === 'name' ? 1 : firstSenseShare(e.lemma) || UNCOUNTED_SHARE;
  const lexfile = firstLexfile(e.lemma);
  if (lexfile && DOMAINS.has(lexfile) && (ctx.domains.get(lexfile) ?? 0) >= 3) sense = Math.max(sense, 0.8);
  return (
    sense *
    (e.source === 'name' || iconNamesWord(icon, e.lemma) ? 1 : 0.6) *
    (e.whole ? 1 : 0.85) *
    (core ? 1 : 0.9) *
    SOURCE_WEIGHT[e.source]
  );
}
