/**
 * Word timings for captions, whatever an engine reports: eSpeak's word events, ElevenLabs' per-character times,
 * or nothing at all (OpenAI), in which case timings are estimated from the audio's length.
 */
import { CLAUSE_END, SENTENCE_END, tokenizeWords, type WordToken } from '~/contract/words.ts';

const HAS_WORD = /[\p{L}\p{N}]/u;

export interface TimedWord {
  /** As written in the script, with its punctuation, so captions read like the script. */
  text: string;
  startMs: number;
  endMs: number;
  /** Written straight after the previous word, with no space (Chinese, Thai...): captions join them without one. */
  joinsPrevious?: boolean;
}

const timed = (token: WordToken, startMs: number, endMs: number): TimedWord => ({
  text: token.text,
  startMs: Math.round(startMs),
  endMs: Math.round(endMs),
  ...(token.joinsPrevious ? { joinsPrevious: true } : {}),
});

/** Relative length of a word when spoken; pauses after punctuation count too. */
function spokenWeight(word: string): { sound: number; pause: number } {
  const sound = [...word].filter((c) => HAS_WORD.test(c)).length + 1;
  const pause = SENTENCE_END.test(word) ? 6 : CLAUSE_END.test(word) ? 3 : 0;
  return { sound, pause };
}

/**
 * Spreads words over [startMs, endMs] in proportion to their letters (plus a beat after punctuation). Used when an
 * engine gives audio but no timings.
 */
export function estimateWordTimings(text: string, startMs: number, endMs: number): TimedWord[] {
  const tokens = tokenizeWords(text);
  const weights = tokens.map((t) => spokenWeight(t.text));
  // The last word's trailing pause is silence after the speech, not part of the words.
  const last = weights.at(-1);
  if (last) last.pause = 0;
  const total = weights.reduce((sum, w) => sum + w.sound + w.pause, 0);
  const span = Math.max(0, endMs - startMs);
  let cursor = 0;
  return tokens.map((token, i) => {
    const { sound, pause } = weights[i]!;
    const wordStart = startMs + (cursor / total) * span;
    cursor += sound;
    const wordEnd = startMs + (cursor / total) * span;
    cursor += pause;
    return timed(token, wordStart, wordEnd);
  });
}

export interface EspeakEvent {
  type: 'word' | 'end';
  /** 0-based UTF-16 offset into the synthesised text. */
  textPosition: number;
  audioMs: number;
}

/**
 * Maps eSpeak's events onto the script's words. eSpeak merges some words ("of the") into one event and emits
 * several for others ("1,000"), so each token takes the first event inside it; tokens without one share the time
 * up to the next event in proportion to their length. A clause's `end` event closes the word before it, so
 * pauses are not counted as speech.
 */
export function wordsFromEspeakEvents(text: string, events: readonly EspeakEvent[], durationMs: number): TimedWord[] {
  const tokens = tokenizeWords(text);
  const wordEvents = events.filter((e) => e.type === 'word');
  const ends = events.filter((e) => e.type === 'end').map((e) => e.audioMs);
  if (tokens.length === 0) return [];
  if (wordEvents.length === 0) return estimateWordTimings(text, 0, durationMs);

  const anchors = tokens.map(
    (token) => wordEvents.find((e) => e.textPosition >= token.start && e.textPosition < token.end)?.audioMs,
  );
  const starts: number[] = new Array<number>(tokens.length);
  let i = 0;
  while (i < tokens.length) {
    // A run: one anchored token (or the very start) followed by tokens eSpeak folded into it.
    const runStart = i;
    const runTime = Math.max(anchors[i] ?? 0, i > 0 ? starts[i - 1]! : 0);
    let j = i + 1;
    while (j < tokens.length && anchors[j] === undefined) j++;
    const nextAnchor = j < tokens.length ? anchors[j]! : durationMs;
    const clauseEnd = ends.find((t) => t > runTime) ?? durationMs;
    const runEnd = Math.max(runTime, Math.min(nextAnchor, clauseEnd));
    const weights = tokens.slice(runStart, j).map((t) => spokenWeight(t.text).sound);
    const total = weights.reduce((a, b) => a + b, 0);
    let acc = 0;
    for (let k = runStart; k < j; k++) {
      starts[k] = runTime + ((runEnd - runTime) * acc) / total;
      acc += weights[k - runStart]!;
    }
    i = j;
  }

  return tokens.map((token, k) => {
    const startMs = starts[k]!;
    const next = k + 1 < tokens.length ? starts[k + 1]! : durationMs;
    const clauseEnd = ends.find((t) => t > startMs);
    const endMs = clauseEnd !== undefined && clauseEnd < next ? clauseEnd : next;
    return timed(token, startMs, Math.max(startMs, endMs));
  });
}

export interface CharacterAlignment {
  characters: readonly string[];
  character_start_times_seconds: readonly number[];
  character_end_times_seconds: readonly number[];
}

/** ElevenLabs times every character it spoke; a word runs from its first character's start to its last's end. */
export function wordsFromCharacterAlignment(alignment: CharacterAlignment): TimedWord[] {
  const { characters, character_start_times_seconds: starts, character_end_times_seconds: ends } = alignment;
  // Offsets in the joined string are offsets into `characters` only when each entry is one UTF-16 unit.
  const offsets: number[] = [];
  let offset = 0;
  for (const c of characters) {
    offsets.push(offset);
    offset += c.length;
  }
  const indexAt = (position: number): number => {
    let lo = 0;
    let hi = offsets.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (offsets[mid]! <= position) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  return tokenizeWords(characters.join('')).map((token) =>
    timed(token, (starts[indexAt(token.start)] ?? 0) * 1000, (ends[indexAt(token.end - 1)] ?? 0) * 1000),
  );
}

/**
 * Where speech starts and ends in a clip (first and last sample louder than about -34 dBFS), so estimated word
 * timings are not spread over leading or trailing silence.
 */
export function speechBounds(pcm: Int16Array, sampleRate: number, threshold = 650): { startMs: number; endMs: number } {
  let first = -1;
  let last = -1;
  for (let i = 0; i < pcm.length; i++) {
    if (Math.abs(pcm[i]!) >= threshold) {
      if (first === -1) first = i;
      last = i;
    }
  }
  const toMs = (sample: number) => Math.round((sample / sampleRate) * 1000);
  if (first === -1) return { startMs: 0, endMs: toMs(pcm.length) };
  return { startMs: toMs(first), endMs: toMs(last + 1) };
}
