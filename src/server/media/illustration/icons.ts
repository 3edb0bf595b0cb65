/**
 * The icon set and its word index. Icons are Microsoft's Fluent Emoji Flat (MIT) in Iconify's JSON
 * (`@iconify-json/fluent-emoji-flat`); their English names and keywords are Emojibase's (MIT, from Unicode CLDR).
 * The index maps a word, or a few words, to one icon: the curated vocabulary first, then Emojibase labels ("hot
 * beverage", "tractor"), then CLDR keywords that an icon's label also says ("tree" → deciduous tree). Faces, people, hands, symbols and flags come only from the curated vocabulary: their keywords are
 * feelings and gestures ("running", "approve") that would put a person on screen for an abstract verb.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { isStopWord } from '../keywords.ts';
import { curatedTerms, SENSES } from './vocabulary.ts';

const require = createRequire(import.meta.url);

export interface IndexEntry {
  icon: string;
  /** How surely the word means the icon: 1 curated, 0.95 a label, 0.6 a keyword; halved for an abstract word. */
  weight: number;
}

interface EmojibaseEmoji {
  label: string;
  hexcode: string;
  tags?: string[];
  group?: number;
  order?: number;
}

/** Emojibase groups whose labels and keywords name things: animals and nature, food, travel and places, activities, objects. */
const THING_GROUPS = new Set([3, 4, 5, 6, 7]);

/**
 * Keywords and labels' last words that describe rather than name, or name something the icon is not ("hot" on the
 * hot beverage, "ball" on a dozen sports): never indexed from them (the curated vocabulary may still use them).
 */
const NOT_FROM_KEYWORDS = new Set(
  `hot cold warm cool morning evening night day drink food eat eating sweet dessert fresh red green blue yellow orange purple
brown black white pink gray grey object place building travel vehicle animal nature plant tool office sport game ball activity
symbol sign button mark face hand person man woman body part light dark round square small large big little tiny long short tall
fast slow open closed top bottom up down left right front back side old new good bad happy sad love heart celebration party
holiday weather time clock money business work home house stop go play music sound record card box bag case set wave line point
fire water air earth ground space star sun moon world globe map flag animal bird fish bug insect flower tree leaf fruit vegetable
meat medicine science computer phone mail letter paper book note office school station train car boat ship plane bus vehicle
japanese chinese american japan tokyo europe asia australia o’clock thirty one two three four five six seven eight nine ten
eleven twelve nose leg bone pot bottle handle tower pole track hole stone die suit score board flash cover wings index scale
cane test balance level control club slot pool cup`.split(/\s+/),
);

/** The weight of an abstract curated word ("strategy", "time"): drawn only when nothing concrete is named. */
export const ABSTRACT_WEIGHT = 0.5;

let index: Map<string, IndexEntry> | undefined;
let fluentNames: Set<string> | undefined;

/** The names of every Fluent Emoji Flat icon that draws an emoji (from its small codepoint table, not the 9 MB set). */
export function iconNames(): Set<string> {
  fluentNames ??= new Set(
    Object.values(
      JSON.parse(fs.readFileSync(require.resolve('@iconify-json/fluent-emoji-flat/chars.json'), 'utf8')) as Record<
        string,
        string
      >,
    ),
  );
  return fluentNames;
}

function fluentNameByHex(): Map<string, string> {
  const chars = JSON.parse(
    fs.readFileSync(require.resolve('@iconify-json/fluent-emoji-flat/chars.json'), 'utf8'),
  ) as Record<string, string>;
  return new Map(Object.entries(chars));
}

const usable = (word: string) => word.length >= 3 && !isStopWord(word) && !NOT_FROM_KEYWORDS.has(word);

