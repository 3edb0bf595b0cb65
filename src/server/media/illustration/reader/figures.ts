/**
 * The figure a sentence states, with its unit and what it counts: "200 m", "1 hour", "20 %", "1,500 flowers". Built on
 * ../numbers.ts (amounts, percents, scales, years), adding the units of recipes and measures written after digits
 * ("200 g", "2 cups") and spelled numbers with a unit ("three hours", "two dollars"), which a scene of its own would
 * not set in big type but a sentence's figure does.
 */

import { findNumbers, type NumberSubject, SPELLED_NUMBERS } from '../numbers.ts';
import type { ReadFigure } from '../reading.ts';
import type { ReadSentence } from './nlp.ts';

const MEASURE = `cents?|pence|g|kg|mg|ml|l|cl|cm|mm|m|km|lbs?|oz|cups?|tablespoons?|teaspoons?|tbsp|tsp|°C|°F|sq ft|square (?:metres|meters|feet|miles)|acres?|hectares?|calories|kcal|steps|pages|episodes`;
const AFTER_DIGITS = new RegExp(String.raw`^\s?(${MEASURE})(?![\p{L}\d])`, 'iu');

/** The spelled numbers of ../numbers.ts whose value `keep` takes ("a" and "half" are no figure's number). */
const spelledWith = (keep: (value: number) => boolean): Readonly<Record<string, number>> =>
  Object.fromEntries(
    Object.entries(SPELLED_NUMBERS).filter(([word, value]) => word !== 'a' && Number.isInteger(value) && keep(value)),
  );
const SPELLED_SMALL: Readonly<Record<string, number>> = {
  ...spelledWith((value) => value >= 2 && value <= 19),
  hundred: 100,
};
const SPELLED_TENS = spelledWith((value) => value >= 20);
const UNITS = spelledWith((value) => value >= 1 && value <= 9);
const SPELLED_UNIT = `cents?|hours?|minutes?|seconds?|days?|weeks?|months?|years?|decades?|centuries|dollars?|euros?|pounds?|miles?|kilometres?|kilometers?|metres?|meters?|kilos?|grams?|cups?|times|degrees?`;
/**
 * A spelled number and its unit: "three hours", "fifteen minutes", "sixty-six years" (all of it, never its "six
 * years"). The number starts a word: no letter or hyphen before it.
 */
const SPELLED = new RegExp(
  String.raw`(?<![\p{L}-])(?:(?<tens>${Object.keys(SPELLED_TENS).join('|')})(?:[\s-](?<units>${Object.keys(UNITS).join('|')}))?|(?<small>${Object.keys(SPELLED_SMALL).join('|')}))[\s-](?<unit>${SPELLED_UNIT})\b`,
  'giu',
);
const CURRENCY_WORD: Readonly<Record<string, string>> = { dollar: '$', euro: '€', pound: '£' };

/** Spelled numbers with a unit: "three hours", "two dollars" ($2). */
function spelled(text: string): Array<{ at: number; subject: NumberSubject }> {
  const found: Array<{ at: number; subject: NumberSubject }> = [];
  for (const match of text.matchAll(SPELLED)) {
    const { tens, units, small } = match.groups!;
    const value = small
      ? SPELLED_SMALL[small.toLowerCase()]!
      : SPELLED_TENS[tens!.toLowerCase()]! + (units ? UNITS[units.toLowerCase()]! : 0);
    const unit = match.groups!.unit!.toLowerCase();
    const currency = CURRENCY_WORD[unit.replace(/s$/, '')];
    found.push({
      at: match.index,
      subject: {
        kind: 'number',
        word: match[0],
        value,
        prefix: currency ?? '',
        suffix: currency ? '' : ` ${unit}`,
        decimals: 0,
      },
    });
  }
  return found;
}

