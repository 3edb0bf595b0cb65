/**
 * The sentence reader on hard cases: compounds and names before single words, the sense the script supports,
 * negation, figures with units, steps, comparisons, calls to action and scenery; and the labelled corpus. The
 * target is 95 % precision on scripts written and labelled before tuning; the parts tuned on reach it, and the held-out
 * part (the thirteenth set) scored 96.7 % when first scored (58 of 60 elements, see docs/benchmarks.md), so its test
 * guards the 95 % target against regressions and the 95 % test runs on the tuned-on parts.
 */
import { describe, expect, it } from 'vitest';
import { readScript } from '~/server/media/illustration/reader/index.ts';
import type { SentenceReading } from '~/server/media/illustration/reading.ts';
import { labelCount, loadPart, scorePart } from '../support/reader-corpus.ts';

const icons = (r: SentenceReading) =>
  [r.subject, ...r.context, ...r.items, ...(r.sides ?? [])].flatMap((t) => (t?.icon ? [t.icon] : []));
const thing = (r: SentenceReading, words: string) =>
  [r.subject, ...r.context].find((t) => t?.words.toLowerCase().includes(words));
const one = (text: string) => readScript([text])[0]!;

describe('compounds and names before single words', () => {
  it('never draws bolt cutters as a nut and bolt, nor a name as the words in it', () => {
    expect(icons(one('Bolt cutters cannot get through the lock.'))).not.toContain('nut-and-bolt');
    const show = one('Every evening the Symphony of Lights starts at eight over the harbour.');
    expect(icons(show)).not.toContain('violin');
    expect(icons(show)).not.toContain('musical-score');
  });

  it('reads raised beds on a coffee farm as no furniture, and a coffee script’s cherries and beans as coffee', () => {
    const [, beds, beans] = readScript([
      'On a small coffee farm, pickers fill their baskets with ripe coffee cherries.',
      'The cherries are spread on raised wooden beds to dry in the sun, where plants grow in the ground.',
      'After three weeks, the green beans are sorted by hand and sold as coffee.',
    ]);
    expect(icons(beds!)).not.toContain('bed');
    expect(icons(beds!)).not.toContain('cherries');
    expect(icons(beans!)).not.toContain('beans');
  });

  it('draws a word the icons lack only as its more general word, and only when sure enough (a sedan is a car)', () => {
    // Reached through WordNet's more general word, not named by the icon: drawn as a car or not at all.
    expect([undefined, 'automobile']).toContain(thing(one('The sedan can drive 500 km on one charge.'), 'sedan')?.icon);
    expect(thing(one('The car can drive 500 km on one charge.'), 'car')?.icon).toBe('automobile');
  });

  it('draws no name as an icon of its kind: the Mediterranean is one sea, not any waves', () => {
    expect(icons(one('The Silk Road linked China with the Mediterranean.'))).not.toContain('water-wave');
    expect(icons(one('The Sahara is the largest hot desert.'))).toContain('desert');
  });
});

