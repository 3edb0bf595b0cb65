/** GPU rental's catalogue: every provider's offers (kept for a short while), priced in credits with the margin. */
import {
  type GpuCatalogue,
  type GpuOffer,
  type GpuProviderName,
  SANDBOX_LABEL,
  startCredits,
  storageCreditsPerHour,
} from '~/contract/gpu.ts';
import type { GpuConfig } from '~/server/config/index.ts';
import type { Logger } from '~/server/http/logger.ts';
import type { GpuProvider, ProviderOffer } from '~/server/providers/gpu/index.ts';
import { ProviderError } from '~/server/providers/http.ts';

const CATALOGUE_TTL_MS = 30_000;

type Pricing = Pick<GpuConfig, 'creditsPerUsd' | 'margin'>;

/** Credits an hour for a provider's dollars an hour, the margin included, rounded up. */
export const offerCredits = (config: Pricing, usd: number): number =>
  Math.ceil(usd * config.creditsPerUsd * config.margin - 1e-9);

/** Credits an hour per GB of a stopped machine's disk. */
export const storagePerGb = (config: Pricing, offer: ProviderOffer): number =>
  offer.stoppedUsdPerHourPerGb * config.creditsPerUsd * config.margin;

export interface GpuCatalogueDeps {
  config: GpuConfig;
  providers: GpuProvider[];
  log: Logger;
  now: () => Date;
}

export function createGpuCatalogue({ config, providers, log, now }: GpuCatalogueDeps) {
  const cache = new Map<GpuProviderName, { at: number; offers: ProviderOffer[] }>();

  function toOffer(provider: GpuProvider, offer: ProviderOffer): GpuOffer {
    const creditsPerHour = offerCredits(config, offer.usdPerHour);
    return {
      id: `${provider.name}:${offer.key}`,
      provider: provider.name,
      gpuModel: offer.gpuModel,
      gpuCount: offer.gpuCount,
      vramGb: offer.vramGb,
      vcpus: offer.vcpus,
      ramGb: offer.ramGb,
      maxDiskGb: offer.maxDiskGb,
      region: offer.region,
      available: offer.available,
      creditsPerHour,
      // For the default disk; the launch form prices the disk chosen, and the rental keeps its own disk's figure.
      stoppedCreditsPerHour: storageCreditsPerHour(storagePerGb(config, offer), 50),
      stoppedCreditsPerGbHour: storagePerGb(config, offer),
      startCredits: startCredits(creditsPerHour, config.holdMinutes),
      holdMinutes: config.holdMinutes,
      approxUsdPerHour: Math.round((creditsPerHour / config.creditsPerUsd) * 100) / 100,
      supportsStop: provider.supportsStop,
      templates: offer.templates,
      sandboxLabel: provider.sandbox ? SANDBOX_LABEL : null,
    };
  }

  async function offersOf(provider: GpuProvider): Promise<ProviderOffer[]> {
    const cached = cache.get(provider.name);
    if (cached && now().getTime() - cached.at < CATALOGUE_TTL_MS) return cached.offers;
    const offers = await provider.listOffers();
    cache.set(provider.name, { at: now().getTime(), offers });
    return offers;
  }

  async function catalogue(): Promise<GpuCatalogue> {
    const result: GpuCatalogue = { offers: [], unavailable: [], usdPerCredit: 1 / config.creditsPerUsd };
    await Promise.all(
      providers.map(async (provider) => {
        try {
          result.offers.push(...(await offersOf(provider)).map((offer) => toOffer(provider, offer)));
        } catch (error) {
          log.warn({ err: error, provider: provider.name }, 'GPU catalogue unavailable');
          result.unavailable.push({
            provider: provider.name,
            message: error instanceof ProviderError ? error.message : `${provider.name} could not be reached.`,
          });
        }
      }),
    );
    result.offers.sort((a, b) => a.creditsPerHour - b.creditsPerHour);
    return result;
  }

  return { catalogue, offersOf };
}
