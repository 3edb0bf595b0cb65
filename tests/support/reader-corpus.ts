/**
 * The sentence reader's labelled corpus and its score. Every element a reading draws counts: the subject, its
 * context, each item's and side's icon, each place, the figure and each scenery. An element is right when a label
 * covers its words and accepts it (an icon from the label's list; the place's name; the figure's value; a scenery
 * in the sentence's list) and, for words said as absent, when it is drawn negated; an element no label covers is
 * wrong. Precision: right elements ÷ drawn elements. Recall: labels with something acceptable that got it drawn ÷
 * those labels.
 */
import fs from 'node:fs';
import path from 'node:path';
import { readScript } from '~/server/media/illustration/reader/index.ts';
import type { SentenceReading } from '~/server/media/illustration/reading.ts';

export interface LabelledSentence {
  text: string;
  icons?: Record<string, string[]>;
  negated?: string[];
  places?: Record<string, string>;
  figures?: Record<string, number>;
  scenery?: string[];
}

export interface LabelledScript {
  id: string;
  kind: string;
  productName?: string;
  sentences: LabelledSentence[];
}

/**
 * held-out: the thirteenth held-out set, written and labelled for validation after the last round of tuning and never
 * tuned on. first- to twelfth-held-out: held-out sets written and labelled before a round of tuning and scored then;
 * once their misses were read they became tuning data. tuning: written after the first held-out set, tuned on from the start.
 */
export type Part =
  | 'held-out'
  | 'first-held-out'
  | 'second-held-out'
  | 'third-held-out'
  | 'fourth-held-out'
  | 'fifth-held-out'
  | 'sixth-held-out'
  | 'seventh-held-out'
  | 'eighth-held-out'
  | 'ninth-held-out'
  | 'tenth-held-out'
  | 'eleventh-held-out'
  | 'twelfth-held-out'
  | 'tuning';

export const PARTS: Record<Part, string> = {
  'held-out': 'reader-corpus-heldout-13.json',
  'twelfth-held-out': 'reader-corpus-heldout-12.json',
  'eleventh-held-out': 'reader-corpus-heldout-11.json',
  'tenth-held-out': 'reader-corpus-heldout-10.json',
  'ninth-held-out': 'reader-corpus-heldout-9.json',
  'eighth-held-out': 'reader-corpus-heldout-8.json',
  'seventh-held-out': 'reader-corpus-heldout-7.json',
  'sixth-held-out': 'reader-corpus-heldout-6.json',
  'fifth-held-out': 'reader-corpus-heldout-5.json',
  'fourth-held-out': 'reader-corpus-heldout-4.json',
  'first-held-out': 'reader-corpus-heldout.json',
  'second-held-out': 'reader-corpus-heldout-2.json',
  'third-held-out': 'reader-corpus-heldout-3.json',
  tuning: 'reader-corpus-tuning.json',
};

export function loadPart(part: Part): LabelledScript[] {
  const file = path.join(import.meta.dirname, '..', 'fixtures', PARTS[part]);
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { scripts: LabelledScript[] }).scripts;
}

export interface Element {
  kind: 'icon' | 'place' | 'figure' | 'scenery';
  words: string;
  /** The icon, the place's name, the figure's value or the scenery. */
  value: string;
  negated?: boolean;
}

const SCALES: Record<string, number> = { thousand: 1e3, million: 1e6, billion: 1e9, trillion: 1e12 };
/** The value a figure says, its scale word included: "600 million" is 600 000 000. */
function fullValue(figure: { value: number; suffix: string }): number {
  const scale = SCALES[figure.suffix.trim().split(/\s+/)[0]?.toLowerCase() ?? ''];
  return scale ? Math.round(figure.value * scale) : figure.value;
}

/**
 * Everything a reading draws, each icon once: the same icon as the subject and as a step's item is one picture.
 */
export function drawnElements(reading: SentenceReading): Element[] {
  const elements: Element[] = [];
  const icon = (words: string, value: string, negated = false) => {
    if (!elements.some((e) => e.kind === 'icon' && e.value === value))
      elements.push({ kind: 'icon', words, value, negated });
  };
  if (reading.subject) icon(reading.subject.words, reading.subject.icon, reading.subject.negated);
  for (const c of reading.context) icon(c.words, c.icon, c.negated);
  for (const item of [...reading.items, ...(reading.sides ?? [])]) if (item.icon) icon(item.words, item.icon);
  for (const p of reading.places) elements.push({ kind: 'place', words: p.word, value: p.name });
  if (reading.figure)
    elements.push({ kind: 'figure', words: reading.figure.word, value: String(fullValue(reading.figure)) });
  for (const s of reading.scenery) elements.push({ kind: 'scenery', words: '', value: s });
  return elements;
}

const norm = (s: string) =>
  ` ${s
    .toLowerCase()
    .replace(/[’']/g, "'")
    .replace(/[^\p{L}\p{N}'%$.,]+/gu, ' ')
    .trim()} `;
/** Whether label words and element words cover each other: one contains the other as whole words. */
const covers = (label: string, words: string) => norm(words).includes(norm(label)) || norm(label).includes(norm(words));

