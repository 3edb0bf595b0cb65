/**
 * What the reader knows about words and icons: the icon a term names (the curated vocabulary and Emojibase labels
 * of ../icons.ts, never its loose keywords or abstract words), the words that describe each icon (its Emojibase
 * label and keywords and its curated terms, which tell which WordNet sense of a word the icon draws), and a short
 * list of corrections where the shared vocabulary draws the wrong thing for this reader.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { isStopWord } from '~/server/media/keywords.ts';
import { iconIndex, iconNames } from '../icons.ts';
import { nounForms } from '../inflect.ts';
import { curatedTerms, SENSES } from '../vocabulary.ts';

const require = createRequire(import.meta.url);

/** Surest weight an index entry may have and still be drawn: curated (1) and labels (0.95); keywords and abstract words are not sure. */
const SURE_WEIGHT = 0.95;

/**
 * Where the shared vocabulary draws something a viewer would not accept for the word: a crane for a skyscraper, a
 * loaf for flour. null: no icon draws it (a skyline for "skyscrapers" or people for a "family" would show a related
 * thing, which things.ts `depicts` refuses). Only the corrections the confidence cutoff (things.ts) does not already
 * make are kept: the labelled scripts read the same without the others ("Bluetooth", "notes", "soil", "level").
 */
const CORRECTIONS: Readonly<Record<string, string | null>> = {
  skyscraper: null,
  skyscrapers: null,
  flour: null,
  crops: null,
  content: null,
  copy: null,
  post: null,
  form: null,
  text: null,
  program: null,
  process: null,
  deal: null,
  engine: null,
  machine: null,
  traffic: null,
  network: null,
  site: null,
  field: null,
  fields: null,
  cost: null,
  costs: null,
  oxygen: null,
  heat: null,
  journey: null,
  family: null,
  families: null,
  parents: null,
  lantern: 'red-paper-lantern',
  lanterns: 'red-paper-lantern',
  tourist: null,
  tourists: null,
  street: null,
  streets: null,
  leaf: 'leaf-fluttering-in-wind',
  leaves: 'leaf-fluttering-in-wind',
  bag: 'shopping-bags',
  bags: 'shopping-bags',
};

/**
 * Words the shared vocabulary draws as a related thing whose own name or keywords nevertheless say the word, so
 * things.ts `depicts` lets them through: drawn as nothing here. A factory worker for any "workers" (its label says
 * worker), an airline pilot for a ship's "captain", biceps for a "gym", a screwdriver for "screws", a chocolate bar
 * for "cocoa", ice for an "iceberg", a carved lantern for a "pumpkin", a fish for "fishing", a banknote for a "bill"
 * to pay, a taxi for any "ride", a cup for "coffee beans" or "tea leaves".
 */
const RELATED_THINGS = new Set(
  'worker workers captain gym screw screws cocoa iceberg icebergs pumpkin pumpkins fishing bill bills ride'.split(' '),
);
const RELATED_COMPOUNDS = new Set(['coffee bean', 'coffee beans', 'tea leaves']);

/** Words too general to stand for any icon when reached through WordNet's more general senses. */
const GENERIC = new Set(
  `entity object whole artifact artefact instrumentality device container implement tool equipment structure covering food
foodstuff solid substance matter material organism plant animal person thing commodity product vehicle conveyance machine
produce seed fruit vegetable building establishment facility area region place tract biome unit part piece body system
mechanism apparatus article merchandise good goods creation line way means instrument furniture furnishing accessory
fixture surface layer sheet mass formation land geological formation natural object natural elevation elevation
vascular plant woody plant herb shrub tree flower bird mammal fish insect invertebrate vertebrate beverage drink liquid
fluid nutriment dish course meal ingredient flavorer flavourer seasoning cutter rope worker adult people group vessel
craft water body of water covering protective covering shelter bar rodent`.split(/\s+/),
);

export interface IconEntry {
  icon: string;
  /**
   * curated: the vocabulary draws the word in its everyday sense; label: an Emojibase label; ambiguous: a word the
   * vocabulary marks as having several senses, drawn only in the sense its icon describes.
   */
  kind: 'curated' | 'label' | 'ambiguous';
}

/** The icon a term names surely, or null when it names none (or a correction says so); undefined when unknown. */
export function termIcon(term: string): IconEntry | null | undefined {
  if (RELATED_THINGS.has(term) || RELATED_COMPOUNDS.has(term)) return null;
  if (term in CORRECTIONS) {
    const icon = CORRECTIONS[term];
    return icon ? { icon, kind: 'curated' } : null;
  }
  const senses = SENSES[term];
  // Words the vocabulary already knows as ambiguous: only their sense without cues, which WordNet then checks.
  if (senses) return senses.fallback ? { icon: senses.fallback, kind: 'ambiguous' } : null;
  const entry = iconIndex().get(term);
  if (!entry || entry.weight < SURE_WEIGHT) return undefined;
  return { icon: entry.icon, kind: entry.weight >= 1 ? 'curated' : 'label' };
}