describe('the sense the whole script supports', () => {
  it('does not draw a bike lock’s steel cable as an electric plug, nor Bluetooth as Wi-Fi, nor flour as a loaf', () => {
    const [, cable, bluetooth] = readScript([
      'This folding lock is made of hardened steel plates for your bike.',
      'Bolt cutters cannot get through it, and neither can a thin steel cable.',
      'It unlocks with your phone over Bluetooth.',
    ]);
    expect(icons(cable!)).not.toContain('electric-plug');
    expect(icons(bluetooth!)).not.toContain('wireless');
    expect(icons(bluetooth!)).toContain('mobile-phone');
    expect(icons(one('Mix 500 g of flour with warm water.'))).not.toContain('bread');
  });

  it('draws no icon of another sense than the script’s: cooking oil is no crude-oil drum', () => {
    expect(icons(one('Fry the chips in a spoonful of oil.'))).not.toContain('oil-drum');
  });

  it('draws no quality as a thing: sea level is a height, not the sea', () => {
    expect(icons(one('The town sits 2,400 metres above sea level.'))).not.toContain('water-wave');
  });

  it('draws plain words in their everyday sense when nothing says otherwise', () => {
    expect(thing(one('Teaching a child to ride a bicycle takes patience.'), 'bicycle')?.icon).toBe('bicycle');
    // "bike" is a motorbike as often as a bicycle in WordNet's counts: not sure enough to draw either.
    expect([undefined, 'bicycle']).toContain(
      thing(one('Teaching a child to ride a bike takes patience.'), 'bike')?.icon,
    );
    expect(thing(one('Gladiators fought lions on a floor of sand.'), 'lions')?.icon).toBe('lion');
  });

  it('draws no person for words of kin in a script about animals', () => {
    const [, , mothers] = readScript([
      'Every winter, grey whales swim south along the coast.',
      'Orcas and sharks follow them, hunting the calves.',
      'Mothers give birth in the shallow lagoons, safe from sharks.',
    ]);
    expect(icons(mothers!)).not.toContain('woman');
    // The octopus is food first in WordNet; its opening sentence still makes the script about the animal.
    const [, babies] = readScript([
      'An octopus has three hearts and blue blood.',
      'Her babies drift near the surface.',
    ]);
    expect(icons(babies!)).not.toContain('baby');
    expect(thing(one('Her babies sleep near the window.'), 'babies')?.icon).toBe('baby');
    expect(thing(one('Farmers queue at the market gate.'), 'farmers')?.icon).toBe('farmer');
  });

  it('draws an icon only when it shows the word’s own thing, not a related one', () => {
    expect(icons(one('You can practise before breakfast.'))).not.toContain('fork-and-knife-with-plate');
    expect(icons(one('They work on a farm near the town.'))).not.toContain('tractor');
    expect(icons(one('Red houses stand on stilts above the shore.'))).not.toContain('beach-with-umbrella');
    expect(icons(one('The bank charges a fee for every payment.'))).not.toContain('dollar-banknote');
    // A synonym or a more general word for the sense still draws it: a car is an automobile.
    expect(thing(one('Park the car by the gate.'), 'car')?.icon).toBe('automobile');
    expect(thing(one('Running shoes wear out after a year.'), 'running shoes')?.icon).toBe('running-shoe');
  });
});

describe('negation', () => {
  it('never draws negated things plainly', () => {
    const tools = one('No tools needed: it clips onto your frame in ten seconds.');
    for (const t of [tools.subject, ...tools.context])
      if (t?.icon === 'hammer-and-wrench' || t?.icon === 'toolbox') expect(t.negated).toBe(true);
    const ladder = one('You don’t need a ladder to clean the gutters.');
    for (const t of [ladder.subject, ...ladder.context]) if (t?.words.includes('ladder')) expect(t.negated).toBe(true);
  });

  it('keeps what follows a negated verb of motion plain: "can’t get through the cable" says nothing is absent', () => {
    const read = one('Thieves can’t get through the steel door of the bank.');
    for (const t of [read.subject, ...read.context]) expect(t?.negated ?? false).toBe(false);
  });
});

