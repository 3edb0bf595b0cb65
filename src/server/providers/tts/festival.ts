/**
 * Offline speech from Festival with the CMU SLT HTS voice (Debian packages `festival` and `festvox-us-slt-hts`,
 * free licences: Festival's MIT-style one, BSD-3 and the HTS voice's EST one). Festival runs as a child process
 * on a Scheme script we write; the text goes in as an escaped string literal, never through a shell. Festival
 * knows when each word it said starts and ends, so captions are exact.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MissingTool } from '~/contract/system-tools.ts';
import type { Voice } from '~/contract/voices.ts';
import { commandOutput } from '~/server/media/tools.ts';
import { decodeWav } from '~/server/media/wav.ts';
import { type EspeakEvent, wordsFromEspeakEvents } from '~/server/media/word-timing.ts';
import { ProviderError } from '../http.ts';
import { clamp, durationOf, type SynthesisOptions, type SynthesisResult, type TtsProvider } from './types.ts';

export interface FestivalConfig {
  /** Path of the `festival` program. */
  command: string;
  /** Where Festival's voices are installed (Debian's place by default). */
  voicesDir?: string;
  timeoutMs?: number;
}

const DEFAULT_VOICES_DIR = '/usr/share/festival/voices';

/** Festival voice names by the catalogue's engine voice, with the folder that shows the voice is installed. */
const VOICE_DIRS: Record<string, string> = { cmu_us_slt_arctic_hts: 'us/cmu_us_slt_arctic_hts' };

/**
 * The SLT voice at HTS's own rate reads prose at about 200 words a minute (measured: 156 words in 46.6 s), hurried
 * for a narrator and a quarter shorter than the editor's estimate at 150. At 0.8 it reads like eSpeak at its base
 * rate, near 160, so a video lasts (and is priced) about what the editor said.
 */
const BASE_RATE = 0.8;

/** A silence this long between two words is a pause, not part of the word before it. */
const PAUSE_MS = 60;

/** Scheme string literal: only the backslash and the double quote are special inside one. */
export const schemeString = (text: string): string => `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;

/**
 * The script Festival runs: synthesise, save the wave, then print every top-level token (as written, less
 * punctuation) and the start and end of each word Festival made of it ("1,000" → "one thousand").
 */
export function festivalScript(text: string, voice: string, wavPath: string, speed: number): string {
  // Control characters would only confuse Festival's tokenizer; newlines and tabs are spaces to it anyway.
  const clean = text.replace(/[\p{Cc}]/gu, ' ');
  return `(voice_${voice})
