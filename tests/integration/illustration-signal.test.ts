/**
 * A render draws many illustrations under its job's one AbortSignal (the still for the cache, then each layer for
 * the animation), with the real resvg: every drawing after the first must work too, and an abort still stops them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { drawIllustration, drawLayers, illustrateBeat } from '~/server/media/illustration/index.ts';
import { scriptPalette } from '~/server/media/illustration/palette.ts';
import { findPlaces } from '~/server/media/illustration/places.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nxn-illustration-signal-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('drawing illustrations under one signal', () => {
  it('draws the still and every layer, and stops once aborted', async () => {
    const text = 'Coffee begins its journey on a small farm in Ethiopia.';
    const reading = {
      text,
      layout: 'place' as const,
      places: findPlaces(text),
      context: [{ words: 'Coffee', icon: 'hot-beverage', negated: false }],
      items: [],
      phrase: 'Coffee begins its journey',
      scenery: ['farm' as const],
    };
    const spec = illustrateBeat(reading, 0, {
      palette: scriptPalette('', 7),
      captionPosition: 'bottom',
      frame: { width: 1280, height: 720 },
    });
    const job = new AbortController();
    await drawIllustration(spec, { width: 640, height: 360 }, path.join(dir, 'still.png'), job.signal);
    const layers = await drawLayers(spec, path.join(dir, 'layers'), { width: 1600, height: 900 }, job.signal);
    expect(layers.elements.length).toBeGreaterThan(0);
    for (const file of [layers.background, ...layers.elements.map((e) => e.file)])
      expect(fs.readFileSync(file).subarray(1, 4).toString('latin1')).toBe('PNG');
    job.abort();
    await expect(
      drawLayers(spec, path.join(dir, 'again'), { width: 1600, height: 900 }, job.signal),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });
});
