/**
 * A soft, seamlessly looping synth pad for background music, made on the spot (no downloads, no licences): a
 * I–V–vi–IV progression of warm additive tones with slow crossfades. ffmpeg loops it under the narration.
 */

export interface PadOptions {
  sampleRate: number;
  /** Length of one loop; four chords share it. */
  seconds: number;
  /** Picks the key, so videos do not all sound alike. */
  seed: number;
}

export const DEFAULT_PAD: PadOptions = { sampleRate: 48_000, seconds: 24, seed: 0 };

/** Semitones above the key's root for each chord, bass note first. */
const PROGRESSION: readonly (readonly number[])[] = [
  [-12, 0, 4, 7, 12],
  [-5, 7, 11, 14, 19],
  [-3, 9, 12, 16, 21],
  [-7, 5, 9, 12, 17],
];

const TABLE_SIZE = 4096;

/** One cycle of a soft, rounded tone: six harmonics falling off quickly. */
const WAVETABLE = (() => {
  const table = new Float32Array(TABLE_SIZE + 1);
  for (let i = 0; i <= TABLE_SIZE; i++) {
    const phase = (i / TABLE_SIZE) * Math.PI * 2;
    let v = 0;
    for (let h = 1; h <= 6; h++) v += Math.sin(phase * h) / h ** 1.6;
    table[i] = v;
  }
  return table;
})();

/** Interleaved stereo 16-bit samples of one loop. */
export function generatePad(options: PadOptions = DEFAULT_PAD): Int16Array {
  const { sampleRate, seconds } = options;
  const frames = Math.round(sampleRate * seconds);
  const loopSeconds = frames / sampleRate;
  const mix = new Float32Array(frames * 2);
  // Roots from A2 up to E3: low enough to sit under a voice.
  const root = 110 * 2 ** ((options.seed % 8) / 12);
  const chordSeconds = loopSeconds / PROGRESSION.length;
  const fade = chordSeconds * 0.3;

  PROGRESSION.forEach((chord, c) => {
    const center = (c + 0.5) * chordSeconds;
    for (const [n, semitone] of chord.entries()) {
      // Whole cycles per loop, so every oscillator is back at its starting phase when the loop wraps.
      const cycles = (f: number) => Math.round(f * loopSeconds) / loopSeconds;
      const freq = root * 2 ** (semitone / 12);
      const left = cycles(freq * 2 ** (-4 / 1200));
      const right = cycles(freq * 2 ** (5 / 1200));
      const gain = (n === 0 ? 0.5 : 0.28) / Math.sqrt(chord.length);
      for (let i = 0; i < frames; i++) {
        const t = i / sampleRate;
        // Distance to the chord's centre around the loop, so the last chord fades into the first.
        let d = Math.abs(t - center);
        d = Math.min(d, loopSeconds - d);
        const edge = chordSeconds / 2;
        const env = d <= edge - fade ? 1 : d >= edge + fade ? 0 : 0.5 + 0.5 * Math.cos(((d - (edge - fade)) / (2 * fade)) * Math.PI);
        if (env === 0) continue;
        const pl = (left * t) % 1;
        const pr = (right * t) % 1;
        mix[i * 2] = mix[i * 2]! + WAVETABLE[Math.floor(pl * TABLE_SIZE)]! * env * gain;
        mix[i * 2 + 1] = mix[i * 2 + 1]! + WAVETABLE[Math.floor(pr * TABLE_SIZE)]! * env * gain;
      }
    }
  });

  let peak = 0;
  for (let i = 0; i < mix.length; i++) peak = Math.max(peak, Math.abs(mix[i]!));
  // Half of full scale: the user's volume setting and the ducking decide the rest.
  const scale = peak > 0 ? (0.5 * 32767) / peak : 0;
  const out = new Int16Array(mix.length);
  for (let i = 0; i < mix.length; i++) out[i] = Math.round(mix[i]! * scale);
  return out;
}
