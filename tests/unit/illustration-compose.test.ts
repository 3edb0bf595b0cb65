import { describe, expect, it } from 'vitest';
import {
  composeIllustration,
  contentArea,
  countFrom,
  ENTERS,
  enterWithSpeech,
  type IllustrationSpec,
  illustratedWords,
  wrapLines,
} from '~/server/media/illustration/compose.ts';
import { counterText, overlayFilters } from '~/server/media/illustration/motion.ts';
import { brandPalette, scriptPalette } from '~/server/media/illustration/palette.ts';
import type { SceneSubjects } from '~/server/media/illustration/subjects.ts';

const palette = scriptPalette('', 7);
const wide = { width: 1920, height: 1080, palette, captionPosition: 'bottom' as const, index: 0 };
const tall = { ...wide, width: 1080, height: 1920 };

const coffee: SceneSubjects = {
  icons: [
    { kind: 'icon', word: 'coffee', icon: 'hot-beverage' },
    { kind: 'icon', word: 'farm', icon: 'tractor' },
    { kind: 'icon', word: 'beans', icon: 'beans' },
  ],
  places: [{ kind: 'place', word: 'Ethiopia', place: 'country', countryId: '231', name: 'Ethiopia' }],
  numbers: [],
  phrase: 'Coffee begins its journey',
};
const sales: SceneSubjects = {
  icons: [{ kind: 'icon', word: 'sales', icon: 'chart-increasing' }],
  places: [],
  numbers: [{ kind: 'number', word: 'forty percent', value: 40, prefix: '', suffix: '%', decimals: 0 }],
  phrase: '',
};
const nothing: SceneSubjects = { icons: [], places: [], numbers: [], phrase: 'Honestly' };

const bottom = (spec: IllustrationSpec) => Math.max(...spec.elements.map((e) => e.y + e.height));
const centreX = (e: { x: number; width: number }) => e.x + e.width / 2;

describe('an illustrated scene', () => {
  it('is nothing when the scene names nothing it can draw: the phrase alone is not a picture', () => {
    expect(composeIllustration(nothing, wide)).toBeNull();
  });

  it('draws the named country as a map with the first icons on it, and says so in the scene’s words', () => {
    const spec = composeIllustration(coffee, wide)!;
    expect(spec.subjects).toEqual(['coffee', 'farm', 'Ethiopia']);
    expect(spec.elements[0]!.svg).toContain('<path');
    expect(spec.elements[0]!.svg).toContain('Ethiopia');
    // Two badges beside the map (the third icon is left out), then the key phrase.
    expect(spec.elements.filter((e) => e.svg.includes('<circle') && !e.svg.includes('Ethiopia'))).toHaveLength(2);
    expect(spec.elements.at(-1)!.svg).toContain('Coffee begins its');
  });

  it('keeps every element clear of the captions at the bottom, on wide and tall frames', () => {
    expect(bottom(composeIllustration(coffee, wide)!)).toBeLessThanOrEqual(1080 * 0.8);
    expect(bottom(composeIllustration(coffee, tall)!)).toBeLessThanOrEqual(1920 * 0.8);
    const top = composeIllustration(coffee, { ...wide, captionPosition: 'top' })!;
    expect(Math.min(...top.elements.map((e) => e.y))).toBeGreaterThanOrEqual(1080 * 0.2);
  });

  it('puts the picture on alternate sides scene by scene on a wide frame, and above the text on a tall one', () => {
    const first = composeIllustration(coffee, wide)!;
    const second = composeIllustration(coffee, { ...wide, index: 1 })!;
    expect(centreX(first.elements[0]!)).toBeLessThan(960);
    expect(centreX(second.elements[0]!)).toBeGreaterThan(960);
    const stacked = composeIllustration(coffee, tall)!;
    const text = stacked.elements.at(-1)!;
    expect(text.y).toBeGreaterThan(stacked.elements[0]!.y + stacked.elements[0]!.height * 0.9);
  });

  it('sets a number as written by the numbers, counting up to it before it stands', () => {
    const spec = composeIllustration(sales, wide)!;
    expect(spec.subjects).toEqual(['sales', 'forty percent']);
    const counter = spec.counter!;
    expect(counter).toMatchObject({ from: 0, to: 40, suffix: '%' });
    const finished = spec.elements[counter.element]!;
    expect(finished.svg).toContain('>40%<');
    expect(finished.delay).toBeCloseTo(counter.start + counter.duration);
  });

  it('counts a year up from a little before it', () => {
    expect(countFrom({ value: 1998, year: true })).toBe(1973);
    expect(countFrom({ value: 250 })).toBe(0);
  });

  it('wraps a phrase at spaces within the width', () => {
    expect(wrapLines('Coffee begins its journey on a farm', 12)).toEqual([
      'Coffee',
      'begins its',
      'journey on a',
      'farm',
    ]);
  });

  it('keeps the caption band free by position', () => {
    const area = contentArea(1920, 1080, 'bottom');
    expect(area.y + area.height).toBeLessThanOrEqual(1080 * 0.75);
    expect(contentArea(1920, 1080, 'top').y).toBeGreaterThanOrEqual(1080 * 0.25);
  });

  it('names the words of a real sentence it would draw, and none for a sentence with nothing to draw', () => {
    expect(illustratedWords('Our coffee grows on small farms in Ethiopia.')).toEqual(
      expect.arrayContaining(['coffee', 'Ethiopia']),
    );
    expect(illustratedWords('Honestly, it depends.')).toEqual([]);
  });
});

