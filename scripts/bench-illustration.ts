/**
 * Illustration subjects benchmark: on the labelled corpus of real-style scenes, the share of scenes whose main
 * illustrated subject (first icon, else first place, else first number) depicts something the narration names, the
 * share where any drawn subject does, every miss, and what the data costs to load and a scene to read.
 *
 *   npx tsx scripts/bench-illustration.ts           # prints the figures
 *   npx tsx scripts/bench-illustration.ts --write   # and writes them into docs/benchmarks.md
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { iconIndex, iconNames, iconSvg } from '../src/server/media/illustration/icons.ts';
import { findPlaces, placeLoadStats } from '../src/server/media/illustration/places.ts';
import { depicts, describe, loadCorpus, scoreCorpus } from '../tests/support/illustration-corpus.ts';
import { writeBenchmarkBlock } from './bench-support.ts';

const { values } = parseArgs({
  options: { write: { type: 'boolean', default: false }, verbose: { type: 'boolean', default: false } },
});

const time = <T>(run: () => T): [T, number] => {
  const started = performance.now();
  const result = run();
  return [result, performance.now() - started];
};

const heapBefore = process.memoryUsage().heapUsed;
const [index, indexMs] = time(() => iconIndex());
const indexHeap = process.memoryUsage().heapUsed - heapBefore;
time(() => findPlaces('Paris'));

const corpus = loadCorpus();
const names = iconNames();
const unknown = [
  ...new Set(
    corpus.flatMap((s) => s.subjects.flatMap((l) => ('icons' in l ? l.icons.filter((i) => !names.has(i)) : []))),
  ),
];
if (unknown.length > 0)
  console.error(`labels name icons Fluent Emoji Flat does not have (they can never match): ${unknown.join(', ')}`);

const { scores, mainShare, anyShare } = scoreCorpus(corpus);
for (const { scene, subjects, main, mainHit, anyHit } of scores) {
  if (!values.verbose && mainHit) continue;
  const drawn = [...subjects.icons, ...subjects.places, ...subjects.numbers].map(describe).join('; ') || '(nothing)';
  console.log(
    `${mainHit ? 'hit ' : 'MISS'} ${anyHit ? '(any: hit) ' : ''}[${scene.script}] ${scene.text}\n     main: ${describe(main)} | drawn: ${drawn}${subjects.phrase ? ` | phrase: "${subjects.phrase}"` : ''}`,
  );
}

// Reading time once warm: every scene again, a few rounds.
const timings: number[] = [];
for (let round = 0; round < 5; round++) timings.push(...scoreCorpus(corpus).scores.map((s) => s.ms));
timings.sort((a, b) => a - b);
const pct = (p: number) => timings[Math.min(timings.length - 1, Math.floor(p * timings.length))]!;
const [, svgMs] = time(() => iconSvg('hot-beverage'));

// The same output drawn in another order: a named place's map first, then the icon, then the figure.
const placeFirst = scores.filter(({ subjects, scene }) => {
  const main = subjects.places[0] ?? subjects.icons[0] ?? subjects.numbers[0];
  return main !== undefined && depicts(main, scene.subjects);
}).length;

const scripts = new Set(corpus.map((s) => s.script)).size;
const kinds = [...new Set(corpus.map((s) => s.kind))].join(', ');
const mainHits = scores.filter((s) => s.mainHit).length;
const heldOut = scores.filter((s) => s.scene.heldOut);
const tunedOn = scores.filter((s) => !s.scene.heldOut);
const shareOf = (list: typeof scores) =>
  `${((list.filter((s) => s.mainHit).length / list.length) * 100).toFixed(1)} % (${list.filter((s) => s.mainHit).length} of ${list.length})`;
const anyHits = scores.filter((s) => s.anyHit).length;
const misses = scores
  .filter((s) => !s.mainHit)
  .map(
    (s) =>
      `- [${s.scene.script}${s.scene.heldOut ? ', held out' : ''}] "${s.scene.text.slice(0, 90)}${s.scene.text.length > 90 ? '…' : ''}": drew ${describe(s.main)}`,
  );

const figures = `Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} × ${os.cpus()[0]?.model.split(' ').slice(0, 2).join(' ') ?? 'CPU'}, Node ${process.version}. Command: \`npx tsx scripts/bench-illustration.ts --write\`.

Corpus: ${corpus.length} scenes from ${scripts} scripts (${kinds}), \`tests/fixtures/illustration-corpus.json\`, labelled by hand with what a viewer would accept the picture showing.

| Measure | Result |
|---|---|
| Main subject depicts something the narration names | **${(mainShare * 100).toFixed(1)} %** (${mainHits} of ${scores.length}) |
| … on the ${tunedOn.length} scenes the matcher was tuned on | ${shareOf(tunedOn)} |
| … on the ${heldOut.length} held-out scenes, written after tuning and never tuned on | ${shareOf(heldOut)} |
| The same, drawing a named place's map first (place, else icon, else number) | ${((placeFirst / scores.length) * 100).toFixed(1)} % (${placeFirst} of ${scores.length}) |
| Any drawn subject (icons, places, numbers) depicts something named | ${(anyShare * 100).toFixed(1)} % (${anyHits} of ${scores.length}) |
| Reading a scene, warm: median / 95th pct / max | ${pct(0.5).toFixed(2)} ms / ${pct(0.95).toFixed(2)} ms / ${timings.at(-1)!.toFixed(2)} ms |
| Icon index (${index.size} words → icons), built once | ${indexMs.toFixed(0)} ms, ${(indexHeap / 1e6).toFixed(1)} MB heap |
| Place data (${placeLoadStats.countries} countries, ${placeLoadStats.cities} cities), loaded once | ${placeLoadStats.ms.toFixed(0)} ms (cities ${placeLoadStats.citiesMs.toFixed(0)} ms), ${(placeLoadStats.heapBytes / 1e6).toFixed(1)} MB heap |
| Icon set (SVG bodies), read on the first drawing | ${svgMs.toFixed(0)} ms |

Misses (main subject):
${misses.join('\n') || '- none'}`;

console.log(`\n${figures}`);
if (values.write) console.log(`\nwrote ${writeBenchmarkBlock('bench-illustration', 'Illustration subjects', figures)}`);
