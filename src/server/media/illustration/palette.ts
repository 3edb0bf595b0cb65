/**
 * One palette per video, so every illustrated scene belongs to the same family: the brand kit's two colours when the
 * video carries the kit, otherwise a harmony drawn from the script's words (the designed backgrounds' rule).
 */
import { oklch, paletteFor } from '../color.ts';

export interface IllustrationPalette {
  /** Background gradient, top to bottom: deep, so white captions and bright drawings read on it. */
  top: string;
  bottom: string;
  /** The drawings' colour: discs behind icons, the named country, the counter. */
  accent: string;
  /** A second colour for the phrase's bar, secondary discs and map pins. */
  second: string;
  /** Type on the background. */
  ink: string;
}

type Rgb = readonly [number, number, number];

const hex = (rgb: Rgb): string =>
  `#${rgb
    .map((c) =>
      Math.round(Math.min(1, Math.max(0, c)) * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

const parseHex = (color: string): Rgb => {
  const n = Number.parseInt(color.replace('#', ''), 16);
  return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
};

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
];

/** WCAG relative luminance, to keep the background deep whatever the brand's colours are. */
const luminance = (rgb: Rgb): number => {
  const lin = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(rgb[0]) + 0.7152 * lin(rgb[1]) + 0.0722 * lin(rgb[2]);
};

const BLACK: Rgb = [0.03, 0.03, 0.05];
const WHITE: Rgb = [1, 1, 1];

/** Darkens a colour until it is deep enough to carry white type (luminance under 0.06). */
function deepen(rgb: Rgb): Rgb {
  let out = rgb;
  for (let t = 0.2; luminance(out) > 0.06 && t <= 1; t += 0.1) out = mix(rgb, BLACK, t);
  return out;
}

/** Lightens a colour that would vanish on the deep background (luminance under 0.18). */
function brighten(rgb: Rgb): Rgb {
  let out = rgb;
  for (let t = 0.15; luminance(out) < 0.18 && t <= 1; t += 0.1) out = mix(rgb, WHITE, t);
  return out;
}

export function scriptPalette(script: string, seed: number): IllustrationPalette {
  const designed = paletteFor(script, seed);
  const [accent, second] = designed.accents;
  return {
    top: hex(designed.top),
    bottom: hex(designed.bottom),
    accent: hex(brighten(accent ?? oklch(0.7, 0.15, designed.baseHue))),
    second: hex(brighten(second ?? oklch(0.75, 0.12, designed.baseHue + 150))),
    ink: '#ffffff',
  };
}

export function brandPalette(colors: { primary: string; secondary: string }): IllustrationPalette {
  const primary = parseHex(colors.primary);
  const secondary = parseHex(colors.secondary);
  const deep = deepen(primary);
  return {
    top: hex(mix(deep, BLACK, 0.35)),
    bottom: hex(deep),
    accent: hex(brighten(primary)),
    second: hex(brighten(secondary)),
    ink: '#ffffff',
  };
}
