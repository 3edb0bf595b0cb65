/**
 * What an illustrated scene draws, read from real sentences: things as Fluent Emoji icons (plurals, compounds,
 * words with several senses, words that are verbs here), countries and cities as maps, figures for typography, and
 * the share of a labelled corpus whose picture shows something the narration names.
 */
import { Resvg } from '@resvg/resvg-js';
import { geoBounds, geoContains } from 'd3-geo';
import { describe, expect, it } from 'vitest';
import { iconIndex, iconNames } from '~/server/media/illustration/icons.ts';
import { findNumbers } from '~/server/media/illustration/numbers.ts';
import { countryFeature, findPlaces, knownCities } from '~/server/media/illustration/places.ts';
import { formatNumber, iconSvg, sceneSubjects, subjectWords } from '~/server/media/illustration/subjects.ts';
import { curatedTerms } from '~/server/media/illustration/vocabulary.ts';
import { loadCorpus, scoreCorpus } from '../support/illustration-corpus.ts';

const icons = (text: string) => sceneSubjects(text).icons.map(({ word, icon }) => `${word}:${icon}`);
const iconNamesOf = (text: string) => sceneSubjects(text).icons.map(({ icon }) => icon);

describe('icons for the things a scene names', () => {
  it('reads plurals and irregular forms as the thing', () => {
    expect(icons('Farmers across the valley lost their crops to the frost.')).toEqual(
      expect.arrayContaining(['Farmers:farmer', 'crops:sheaf-of-rice']),
    );
    expect(iconNamesOf('Mice had chewed through the cables behind the fridge.')).toContain('mouse');
    expect(iconNamesOf('A good chef keeps their knives sharp.')).toContain('kitchen-knife');
    expect(iconNamesOf('Wolves were brought back to the park in 1995.')).toContain('wolf');
    expect(icons('Most cities now have bike lanes.')).toContain('cities:cityscape');
    expect(iconNamesOf('Pick ripe strawberries and wash the cherries.')).toEqual(
      expect.arrayContaining(['strawberry', 'cherries']),
    );
  });

  it('prefers two-word things to their single words', () => {
    expect(icons('Just tap your credit card at the till.')).toContain('credit card:credit-card');
    expect(icons('Nothing beats ice cream on a hot day.')[0]).toBe('ice cream:ice-cream');
    expect(icons('Solar panels on the roof now power the whole house.')).toContain('Solar panels:sun');
    expect(icons('We roast the coffee beans ourselves.')).toContain('coffee beans:hot-beverage');
  });

  it('puts the most central, concrete thing first and keeps at most four', () => {
    const subjects = sceneSubjects(
      'Ethiopian farmers pick ripe coffee cherries by hand on steep hills, then dry them on raised beds in the sun, next to the goats and chickens.',
    );
    expect(subjects.icons.length).toBeLessThanOrEqual(4);
    expect(new Set(subjects.icons.map((i) => i.icon)).size).toBe(subjects.icons.length);
    expect(['farmer', 'hot-beverage']).toContain(subjects.icons[0]!.icon);
    // An abstract word is drawn only when nothing concrete is there.
    expect(iconNamesOf('Our strategy is simple: more bikes on every street.')[0]).toBe('bicycle');
  });

  it('draws nothing for words no icon shows', () => {
    expect(sceneSubjects('Here is a truth nobody likes to hear: motivation is unreliable.').icons).toEqual([]);
    expect(sceneSubjects('Honestly, it was worth every single minute of it.').icons).toEqual([]);
    // Counts and spans of time are typography, not pictures.
    expect(iconNamesOf('Millions of people waited months for this.')).toEqual([]);
  });

  it('takes the sense the scene means for ambiguous words', () => {
    expect(iconNamesOf('I opened a savings account at the bank on Main Street.')).toContain('bank');
    expect(iconNamesOf('We sat on the bank of the river and watched the boats.')).not.toContain('bank');
    expect(iconNamesOf('Right-click with the mouse to open the menu on your computer.')).toContain('computer-mouse');
    expect(iconNamesOf('A mouse ran across the barn floor.')).toEqual(['mouse']);
    expect(iconNamesOf('A tower crane lifted the steel beams onto the new building.')).toContain(
      'building-construction',
    );
    expect(iconNamesOf('In spring the cranes return to the wetlands to nest.')).not.toContain('building-construction');
    expect(iconNamesOf('He walked out to bat with the cricket team needing six runs.')).toContain('cricket-game');
    expect(iconNamesOf('At dusk the bats leave the cave to hunt.')).toContain('bat');
  });

  it('does not draw a verb as a thing', () => {
    expect(iconNamesOf('Watch the whole video before you start.')).not.toContain('watch');
    expect(iconNamesOf('Book a table for two and bring your appetite.')).not.toContain('open-book');
    expect(iconNamesOf('She bought a new watch for the trip.')).toContain('watch');
    expect(iconNamesOf('We ship to every country and the router supports it.')).not.toContain('passenger-ship');
    expect(iconNamesOf('Water the plants every morning.')).not.toContain('droplet');
    expect(iconNamesOf('Water is the first thing your plants need.')).toContain('droplet');
  });

  it('draws icons only for English scenes, while places and figures work in any language', () => {
    const spanish = sceneSubjects(
      'El pan de esta panadería en Madrid se hornea cada mañana con harina de trigo y agua del manantial.',
    );
    expect(spanish.icons).toEqual([]);
    expect(spanish.places.map((p) => p.name)).toEqual(['Madrid']);
    const german = sceneSubjects(
      'Unser Geschenk für dich: ein Kaffee in Berlin, frisch geröstet, mit Milch und Zucker für nur 2 Euro.',
    );
    expect(german.icons).toEqual([]);
    expect(german.numbers.map((n) => n.value)).toEqual([2]);
    expect(sceneSubjects('')).toEqual({ icons: [], places: [], numbers: [], phrase: '' });
  });

  it('does not read brands and names in capitals as things', () => {
    expect(iconNamesOf('Apple sold more phones than ever.')).not.toContain('red-apple');
    expect(iconNamesOf('Meet the Loop Runner, our lightest shoe yet.')).not.toContain('person-running');
  });

  it('draws only icons that exist in Fluent Emoji Flat, and never a flag or a skin tone', () => {
    const names = iconNames();
    const missing = [...curatedTerms().values()].map(({ icon }) => icon).filter((icon) => !names.has(icon));
    expect(missing).toEqual([]);
    // A skin-tone variant is a base name with all five tones beside it ("farmer-dark" next to "farmer-light"...).
    const toneOf = (icon: string) => /^(.*)-(light|dark|medium|medium-light|medium-dark)$/.exec(icon)?.[1];
    const isToneVariant = (icon: string) => {
      const base = toneOf(icon);
      return base !== undefined && ['light', 'dark', 'medium'].every((tone) => names.has(`${base}-${tone}`));
    };
    for (const { icon } of iconIndex().values()) {
      expect(names.has(icon)).toBe(true);
      expect(isToneVariant(icon)).toBe(false);
      expect(icon).not.toMatch(/^flag-(?!in-hole)/);
    }
  });
});

