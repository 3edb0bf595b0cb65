import { describe, expect, it } from 'vitest';
import { contentArea, countFrom, ENTERS, enterWithSpeech, wrapLines } from '~/server/media/illustration/compose.ts';
import { composeBeat } from '~/server/media/illustration/composer/index.ts';
import { counterText, overlayFilters } from '~/server/media/illustration/motion.ts';
import { brandPalette, scriptPalette } from '~/server/media/illustration/palette.ts';
import type { SentenceReading } from '~/server/media/illustration/reading.ts';

const palette = scriptPalette('', 7);
const wide = { width: 1920, height: 1080, palette, captionPosition: 'bottom' as const, index: 0 };

const coffee: SentenceReading = {
  text: 'Coffee begins on a farm in Ethiopia.',
  layout: 'place',
  places: [{ kind: 'place', word: 'Ethiopia', place: 'country', countryId: '231', name: 'Ethiopia' }],
  context: [
    { words: 'Coffee', icon: 'hot-beverage', negated: false },
    { words: 'farm', icon: 'tractor', negated: false },
  ],
  items: [],
  phrase: 'Coffee begins its journey',
  scenery: [],
};
const sales: SentenceReading = {
  text: 'Sales rose forty percent.',
  layout: 'figure',
  subject: { words: 'Sales', icon: 'chart-increasing', negated: false },
  figure: { kind: 'number', word: 'forty percent', value: 40, prefix: '', suffix: '%', decimals: 0, label: '' },
  context: [],
  places: [],
  items: [],
  phrase: '',
  scenery: [],
};

describe('the parts of a beat', () => {
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
    // A tall frame keeps its top 12 % clear of the apps' interface, and its captions' band below 70 %.
    const tall = contentArea(1080, 1920, 'bottom');
    expect(tall.y).toBeGreaterThanOrEqual(Math.round(1920 * 0.12));
    expect(tall.y + tall.height).toBeLessThanOrEqual(1920 * 0.7);
  });
});

describe('an illustration timed to its narration', () => {
  const spec = composeBeat(coffee, wide);
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
    const numbers = composeBeat(sales, wide);
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

  it('move with the camera when the scene drifts, the count too', () => {
    const counter = {
      x: 640,
      align: 'middle' as const,
      baseline: 400,
      fontSize: 200,
      color: '#fff',
      from: 0,
      to: 40,
      decimals: 0,
      prefix: '',
      suffix: '%',
      start: 0.8,
      duration: 1.2,
      element: 1,
    };
    const shift = { x: '60-(min(t*25\\,120))', y: '0' };
    const { graph } = overlayFilters(
      [{ layers: { ...layers, counter }, start: 0, out: null, drawnIn: [], shift }],
      25,
      0,
      'joined',
      'out',
    );
    const text = graph.join(';');
    expect(text).toContain("overlay=x='100+(60-(min(t*25\\,120)))'");
    expect(text).toMatch(/drawtext=[^;]*x='640-text_w\/2\+\(60-\(min\(t\*25\\,120\)\)\)'/);
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
