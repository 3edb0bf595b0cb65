/**
 * The background music library (src/contract/music.ts), made on the spot by the code below: no downloads and
 * nothing copied, so the licence recorded per track is ours to give. Each generator renders one seamless loop
 * (every oscillator runs whole cycles per loop, and notes ringing past the end wrap round to the start), which
 * ffmpeg loops under the narration.
 */
import type { MusicTrackId } from '~/contract/music.ts';

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
const WAVETABLE = wavetable(6, 1.6);

/** A soft pad: the progression as warm additive tones with slow crossfades. Interleaved stereo 16-bit samples. */
export function generatePad(options: PadOptions = DEFAULT_PAD): Int16Array {
  const { sampleRate, seconds } = options;
  const frames = Math.round(sampleRate * seconds);
  const loopSeconds = frames / sampleRate;
  const mix = new Float32Array(frames * 2);
  // Roots from A2 up to E3: low enough to sit under a voice.
  const root = rootFor(110, options.seed);
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
        const env =
          d <= edge - fade
            ? 1
            : d >= edge + fade
              ? 0
              : 0.5 + 0.5 * Math.cos(((d - (edge - fade)) / (2 * fade)) * Math.PI);
        if (env === 0) continue;
        const pl = (left * t) % 1;
        const pr = (right * t) % 1;
        mix[i * 2] = mix[i * 2]! + WAVETABLE[Math.floor(pl * TABLE_SIZE)]! * env * gain;
        mix[i * 2 + 1] = mix[i * 2 + 1]! + WAVETABLE[Math.floor(pr * TABLE_SIZE)]! * env * gain;
      }
    }
  });

  return toPcm(mix);
}

/** Half of full scale at the peak: the user's volume setting and the ducking decide the rest. */
function toPcm(mix: Float32Array): Int16Array {
  let peak = 0;
  for (let i = 0; i < mix.length; i++) peak = Math.max(peak, Math.abs(mix[i]!));
  const scale = peak > 0 ? (0.5 * 32767) / peak : 0;
  const out = new Int16Array(mix.length);
  for (let i = 0; i < mix.length; i++) out[i] = Math.round(mix[i]! * scale);
  return out;
}

/** One cycle of an additive tone; more harmonics and a slower falloff sound brighter. */
function wavetable(harmonics: number, falloff: number): Float32Array {
  const table = new Float32Array(TABLE_SIZE + 1);
  for (let i = 0; i <= TABLE_SIZE; i++) {
    const phase = (i / TABLE_SIZE) * Math.PI * 2;
    let v = 0;
    for (let h = 1; h <= harmonics; h++) v += Math.sin(phase * h) / h ** falloff;
    table[i] = v;
  }
  return table;
}

const PLUCK_TABLE = wavetable(10, 1.1);
const PIANO_TABLE = wavetable(8, 1.8);

interface Note {
  start: number;
  freq: number;
  /** Seconds for the level to fall by 1/e. */
  decay: number;
  /** Seconds it sounds, release included. */
  length: number;
  gain: number;
  /** -1 left … 1 right. */
  pan: number;
}

const ATTACK = 0.005;
const RELEASE = 0.03;

/** Adds a struck note; what rings past the loop's end wraps to its start, so the loop joins without a click. */
function addNote(mix: Float32Array, sampleRate: number, table: Float32Array, note: Note) {
  const frames = mix.length / 2;
  const first = Math.round(note.start * sampleRate);
  const count = Math.round(note.length * sampleRate);
  const left = note.gain * Math.sqrt((1 - note.pan) / 2);
  const right = note.gain * Math.sqrt((1 + note.pan) / 2);
  for (let k = 0; k < count; k++) {
    const t = k / sampleRate;
    const attack = Math.min(1, t / ATTACK);
    const tail = note.length - t;
    const release = tail >= RELEASE ? 1 : 0.5 - 0.5 * Math.cos((tail / RELEASE) * Math.PI);
    const v = table[Math.floor(((note.freq * t) % 1) * TABLE_SIZE)]! * attack * release * Math.exp(-t / note.decay);
    const i = (first + k) % frames;
    mix[i * 2] = mix[i * 2]! + v * left;
    mix[i * 2 + 1] = mix[i * 2 + 1]! + v * right;
  }
}

/** The key's root for a seed, from `base` up to seven semitones above it. */
const rootFor = (base: number, seed: number) => base * 2 ** ((seed % 8) / 12);

interface Step {
  index: number;
  start: number;
  /** The chord sounding at this step, bass note first. */
  chord: readonly number[];
  /** Which of the chord's notes the arpeggio plays. */
  note: number;
  /** Frequency of `semitones` above the key's root. */
  pitch: (semitones: number) => number;
}

