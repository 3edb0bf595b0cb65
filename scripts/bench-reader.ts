/**
 * Sentence reader benchmark: on the labelled corpus (tests/fixtures/reader-corpus-*.json), the precision of every
 * element the reader draws (subject, context, items, sides, places, figure, scenery) and the recall of the labels,
 * per part (held out: written and labelled before any tuning; tuning), every miss, and what loading the reader and
 * reading a sentence cost.
 *
 *   npx tsx scripts/bench-reader.ts           # prints the figures and every miss
 *   npx tsx scripts/bench-reader.ts --write   # and writes them into docs/benchmarks.md
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { readScript } from '../src/server/media/illustration/reader/index.ts';
import { nlpLoadStats } from '../src/server/media/illustration/reader/nlp.ts';
import { wordnetLoadStats } from '../src/server/media/illustration/reader/wordnet.ts';
import { loadPart, type Part, type PartScore, scorePart } from '../tests/support/reader-corpus.ts';
import { writeBenchmarkBlock } from './bench-support.ts';

const { values } = parseArgs({ options: { write: { type: 'boolean', default: false } } });

/** The parts in the order they were written; every earlier held-out set became tuning data once scored. */
const PART_NAMES: Array<[Part, string]> = [
  ['held-out', 'Held out (13th set), never tuned on'],
  ['twelfth-held-out', '12th held-out set, tuned on after its first score'],
  ['eleventh-held-out', '11th held-out set, tuned on after its first score'],
  ['tenth-held-out', '10th held-out set, tuned on after its first score'],
  ['ninth-held-out', '9th held-out set, tuned on after its first score'],
  ['eighth-held-out', '8th held-out set, tuned on after its first score'],
  ['seventh-held-out', '7th held-out set, tuned on after its first score'],
  ['sixth-held-out', '6th held-out set, tuned on after its first score'],
  ['fifth-held-out', '5th held-out set, tuned on after its first score'],
  ['fourth-held-out', '4th held-out set, tuned on after its first score'],
  ['third-held-out', '3rd held-out set, tuned on after its first score'],
  ['second-held-out', '2nd held-out set, tuned on after its first score'],
  ['first-held-out', '1st held-out set, written before any tuning, tuned on after its first score'],
  ['tuning', 'Tuning set'],
];
const corpus = PART_NAMES.map(([part]) => loadPart(part));
const tuned = corpus.slice(1).flat();

// First use: wink's model, WordNet's noun index, the icon index and word signatures, the place data.
const cpu0 = process.cpuUsage();
const heap0 = process.memoryUsage().heapUsed;
const rss0 = process.memoryUsage().rss;
const started = performance.now();
readScript(['A fox returns to its burrow in the Sahara at dawn, and no tools are needed in Paris.']);
const loadMs = performance.now() - started;
const loadCpu = process.cpuUsage(cpu0);
const loadHeap = process.memoryUsage().heapUsed - heap0;
const loadRss = process.memoryUsage().rss - rss0;

const scores = new Map(PART_NAMES.map(([part], i) => [part, scorePart(corpus[i]!)]));
const tunedScore = scorePart(tuned);
const held = scores.get('held-out')!;

// Reading time once warm: every script again, a few rounds, per sentence.
const perSentence: number[] = [];
const cpu1 = process.cpuUsage();
let sentences = 0;
for (let round = 0; round < 5; round++) {
  for (const script of corpus.flat()) {
    const texts = script.sentences.map((s) => s.text);
    const t = performance.now();
    readScript(texts);
    perSentence.push((performance.now() - t) / texts.length);
    sentences += texts.length;
  }
}
const readCpu = process.cpuUsage(cpu1);
perSentence.sort((a, b) => a - b);
const pct = (p: number) => perSentence[Math.min(perSentence.length - 1, Math.floor(p * perSentence.length))]!;
const cpuMsPerSentence = (readCpu.user + readCpu.system) / 1000 / sentences;

const percent = (n: number) => `${(n * 100).toFixed(1)} %`;
const row = (name: string, s: PartScore) =>
  `| ${name} | ${s.scripts} | ${s.sentences} | ${s.labels} | **${percent(s.precision)}** (${s.right} of ${s.drawn}) | ${percent(s.recall)} (${s.found} of ${s.expected}) |`;
const kinds = (s: PartScore) =>
  Object.entries(s.byKind)
    .map(([k, v]) => `${k} ${percent(v.right / v.drawn)} (${v.right} of ${v.drawn})`)
    .join(', ');
const layouts = (s: PartScore) =>
  Object.entries(s.layouts)
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
const list = (items: string[]) => (items.length > 0 ? items.map((m) => `- ${m}`).join('\n') : '- none');

const figures = `Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} × ${os.cpus()[0]?.model.split(' ').slice(0, 2).join(' ') ?? 'CPU'}, Node ${process.version}, with other sessions loading the machine. Command: \`npx tsx scripts/bench-reader.ts --write\`.

| Part | Scripts | Sentences | Labelled elements | Precision of drawn elements | Recall of labels |
|---|---|---|---|---|---|
${PART_NAMES.map(([part, name]) => row(name, scores.get(part)!)).join('\n')}
${row('All tuned-on parts together', tunedScore)}

Precision by kind of element: held out ${kinds(held)}; tuned-on parts ${kinds(tunedScore)}.

Layouts chosen: held out ${layouts(held)}; tuned-on parts ${layouts(tunedScore)}.

| Cost | Result |
|---|---|
| First use (wink model, WordNet noun index, icon index and signatures, place data) | ${loadMs.toFixed(0)} ms wall, ${((loadCpu.user + loadCpu.system) / 1000).toFixed(0)} ms CPU; +${(loadHeap / 1e6).toFixed(1)} MB heap, +${(loadRss / 1e6).toFixed(1)} MB RSS |
| of which wink-nlp's English model / WordNet's noun index (${(wordnetLoadStats.indexBytes / 1e6).toFixed(1)} MB, read as one buffer) | ${nlpLoadStats.ms.toFixed(0)} ms / ${wordnetLoadStats.ms.toFixed(0)} ms |
| Reading a sentence in its script, warm: median / 95th pct / max | ${pct(0.5).toFixed(2)} ms / ${pct(0.95).toFixed(2)} ms / ${perSentence.at(-1)!.toFixed(2)} ms (${cpuMsPerSentence.toFixed(2)} ms CPU on average) |

Held out, drawn elements a viewer would not accept:
${list(held.wrong)}

Held out, labels not drawn (recall misses):
${list(held.missed)}

Tuned-on parts, drawn elements a viewer would not accept:
${list(tunedScore.wrong)}

Tuned-on parts, labels not drawn (recall misses):
${list(tunedScore.missed)}`;

console.log(figures);
if (values.write) console.log(`\nwrote ${writeBenchmarkBlock('bench-reader', 'Sentence reader', figures)}`);