(set! hts_engine_params (append hts_engine_params (list (list "-r" ${speed.toFixed(3)}))))
(set! utt (utt.synth (Utterance Text ${schemeString(clean)})))
(utt.save.wave utt ${schemeString(wavPath)} 'riff)
(mapcar
  (lambda (token)
    (format t "T\\t%s\\n" (item.name token))
    (mapcar
      (lambda (word)
        (format t "W\\t%s\\t%s\\n"
          (item.feat word "R:SylStructure.daughter1.daughter1.segment_start")
          (item.feat word "R:SylStructure.daughtern.daughtern.end")))
      (item.daughters token)))
  (utt.relation.root_items utt 'Token))
`;
}

// Festival has no root_items; this defines it for the script (top-level items of a relation, in order).
const PRELUDE = `(define (utt.relation.root_items utt rel)
  (let ((item (utt.relation.first utt rel)) (items nil))
    (while item (set! items (cons item items)) (set! item (item.next item)))
    (reverse items)))
`;

export interface FestivalToken {
  /** As Festival kept it: the written token without its punctuation. */
  name: string;
  startMs: number;
  endMs: number;
}

/** Reads the script's printout; tokens Festival said nothing for (a lone dash) are left out. */
export function parseFestivalTokens(output: string): FestivalToken[] {
  const tokens: FestivalToken[] = [];
  let current: { name: string; startMs: number; endMs: number } | null = null;
  const flush = () => {
    if (current && current.endMs > current.startMs) tokens.push(current);
  };
  for (const line of output.split('\n')) {
    const [kind, a, b] = line.split('\t');
    if (kind === 'T' && a !== undefined) {
      flush();
      current = { name: a, startMs: Infinity, endMs: -Infinity };
    } else if (kind === 'W' && current && a !== undefined && b !== undefined) {
      const start = Number(a) * 1000;
      const end = Number(b) * 1000;
      // Punctuation becomes a "word" with no segments, reported as 0..0.
      if (Number.isFinite(start) && Number.isFinite(end) && end > start) {
        current.startMs = Math.min(current.startMs, start);
        current.endMs = Math.max(current.endMs, end);
      }
    }
  }
  flush();
  return tokens;
}

const letters = (text: string): string => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/**
 * Festival's tokens as word events on the script: each is found in the script's letters after the previous one,
 * and a pause after a word closes it. The script's words then get their times as eSpeak's events would give them.
 */
export function festivalEvents(text: string, tokens: readonly FestivalToken[]): EspeakEvent[] {
  const chars: string[] = [];
  const offsets: number[] = [];
  for (const match of text.matchAll(/[\p{L}\p{N}]/gu)) {
    for (const c of match[0].toLowerCase()) {
      chars.push(c);
      offsets.push(match.index);
    }
  }
  const stream = chars.join('');
  const events: EspeakEvent[] = [];
  let cursor = 0;
  tokens.forEach((token, k) => {
    const name = letters(token.name);
    if (!name) return;
    const found = stream.indexOf(name, cursor);
    // A token far ahead was not found where it belongs (Festival rewrote it); its time is shared out instead.
    if (found === -1 || found - cursor > 40) return;
    cursor = found + name.length;
    events.push({ type: 'word', textPosition: offsets[found]!, audioMs: token.startMs });
    const next = tokens[k + 1];
    if (!next || next.startMs - token.endMs >= PAUSE_MS)
      events.push({ type: 'end', textPosition: offsets[found]!, audioMs: token.endMs });
  });
  return events;
}

/** Whether the festival program and its voice are installed on this machine (a package can come and go). */
export const festivalInstalled = (command: string, voicesDir = DEFAULT_VOICES_DIR): boolean =>
  existsSync(command) && Object.values(VOICE_DIRS).every((dir) => existsSync(path.join(voicesDir, dir)));

/**
 * For a worker's tool check: nothing when the Festival voice is not offered here (not installed), or when the
 * installed program runs; otherwise what is wrong with it, since its voice is offered and would fail.
 */
export async function festivalProblems(command: string, voicesDir = DEFAULT_VOICES_DIR): Promise<MissingTool[]> {
  if (!festivalInstalled(command, voicesDir)) return [];
  const run = await commandOutput(command, ['--version']);
  return run.ok ? [] : [{ tool: 'festival', packages: ['festival', 'festvox-us-slt-hts'], problem: run.reason }];
}

export function createFestivalProvider(config: FestivalConfig): TtsProvider {
  const { command } = config;

  async function run(script: string, timeoutMs: number, signal: AbortSignal | undefined): Promise<string> {
    const limit = AbortSignal.any([AbortSignal.timeout(timeoutMs), ...(signal ? [signal] : [])]);
    return new Promise((resolve, reject) => {
      const child = spawn(command, ['--batch', script], {
        stdio: ['ignore', 'pipe', 'pipe'],
        signal: limit,
        killSignal: 'SIGKILL',
      });
      const out: Buffer[] = [];
      const err: Buffer[] = [];
      child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
      child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
      child.on('error', (error) => {
        if (signal?.aborted) reject(signal.reason instanceof Error ? signal.reason : error);
        else if (limit.aborted) reject(new ProviderError('unavailable', 'Festival took too long to read the text.'));
        else reject(new ProviderError('unavailable', `Festival could not be started: ${error.message}`));
      });
      child.on('close', (code) => {
        if (code === 0) resolve(Buffer.concat(out).toString('utf8'));
        else
          reject(
            new ProviderError(
              'bad_output',
              `Festival failed: ${Buffer.concat(err).toString('utf8').trim().slice(-300)}`,
            ),
          );
      });
    });
  }

  return {
    engine: 'festival',
    async synthesize(text: string, voice: Voice, options: SynthesisOptions = {}): Promise<SynthesisResult> {
      if (!festivalInstalled(command, config.voicesDir))
        throw new ProviderError('rejected', 'Festival is not installed on this server.');
      const dir = await mkdtemp(path.join(tmpdir(), 'nxn-festival-'));
      try {
        const wavPath = path.join(dir, 'speech.wav');
        const scriptPath = path.join(dir, 'speak.scm');
        const speed = BASE_RATE * clamp(options.speed ?? 1, 0.5, 2);
        // Pitch is left to the speech pipeline's ffmpeg pass: Festival's HTS engine ignores its half-tone option.
        await writeFile(scriptPath, PRELUDE + festivalScript(text, voice.engineVoice, wavPath, speed));
        // Festival reads at about 15× real time here; a generous limit that still ends a stuck process.
        const output = await run(scriptPath, config.timeoutMs ?? 30_000 + 60 * text.length, options.signal);
        const { pcm, sampleRate, channels } = decodeWav(await readFile(wavPath));
        if (channels !== 1 || pcm.length === 0)
          throw new ProviderError('bad_output', 'Festival wrote no usable audio.');
        const durationMs = durationOf(pcm.length, sampleRate);
        return {
          pcm,
          sampleRate,
          durationMs,
          words: wordsFromEspeakEvents(text, festivalEvents(text, parseFestivalTokens(output)), durationMs),
        };
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}