/**
 * An arpeggio over the progression: eighth notes at `bpm`, fitted to a whole number of beats per loop so the groove
 * wraps in time, `pattern` naming which chord note each step plays; `play` adds the notes of one step.
 */
function arpeggio(
  options: PadOptions,
  bpm: number,
  base: number,
  pattern: readonly number[],
  play: (mix: Float32Array, step: Step) => void,
): Int16Array {
  const frames = Math.round(options.sampleRate * options.seconds);
  const loopSeconds = frames / options.sampleRate;
  const steps = Math.max(PROGRESSION.length, Math.round((loopSeconds * bpm) / 60)) * 2;
  const mix = new Float32Array(frames * 2);
  const root = rootFor(base, options.seed);
  const pitch = (semitones: number) => root * 2 ** (semitones / 12);
  for (let index = 0; index < steps; index++) {
    const chord = PROGRESSION[Math.floor((index * PROGRESSION.length) / steps)]!;
    play(mix, { index, start: (index * loopSeconds) / steps, chord, note: pattern[index % pattern.length]!, pitch });
  }
  return toPcm(mix);
}

/** Bright eighth-note plucks climbing each chord over a bass on the beat, at 120 BPM. */
export function generatePluck(options: PadOptions = DEFAULT_PAD): Int16Array {
  return arpeggio(options, 120, 220, [1, 2, 3, 4, 3, 2, 4, 3], (mix, { index, start, chord, note, pitch }) => {
    addNote(mix, options.sampleRate, PLUCK_TABLE, {
      start,
      freq: pitch(chord[note]!),
      decay: 0.12,
      length: 0.5,
      gain: 0.35,
      pan: index % 2 ? 0.4 : -0.4,
    });
    if (index % 2 === 0)
      addNote(mix, options.sampleRate, PIANO_TABLE, {
        start,
        freq: pitch(chord[0]! - 12),
        decay: 0.2,
        length: 0.45,
        gain: 0.5,
        pan: 0,
      });
  });
}

/** A gentle piano-like arpeggio rising and falling through each chord in eighth notes, at 80 BPM. */
export function generatePiano(options: PadOptions = DEFAULT_PAD): Int16Array {
  return arpeggio(options, 80, 165, [0, 1, 2, 3, 4, 3, 2, 1], (mix, { start, chord, note, pitch }) => {
    const bass = note === 0;
    addNote(mix, options.sampleRate, PIANO_TABLE, {
      start,
      freq: pitch(chord[note]!),
      decay: bass ? 1.4 : 0.8,
      length: 2.5,
      gain: bass ? 0.45 : 0.3,
      pan: (note - 2) * 0.2,
    });
  });
}

/** A low root, fifth and octave that swell and drift slowly against each other. */
export function generateDrone(options: PadOptions = DEFAULT_PAD): Int16Array {
  const frames = Math.round(options.sampleRate * options.seconds);
  const loopSeconds = frames / options.sampleRate;
  const mix = new Float32Array(frames * 2);
  const root = rootFor(55, options.seed);
  // Whole cycles per loop, as for the pad; the swells run 1, 2 and 3 times per loop.
  const cycles = (f: number) => Math.max(1, Math.round(f * loopSeconds)) / loopSeconds;
  const voices = [
    { ratio: 1, gain: 0.5, swell: 1 },
    { ratio: 1.5, gain: 0.3, swell: 2 },
    { ratio: 2, gain: 0.25, swell: 3 },
    { ratio: 3, gain: 0.1, swell: 2 },
  ];
  for (const voice of voices) {
    const left = cycles(root * voice.ratio * 2 ** (-6 / 1200));
    const right = cycles(root * voice.ratio * 2 ** (6 / 1200));
    const swell = voice.swell / loopSeconds;
    for (let i = 0; i < frames; i++) {
      const t = i / options.sampleRate;
      const level = voice.gain * (0.65 + 0.35 * Math.sin(2 * Math.PI * swell * t + voice.ratio));
      mix[i * 2] = mix[i * 2]! + WAVETABLE[Math.floor(((left * t) % 1) * TABLE_SIZE)]! * level;
      mix[i * 2 + 1] = mix[i * 2 + 1]! + WAVETABLE[Math.floor(((right * t) % 1) * TABLE_SIZE)]! * level;
    }
  }
  return toPcm(mix);
}

const GENERATORS: Record<MusicTrackId, (options: PadOptions) => Int16Array> = {
  'calm-pad': generatePad,
  'upbeat-pluck': generatePluck,
  'warm-piano': generatePiano,
  'ambient-drone': generateDrone,
};

/** One loop of a library track, interleaved stereo 16-bit samples. */
export function generateTrack(track: MusicTrackId, options: PadOptions = DEFAULT_PAD): Int16Array {
  return GENERATORS[track](options);
}