describe('figures with their units and labels', () => {
  it.each([
    ['The trail climbs 200 m through the forest.', 200, ' m'],
    ['The ferry takes 1 hour to cross.', 1, ' hour'],
    ['Mix 500 g of flour with the water.', 500, ' g'],
    ['Knead the dough for ten minutes.', 10, ' minutes'],
    ['Most dishes cost less than two dollars.', 2, ''],
    ['Sixty-six years later, astronauts walked on the Moon.', 66, ' years'],
    ['The tour lasts forty five minutes.', 45, ' minutes'],
  ])('%s → %d%s', (text, value, suffix) => {
    const { figure, layout } = one(text);
    expect(figure?.value).toBe(value);
    expect(figure?.suffix).toBe(suffix);
    expect(layout).toBe('figure');
  });

  it('says what a figure counts, and sets a percent as %', () => {
    const { figure } = one('Today 20% of farmers grow coffee in the shade.');
    expect(figure).toMatchObject({ value: 20, suffix: '%', label: 'of farmers' });
    expect(one('About 300 workers joined the iron parts.').figure).toMatchObject({ value: 300, label: 'workers' });
  });

  it('keeps a figure’s sign: minus two degrees is -2', () => {
    expect(one('Snow falls at minus two degrees.').figure).toMatchObject({ value: -2, word: 'minus two degrees' });
    expect(one('The lake freezes at -5 °C.').figure?.value).toBe(-5);
    expect(one('It drops to ten degrees below zero.').figure?.value).toBe(-10);
    expect(one('The walk takes 2-3 hours.').figure?.value).not.toBeLessThan(0);
  });

  it('reads a number in a name as part of the name', () => {
    expect(one('Apollo 11 landed on the Moon.').figure).toBeUndefined();
  });
});

describe('layouts by what a sentence does', () => {
  it('lists three things as steps, each with an icon only when sure', () => {
    const read = one('Plant tomatoes, lettuce and herbs in rows.');
    expect(read.layout).toBe('steps');
    expect(read.items.map((i) => i.words)).toEqual(['tomatoes', 'lettuce', 'herbs']);
  });

  it('reads two orders in a row as steps', () => {
    const read = one('Sand the spot, glue on a patch, and wait five minutes.');
    expect(read.layout).toBe('steps');
    expect(read.items.map((i) => i.words)).toEqual(['Sand the spot', 'glue on a patch', 'wait five minutes']);
  });

  it('splits a comparison into its two sides', () => {
    const read = one('Electric cars are cheaper to run than petrol cars.');
    expect(read.layout).toBe('comparison');
    expect(read.sides?.map((s) => s.words)).toEqual(['Electric cars', 'petrol cars']);
    expect(one('Unlike the supermarket, she uses no preservatives.').sides?.[0].words).toBe('supermarket');
  });

  it('reads a call to action with the product’s name', () => {
    const read = readScript(['Download Heatly free and set up your first room.'], { productName: 'Heatly' })[0]!;
    expect(read.layout).toBe('call-to-action');
    expect(read.action).toEqual({ product: 'Heatly', action: 'Download Heatly free' });
  });

  it('maps one place with a pin and two with a route when the sentence travels', () => {
    const route = one('Fly from London to Tokyo in about fourteen hours.');
    expect(route.layout).toBe('route');
    expect(route.places.map((p) => p.name)).toEqual(['London', 'Tokyo']);
    expect(one('In Porto, walk across the old bridge at sunset.').layout).toBe('place');
  });

  it('sets a sentence with nothing sure to draw as a 2-6 word key phrase', () => {
    const read = one('It was meant to be temporary, but it became a symbol of hope.');
    expect(read.layout).toBe('key-phrase');
    expect(read.phrase.split(' ').length).toBeGreaterThanOrEqual(2);
    expect(read.phrase.split(' ').length).toBeLessThanOrEqual(6);
  });
});

