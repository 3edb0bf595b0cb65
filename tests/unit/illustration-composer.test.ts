import { describe, expect, it } from 'vitest';
import type { CaptionPosition } from '~/contract/video.ts';
import { contentArea, type IllustrationSpec } from '~/server/media/illustration/compose.ts';
import { beatLayout, composeBeat, pictureElements } from '~/server/media/illustration/composer/index.ts';
import { sceneryBackground } from '~/server/media/illustration/composer/scenery.ts';
import { scriptPalette } from '~/server/media/illustration/palette.ts';
import { findPlaces } from '~/server/media/illustration/places.ts';
import { type BeatLayout, SCENERIES, type SentenceReading } from '~/server/media/illustration/reading.ts';

const palette = scriptPalette('', 7);
const base = { context: [], places: [], items: [], phrase: '', scenery: [] };
const thing = (words: string, icon: string, negated = false) => ({ words, icon, negated });

/** One reading by hand for every layout, so the composer is tested apart from the reader. */
const READINGS: Record<BeatLayout, SentenceReading> = {
  place: {
    ...base,
    text: 'Our coffee grows on small farms in Ethiopia.',
    layout: 'place',
    places: findPlaces('Our coffee grows on small farms in Ethiopia.'),
    context: [thing('coffee', 'hot-beverage')],
    phrase: 'Where coffee begins',
    scenery: ['farm'],
  },
  route: {
    ...base,
    text: 'We flew from Paris to Tokyo.',
    layout: 'route',
    places: findPlaces('We flew from Paris to Tokyo.'),
    phrase: 'From Paris to Tokyo',
  },
  figure: {
    ...base,
    text: 'Sales grew forty percent.',
    layout: 'figure',
    subject: thing('Sales', 'chart-increasing'),
    figure: {
      kind: 'number',
      word: 'forty percent',
      value: 40,
      prefix: '',
      suffix: '%',
      decimals: 0,
      label: 'more sales',
    },
  },
  steps: {
    ...base,
    text: 'Mix the flour, add two eggs, then bake for 20 minutes.',
    layout: 'steps',
    items: [
      { words: 'Mix the flour', icon: 'bowl-with-spoon' },
      { words: 'add two eggs', icon: 'egg' },
      { words: 'bake for 20 minutes' },
    ],
    scenery: ['kitchen'],
  },
  comparison: {
    ...base,
    text: 'Tea calms you, coffee wakes you up.',
    layout: 'comparison',
    sides: [
      { words: 'Tea', icon: 'teacup-without-handle' },
      { words: 'coffee', icon: 'hot-beverage' },
    ],
  },
  'call-to-action': {
    ...base,
    text: 'Start your free trial of NXN today.',
    layout: 'call-to-action',
    action: { product: 'NXN', action: 'Start your free trial' },
  },
  'key-phrase': {
    ...base,
    text: 'Patience is the secret ingredient.',
    layout: 'key-phrase',
    phrase: 'Patience is the secret ingredient',
  },
  subject: {
    ...base,
    text: 'At night the city lights glow, and no tools are needed.',
    layout: 'subject',
    subject: thing('city lights', 'night-with-stars'),
    context: [thing('moon', 'crescent-moon'), thing('tools', 'hammer-and-wrench', true)],
    phrase: 'The city never sleeps',
    scenery: ['night'],
  },
};

const SHAPES = {
  '16:9': { width: 1920, height: 1080 },
  '9:16': { width: 1080, height: 1920 },
  '1:1': { width: 1080, height: 1080 },
} as const;

const compose = (reading: SentenceReading, shape: keyof typeof SHAPES, captionPosition: CaptionPosition = 'bottom') =>
  composeBeat(reading, { ...SHAPES[shape], palette, captionPosition, index: 0 });

const bottomOf = (spec: IllustrationSpec) => Math.max(...spec.elements.map((e) => e.y + e.height));
const topOf = (spec: IllustrationSpec) => Math.min(...spec.elements.map((e) => e.y));

