/**
 * Word-alignment benchmark: how far aligned word starts land from the truth, beside the old letter-count estimate,
 * and what alignment and the Festival voice cost in CPU.
 *
 * The truth comes from engines that time their own words: eSpeak NG (another variant and speed than the reference
 * the aligner renders) and Festival's HTS voice (a different synthesiser altogether, the honest case). Their
 * timings are set aside, the audio is aligned as if it came from OpenAI, and the two are compared.
 *
 *   npx tsx scripts/bench-alignment.ts             # prints the figures and writes docs/benchmarks.md
 *   npx tsx scripts/bench-alignment.ts --no-write
 *   npx tsx scripts/bench-alignment.ts --sentences 1 --no-write   # the smallest run: the passage's first sentence
 */
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { findVoice, type Voice } from '../src/contract/voices.ts';
import { chunkSpeechText } from '../src/server/features/speech/chunks.ts';
import { alignAudio } from '../src/server/media/alignment.ts';
import { estimateWordTimings, speechBounds, type TimedWord } from '../src/server/media/word-timing.ts';
import { createEspeakProvider } from '../src/server/providers/tts/espeak.ts';
import { createFestivalProvider, festivalInstalled } from '../src/server/providers/tts/festival.ts';
import type { SynthesisResult } from '../src/server/providers/tts/types.ts';
import { writeBenchmarkSection } from './bench-support.ts';

const { values } = parseArgs({
  options: { 'no-write': { type: 'boolean', default: false }, sentences: { type: 'string' } },
});

const FESTIVAL = '/usr/bin/festival';

/** About a minute of narration with the things scripts contain: numbers, abbreviations, quotes, long clauses. */
const PASSAGE = [
  'Every great video starts with a simple idea and a clear voice.',
  'Our oceans cover more than seventy percent of the planet, and they shape the weather we feel every day.',
  'In 1969, about 600 million people watched the first steps on the Moon.',
  'Small habits, repeated daily, quietly become the life you live.',
  'Dr. Rivera says the secret is "consistency, not intensity".',
  'The mountain trail is steep; the view from the top is worth every breath.',
  'Save a little money every month, and let time do the heavy lifting.',
  'A forest is not just trees: it is a living network that shares water, light and food.',
  'When you feel stuck, change the scene. Take a walk, call a friend, or simply rest.',
  'The best time to plant a tree was twenty years ago; the second best time is now.',
  'Customers remember how you made them feel long after they forget the price.',
]
  .slice(0, values.sentences === undefined ? undefined : Number(values.sentences))
  .join(' ');

const FIVE_MINUTES = Array.from({ length: 5 }, () => PASSAGE).join(' ');

interface Errors {
  median: number;
  p90: number;
  max: number;
  /** Median of (found − truth): a lean one way shows a difference of convention rather than misses. */
  bias: number;
}

function startErrors(found: readonly TimedWord[], truth: readonly TimedWord[]): Errors {
  const signed = found.map((word, i) => word.startMs - truth[i]!.startMs).sort((a, b) => a - b);
  const errors = signed.map(Math.abs).sort((a, b) => a - b);
  const at = (list: number[], q: number) => list[Math.min(list.length - 1, Math.floor(q * list.length))]!;
  return { median: at(errors, 0.5), p90: at(errors, 0.9), max: errors.at(-1)!, bias: at(signed, 0.5) };
}

