import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { paletteFor } from '~/server/media/color.ts';
import { encodePng } from '~/server/media/png.ts';
import { chooseStyle, drawBackground } from '~/server/providers/images/designed.ts';

/** Decodes our own PNGs (RGB, filter "Sub") back to pixels. */
function decodePng(png: Buffer): { width: number; height: number; rgb: Uint8Array } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  let offset = 8;
  const idat: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('ascii', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    expect(png.readUInt32BE(offset + 8 + length)).toBe(zlib.crc32(data, zlib.crc32(type)));
    if (type === 'IDAT') idat.push(data);
    offset += 12 + length;
  }
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    expect(raw[row]).toBe(1);
    for (let i = 0; i < width * 3; i++) {
      rgb[y * width * 3 + i] = (raw[row + 1 + i]! + (i >= 3 ? rgb[y * width * 3 + i - 3]! : 0)) & 0xff;
    }
  }
  return { width, height, rgb };
}

const spread = (rgb: Uint8Array): number => {
  let min = 255;
  let max = 0;
  for (let i = 0; i < rgb.length; i += 3) {
    const luma = (rgb[i]! + rgb[i + 1]! + rgb[i + 2]!) / 3;
    min = Math.min(min, luma);
    max = Math.max(max, luma);
  }
  return max - min;
};

describe('designed backgrounds', () => {
  const spec = { prompt: 'The ocean covers most of our planet.', width: 320, height: 180, seed: 2 };

  it('is deterministic: the same prompt, seed and size give the same pixels', () => {
    expect(Buffer.from(drawBackground(spec)).equals(Buffer.from(drawBackground(spec)))).toBe(true);
  });

  it('differs between prompts and between seeds', () => {
    const base = Buffer.from(drawBackground(spec));
    expect(base.equals(Buffer.from(drawBackground({ ...spec, prompt: 'A city at night.' })))).toBe(false);
    expect(base.equals(Buffer.from(drawBackground({ ...spec, seed: 3 })))).toBe(false);
  });

  it('is designed, not flat: every style has light and shade', () => {
    for (const style of ['aurora', 'hills', 'bokeh'] as const)
      expect(spread(drawBackground({ ...spec, style }))).toBeGreaterThan(40);
  });

  it('leans towards colours the words suggest', () => {
    const hue = (prompt: string) => paletteFor(prompt, 0).baseHue;
    expect(Math.abs(hue('Waves of the blue ocean') - 235)).toBeLessThanOrEqual(20);
    expect(Math.abs(hue('A forest of green trees') - 150)).toBeLessThanOrEqual(20);
  });

  it('rotates styles by seed unless the words suggest one', () => {
    expect(new Set([0, 1, 2].map((seed) => chooseStyle('Plain words', seed))).size).toBe(3);
    expect(chooseStyle('A long journey through the mountains', 1)).toBe('hills');
  });

  it('encodes valid PNGs that decode to the same pixels', () => {
    const rgb = drawBackground(spec);
    const decoded = decodePng(encodePng(rgb, spec.width, spec.height));
    expect([decoded.width, decoded.height]).toEqual([320, 180]);
    expect(Buffer.from(decoded.rgb).equals(Buffer.from(rgb))).toBe(true);
  });
});