describe('a beat composed from a sentence’s reading', () => {
  for (const layout of Object.keys(READINGS) as BeatLayout[])
    for (const shape of Object.keys(SHAPES) as Array<keyof typeof SHAPES>)
      it(`lays out a ${layout} beat on ${shape} inside the frame, clear of the captions top or bottom`, () => {
        const { width, height } = SHAPES[shape];
        for (const captions of ['bottom', 'top'] as const) {
          const spec = compose(READINGS[layout], shape, captions);
          expect(spec.layout).toBe(layout);
          expect(spec.elements.length).toBeGreaterThan(0);
          const area = contentArea(width, height, captions);
          for (const e of spec.elements) {
            expect(e.x, `${e.name} left`).toBeGreaterThanOrEqual(0);
            expect(e.x + e.width, `${e.name} right`).toBeLessThanOrEqual(width);
            expect(e.y, `${e.name} top`).toBeGreaterThanOrEqual(area.y - 1);
            expect(e.y + e.height, `${e.name} bottom`).toBeLessThanOrEqual(area.y + area.height + 1);
          }
        }
      });

  it('draws the subject of a 9:16 beat at least half the frame’s width, and fills the space above the captions', () => {
    for (const layout of ['subject', 'place', 'figure', 'steps'] as const) {
      const spec = compose(READINGS[layout], '9:16');
      const area = contentArea(1080, 1920, 'bottom');
      expect(bottomOf(spec) - topOf(spec), layout).toBeGreaterThanOrEqual(area.height * 0.55);
    }
    const subject = compose(READINGS.subject, '9:16').elements[0]!;
    expect(subject).toMatchObject({ kind: 'icon', name: 'night-with-stars' });
    expect(subject.width).toBeGreaterThanOrEqual(1080 / 2);
    const map = compose(READINGS.place, '9:16').elements[0]!;
    expect(map.kind).toBe('map');
    expect(map.width).toBeGreaterThanOrEqual(1080 / 2);
  });

  it('composes each shape on its own: side by side on 16:9, stacked on 9:16', () => {
    const wide = compose(READINGS.subject, '16:9');
    const [icon, text] = [wide.elements[0]!, wide.elements.find((e) => e.kind === 'text')!];
    expect(text.x).toBeGreaterThanOrEqual(icon.x + icon.width);
    const tall = compose(READINGS.subject, '9:16');
    const tallText = tall.elements.find((e) => e.kind === 'text')!;
    expect(tallText.y).toBeGreaterThanOrEqual(tall.elements[0]!.y + tall.elements[0]!.height);
    // The next beat puts the drawing on the other side.
    const next = composeBeat(READINGS.subject, { ...SHAPES['16:9'], palette, captionPosition: 'bottom', index: 1 });
    expect(next.elements[0]!.x).toBeGreaterThan(960);
  });

  it('draws a route as a map of both places with the arc entering as the second place is said', () => {
    const spec = compose(READINGS.route, '16:9');
    const maps = spec.elements.filter((e) => e.kind === 'map');
    expect(maps.map((m) => m.words)).toEqual(['Paris', 'Tokyo']);
    expect(maps[1]!.svg).toContain('stroke-dasharray');
    expect(maps[1]!.svg).toContain('Tokyo');
  });

  it('counts a figure up to its value, then sets it as written, with what it counts', () => {
    const spec = compose(READINGS.figure, '9:16');
    expect(spec.counter).toMatchObject({ from: 0, to: 40, suffix: '%' });
    const number = spec.elements[spec.counter!.element]!;
    expect(number).toMatchObject({ kind: 'number', name: '40%', words: 'forty percent' });
    expect(spec.counter!.fontSize).toBeGreaterThanOrEqual(1920 * 0.08);
    expect(spec.elements.some((e) => e.kind === 'text' && e.name === 'more sales')).toBe(true);
  });

  it('gives every step its own card, in the order said', () => {
    const spec = compose(READINGS.steps, '1:1');
    expect(spec.elements.map((e) => e.words)).toEqual(['Mix the flour', 'add two eggs', 'bake for 20 minutes']);
    const ys = spec.elements.map((e) => e.y);
    expect(ys).toEqual([...ys].sort((a, b) => a - b));
  });

  it('splits a comparison left and right, or top and bottom on 9:16', () => {
    const wide = compose(READINGS.comparison, '16:9').elements.filter((e) => e.kind === 'icon');
    expect(wide[1]!.x).toBeGreaterThan(wide[0]!.x + wide[0]!.width);
    const tall = compose(READINGS.comparison, '9:16').elements.filter((e) => e.kind === 'icon');
    expect(tall[1]!.y).toBeGreaterThan(tall[0]!.y + tall[0]!.height);
  });

  it('names the product and puts the action on a card', () => {
    const spec = compose(READINGS['call-to-action'], '9:16');
    expect(spec.elements.map((e) => e.name)).toEqual(
      expect.arrayContaining(['NXN', 'Start your free trial', 'backhand-index-pointing-left']),
    );
  });

  it('sets a phrase with nothing sure to draw as large type, never an icon', () => {
    const spec = compose(READINGS['key-phrase'], '9:16');
    expect(spec.elements.every((e) => e.kind === 'text')).toBe(true);
    expect(spec.elements.map((e) => e.name).join(' ')).toBe('Patience is the secret ingredient');
    // At least 8 % of a tall frame's height.
    expect(Math.min(...spec.elements.map((e) => e.height))).toBeGreaterThanOrEqual(1920 * 0.08);
  });

  it('falls back to type when the reading has nothing its layout needs, and to the first words when it has no phrase', () => {
    const bare: SentenceReading = { ...base, text: 'Honestly, it depends on the day.', layout: 'place' };
    expect(beatLayout(bare)).toBe('key-phrase');
    const spec = compose(bare, '16:9');
    expect(spec.elements.every((e) => e.kind === 'text')).toBe(true);
    expect(spec.subjects.join(' ')).toBe('Honestly, it depends on the day');
    expect(beatLayout({ ...READINGS.subject, layout: 'route' })).toBe('subject');
    expect(beatLayout({ ...READINGS.place, layout: 'route' })).toBe('place');
    expect(beatLayout({ ...READINGS['key-phrase'], layout: 'call-to-action' }, 'NXN')).toBe('call-to-action');
  });

  it('never draws a thing said to be absent plainly: it is crossed out', () => {
    const tools = compose(READINGS.subject, '16:9').elements.find((e) => e.words === 'tools')!;
    expect(tools.svg).toContain('stroke="#ff4d4d"');
    const moon = compose(READINGS.subject, '16:9').elements.find((e) => e.words === 'moon')!;
    expect(moon.svg).not.toContain('#ff4d4d');
  });

  it('says what it draws: scenery first, then each element with its kind, name, words and box', () => {
    const spec = compose(READINGS.subject, '9:16');
    const said = pictureElements(spec);
    expect(said[0]).toEqual({
      kind: 'scenery',
      name: 'night',
      words: '',
      box: { x: 0, y: 0, width: 1080, height: 1920 },
    });
    expect(said[1]).toMatchObject({ kind: 'icon', name: 'night-with-stars', words: 'city lights' });
    expect(said.slice(1).map((e) => e.box)).toEqual(
      spec.elements.map((e) => ({ x: e.x, y: e.y, width: e.width, height: e.height })),
    );
    expect(pictureElements(compose(READINGS.figure, '16:9'))[0]!.kind).not.toBe('scenery');
  });
});

