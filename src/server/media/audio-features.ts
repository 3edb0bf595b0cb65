/**
 * Mel-frequency cepstral coefficients (MFCC) for forced alignment: one vector every 10 ms that describes the
 * shape of the spectrum (which sound is being said) while ignoring loudness and most of the pitch, so two voices
 * saying the same words give similar sequences. Plain Float32Array arithmetic and a radix-2 FFT, no native code.
 */

export interface FeatureFrames {
  /** `count` vectors of `dims` numbers, one after the other. */
  data: Float32Array;
  count: number;
  dims: number;
  /** Time between frames. */
  hopMs: number;
}

export interface FeatureOptions {
  hopMs?: number;
  windowMs?: number;
  melBands?: number;
  /** Coefficients kept, c0 (overall level) included. */
  coefficients?: number;
  /** Highest frequency looked at; the same for every sample rate so features of different engines compare. */
  maxHz?: number;
}

/**
 * In-place radix-2 FFT of `re` + i·`im`; the length must be a power of two.
 */
export function fft(re: Float64Array, im: Float64Array): void {
  const n = re.length;
  if (n !== im.length || (n & (n - 1)) !== 0) throw new Error('FFT length must be a power of two');
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j]!, re[i]!];
      [im[i], im[j]] = [im[j]!, im[i]!];
    }
  }
  for (let size = 2; size <= n; size <<= 1) {
    const half = size >> 1;
    const step = (-2 * Math.PI) / size;
    for (let k = 0; k < half; k++) {
      const wr = Math.cos(step * k);
      const wi = Math.sin(step * k);
      for (let start = 0; start < n; start += size) {
        const a = start + k;
        const b = a + half;
        const tr = re[b]! * wr - im[b]! * wi;
        const ti = re[b]! * wi + im[b]! * wr;
        re[b] = re[a]! - tr;
        im[b] = im[a]! - ti;
        re[a] = re[a]! + tr;
        im[a] = im[a]! + ti;
      }
    }
  }
}

const hzToMel = (hz: number): number => 2595 * Math.log10(1 + hz / 700);
const melToHz = (mel: number): number => 700 * (10 ** (mel / 2595) - 1);

/** Triangular filters evenly spaced on the mel scale, as weights over the FFT's bins 0..size/2. */
export function melFilterbank(
  bands: number,
  fftSize: number,
  sampleRate: number,
  minHz: number,
  maxHz: number,
): Float32Array[] {
  const top = Math.min(maxHz, sampleRate / 2);
  const lowMel = hzToMel(minHz);
  const highMel = hzToMel(top);
  const edges = Array.from(
    { length: bands + 2 },
    (_, i) => (melToHz(lowMel + ((highMel - lowMel) * i) / (bands + 1)) * fftSize) / sampleRate,
  );
  const bins = fftSize / 2 + 1;
  return Array.from({ length: bands }, (_, b) => {
    const [left, centre, right] = [edges[b]!, edges[b + 1]!, edges[b + 2]!];
    const weights = new Float32Array(bins);
    for (let k = Math.floor(left); k <= Math.ceil(right) && k < bins; k++) {
      const w = k <= centre ? (k - left) / (centre - left) : (right - k) / (right - centre);
      if (w > 0) weights[k] = w;
    }
    return weights;
  });
}

/**
 * MFCCs of 16-bit mono audio, normalised per clip (each coefficient to mean 0 and variance 1), which removes what a
 * microphone or a voice adds to every frame alike.
 */
export function mfcc(pcm: Int16Array, sampleRate: number, options: FeatureOptions = {}): FeatureFrames {
  const hopMs = options.hopMs ?? 10;
  const bands = options.melBands ?? 40;
  const dims = options.coefficients ?? 13;
  const hop = Math.max(1, Math.round((sampleRate * hopMs) / 1000));
  const windowLength = Math.round((sampleRate * (options.windowMs ?? 25)) / 1000);
  let fftSize = 1;
  while (fftSize < windowLength) fftSize <<= 1;
  const filters = melFilterbank(bands, fftSize, sampleRate, 60, options.maxHz ?? 7600);
  const hann = Float64Array.from(
    { length: windowLength },
    (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (windowLength - 1)),
  );
  // DCT-II basis, computed once.
  const dct = Float64Array.from({ length: dims * bands }, (_, i) =>
    Math.cos((Math.PI / bands) * Math.floor(i / bands) * ((i % bands) + 0.5)),
  );

  const count = Math.max(1, Math.ceil(pcm.length / hop));
  const data = new Float32Array(count * dims);
  const re = new Float64Array(fftSize);
  const im = new Float64Array(fftSize);
  const power = new Float64Array(fftSize / 2 + 1);
  const logMel = new Float64Array(bands);
  for (let f = 0; f < count; f++) {
    const start = f * hop - Math.floor(windowLength / 2);
    re.fill(0);
    im.fill(0);
    let previous = start > 0 ? pcm[start - 1]! : 0;
    for (let i = 0; i < windowLength; i++) {
      const at = start + i;
      const sample = at >= 0 && at < pcm.length ? pcm[at]! : 0;
      // Pre-emphasis lifts the upper formants, which tell consonants apart.
      re[i] = (sample - 0.97 * previous) * hann[i]!;
      previous = sample;
    }
    fft(re, im);
    for (let k = 0; k < power.length; k++) power[k] = re[k]! * re[k]! + im[k]! * im[k]!;
    for (let b = 0; b < bands; b++) {
      const weights = filters[b]!;
      let sum = 0;
      for (let k = 0; k < weights.length; k++) if (weights[k]! > 0) sum += weights[k]! * power[k]!;
      // The floor keeps digital silence from becoming -Infinity and ranks very quiet frames together.
      logMel[b] = Math.log(sum + 1e3);
    }
    for (let c = 0; c < dims; c++) {
      let sum = 0;
      for (let b = 0; b < bands; b++) sum += logMel[b]! * dct[c * bands + b]!;
      data[f * dims + c] = sum;
    }
  }
  normalize(data, count, dims);
  return { data, count, dims, hopMs };
}

function normalize(data: Float32Array, count: number, dims: number): void {
  for (let c = 0; c < dims; c++) {
    let mean = 0;
    for (let f = 0; f < count; f++) mean += data[f * dims + c]!;
    mean /= count;
    let variance = 0;
    for (let f = 0; f < count; f++) variance += (data[f * dims + c]! - mean) ** 2;
    const scale = 1 / Math.sqrt(variance / count + 1e-9);
    for (let f = 0; f < count; f++) data[f * dims + c] = (data[f * dims + c]! - mean) * scale;
  }
}

/** Averages every `factor` consecutive frames into one: the coarse level of a multi-resolution alignment. */
export function downsampleFrames(frames: FeatureFrames, factor: number): FeatureFrames {
  const { dims } = frames;
  const count = Math.ceil(frames.count / factor);
  const data = new Float32Array(count * dims);
  for (let f = 0; f < count; f++) {
    const from = f * factor;
    const to = Math.min(frames.count, from + factor);
    for (let c = 0; c < dims; c++) {
      let sum = 0;
      for (let g = from; g < to; g++) sum += frames.data[g * dims + c]!;
      data[f * dims + c] = sum / (to - from);
    }
  }
  return { data, count, dims, hopMs: frames.hopMs * factor };
}
