/**
 * Launching a GPU rental: the offer, template and disk checked, credits held for the first minutes and the rental
 * row written in one transaction, and only then the provider asked for the machine.
 */
import { type LaunchRequest, startCredits, storageCreditsPerHour, TEMPLATE_LABELS } from '~/contract/gpu.ts';
import type { GpuConfig } from '~/server/config/index.ts';
import { reserve } from '~/server/credits/ledger.ts';
import { post } from '~/server/credits/service.ts';
import type { Database } from '~/server/db/index.ts';
import { HttpError } from '~/server/http/errors.ts';
import type { GpuProvider, ProviderOffer } from '~/server/providers/gpu/index.ts';
import { offerCredits, storagePerGb } from './catalogue.ts';
import type { GpuRentalRow } from './store.ts';
import * as store from './store.ts';

export interface GpuLaunchDeps {
  config: GpuConfig;
  database: Database;
  providers: GpuProvider[];
  /** A provider's offers as the catalogue lists them. */
  offersOf: (provider: GpuProvider) => Promise<ProviderOffer[]>;
  /** Sends the create of a rental just written. */
  provision: (row: GpuRentalRow) => Promise<GpuRentalRow | undefined>;
}

export function createGpuLaunch({ config, database, providers, offersOf, provision }: GpuLaunchDeps) {
  const db = database.db;
  return async function launch(uid: string, body: LaunchRequest): Promise<GpuRentalRow> {
    const key = await store.getKey(db, uid, body.sshKeyId);
    if (!key) throw new HttpError(400, 'Invalid input', { sshKeyId: 'Choose one of your SSH keys.' });
    const [providerName, ...rest] = body.offerId.split(':');
    const provider = providers.find((p) => p.name === providerName);
    const offer = provider && (await offersOf(provider)).find((o) => o.key === rest.join(':'));
    if (!provider || !offer)
      throw new HttpError(400, 'Invalid input', {
        offerId: 'This offer is no longer listed. Refresh the list and choose again.',
      });
    if (!offer.available)
      throw new HttpError(409, 'No machine of this kind is free right now. Choose another offer or try again later.');
    if (!offer.templates.includes(body.template))
      throw new HttpError(400, 'Invalid input', {
        template: `${TEMPLATE_LABELS[body.template]} is not offered on this machine.`,
      });
    if (body.diskGb > offer.maxDiskGb)
      throw new HttpError(400, 'Invalid input', { diskGb: `At most ${offer.maxDiskGb} GB on this machine.` });
    const active = await store.countActive(db, uid);
    if (active >= config.maxActivePerUser) {
      throw new HttpError(
        409,
        `You already have ${active} machine${active === 1 ? '' : 's'} running or starting, the most one account may have. Stop or terminate one first.`,
      );
    }
    const creditsPerHour = offerCredits(config, offer.usdPerHour);
    const hold = startCredits(creditsPerHour, config.holdMinutes);
    const row = await database.transaction(async (tx) => {
      const inserted = await store.insertRental(tx, {
        uid,
        provider: provider.name,
        offerKey: offer.key,
        region: offer.region,
        gpuModel: offer.gpuModel,
        gpuCount: offer.gpuCount,
        vramGb: offer.vramGb,
        template: body.template,
        image: body.template === 'custom' ? body.image! : TEMPLATE_LABELS[body.template],
        diskGb: body.diskGb,
        sshPublicKey: key.publicKey,
        sandbox: provider.sandbox ? 1 : 0,
        supportsStop: provider.supportsStop ? 1 : 0,
        creditsPerHour,
        stoppedCreditsPerHour: storageCreditsPerHour(storagePerGb(config, offer), body.diskGb),
        held: hold,
      });
      await post(tx, {
        uid,
        move: reserve(hold),
        reason: `GPU rental (${offer.gpuCount}× ${offer.gpuModel})`,
        idempotencyKey: `gpu:${inserted.id}:start`,
      });
      return inserted;
    });
    return (await provision(row)) ?? row;
  };
}