describe('an illustration timed to its narration', () => {
  const spec = composeIllustration(coffee, wide)!;
  const words = [
    { text: 'Coffee', startMs: 0 },
    { text: 'begins', startMs: 400 },
    { text: 'on', startMs: 1200 },
    { text: 'a', startMs: 1300 },
    { text: 'farm', startMs: 1400 },
    { text: 'in', startMs: 2600 },
    { text: 'Ethiopia.', startMs: 2800 },
  ];

  it('shows its main element once the crossfade is over, and each other one just before its word is said', () => {
    const timed = enterWithSpeech(spec, words, 0.3, 8);
    expect(timed.elements[0]!.delay).toBe(ENTERS);
    const farm = timed.elements.find((e) => e.words === 'farm')!;
    expect(farm.delay).toBeCloseTo(0.3 + 1.4 - 0.3);
  });

  it('never lets an element enter too late to be seen in a short scene', () => {
    const timed = enterWithSpeech(spec, words, 0.3, 3);
    expect(Math.max(...timed.elements.map((e) => e.delay))).toBeLessThanOrEqual(Math.max(ENTERS, 3 - 2));
  });

  it('runs the count from just before the number is said, the finished number after it', () => {
    const numbers = composeIllustration(sales, wide)!;
    const timed = enterWithSpeech(
      numbers,
      [
        { text: 'Sales', startMs: 0 },
        { text: 'rose', startMs: 300 },
        { text: 'forty', startMs: 2000 },
        { text: 'percent', startMs: 2300 },
      ],
      0.3,
      9,
    );
    expect(timed.counter!.start).toBeCloseTo(2.0);
    expect(timed.elements[timed.counter!.element]!.delay).toBeCloseTo(2.0 + timed.counter!.duration);
  });
});

describe('the elements of illustrated scenes in the render', () => {
  const layers = {
    width: 1280,
    height: 720,
    background: '/tmp/bg.png',
    elements: [
      { file: '/tmp/e0.png', x: 100, y: 80, delay: 0.6 },
      { file: '/tmp/e1.png', x: 700, y: 300, delay: 1.2 },
    ],
    counter: null,
    fontFile: '/usr/share/fonts/truetype/noto/NotoSansDisplay-Bold.ttf',
  };

  it('are each read once and overlaid only from their entry until the next scene has crossfaded in', () => {
    const { inputs, graph } = overlayFilters(
      [{ layers, start: 10, out: { at: 14, seconds: 0.5 }, drawnIn: [] }],
      30,
      3,
      'joined',
      'out',
    );
    expect(inputs).toEqual(['-i', '/tmp/e0.png', '-i', '/tmp/e1.png']);
    const text = graph.join(';');
    expect(text).toContain('[3:v]format=rgba');
    expect(text).toContain("enable='between(t\\,11.20\\,14.50)'");
    expect(text).toContain('fade=t=out:st=14.00:d=0.50:alpha=1');
    expect(graph.at(-1)).toMatch(/null\[out\]$/);
  });

  it('stay to the end in the last scene, and add nothing when there are none', () => {
    const { graph } = overlayFilters([{ layers, start: 10, out: null, drawnIn: [] }], 30, 0, 'joined', 'out');
    expect(graph.join(';')).not.toContain('fade=t=out');
    expect(overlayFilters([], 30, 0, 'joined', 'out').graph).toEqual(['[joined]null[out]']);
  });

  it('count in drawtext’s own syntax, decimals zero-padded and a literal percent escaped', () => {
    const base = {
      x: 0,
      align: 'start' as const,
      baseline: 0,
      fontSize: 100,
      color: '#fff',
      start: 1,
      duration: 1.2,
      element: 0,
    };
    expect(counterText({ ...base, from: 0, to: 40, decimals: 0, prefix: '', suffix: '%' })).toBe(
      '%{eif:floor((0+(40)*(1-pow(1-clip((t-1)/1.2,0,1),3)))+0.5):d}\\%',
    );
    expect(counterText({ ...base, from: 0, to: 2.5, decimals: 1, prefix: '$', suffix: ' million' })).toMatch(
      /^\$%\{eif:floor\(.*\):d\}\.%\{eif:mod\(.*,10\):d:1\} million$/,
    );
  });
});

describe('an illustration palette', () => {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5]
      .map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255)
      .map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };

  it('from a brand kit keeps white type readable on its background and its drawings visible', () => {
    const kit = brandPalette({ primary: '#ffd400', secondary: '#0a0a0a' });
    expect(luminance(kit.bottom)).toBeLessThanOrEqual(0.06);
    expect(luminance(kit.second)).toBeGreaterThanOrEqual(0.18);
  });

  it('is the same for the same video and differs between videos', () => {
    expect(scriptPalette('', 7)).toEqual(palette);
    expect(scriptPalette('', 8)).not.toEqual(palette);
  });
});
