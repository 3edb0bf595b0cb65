/**
 * Numbers a scene says, for motion typography: "$2.5 million", "40%", "1998", "seventy percent". Times ("7:30"),
 * dates ("3/4") and lone small spelled numbers ("one day") are not figures anyone wants set in big type.
 */

export interface NumberSubject {
  kind: 'number';
  /** As written ("$2.5 million", "seventy percent"). */
  word: string;
  value: number;
  /** What is set before and after the counting digits: "$" and " million"; "" and "%". */
  prefix: string;
  suffix: string;
  /** Digits after the decimal point, so a count-up shows "2.5" and not "2.4999". */
  decimals: number;
  /** A year (1998): set without a thousands separator. */
  year?: boolean;
}

const CURRENCY_SYMBOL = '[$€£¥₹₩₽]|US\\$|A\\$|C\\$|R\\$';
const SCALE = 'hundred|thousand|million|billion|trillion';
/** Units written straight after a number that belong in the typography. */
const UNIT = `%|percent|per cent|${SCALE}|k|m|bn|x|dollars?|euros?|pounds?|yen|rupees?|usd|eur|gbp|km|kg|mph|km/h|°[cf]?|degrees?|miles?|meters?|metres?|kilometers?|kilometres?|kilos?|grams?|liters?|litres?|hours?|minutes?|seconds?|days?|weeks?|months?|years?|times`;

const DIGITS = new RegExp(
  `(?<![\\w.,/:])(?<prefix>(?:${CURRENCY_SYMBOL})\\s?)?(?<digits>\\d{1,3}(?:,\\d{3})+(?:\\.\\d+)?|\\d+(?:\\.\\d+)?)(?<s>s\\b)?(?<suffix>(?:\\s?(?:${UNIT}))(?:\\s(?:${SCALE}|dollars|euros|pounds))?)?(?![\\w/:]|[.,]\\d)`,
  'giu',
);

/** Spelled numbers by value (the sentence reader's figures read their own from it). */
export const SPELLED_NUMBERS: Readonly<Record<string, number>> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
  a: 1,
  half: 0.5,
};
const MULTIPLIER: Readonly<Record<string, number>> = {
  hundred: 100,
  thousand: 1e3,
  million: 1e6,
  billion: 1e9,
  trillion: 1e12,
};

const SPELLED_WORD = `${Object.keys(SPELLED_NUMBERS)
  .filter((w) => w !== 'a' && w !== 'half')
  .join('|')}`;
/** Spelled numbers count only with a unit worth showing: "seventy percent", "three million", "half a million". */
const SPELLED = new RegExp(
  `\\b(?<spelled>(?:half an?|(?:${SPELLED_WORD})(?:[\\s-](?:${SPELLED_WORD}))*)(?:\\s(?:hundred|thousand))?)\\s(?<unit>percent|per cent|million|billion|trillion|thousand)(?<tail>\\s(?:dollars|euros|pounds|people|users|customers))?\\b`,
  'giu',
);

const round = (value: number, decimals: number) => Number(value.toFixed(decimals));

/** The value of spelled words such as "seventy five" or "half a" (then scaled by the unit). */
function spelledValue(words: string): number {
  let total = 0;
  for (const word of words.toLowerCase().split(/[\s-]+/)) {
    if (word === 'an') continue;
    if (word in MULTIPLIER) total = Math.max(total, 1) * MULTIPLIER[word]!;
    else total += SPELLED_NUMBERS[word] ?? 0;
  }
  return total;
}

/** The suffix as set in type: "percent" becomes "%", the rest keeps its spelling and its space. */
const setSuffix = (suffix: string): string => (/^\s?(percent|per cent)$/i.test(suffix) ? '%' : suffix);

function fromDigits(match: RegExpMatchArray): NumberSubject | null {
  const { prefix = '', digits = '', s, suffix = '' } = match.groups!;
  const decimals = digits.includes('.') ? digits.split('.')[1]!.length : 0;
  const value = Number(digits.replace(/,/g, ''));
  if (!Number.isFinite(value)) return null;
  const plainYear = !prefix && !digits.includes(',') && !digits.includes('.') && value >= 1000 && value <= 2199;
  const year = plainYear && !suffix;
  return {
    kind: 'number',
    word: match[0],
    value,
    prefix: prefix.trim(),
    // "the 1990s": a decade, shown with its s.
    suffix: `${s ?? ''}${setSuffix(suffix)}`,
    decimals,
    ...(year ? { year: true } : {}),
  };
}

/**
 * The figures the text says, most worth showing first: amounts with a currency, a percent or a scale word, then
 * years, then the rest; in the order said among equals.
 */
export function findNumbers(text: string): NumberSubject[] {
  const found: Array<{ at: number; subject: NumberSubject }> = [];
  for (const match of text.matchAll(DIGITS)) {
    const subject = fromDigits(match);
    if (subject) found.push({ at: match.index, subject });
  }
  for (const match of text.matchAll(SPELLED)) {
    const { spelled = '', unit = '', tail = '' } = match.groups!;
    const percent = /percent|per cent/i.test(unit);
    const base = spelledValue(spelled);
    if (base <= 0) continue;
    found.push({
      at: match.index,
      subject: {
        kind: 'number',
        word: match[0],
        value: round(base, 2),
        prefix: '',
        suffix: percent ? '%' : ` ${unit.toLowerCase()}${tail}`,
        decimals: base % 1 === 0 ? 0 : 1,
      },
    });
  }
  const weight = (n: NumberSubject) => (n.prefix || (n.suffix && !n.year) ? 0 : n.year ? 1 : 2);
  return found.sort((a, b) => weight(a.subject) - weight(b.subject) || a.at - b.at).map(({ subject }) => subject);
}

/** A number as shown while it counts up to its value: separators for thousands except in a year, its decimals. */
export function formatNumber(subject: NumberSubject, shown = subject.value): string {
  const digits = subject.year
    ? shown.toFixed(0)
    : shown.toLocaleString('en-US', {
        minimumFractionDigits: subject.decimals,
        maximumFractionDigits: subject.decimals,
      });
  return `${subject.prefix}${digits}${subject.suffix}`;
}
