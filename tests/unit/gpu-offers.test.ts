/** The GPU list the rental screen shows: what its filters let through, in which order, and what a start lacks. */
import { describe, expect, it } from 'vitest';
import { NO_FILTER, shortBy, shownOffers } from '~/app/features/gpu/offers';
import type { GpuOffer } from '~/contract/gpu';

const offer = (id: string, over: Partial<GpuOffer>): GpuOffer => ({
  id,
  provider: 'runpod',
  gpuModel: 'A100',
  gpuCount: 1,
  vramGb: 80,
  vcpus: null,
  ramGb: null,
  maxDiskGb: 200,
  region: 'EU',
  available: true,
  creditsPerHour: 100,
  stoppedCreditsPerHour: 0,
  stoppedCreditsPerGbHour: 0,
  startCredits: 50,
  holdMinutes: 30,
  approxUsdPerHour: 1,
  supportsStop: true,
  templates: ['ubuntu-ssh'],
  sandboxLabel: null,
  ...over,
});

const offers = [
  offer('cheap-small', { gpuModel: 'T4', vramGb: 16, creditsPerHour: 20, region: 'US' }),
  offer('dear-big', { gpuModel: 'H100', vramGb: 80, creditsPerHour: 300 }),
  offer('gone', { gpuModel: 'A10', vramGb: 24, creditsPerHour: 10, available: false }),
  offer('mid', { gpuModel: 'A100', vramGb: 40, gpuCount: 2, creditsPerHour: 150 }),
];
const ids = (list: GpuOffer[]) => list.map((o) => o.id);

describe('the GPU list', () => {
  it('shows available offers first, cheapest first, unless another order is chosen', () => {
    expect(ids(shownOffers(offers, NO_FILTER))).toEqual(['cheap-small', 'mid', 'dear-big', 'gone']);
    expect(ids(shownOffers(offers, { ...NO_FILTER, sort: 'vram' }))).toEqual([
      'dear-big',
      'mid',
      'cheap-small',
      'gone',
    ]);
    expect(ids(shownOffers(offers, { ...NO_FILTER, sort: 'model' }))).toEqual([
      'mid',
      'dear-big',
      'cheap-small',
      'gone',
    ]);
  });

  it('lets through only what every filter typed allows', () => {
    expect(ids(shownOffers(offers, { ...NO_FILTER, minVram: '24', maxPrice: '200' }))).toEqual(['mid', 'gone']);
    expect(ids(shownOffers(offers, { ...NO_FILTER, region: 'US' }))).toEqual(['cheap-small']);
    expect(ids(shownOffers(offers, { ...NO_FILTER, model: 'H100' }))).toEqual(['dear-big']);
  });

  it('says how many credits a start lacks, and nothing while the balance is unknown', () => {
    expect(shortBy(20, offers[0]!)).toBe(30);
    expect(shortBy(500, offers[0]!)).toBe(0);
    expect(shortBy(undefined, offers[0]!)).toBe(0);
  });
});