/** CPU seconds of finished child processes (Festival runs as one), from /proc/self/stat. */
function childCpuSeconds(): number {
  const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  // Fields 16 and 17 of stat (cutime, cstime), counted from the state field as 3; clock ticks of 1/100 s.
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

const cpuSeconds = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

const espeak = createEspeakProvider();
const festival = createFestivalProvider({ command: FESTIVAL });
const olivia = findVoice('en-us-olivia')!;

interface Case {
  name: string;
  voice: Pick<Voice, 'language' | 'gender'>;
  speak: () => Promise<SynthesisResult>;
}

const cases: Case[] = [
  {
    name: 'eSpeak en-us+m3 at 0.85× (reference: en-us at 1×)',
    voice: { language: 'en-US', gender: 'male' },
    speak: () => espeak.synthesize(PASSAGE, { ...olivia, engineVoice: 'en-us+m3' }, { speed: 0.85 }),
  },
  {
    name: 'eSpeak en-us+f4 at 1.2× (reference: en-us+f3 at 1×)',
    voice: { language: 'en-US', gender: 'female' },
    speak: () => espeak.synthesize(PASSAGE, { ...olivia, engineVoice: 'en-us+f4' }, { speed: 1.2 }),
  },
  {
    name: 'eSpeak en-gb-x-rp+f2 at 1× (reference: en-us+f3)',
    voice: { language: 'en-US', gender: 'female' },
    speak: () => espeak.synthesize(PASSAGE, { ...olivia, engineVoice: 'en-gb-x-rp+f2' }),
  },
];
const hasFestival = festivalInstalled(FESTIVAL);
if (hasFestival) {
  const sally = findVoice('en-us-festival-slt')!;
  cases.push(
    {
      name: 'Festival HTS (SLT) at 1× (reference: eSpeak en-us+f3)',
      voice: sally,
      speak: () => festival.synthesize(PASSAGE, sally),
    },
    {
      name: 'Festival HTS (SLT) at 1.25× (reference: eSpeak en-us+f3)',
      voice: sally,
      speak: () => festival.synthesize(PASSAGE, sally, { speed: 1.25 }),
    },
  );
} else console.error(`Festival is not installed at ${FESTIVAL}; its rows are left out.`);

const rows: string[] = [];
for (const c of cases) {
  const target = await c.speak();
  const aligned = await espeak.align(PASSAGE, c.voice, target);
  const bounds = speechBounds(target.pcm, target.sampleRate);
  const estimate = estimateWordTimings(PASSAGE, bounds.startMs, bounds.endMs);
  const a = startErrors(aligned, target.words);
  const e = startErrors(estimate, target.words);
  const row = `| ${c.name} | ${(target.durationMs / 1000).toFixed(1)} s, ${target.words.length} words | **${a.median} ms** | **${a.p90} ms** | ${a.max} ms | ${a.bias > 0 ? '+' : ''}${a.bias} ms | ${e.median} ms | ${e.p90} ms | ${e.max} ms |`;
  console.log(row);
  rows.push(row);
}

// Cost: five minutes of eSpeak speech in another variant, aligned in this process so its CPU time can be read.
const long = await espeak.synthesize(FIVE_MINUTES, { ...olivia, engineVoice: 'en-us+f4' }, { speed: 1.1 });
const referenceStart = performance.now();
const reference = await espeak.synthesize(FIVE_MINUTES, { ...olivia, engineVoice: 'en-us+f3' });
const referenceSeconds = (performance.now() - referenceStart) / 1000;
const before = cpuSeconds();
const mapping = alignAudio(reference, long);
const alignCpu = cpuSeconds() - before;
const longErrors = startErrors(
  reference.words.map((w) => ({
    ...w,
    startMs:
      mapping.firstColumn[Math.min(mapping.firstColumn.length - 1, Math.round(w.startMs / mapping.hopMs))]! *
      mapping.hopMs,
  })),
  long.words,
);
const minutes = long.durationMs / 60_000;
const cost = `Five minutes (${(long.durationMs / 1000).toFixed(0)} s of eSpeak en-us+f4 at 1.1×): features + multi-resolution DTW took **${alignCpu.toFixed(2)} CPU s** (${(alignCpu / minutes).toFixed(2)} CPU s per audio minute), plus ${referenceSeconds.toFixed(2)} s for eSpeak to render the reference (${(referenceSeconds / minutes).toFixed(2)} s per audio minute). Word starts over the five minutes: median ${longErrors.median} ms, 90th percentile ${longErrors.p90} ms.`;
console.log(cost);

// The eSpeak child's CPU time would be counted with Festival's once it exits, so it goes first.
await espeak.close();
await new Promise((resolve) => setTimeout(resolve, 500));

let festivalSpeed = 'Festival was not installed when this ran.';
if (hasFestival) {
  const sally = findVoice('en-us-festival-slt')!;
  const chunks = chunkSpeechText(FIVE_MINUTES, 800);
  const wallStart = performance.now();
  const cpuStart = childCpuSeconds();
  let audioMs = 0;
  // One chunk at a time, as the speech pipeline sends them.
  for (const chunk of chunks) audioMs += (await festival.synthesize(chunk.text, sally)).durationMs;
  const wall = (performance.now() - wallStart) / 1000;
  const cpu = childCpuSeconds() - cpuStart;
  festivalSpeed = `Festival HTS (SLT), ${chunks.length} chunks of up to 800 characters, ${(audioMs / 1000).toFixed(0)} s of speech: **${(audioMs / 1000 / wall).toFixed(1)}× realtime** (${wall.toFixed(1)} s wall), **${cpu.toFixed(1)} CPU s** (${(cpu / (audioMs / 60_000)).toFixed(1)} CPU s per audio minute, ${(audioMs / 1000 / cpu).toFixed(0)}× realtime per core). eSpeak NG on the same machine renders the same text in ${referenceSeconds.toFixed(1)} s.`;
  console.log(festivalSpeed);
}

const section = `## Word alignment

Captions for engines that return no word times (OpenAI and OpenAI-compatible servers, ElevenLabs without its
alignment) come from forced alignment (\`src/server/media/alignment.ts\`): eSpeak NG reads the same text, both clips
become 13 MFCCs every 10 ms, multi-resolution DTW pairs the frames, and eSpeak's word times are carried across.
The truth below is each engine's own word times, set aside and compared afterwards; "estimate" is the letter-count
spread over the speech that was used before (and is still the fallback when alignment fails).

<!-- bench-alignment:start -->
Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}. Command: \`npx tsx scripts/bench-alignment.ts\`.

| Recording aligned | Length | Aligned: median | Aligned: 90th pct | Aligned: max | Aligned: median signed | Estimate: median | Estimate: 90th pct | Estimate: max |
|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}

${cost}

${festivalSpeed}
<!-- bench-alignment:end -->

The eSpeak rows are the required measure (median ≤ 50 ms, 90th percentile ≤ 120 ms). The Festival rows are the
honest cross-voice case: a different synthesiser, closer to what a neural voice does to timing and spectrum, and
there the aligner does not reach those figures. Part of the gap is convention, not misses: aligned starts lean
late (the signed column), and Festival's own word starts sit about 30 ms before the audio gets loud (checked on
the words that follow a pause), so against the sound itself the aligned starts are somewhat closer than the table
says. Either way the aligned captions are several times closer than the estimate's.

Memory: the finest DTW level keeps only a corridor of about 30–40 cells per reference frame around the coarser
path (4 bytes of cost and 1 of direction each), so five minutes (30,000 frames a side) need about 5 MB instead of
the 4.5 GB of a full matrix; the coarsest level (frames of 640 ms) is a band over a few hundred frames a side.

What was tried against the Festival voice (same passage, word starts, median / 90th percentile):

| Variant | Result | Kept? |
|---|---|---|
| Reference in eSpeak's default (male) voice against the female Festival voice | 110 / 510 ms (a shorter text) | no: the reference follows the voice's gender (f3 variant for female voices) |
| 13 MFCCs (c0 kept) with per-clip mean and variance normalisation | 75 / 165 ms | yes |
| 20 MFCCs; mel range to 5 kHz or 6 kHz; 30 mel bands; 32 ms windows | no better, 20 MFCCs far worse on one voice | no |
| Without c0 (overall level) | worse (45 / 180 vs 40 / 130 on a shorter text) | no |
| Delta features beside the MFCCs (weight 0.5 / 1) | 70 / 145 ms; weight 2 lost the path at the coarse level | no: a small gain for twice the arithmetic |
| Reference read at the recording's pace (0.8× … 1.2×) | no change | no |
| Reference spectrum stretched by 0.85 … 1.15 (vocal-tract length normalisation) | 70–75 / 165–170 ms at best, worse at the ends | no |
| Full-matrix DTW instead of multi-resolution | same figures | no: multi-resolution, with a band on its coarsest level |
`;
if (!values['no-write']) console.log(`written to ${writeBenchmarkSection('Word alignment', section)}`);
