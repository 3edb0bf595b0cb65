/**
 * The product a script sells, for a call to action that does not name it: found where the script presents it, never a
 * person's or a place's name, nothing when in doubt.
 */
import { describe, expect, it } from 'vitest';
import { readScript } from '~/server/media/illustration/reader/index.ts';

const lastAction = (sentences: string[]) => readScript(sentences).at(-1)!.action;

describe('the product a call to action names', () => {
  it('is the name the script presented, when the order itself names none', () => {
    const action = lastAction([
      'Meet Flowa, the smart bottle that tracks every sip.',
      'It glows softly when you need a drink.',
      'Order yours today.',
    ]);
    expect(action).toEqual({ product: 'Flowa', action: 'Order yours today' });
    expect(
      lastAction(['Download Stepwise from the app store.', 'It counts your steps.', 'Start your free trial now.'])
        ?.product,
    ).toBe('Stepwise');
    expect(
      lastAction(['Casa Mar is a small café by the harbour.', 'The coffee is roasted daily.', 'Visit us today.'])
        ?.product,
    ).toBe('Casa Mar');
  });

  it('is never a person, a place or a title-case line, and nothing when two names have the same support', () => {
    expect(
      lastAction([
        'Meet Maria, a baker in Lisbon.',
        'She wakes at four every morning.',
        'Subscribe for more stories now.',
      ])?.product,
    ).toBe('');
    expect(
      lastAction(['Paris is a city of light.', 'Its cafés open early.', 'Book your trip to the city today.'])?.product,
    ).toBe('');
    expect(lastAction(['Download The Best App Today.', 'Sign up now for free.'])?.product).toBe('');
    expect(lastAction(['Try Flowa for a week.', 'Or try Sipster instead.', 'Order yours today.'])?.product).toBe('');
  });
});