/** The icon of the first form of a term that has one ("cherries", then "cherry"). */
export function formsIcon(forms: readonly string[]): IconEntry | null | undefined {
  for (const form of forms) {
    const entry = termIcon(form);
    if (entry !== undefined) return entry;
  }
  return undefined;
}

/** Whether a word from a more general sense is too general to draw ("protective covering", "body of water"). */
export const isGeneric = (word: string): boolean => GENERIC.has(word) || GENERIC.has(word.split(' ').at(-1)!);

/** A word reduced for comparing glosses: lower case, letters only, its first five letters ("electrical" ~ "electric"). */
export const stem = (word: string): string => {
  const w = word.toLowerCase().replace(/[^a-z]/g, '');
  return w.length > 5 ? w.slice(0, 5) : w.replace(/s$/, '');
};

/** Content-word stems of a text: no function or vague words, no words under three letters. */
export function stems(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w.length >= 3 && !isStopWord(w))
    .map(stem);
}

interface EmojibaseEmoji {
  label: string;
  hexcode: string;
  tags?: string[];
  subgroup?: number;
}

/** Emojibase's emoji, each with the Fluent icon that draws it. */
function emojiIcons(): Array<{ emoji: EmojibaseEmoji; icon: string }> {
  const chars = JSON.parse(
    fs.readFileSync(require.resolve('@iconify-json/fluent-emoji-flat/chars.json'), 'utf8'),
  ) as Record<string, string>;
  const emojis = JSON.parse(
    fs.readFileSync(require.resolve('emojibase-data/en/data.json'), 'utf8'),
  ) as EmojibaseEmoji[];
  return emojis.flatMap((emoji) => {
    const hex = emoji.hexcode.toLowerCase();
    const icon = chars[hex] ?? chars[hex.replace(/-fe0f/g, '')];
    return icon ? [{ emoji, icon }] : [];
  });
}

let people: Set<string> | undefined;

/** Whether an icon draws a person or people (Emojibase's person and family subgroups), not a hand, a face or a thing. */
export function showsPerson(icon: string): boolean {
  if (!people) {
    const { subgroups } = JSON.parse(fs.readFileSync(require.resolve('emojibase-data/meta/groups.json'), 'utf8')) as {
      subgroups: Record<string, string>;
    };
    const personal = (subgroup: number | undefined) => {
      const name = subgroups[String(subgroup)] ?? '';
      return name.startsWith('person') || name === 'family';
    };
    people = new Set(emojiIcons().flatMap(({ emoji, icon }) => (personal(emoji.subgroup) ? [icon] : [])));
  }
  return people.has(icon);
}

/** A word and its possible singulars, for comparing terms in any number ("beans" ~ "bean"). */
export const numberForms = (word: string): string[] => [...new Set([...nounForms(word), word.replace(/s$/, '')])];

/**
 * Each icon's terms: `termsOf` applied to each of its own texts (its Emojibase label, each keyword, its name as
 * words) and, with `curated`, to each term of the vocabulary that draws it.
 */
function iconTerms(termsOf: (text: string) => Iterable<string>, curated: boolean): Map<string, Set<string>> {
  const built = new Map<string, Set<string>>();
  const add = (icon: string, text: string) => {
    const set = built.get(icon) ?? new Set<string>();
    built.set(icon, set);
    for (const term of termsOf(text)) set.add(term);
  };
  for (const { emoji, icon } of emojiIcons()) for (const text of [emoji.label, ...(emoji.tags ?? [])]) add(icon, text);
  if (curated) for (const [term, { icon }] of curatedTerms()) add(icon, term);
  for (const name of iconNames()) add(name, name.replace(/-/g, ' '));
  return built;
}

/** A text of an icon's own, whole and word by word, in lower case and in any number. */
function ownTermsOf(text: string): string[] {
  const whole = text.toLowerCase().trim();
  const words = whole.split(/[^a-z]+/);
  return [
    whole,
    ...numberForms(words.at(-1)!).map((form) => [...words.slice(0, -1), form].join(' ')),
    ...words.filter((w) => w.length >= 3 && !isStopWord(w)).flatMap(numberForms),
  ];
}

let ownTermsByIcon: Map<string, Set<string>> | undefined;

/**
 * The terms an icon itself is named by: its name, its Emojibase label and keywords; not the curated terms, which also
 * give icons to related things (a tractor for a "farm").
 */
export function ownTerms(icon: string): Set<string> {
  ownTermsByIcon ??= iconTerms(ownTermsOf, false);
  return ownTermsByIcon.get(icon) ?? new Set();
}

let signatures: Map<string, Set<string>> | undefined;

/** The word stems that describe each icon: its Emojibase label and keywords, its name and the curated terms it draws. */
export function iconSignature(icon: string): Set<string> {
  signatures ??= iconTerms(stems, true);
  return signatures.get(icon) ?? new Set();
}
