/**
 * Joining synthesised pieces of speech into one track without clicks. A click is a sudden jump in the waveform;
 * cutting two clips together mid-waveform makes one. Each piece is trimmed to its speech, faded in and out over a
 * few milliseconds so it starts and ends at zero, and separated by a pause of true silence, so every join is
 * continuous. Pause lengths follow the text: longer after a paragraph than after a sentence or a clause.
 */

/** Mono signed 16-bit samples, as every TTS provider returns them. WAV files are read and written by media/wav.ts. */
export interface JoinPiece {
  pcm: Int16Array;
  /** Silence after this piece; ignored for the last one. */
  pauseAfterMs: number;
}

export interface JoinOptions {
  /** Fade at both edges of every piece. */
  fadeMs?: number;
  /** Samples quieter than this (dBFS) at a piece's edges count as silence and are trimmed. */
  silenceDb?: number;
  /** Silence kept before and after the speech of the whole track. */
  padMs?: number;
}

const msToSamples = (ms: number, sampleRate: number): number => Math.max(0, Math.round((ms / 1000) * sampleRate));

/** The speech inside a clip: leading and trailing samples under the threshold removed. */
export function trimSilence(samples: Int16Array, silenceDb = -50): Int16Array {
  const threshold = 32768 * 10 ** (silenceDb / 20);
  let start = 0;
  while (start < samples.length && Math.abs(samples[start]!) < threshold) start++;
  let end = samples.length;
  while (end > start && Math.abs(samples[end - 1]!) < threshold) end--;
  return samples.subarray(start, end);
}

/** A copy with a raised-cosine fade-in and fade-out, so the clip starts and ends at exactly zero. */
export function fadeEdges(samples: Int16Array, fadeSamples: number): Int16Array {
  const out = Int16Array.from(samples);
  const n = Math.min(fadeSamples, Math.floor(out.length / 2));
  for (let i = 0; i < n; i++) {
    const gain = 0.5 - 0.5 * Math.cos((Math.PI * i) / n);
    out[i] = Math.round(out[i]! * gain);
    out[out.length - 1 - i] = Math.round(out[out.length - 1 - i]! * gain);
  }
  return out;
}

export function joinSpeech(pieces: readonly JoinPiece[], sampleRate: number, options: JoinOptions = {}): Int16Array {
  const fade = msToSamples(options.fadeMs ?? 6, sampleRate);
  const pad = msToSamples(options.padMs ?? 120, sampleRate);
  const voiced = pieces
    .map((p) => ({
      samples: fadeEdges(trimSilence(p.pcm, options.silenceDb), fade),
      pause: msToSamples(p.pauseAfterMs, sampleRate),
    }))
    .filter((p) => p.samples.length > 0);

  const total =
    voiced.reduce((sum, p, i) => sum + p.samples.length + (i < voiced.length - 1 ? p.pause : 0), 0) + 2 * pad;
  const out = new Int16Array(voiced.length === 0 ? 0 : total);
  let offset = pad;
  voiced.forEach((p, i) => {
    out.set(p.samples, offset);
    offset += p.samples.length + (i < voiced.length - 1 ? p.pause : 0);
  });
  return out;
}