/** The verdict on one element: right, or why wrong. */
export function judge(element: Element, label: LabelledSentence): { right: boolean; why: string } {
  if (element.kind === 'scenery') {
    const ok = (label.scenery ?? []).includes(element.value);
    return {
      right: ok,
      why: ok ? '' : `scenery ${element.value} not accepted (${(label.scenery ?? []).join(', ') || 'none'})`,
    };
  }
  if (element.kind === 'place') {
    const entry = Object.entries(label.places ?? {}).find(([w]) => covers(w, element.words));
    const ok = entry !== undefined && entry[1] === element.value;
    return { right: ok, why: ok ? '' : `place ${element.value} for "${element.words}"` };
  }
  if (element.kind === 'figure') {
    const ok = Object.entries(label.figures ?? {}).some(
      ([w, v]) => covers(w, element.words) && v === Number(element.value),
    );
    return { right: ok, why: ok ? '' : `figure ${element.value} for "${element.words}"` };
  }
  const matching = Object.entries(label.icons ?? {}).filter(([w]) => covers(w, element.words));
  if (matching.length === 0) return { right: false, why: `icon ${element.value} for "${element.words}": no label` };
  const accepting = matching.filter(([, icons]) => icons.includes(element.value));
  if (accepting.length === 0) return { right: false, why: `icon ${element.value} for "${element.words}" not accepted` };
  // The words it was accepted for must not be said as absent, unless it is drawn negated.
  const plainOk = accepting.some(([w]) => !(label.negated ?? []).some((n) => covers(n, w)));
  if (!plainOk && !element.negated)
    return { right: false, why: `icon ${element.value} for "${element.words}" drawn plainly though negated` };
  return { right: true, why: '' };
}

/** Labels that expect something drawn, and whether the reading drew it. */
function recalled(label: LabelledSentence, elements: Element[]): { expected: number; found: number; missed: string[] } {
  let expected = 0;
  let found = 0;
  const missed: string[] = [];
  const check = (ok: boolean, what: string) => {
    expected++;
    if (ok) found++;
    else missed.push(what);
  };
  for (const [words, icons] of Object.entries(label.icons ?? {})) {
    if (icons.length === 0) continue;
    check(
      elements.some((e) => e.kind === 'icon' && covers(words, e.words) && icons.includes(e.value)),
      `icon for "${words}"`,
    );
  }
  for (const [words, name] of Object.entries(label.places ?? {}))
    check(
      elements.some((e) => e.kind === 'place' && e.value === name),
      `place ${name} ("${words}")`,
    );
  for (const [words, value] of Object.entries(label.figures ?? {}))
    check(
      elements.some((e) => e.kind === 'figure' && Number(e.value) === value),
      `figure "${words}"`,
    );
  for (const s of label.scenery ?? [])
    check(
      elements.some((e) => e.kind === 'scenery' && e.value === s),
      `scenery ${s}`,
    );
  return { expected, found, missed };
}

export interface PartScore {
  scripts: number;
  sentences: number;
  labels: number;
  drawn: number;
  right: number;
  expected: number;
  found: number;
  precision: number;
  recall: number;
  wrong: string[];
  missed: string[];
  /** Layouts chosen, counted. */
  layouts: Record<string, number>;
  /** Drawn and right elements by kind (icon, place, figure, scenery). */
  byKind: Record<string, { drawn: number; right: number }>;
}

export const labelCount = (s: LabelledSentence): number =>
  Object.keys(s.icons ?? {}).length +
  Object.keys(s.places ?? {}).length +
  Object.keys(s.figures ?? {}).length +
  (s.scenery ?? []).length;

export function scorePart(scripts: LabelledScript[]): PartScore {
  const score: PartScore = {
    scripts: scripts.length,
    sentences: 0,
    labels: 0,
    drawn: 0,
    right: 0,
    expected: 0,
    found: 0,
    precision: 0,
    recall: 0,
    wrong: [],
    missed: [],
    layouts: {},
    byKind: {},
  };
  for (const script of scripts) {
    const readings = readScript(
      script.sentences.map((s) => s.text),
      script.productName ? { productName: script.productName } : {},
    );
    readings.forEach((reading, i) => {
      const label = script.sentences[i]!;
      score.sentences++;
      score.labels += labelCount(label);
      score.layouts[reading.layout] = (score.layouts[reading.layout] ?? 0) + 1;
      const elements = drawnElements(reading);
      for (const element of elements) {
        score.drawn++;
        const kind = score.byKind[element.kind] ?? { drawn: 0, right: 0 };
        score.byKind[element.kind] = kind;
        kind.drawn++;
        const verdict = judge(element, label);
        if (verdict.right) kind.right++;
        if (verdict.right) score.right++;
        else score.wrong.push(`${script.id} #${i + 1}: ${verdict.why}`);
      }
      const r = recalled(label, elements);
      score.expected += r.expected;
      score.found += r.found;
      score.missed.push(...r.missed.map((m) => `${script.id} #${i + 1}: ${m}`));
    });
  }
  score.precision = score.drawn === 0 ? 0 : score.right / score.drawn;
  score.recall = score.expected === 0 ? 0 : score.found / score.expected;
  return score;
}
