/**
 * Offline "designed" backgrounds: layered gradients, soft light, hills or bokeh, a vignette and fine grain, with a
 * palette drawn from the prompt. Same prompt, seed, style and size → the same pixels, on any machine.
 *
 * Smooth layers are painted on a small grid and enlarged with bilinear filtering (they have no detail to lose);
 * only the grain is per pixel, which also dithers away gradient banding in 8-bit video.
 */

import { clamp01, mulberry32, oklch, type Palette, paletteFor, type Rgb } from '../../media/color.ts';
import { hashText } from '../../media/hash.ts';

export const BACKGROUND_STYLES = ['aurora', 'hills', 'bokeh'] as const;
export type BackgroundStyle = (typeof BACKGROUND_STYLES)[number];

export interface BackgroundSpec {
  prompt: string;
  width: number;
  height: number;
  seed?: number;
  style?: BackgroundStyle;
}

const smoothstep = (edge0: number, edge1: number, x: number): number => {
  const t = clamp01((x - edge0) / (edge1 - edge0));
  return t * t * (3 - 2 * t);
};

/** A low-resolution float RGB canvas in scene units: x in [0, aspect], y in [0, 1]. */
class Field {
  readonly data: Float32Array;
  readonly w: number;
  readonly h: number;
  readonly aspect: number;

  constructor(w: number, h: number, aspect: number) {
    this.w = w;
    this.h = h;
    this.aspect = aspect;
    this.data = new Float32Array(w * h * 3);
  }

  /** Calls `paint(x, y, i)` for every cell, where `i` is the index of its red channel. */
  each(paint: (x: number, y: number, i: number) => void): void {
    for (let row = 0; row < this.h; row++) {
      const y = row / (this.h - 1);
      for (let col = 0; col < this.w; col++) paint((col / (this.w - 1)) * this.aspect, y, (row * this.w + col) * 3);
    }
  }

  /** Screen blend: light adds up without ever clipping harshly. */
  screen(i: number, color: Rgb, amount: number): void {
    for (let c = 0; c < 3; c++) this.data[i + c] = 1 - (1 - this.data[i + c]!) * (1 - color[c]! * amount);
  }

  mix(i: number, color: Rgb, amount: number): void {
    for (let c = 0; c < 3; c++) this.data[i + c] = this.data[i + c]! + (color[c]! - this.data[i + c]!) * amount;
  }
}

function paintGradient(field: Field, palette: Palette, tilt: number): void {
  field.each((x, y, i) => {
    const t = clamp01(y + (x / field.aspect - 0.5) * tilt);
    for (let c = 0; c < 3; c++) field.data[i + c] = palette.top[c]! + (palette.bottom[c]! - palette.top[c]!) * t;
  });
}

function paintGlow(field: Field, cx: number, cy: number, radius: number, color: Rgb, strength: number): void {
  const inv = 1 / (radius * radius);
  field.each((x, y, i) => {
    const d2 = (x - cx) ** 2 + (y - cy) ** 2;
    field.screen(i, color, strength * Math.exp(-d2 * inv));
  });
}

function paintAurora(field: Field, palette: Palette, rng: () => number): void {
  paintGradient(field, palette, (rng() - 0.5) * 0.6);
  const blobs = 4 + Math.floor(rng() * 3);
  for (let b = 0; b < blobs; b++) {
    const color = palette.accents[b % palette.accents.length]!;
    paintGlow(field, rng() * field.aspect, rng() * 0.9, 0.22 + rng() * 0.35, color, 0.28 + rng() * 0.3);
  }
  for (let r = 0; r < 2; r++) {
    const color = palette.accents[(r + 1) % palette.accents.length]!;
    const base = 0.22 + rng() * 0.35;
    const amplitude = 0.05 + rng() * 0.1;
    const frequency = (0.5 + rng() * 0.9) / field.aspect;
    const phase = rng() * Math.PI * 2;
    const width = 0.035 + rng() * 0.05;
    const strength = 0.3 + rng() * 0.3;
    field.each((x, y, i) => {
      const center = base + amplitude * Math.sin(x * frequency * Math.PI * 2 + phase);
      // Ribbons glow more above their core, like curtains of light.
      const d = (y - center) / (y < center ? width * 2.2 : width);
      const envelope = Math.sin(clamp01(x / field.aspect) * Math.PI) ** 0.7;
      field.screen(i, color, strength * envelope * Math.exp(-d * d));
    });
  }
}

function paintHills(field: Field, palette: Palette, rng: () => number): void {
  const horizon = oklch(0.55 + rng() * 0.1, 0.1, palette.baseHue + 40);
  field.each((_x, y, i) => {
    const t = smoothstep(0, 0.6, y);
    for (let c = 0; c < 3; c++) field.data[i + c] = palette.top[c]! + (horizon[c]! - palette.top[c]!) * t;
  });
  const sunX = (0.2 + rng() * 0.6) * field.aspect;
  const sunY = 0.22 + rng() * 0.18;
  paintGlow(field, sunX, sunY, 0.35, palette.accents[0]!, 0.55);
  paintGlow(field, sunX, sunY, 0.07, oklch(0.95, 0.05, palette.baseHue + 60), 0.9);
  const layers = 4 + Math.floor(rng() * 2);
  // Hills share one hue family (the base or its accent), so the landscape reads as one scene.
  const hueShift = rng() > 0.5 ? 0 : 35;
  const edge = 1.5 / field.h;
  for (let k = 0; k < layers; k++) {
    const depth = k / (layers - 1);
    // Far hills are lighter and hazier, near ones darker: aerial perspective, and dark ground under captions.
    const color = oklch(0.52 - depth * 0.38, 0.075 + depth * 0.02, palette.baseHue + hueShift - depth * 25);
    const base = 0.42 + depth * 0.4 + (rng() - 0.5) * 0.04;
    const waves = [0, 1].map(() => ({
      a: 0.015 + rng() * 0.045,
      f: (0.6 + rng() * 2.2) / field.aspect,
      p: rng() * Math.PI * 2,
    }));
    field.each((x, y, i) => {
      let line = base;
      for (const w of waves) line += w.a * Math.sin(x * w.f * Math.PI * 2 + w.p);
      const cover = smoothstep(line - edge, line + edge, y);
      if (cover > 0) field.mix(i, color, cover);
    });
  }
}

