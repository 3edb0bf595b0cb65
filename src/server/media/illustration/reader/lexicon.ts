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
import { curatedTerms, SENSES } from '../vocabulary.ts';

const require = createRequire(import.meta.url);

/** Surest weight an index entry may have and still be drawn: curated (1) and labels (0.95); keywords and abstract words are not sure. */
const SURE_WEIGHT = 0.95;

/**
 * Where the shared vocabulary draws something a viewer would not accept for the word: a crane for a skyscraper, a
 * loaf for flour. null: no icon draws it. Only the corrections the confidence cutoff (things.ts) does not already
 * make are kept: the labelled scripts read the same without the others ("Bluetooth", "notes", "soil", "level").
 */
const CORRECTIONS: Readonly<Record<string, string | null>> = {
  skyscraper: 'cityscape',
  skyscrapers: 'cityscape',
  flour: null,
  crops: 'sheaf-of-rice',
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
  heat: 'fire',
  journey: null,
  family: 'busts-in-silhouette',
  families: 'busts-in-silhouette',
  parents: 'busts-in-silhouette',
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
 * Words the shared vocabulary draws as a related thing rather than the thing itself, found by reading it entry by
 * entry: drawn as nothing here, so the beat falls to its key phrase rather than to an icon a viewer may not accept
 * for the word. A person drawn as a thing is caught by a rule instead (things.ts); these are the rest.
 */
const RELATED_THINGS = new Set(
  [
    // Another person or an act between people for a class or a relation: a factory worker for any "workers", a hug
    // for a "friend", a detective for a "suspect", an airline pilot for a ship's "captain", one judge for a "jury".
    'worker workers labor labour workforce friend friends parent relatives jury criminal criminals suspect captain',
    'account',
    // A part or a home drawn as the whole or its dweller: a house for "rooftops", a car for its "trunk", a bee for a
    // "hive", a school for a "classroom", one blossom for a "meadow".
    'roof roofs rooftop rooftops trunk hive beehive classroom meadow meadows',
    // A place drawn as a thing used there: biceps for a "gym", a frying pan for a "kitchen", a boot for a "trail".
    'gym kitchen workplace warehouse trail trails vineyard landfill',
    // A thing drawn as the tool used on it: a hammer for "nails", soap for "laundry", a brush for "paint".
    'nail nails screw screws paint laundry toothpaste plumbing haircut craft crafts pillow',
    // A source drawn as its product or a product as its source: the sun for "solar panels", a fish for "fishing", a
    // carved lantern for a "pumpkin", a cooked dish for a "recipe".
    'cocoa sugar vine vines iceberg icebergs pumpkin pumpkins recipe recipes fishing fisheries',
    // Another member of the kind, or one member for a group: a strawberry for a "raspberry", peanuts for "almonds",
    // Saturn for "Mars", a guitar for a "band", a violin for an "orchestra".
    'raspberry raspberries almond almonds cashews mars jupiter band orchestra',
    // A banknote for a "bill" to pay, paw prints for "wildlife", a car for a "commute", a taxi for any "ride".
    'bill bills animal animals wildlife pet pets commute ride',
  ]
    .join(' ')
    .split(' '),
);

/** Compounds of the same kinds ("coffee beans" drawn as a cup of coffee). */
const RELATED_COMPOUNDS = new Set([
  'coffee bean',
  'coffee beans',
  'tea leaves',
  'french press',
  'coffee maker',
  'cook book',
  'solar panel',
  'solar panels',
  'wind turbine',
  'wind turbines',
  'wildflower meadow',
  'wildflower meadows',
  'rock band',
]);

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

let signatures: Map<string, Set<string>> | undefined;

/** The words that describe each icon: its Emojibase label and keywords and the curated terms it draws. */
export function iconSignature(icon: string): Set<string> {
  if (!signatures) {
    const built = new Map<string, Set<string>>();
    const add = (name: string, text: string) => {
      const set = built.get(name) ?? new Set<string>();
      built.set(name, set);
      for (const s of stems(text)) set.add(s);
    };
    for (const { emoji, icon } of emojiIcons()) add(icon, `${emoji.label} ${(emoji.tags ?? []).join(' ')}`);
    for (const [term, { icon }] of curatedTerms()) add(icon, term);
    for (const name of iconNames()) add(name, name.replace(/-/g, ' '));
    signatures = built;
  }
  return signatures.get(icon) ?? new Set();
}
