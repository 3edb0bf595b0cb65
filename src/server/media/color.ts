/**
 * Colour for drawn pictures: perceptual colours (OKLCH), a seeded generator, and the palette a prompt suggests. The
 * designed backgrounds and the illustrations both draw from it, so the same words lean to the same hues.
 */

import { hashText } from './hash.ts';

export type Rgb = [number, number, number];

/** A small seeded generator: the same seed gives the same numbers on any machine. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const srgbGamma = (c: number): number => (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055);
export const clamp01 = (x: number): number => (x < 0 ? 0 : Math.min(x, 1));

/** OKLCH (perceptual lightness, chroma, hue in degrees) → sRGB 0..1; equal steps look equal. */
export function oklch(l: number, c: number, hueDegrees: number): Rgb {
  const h = (hueDegrees * Math.PI) / 180;
  const a = c * Math.cos(h);
  const b = c * Math.sin(h);
  const l_ = (l + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m_ = (l - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s_ = (l - 0.0894841775 * a - 1.291485548 * b) ** 3;
  return [
    clamp01(srgbGamma(4.0767416621 * l_ - 3.3077115913 * m_ + 0.2309699292 * s_)),
    clamp01(srgbGamma(-1.2684380046 * l_ + 2.6097574011 * m_ - 0.3413193965 * s_)),
    clamp01(srgbGamma(-0.0041960863 * l_ - 0.7034186147 * m_ + 1.707614701 * s_)),
  ];
}

/** Words that suggest a colour family, so a scene about the ocean leans blue and one about fire leans warm. */
const HUE_HINTS: ReadonlyArray<readonly [RegExp, number]> = [
  [/\b(ocean|sea|water|wave|river|rain|ice|sky|blue|calm|cloud)/i, 235],
  [/\b(forest|tree|green|nature|plant|leaf|garden|grow|eco|health)/i, 150],
  [/\b(fire|sun|summer|energy|hot|passion|red|love|heart|power)/i, 30],
  [/\b(night|space|star|galaxy|dream|future|tech|ai|digital|cyber)/i, 285],
  [/\b(gold|money|wealth|business|success|profit|sale|finance)/i, 80],
  [/\b(flower|spring|pink|beauty|fashion|rose|sweet)/i, 350],
];

export interface Palette {
  /** Deep background colours, top and bottom. */
  top: Rgb;
  bottom: Rgb;
  /** Bright colours for light, hills and bokeh. */
  accents: Rgb[];
  baseHue: number;
}

export function paletteFor(prompt: string, seed: number): Palette {
  const rng = mulberry32(hashText(prompt) ^ Math.imul(seed, 0x9e3779b1));
  const hinted = HUE_HINTS.find(([pattern]) => pattern.test(prompt))?.[1];
  const baseHue = hinted === undefined ? rng() * 360 : hinted + (rng() - 0.5) * 40;
  // Analogous, split-complementary or triadic: the three harmonies that read as "designed".
  const schemes = [
    [0, 35, 70],
    [0, 150, 210],
    [0, 120, 240],
  ] as const;
  const scheme = schemes[Math.floor(rng() * schemes.length)]!;
  return {
    baseHue,
    top: oklch(0.17 + rng() * 0.04, 0.045 + rng() * 0.03, baseHue + 25),
    bottom: oklch(0.25 + rng() * 0.05, 0.06 + rng() * 0.04, baseHue - 20),
    accents: scheme.map((offset) => oklch(0.6 + rng() * 0.14, 0.12 + rng() * 0.06, baseHue + offset)),
  };
}