describe('scenery', () => {
  const frame = { width: 1280, height: 720 };

  it('draws every setting past the frame by its bleed, each its own picture', () => {
    const drawn = SCENERIES.map((s) => sceneryBackground(s, frame, palette, 0));
    for (const { svg, bleed } of drawn) {
      expect(bleed).toBeGreaterThan(0);
      expect(svg).toContain(`width="${1280 + 2 * bleed}" height="${720 + 2 * bleed}"`);
    }
    expect(new Set(drawn.map((d) => d.svg)).size).toBe(SCENERIES.length);
  });

  it('puts a moon and stars in a night sky, never a sun', () => {
    const night = sceneryBackground('night', frame, palette, 0).svg;
    expect(night).toContain('#fff3c4');
    for (const sun of ['#ffd9a0', '#ff9a5a', '#fff1c2', '#ffcf7a']) expect(night).not.toContain(sun);
  });

  it('falls back to the palette’s own background without a setting', () => {
    expect(sceneryBackground(null, frame, palette, 0).svg).toContain(palette.top);
  });
});

describe('type with nothing surer to draw', () => {
  it('sets the first words without ending on one that leads on, and names a subject that has no phrase', () => {
    const bare: SentenceReading = { ...base, text: 'Both are good for you in moderation.', layout: 'key-phrase' };
    expect(compose(bare, '9:16').subjects.join(' ')).toBe('Both are good for you');
    const named = compose({ ...READINGS.subject, phrase: '' }, '9:16');
    expect(named.elements.find((e) => e.kind === 'text')?.name).toBe('city lights');
  });
});
