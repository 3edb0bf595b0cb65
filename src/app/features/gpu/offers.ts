import type { GpuOffer } from '~/contract/gpu';

export type Sort = 'price' | 'vram' | 'model';

/** Credits the balance lacks to start this offer (0 when it is enough or not known yet). */
export const shortBy = (balance: number | undefined, offer: GpuOffer): number =>
  balance === undefined ? 0 : Math.max(0, offer.startCredits - balance);

/** What the filters above the GPU list hold, as typed (an empty field filters nothing). */
export interface OfferFilter {
  model: string;
  minVram: string;
  maxPrice: string;
  region: string;
  sort: Sort;
}

export const NO_FILTER: OfferFilter = { model: '', minVram: '', maxPrice: '', region: '', sort: 'price' };

const ORDER: Record<Sort, (a: GpuOffer, b: GpuOffer) => number> = {
  price: (a, b) => a.creditsPerHour - b.creditsPerHour,
  vram: (a, b) => b.vramGb * b.gpuCount - a.vramGb * a.gpuCount,
  model: (a, b) => a.gpuModel.localeCompare(b.gpuModel) || a.gpuCount - b.gpuCount,
};

/** The offers the filters let through, the available ones first, each group in the chosen order. */
export function shownOffers(offers: GpuOffer[], { model, minVram, maxPrice, region, sort }: OfferFilter): GpuOffer[] {
  const list = offers.filter(
    (o) =>
      (!model || o.gpuModel === model) &&
      (!minVram || o.vramGb >= Number(minVram)) &&
      (!maxPrice || o.creditsPerHour <= Number(maxPrice)) &&
      (!region || o.region === region),
  );
  return [...list].sort((a, b) => Number(b.available) - Number(a.available) || ORDER[sort](a, b));
}