describe('places for maps', () => {
  it('finds countries, by their names and common aliases, with the world-atlas id', () => {
    const places = findPlaces('Our beans come from Ethiopia and Colombia, and we ship to the UK, the USA and Holland.');
    expect(places.map((p) => [p.word, p.place, p.countryId])).toEqual([
      ['Ethiopia', 'country', '231'],
      ['Colombia', 'country', '170'],
      ['UK', 'country', '826'],
      ['USA', 'country', '840'],
      ['Holland', 'country', '528'],
    ]);
  });

  it('finds big cities with their country and position', () => {
    const [lagos] = findPlaces('In 2015 she was working night shifts at a hospital in Lagos.');
    expect(lagos).toMatchObject({ kind: 'place', word: 'Lagos', place: 'city', countryId: '566', name: 'Lagos' });
    expect(lagos!.lat).toBeCloseTo(6.45, 0);
    expect(lagos!.lon).toBeCloseTo(3.39, 0);
    expect(findPlaces('We flew from New York to Rio de Janeiro.').map((p) => [p.name, p.countryId])).toEqual([
      ['New York City', '840'],
      ['Rio de Janeiro', '076'],
    ]);
    // A city named after its country is the country.
    expect(findPlaces('Singapore is tiny.')[0]).toMatchObject({ place: 'country', countryId: '702' });
  });

  it('does not read everyday words, small towns or regions as places', () => {
    expect(findPlaces('Nice work! Reading this in the bath is fine, and the mobile app helps.')).toEqual([]);
    expect(findPlaces('Turkey is a lean meat, and china plates break.')).toEqual([]);
    expect(findPlaces('We flew to Turkey last year.').map((p) => p.name)).toEqual(['Turkey']);
    expect(findPlaces('Prices rose across South America and New Mexico.')).toEqual([]);
    // A continent is no country's map, but the globe that shows it.
    expect(iconNamesOf('Prices rose across South America.')).toContain('globe-showing-americas');
    expect(findPlaces('LET US KNOW IN THE COMMENTS')).toEqual([]);
  });

  it('keeps places out of the icons', () => {
    const subjects = sceneSubjects('Turkey banned the export of hazelnuts, and we flew to Turkey to see the farms.');
    expect(subjects.places.map((p) => p.name)).toEqual(['Turkey']);
    expect(subjects.icons.map((i) => i.icon)).not.toContain('turkey');
  });

  it('draws every known city inside the country it is put in', () => {
    // GeoNames names a city's country by ISO letters, the atlas by ISO number: a wrong row in that table would put
    // Tbilisi on a map of Germany. A coastal city may sit just off the coarse coastline, so near the shape counts.
    const misplaced = knownCities().filter((city) => {
      const shape = countryFeature(city.countryId)!;
      if (geoContains(shape, [city.lon, city.lat])) return false;
      const [[west, south], [east, north]] = geoBounds(shape);
      const inLongitude =
        west <= east ? city.lon >= west - 1 && city.lon <= east + 1 : city.lon >= west - 1 || city.lon <= east + 1;
      return !(inLongitude && city.lat >= south - 1 && city.lat <= north + 1);
    });
    expect(knownCities().length).toBeGreaterThan(800);
    expect(misplaced.map((c) => `${c.name} → ${countryFeature(c.countryId)?.properties.name}`)).toEqual([]);
  });

  it('gives the country shape as a GeoJSON feature', () => {
    const ethiopia = countryFeature('231');
    expect(ethiopia?.type).toBe('Feature');
    expect(ethiopia?.properties.name).toBe('Ethiopia');
    expect(['Polygon', 'MultiPolygon']).toContain(ethiopia?.geometry.type);
    // Two atlas features share Australia's code; the shape is the continent, not the Ashmore reef.
    expect(countryFeature('036')?.properties.name).toBe('Australia');
    expect(countryFeature('Kosovo')?.properties.name).toBe('Kosovo');
    expect(countryFeature('999')).toBeUndefined();
  });
});