/** What follows a figure that says what it counts: "1,500 flowers" → "flowers", "70% of farmers" → "of farmers". */
function labelAfter(sentence: ReadSentence, end: number): string {
  const after = sentence.words.filter((w) => w.start >= end);
  const taken: string[] = [];
  let k = 0;
  if (after[0]?.lower === 'of') {
    taken.push('of');
    k = 1;
    if (after[1]?.pos === 'DET') k = 2;
  }
  for (; k < after.length && taken.length < 4; k++) {
    const w = after[k]!;
    if (w.pos === 'NOUN' || w.pos === 'ADJ') taken.push(w.text);
    else break;
  }
  const nouns = taken.filter((t) => t !== 'of');
  return nouns.length > 0 && after[taken.length]?.pos !== 'NOUN' ? taken.join(' ') : '';
}

/** A sign said before a figure: "minus two degrees", "-5 °C" (a dash after a letter or digit is a range or a compound). */
const MINUS_BEFORE = /(?:\bminus\s+|(?<![\p{L}\d])[-−])$/iu;
/** A sign said after it: "five degrees below zero". */
const BELOW_ZERO_AFTER = /^\s+below\s+zero\b/i;

/**
 * The figure with the sign its words give: a temperature said as "minus two degrees" is -2, never 2. The sign's
 * words become part of the figure's words.
 */
function signed(text: string, at: number, subject: NumberSubject): { at: number; subject: NumberSubject } {
  const before = MINUS_BEFORE.exec(text.slice(0, at));
  const end = at + subject.word.length;
  const after = BELOW_ZERO_AFTER.exec(text.slice(end));
  if (!before && !after) return { at, subject };
  const from = before ? at - before[0].length : at;
  const word = text.slice(from, after ? end + after[0].length : end);
  return { at: from, subject: { ...subject, value: -Math.abs(subject.value), word } };
}

/** The figure most worth showing: an amount, percent or measure, then a counted thing, then a year. */
export function readFigure(sentence: ReadSentence): ReadFigure | undefined {
  return readFigures(sentence)[0];
}

/** Every figure the sentence states, most worth showing first. */
export function readFigures(sentence: ReadSentence): ReadFigure[] {
  const { text } = sentence;
  const candidates: Array<{ at: number; subject: NumberSubject; label: string }> = [];
  const numbers = findNumbers(text);
  let from = 0;
  for (const subject of numbers) {
    const at = text.indexOf(subject.word, from);
    if (at === -1) continue;
    // A number in a name ("Apollo 11", "Windows 11") is part of the name.
    const before = sentence.words.filter((w) => w.end <= at).at(-1);
    const named = before && (before.pos === 'PROPN' || before.pos === 'NOUN') && /^\p{Lu}/u.test(before.text);
    if (named && !subject.prefix && !subject.suffix) continue;
    let end = at + subject.word.length;
    let withUnit = subject;
    if (!subject.suffix) {
      const unit = AFTER_DIGITS.exec(text.slice(end));
      if (unit) {
        withUnit = { ...subject, suffix: ` ${unit[1]}`, word: text.slice(at, end + unit[0].length) };
        end += unit[0].length;
        delete withUnit.year;
      }
    }
    candidates.push({ ...signed(text, at, withUnit), label: labelAfter(sentence, end) });
    from = at;
  }
  for (const { at, subject } of spelled(text)) {
    if (candidates.some((c) => Math.abs(c.at - at) < subject.word.length)) continue;
    candidates.push({ ...signed(text, at, subject), label: '' });
  }
  // A time of day or a bare small count ("at 8", "2 of them") is no figure; a lone year is one only as a last resort.
  const usable = candidates.filter(
    (c) => c.subject.prefix || c.subject.suffix || c.label || c.subject.year || c.subject.value >= 10,
  );
  const rank = (c: (typeof usable)[number]) =>
    c.subject.prefix || (c.subject.suffix && !c.subject.year) ? 0 : c.label ? 1 : c.subject.year ? 3 : 2;
  return usable.sort((a, b) => rank(a) - rank(b) || a.at - b.at).map((c) => ({ ...c.subject, label: c.label }));
}
