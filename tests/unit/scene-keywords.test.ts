/**
 * Stock queries from keyword extraction, on scripts of the kinds people paste: each scene's query names what the
 * scene shows and carries none of the words that would make a stock search return anything at all.
 */
import { describe, expect, it } from 'vitest';
import { sceneKeywords, sceneQuery } from '~/server/media/keywords.ts';
import { splitScenes } from '~/server/media/scenes.ts';

const FILLER = [
  'the',
  'and',
  'you',
  'your',
  'just',
  'really',
  'actually',
  'basically',
  'this',
  'that',
  'with',
  'get',
  'make',
  'thing',
  'way',
  'lot',
  'very',
  "it's",
  "don't",
  'today',
];

const cases: Array<{ kind: string; script: string; expected: string[][] }> = [
  {
    kind: 'product ad',
    script: [
      'Mornings are hard. But your coffee should not be. Meet the Brewly, the smart coffee maker that actually listens.',
      'Just pour the beans into the grinder, tap your phone, and fresh espresso is waiting in your favourite mug before the alarm stops.',
      'The steel carafe keeps coffee hot for six hours, so the whole kitchen smells like a café all morning.',
    ].join('\n\n'),
    expected: [
      ['coffee', 'brewly'],
      ['beans', 'grinder', 'mug'],
      ['carafe', 'café'],
    ],
  },
  {
    kind: 'tutorial',
    script: [
      "In this video I'll show you how to repot a houseplant without hurting its roots. You basically need a bigger pot, fresh soil and a trowel.",
      'First, water the plant the day before. Then gently tip the pot and slide the root ball out.',
      'Loosen the roots with your fingers, put some soil in the new pot, and set the plant in the middle. Fill around it and press the soil down.',
    ].join('\n\n'),
    expected: [
      ['houseplant', 'roots', 'pot'],
      ['plant', 'pot', 'ball'],
      ['roots', 'soil', 'pot'],
    ],
  },
  {
    kind: 'story',
    script: [
      'The lighthouse keeper had lived alone on the island for forty years. Every night he climbed the stairs and lit the lamp.',
      'One stormy night, a small fishing boat drifted toward the rocks, its sails torn by the wind.',
      'He rang the bell again and again until the fishermen saw the light, turned their boat, and reached the harbor safely.',
    ].join('\n\n'),
    expected: [
      ['keeper', 'island'],
      ['boat', 'rocks'],
      ['bell', 'fishermen'],
    ],
  },
];

describe('scene queries from keyword extraction', () => {
  for (const { kind, script, expected } of cases) {
    it(`names each scene's concrete nouns in a ${kind}`, () => {
      // Scenes of a few sentences each, as the stock search reads them when a long script groups sentences.
      const scenes = splitScenes(script, { minWords: 20, maxWords: 50, maxSentences: 4 });
      expect(scenes).toHaveLength(expected.length);
      scenes.forEach((scene, i) => {
        const words = sceneQuery(scene, script).split(' ');
        expect(words.length).toBeGreaterThan(0);
        expect(words.length).toBeLessThanOrEqual(4);
        for (const noun of expected[i]!) expect(words, `scene ${i + 1}: "${scene}"`).toContain(noun);
        for (const filler of FILLER) expect(words).not.toContain(filler);
      });
    });
  }

  it('falls back to the script when a scene is only filler', () => {
    expect(sceneKeywords('Okay, so, basically, that is it!')).toEqual([]);
    expect(
      sceneQuery('Okay, so, basically, that is it!', 'Penguins waddle across the frozen Antarctic ice.'),
    ).toContain('ice');
  });
});