function paintBokeh(field: Field, palette: Palette, rng: () => number): void {
  paintGradient(field, palette, (rng() - 0.5) * 1.2);
  paintGlow(field, rng() * field.aspect, rng(), 0.5, palette.accents[0]!, 0.45);
  paintGlow(field, rng() * field.aspect, rng(), 0.4, palette.accents[1]!, 0.3);
  const discs = 18 + Math.floor(rng() * 14);
  for (let d = 0; d < discs; d++) {
    const cx = rng() * field.aspect;
    const cy = rng();
    const radius = 0.015 + rng() ** 2 * 0.11;
    const color = palette.accents[Math.floor(rng() * palette.accents.length)]!;
    const strength = 0.1 + rng() * 0.3;
    const soft = radius * (0.08 + rng() * 0.3);
    field.each((x, y, i) => {
      const dist = Math.hypot(x - cx, y - cy);
      if (dist > radius + soft) return;
      // A faint bright rim, as out-of-focus highlights have.
      const body = 1 - smoothstep(radius - soft, radius + soft, dist);
      const rim = smoothstep(radius * 0.6, radius, dist) * body * 0.4;
      field.screen(i, color, strength * (body * 0.7 + rim));
    });
  }
}

function paintVignette(field: Field): void {
  field.each((x, y, i) => {
    const dx = x / field.aspect - 0.5;
    const dy = y - 0.45;
    const shade = 1 - 0.38 * smoothstep(0.35, 0.85, Math.hypot(dx * 1.1, dy * 1.3));
    for (let c = 0; c < 3; c++) field.data[i + c] = field.data[i + c]! * shade;
  });
}

export const chooseStyle = (prompt: string, seed: number): BackgroundStyle => {
  if (/\b(mountain|landscape|travel|journey|valley|hill|horizon|adventure)/i.test(prompt)) return 'hills';
  if (/\b(city|night|light|party|celebrat|festival|glow|sparkle)/i.test(prompt)) return 'bokeh';
  // Otherwise the seed rotates the styles, so consecutive scenes (seeded by their index) never look alike.
  return BACKGROUND_STYLES[Math.abs(seed) % BACKGROUND_STYLES.length]!;
};

/** Integer hash of a pixel position, for grain that is the same on every run. */
const hash2 = (x: number, y: number, seed: number): number => {
  let h = Math.imul(x, 0x27d4eb2d) ^ Math.imul(y, 0x165667b1) ^ seed;
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
};

/** A prime-sized tile never lines up with the frame, so its repeats are invisible at this strength. */
const GRAIN_TILE = 509;

/** Triangular-distributed grain of about ±2 levels: visible texture, and it breaks up banding. */
function grainTile(seed: number): Float32Array {
  const tile = new Float32Array(GRAIN_TILE * GRAIN_TILE);
  for (let y = 0; y < GRAIN_TILE; y++) {
    for (let x = 0; x < GRAIN_TILE; x++)
      tile[y * GRAIN_TILE + x] = (hash2(x, y, seed) + hash2(y, x, seed ^ 0x5bd1e995) - 1) * 4;
  }
  return tile;
}

/** RGB bytes, width × height × 3. */
export function drawBackground(spec: BackgroundSpec): Uint8Array {
  const { width, height, prompt } = spec;
  const seed = spec.seed ?? 0;
  const style = spec.style ?? chooseStyle(prompt, seed);
  const palette = paletteFor(prompt, seed);
  const rng = mulberry32(hashText(`${style}:${prompt}`) ^ seed);
  const scale = Math.max(1, Math.round(Math.max(width, height) / 480));
  const field = new Field(Math.ceil(width / scale) + 1, Math.ceil(height / scale) + 1, width / height);
  if (style === 'hills') paintHills(field, palette, rng);
  else if (style === 'bokeh') paintBokeh(field, palette, rng);
  else paintAurora(field, palette, rng);
  paintVignette(field);

  const out = new Uint8Array(width * height * 3);
  const src = field.data;
  const fw = field.w;
  const grain = grainTile(hashText(prompt) ^ seed);
  for (let y = 0; y < height; y++) {
    const grainRow = (y % GRAIN_TILE) * GRAIN_TILE;
    const fy = y / scale;
    const y0 = Math.floor(fy);
    const ty = fy - y0;
    for (let x = 0; x < width; x++) {
      const fx = x / scale;
      const x0 = Math.floor(fx);
      const tx = fx - x0;
      const i00 = (y0 * fw + x0) * 3;
      const i01 = i00 + 3;
      const i10 = i00 + fw * 3;
      const i11 = i10 + 3;
      const noise = grain[grainRow + (x % GRAIN_TILE)]!;
      const o = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) {
        const top = src[i00 + c]! + (src[i01 + c]! - src[i00 + c]!) * tx;
        const bottom = src[i10 + c]! + (src[i11 + c]! - src[i10 + c]!) * tx;
        const value = (top + (bottom - top) * ty) * 255 + noise;
        out[o + c] = value < 0 ? 0 : value > 255 ? 255 : value + 0.5;
      }
    }
  }
  return out;
}