describe('numbers for typography', () => {
  const one = (text: string) => findNumbers(text)[0];

  it('reads percents, currency with scale words, decimals and thousands', () => {
    expect(one('Sales are up 40% on last year.')).toMatchObject({ value: 40, prefix: '', suffix: '%', decimals: 0 });
    expect(one('Our revenue reached $2.5 million last quarter.')).toMatchObject({
      word: '$2.5 million',
      value: 2.5,
      prefix: '$',
      suffix: ' million',
      decimals: 1,
    });
    expect(one('Users lose an average of 4.2 kilos.')).toMatchObject({ value: 4.2, suffix: ' kilos', decimals: 1 });
    expect(one('More than 19,000 tourists were evacuated.')).toMatchObject({ value: 19000, prefix: '', decimals: 0 });
    expect(one('That single grand grows to about €7,600.')).toMatchObject({ value: 7600, prefix: '€' });
  });

  it('reads spelled percents and millions', () => {
    expect(one('It cut the bill by seventy percent.')).toMatchObject({ value: 70, suffix: '%' });
    expect(one('They rent more than two million hives.')).toMatchObject({ value: 2, suffix: ' million' });
    // A lone small number in words is not a figure worth big type.
    expect(findNumbers('One day, two friends met.')).toEqual([]);
  });

  it('reads years without a thousands separator, and puts amounts before years', () => {
    const [price, year] = findNumbers('In 1998 a ticket cost $12.');
    expect(price).toMatchObject({ value: 12, prefix: '$' });
    expect(year).toMatchObject({ value: 1998, year: true });
    expect(formatNumber(year!)).toBe('1998');
    expect(formatNumber(one('More than 19,000 tourists left.')!)).toBe('19,000');
    expect(formatNumber(one('Revenue hit $2.5 million.')!, 1.25)).toBe('$1.3 million');
    expect(one('Back in the 1990s, nobody had a phone.')).toMatchObject({ value: 1990, suffix: 's', year: true });
  });

  it('leaves times, dates and version numbers alone', () => {
    expect(findNumbers('Meet me at 7:30 on 3/4, and install v2.')).toEqual([]);
  });
});