describe('scenery', () => {
  it('gives a night scene no dawn, carries neither the night nor the city to the next sentence, and ends it at noon', () => {
    const [night, later, evening, noon] = readScript([
      'At night, the skyline glows across the harbour.',
      'Lasers dance from more than forty buildings.',
      'Every evening the show starts again.',
      'By noon the streets are busy with office workers.',
    ]);
    expect(night!.scenery).toContain('night');
    expect(night!.scenery).toContain('city');
    expect(night!.scenery).not.toContain('dawn');
    // A setting is drawn only where its words are said: "every night" or "at sunset" is not the next sentence's.
    expect(later!.scenery).toEqual([]);
    expect(evening!.scenery).toEqual(['dusk']);
    expect(noon!.scenery).not.toContain('night');
    const [watch, swipe] = readScript([
      'Pulso tracks your heart rate all day without charging every night.',
      'Swipe up on the watch face to see your steps.',
    ]);
    expect(watch!.scenery).toContain('night');
    expect(swipe!.scenery).toEqual([]);
  });

  it('takes a setting from a place word only as the place, not as a word describing a thing', () => {
    expect(one('Throw a towel in your beach bag.').scenery).not.toContain('sea');
    expect(one('We spent the day on the beach.').scenery).toContain('sea');
    expect(one('They live in the city centre.').scenery).toContain('city');
  });

  it('sets a night only when the sentence happens at night, not for a span to it or against daylight', () => {
    expect(one('In June you can hike until midnight in daylight.').scenery).not.toContain('night');
    expect(one('The café stays open until midnight.').scenery).not.toContain('night');
    expect(one('Fresh snow fell overnight, so the slopes are smooth.').scenery).not.toContain('night');
    expect(one('It rained all night, and by morning the river had risen.').scenery).not.toContain('night');
    expect(one('The fireworks start at midnight.').scenery).toContain('night');
    expect(one('Firefighters are working through the night.').scenery).toContain('night');
  });

  it('reads a night of hunting as no night scene', () => {
    expect(one('A fox returns to its burrow after a night of hunting beetles.').scenery).not.toContain('night');
  });

  it('sets a scene only from words naming a place, never from what is done or used there', () => {
    expect(one('Whisk the eggs with a pinch of salt.').scenery).toEqual([]);
    expect(one('Pour water on the ashes and stir until they are cold.').scenery).toEqual([]);
    expect(one('Insure everything you own, from sofas to saucepans.').scenery).toEqual([]);
    expect(one('Take the ferry to the island.').scenery).toEqual([]);
    expect(one('Leave the dough to rest in a warm kitchen.').scenery).toContain('kitchen');
  });
});

it('reads the same script the same way twice', () => {
  const script = ['Raised beds are the easiest way to start a garden.', 'Plant tomatoes, lettuce and herbs.'];
  expect(readScript(script)).toEqual(readScript(script));
});

describe('the labelled corpus', () => {
  const heldOut = loadPart('held-out');
  const tuning = (
    [
      'first-held-out',
      'second-held-out',
      'third-held-out',
      'fourth-held-out',
      'fifth-held-out',
      'sixth-held-out',
      'seventh-held-out',
      'eighth-held-out',
      'ninth-held-out',
      'tenth-held-out',
      'eleventh-held-out',
      'twelfth-held-out',
      'tuning',
    ] as const
  ).flatMap(loadPart);

  it('has at least 40 varied scripts and 400 labelled elements, at least 10 scripts held out', () => {
    expect(heldOut.length).toBeGreaterThanOrEqual(10);
    expect(heldOut.length + tuning.length).toBeGreaterThanOrEqual(40);
    const labels = [...heldOut, ...tuning].flatMap((s) => s.sentences).reduce((n, s) => n + labelCount(s), 0);
    expect(labels).toBeGreaterThanOrEqual(400);
    expect(new Set([...heldOut, ...tuning].map((s) => s.kind)).size).toBeGreaterThanOrEqual(8);
  });

  it('draws what a viewer accepts for at least 95 % of the elements on the scripts it was tuned on', () => {
    const score = scorePart(tuning);
    expect(score.drawn).toBeGreaterThan(450);
    expect(score.precision, score.wrong.join('\n')).toBeGreaterThanOrEqual(0.95);
  });

  it('keeps its measured precision on the held-out scripts (target 95 %)', () => {
    const score = scorePart(heldOut);
    // First score of the thirteenth set, with no tuning on it: 96.7 % (58 of 60); guarded at 95 %.
    expect(score.drawn).toBeGreaterThan(40);
    expect(score.precision, score.wrong.join('\n')).toBeGreaterThanOrEqual(0.95);
  });
});