/** Builds the word → icon index once: curated terms, then Emojibase labels, label heads and keywords, each only where nothing surer is. */
function buildIndex(): Map<string, IndexEntry> {
  const names = iconNames();
  const built = new Map<string, IndexEntry>();
  const put = (term: string, entry: IndexEntry) => {
    const seen = built.get(term);
    if (!seen || seen.weight < entry.weight) built.set(term, entry);
  };
  for (const [term, { icon, abstract }] of curatedTerms()) {
    if (names.has(icon)) built.set(term, { icon, weight: abstract ? ABSTRACT_WEIGHT : 1 });
  }
  const curated = new Set(built.keys());
  const byHex = fluentNameByHex();
  const emojis = (
    JSON.parse(fs.readFileSync(require.resolve('emojibase-data/en/data.json'), 'utf8')) as EmojibaseEmoji[]
  )
    .filter((e) => e.group !== undefined && THING_GROUPS.has(e.group) && !e.label.includes(':'))
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
  const iconOf = (e: EmojibaseEmoji) => {
    const hex = e.hexcode.toLowerCase();
    return byHex.get(hex) ?? byHex.get(hex.replace(/-fe0f/g, ''));
  };
  const tagged = new Map<string, Array<{ icon: string; label: string }>>();
  for (const e of emojis) {
    const icon = iconOf(e);
    if (!icon || !names.has(icon)) continue;
    const label = e.label.toLowerCase();
    const words = label.split(/[\s-]+/);
    if (!curated.has(label) && (words.length > 1 || !isStopWord(label))) put(label, { icon, weight: 0.95 });
    for (const tag of e.tags ?? []) {
      const key = tag.toLowerCase();
      if (usable(key)) tagged.set(key, [...(tagged.get(key) ?? []), { icon, label }]);
    }
  }
  for (const [tag, list] of tagged) {
    if (curated.has(tag)) continue;
    // CLDR keywords are loose ("service" on the service dog, "two" on the clock at half past two): one counts only
    // where it is the last word of an icon's own label ("tree" → deciduous tree), the shortest such label.
    const named = list
      .filter(({ label }) => label.split(/[\s-]+/).at(-1) === tag)
      .sort((a, b) => a.label.length - b.label.length)[0];
    if (named) put(tag, { icon: named.icon, weight: 0.6 });
  }
  // A word with several senses is decided per scene, never by the index alone.
  for (const word of Object.keys(SENSES)) built.delete(word);
  return built;
}

export function iconIndex(): Map<string, IndexEntry> {
  index ??= buildIndex();
  return index;
}

interface IconifyIcon {
  body: string;
  width?: number;
  height?: number;
  left?: number;
  top?: number;
  hFlip?: boolean;
  vFlip?: boolean;
  rotate?: number;
}

interface IconifyAlias extends Omit<IconifyIcon, 'body'> {
  parent: string;
}

interface IconifySet {
  icons: Record<string, IconifyIcon>;
  aliases?: Record<string, IconifyAlias>;
  width?: number;
  height?: number;
}

let iconSet: IconifySet | undefined;

/** The icon set's JSON (9 MB), read on the first drawing only. */
function set(): IconifySet {
  iconSet ??= JSON.parse(
    fs.readFileSync(require.resolve('@iconify-json/fluent-emoji-flat/icons.json'), 'utf8'),
  ) as IconifySet;
  return iconSet;
}

/** An icon with its aliases resolved: an alias's own flips and turns add to its parent's. */
function resolveIcon(name: string, depth = 0): IconifyIcon | undefined {
  const { icons, aliases } = set();
  const own = icons[name];
  if (own) return own;
  const alias = aliases?.[name];
  if (!alias || depth > 5) return undefined;
  const parent = resolveIcon(alias.parent, depth + 1);
  if (!parent) return undefined;
  const { parent: _parent, ...overrides } = alias;
  return {
    ...parent,
    ...overrides,
    hFlip: Boolean(parent.hFlip) !== Boolean(alias.hFlip),
    vFlip: Boolean(parent.vFlip) !== Boolean(alias.vFlip),
    rotate: ((parent.rotate ?? 0) + (alias.rotate ?? 0)) % 4,
  };
}

/** A complete, standalone SVG document for the icon, sized in the set's units (32 × 32 for most). */
export function iconSvg(name: string): string {
  const icon = resolveIcon(name);
  if (!icon) throw new Error(`No icon named "${name}" in Fluent Emoji Flat`);
  const width = icon.width ?? set().width ?? 16;
  const height = icon.height ?? set().height ?? 16;
  const left = icon.left ?? 0;
  const top = icon.top ?? 0;
  const transforms: string[] = [];
  if (icon.rotate) transforms.push(`rotate(${icon.rotate * 90} ${left + width / 2} ${top + height / 2})`);
  if (icon.hFlip) transforms.push(`translate(${2 * left + width} 0) scale(-1 1)`);
  if (icon.vFlip) transforms.push(`translate(0 ${2 * top + height}) scale(1 -1)`);
  const body = transforms.length > 0 ? `<g transform="${transforms.join(' ')}">${icon.body}</g>` : icon.body;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${left} ${top} ${width} ${height}">${body}</svg>`;
}