describe('the key phrase and the words depicted', () => {
  it('sets a short sentence or a quotation in big type', () => {
    expect(sceneSubjects('Start with one goal. Everything else can wait until tomorrow morning.').phrase).toBe(
      'Start with one goal',
    );
    expect(sceneSubjects('Her grandmother always said "patience is flavour" while she stirred.').phrase).toBe(
      'patience is flavour',
    );
    expect(
      sceneSubjects('We spent the whole afternoon talking about everything that had happened to us that year.').phrase,
    ).toBe('');
  });

  it('lists the depicted words in drawing order, each once', () => {
    const subjects = sceneSubjects(
      'Ethiopian farmers grow coffee on small farms; Ethiopia exports 40% of it. Coffee is life.',
    );
    const words = subjectWords(subjects);
    expect(words.slice(0, subjects.icons.length)).toEqual(subjects.icons.map((i) => i.word));
    expect(words).toContain('Ethiopia');
    expect(words).toContain('40%');
    expect(new Set(words.map((w) => w.toLowerCase())).size).toBe(words.length);
  });
});

describe('icon drawings', () => {
  it('gives a complete SVG document that renders', () => {
    const svg = iconSvg('hot-beverage');
    expect(svg).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="32" height="32" viewBox="0 0 32 32">.*<\/svg>$/s,
    );
    const image = new Resvg(svg, { fitTo: { mode: 'width', value: 64 } }).render();
    const alpha = (x: number, y: number) => image.pixels[(y * image.width + x) * 4 + 3]!;
    expect(image.width).toBe(64);
    expect(alpha(32, 40)).toBeGreaterThan(200);
    expect(alpha(0, 0)).toBe(0);
  });

  it('resolves aliases with their flips', () => {
    expect(iconSvg('backhand-index-pointing-right')).toContain('scale(-1 1)');
    expect(() => iconSvg('no-such-icon')).toThrow(/No icon named/);
  });
});

describe('the labelled corpus', () => {
  it('has at least 60 scenes from at least 12 scripts of several kinds', () => {
    const corpus = loadCorpus();
    expect(corpus.length).toBeGreaterThanOrEqual(60);
    expect(new Set(corpus.map((s) => s.script)).size).toBeGreaterThanOrEqual(12);
    expect(new Set(corpus.map((s) => s.kind))).toEqual(
      new Set(['ad', 'tutorial', 'story', 'news', 'explainer', 'travel']),
    );
  });

  it('shows something the narration names in at least 80 % of scenes', () => {
    const { mainShare, anyShare } = scoreCorpus();
    expect(mainShare).toBeGreaterThanOrEqual(0.8);
    expect(anyShare).toBeGreaterThanOrEqual(mainShare);
  });
});
