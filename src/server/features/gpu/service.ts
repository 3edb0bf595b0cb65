/**
 * GPU rental's rules, composed from their parts: the catalogue (catalogue.ts: provider prices × margin, in
 * credits), launching (launch.ts: credits held for the first minutes, the rental row written before the provider is
 * asked), reconcile (sync.ts: `sync` mirrors the provider's view of one rental into the state machine), billing
 * (settlement.ts: every change with the credits it settles, the auto-stop) and the SSH keys (keys.ts). Here: the
 * user's reads and actions (stop, start, terminate) and how a rental is shown.
 *
 * Never two machines for one rental: the machine is named after the rental id, a create is claimed in the database
 * before it is sent (one claimant at a time, a new claim only once the previous call is past its deadline), and
 * before any repeated create the provider is asked for machines carrying that name; one found is adopted.
 */
import { type GpuProviderName, type LaunchRequest, type Rental, SANDBOX_LABEL, startCredits } from '~/contract/gpu.ts';
import type { GpuConfig } from '~/server/config/index.ts';
import { InsufficientCreditsError } from '~/server/credits/ledger.ts';
import { getAccount } from '~/server/credits/service.ts';
import type { Database } from '~/server/db/index.ts';
import { HttpError, notFound } from '~/server/http/errors.ts';
import type { Logger } from '~/server/http/logger.ts';
import type { GpuProvider } from '~/server/providers/gpu/index.ts';
import { ProviderError } from '~/server/providers/http.ts';
import { costSoFar, minutesLeft, uptimeAt } from './billing.ts';
import { createGpuCatalogue } from './catalogue.ts';
import { gpuKeys } from './keys.ts';
import { createGpuLaunch } from './launch.ts';
import { createGpuSettlement, meterOf, moveTo } from './settlement.ts';
import { canUserDo, type UserAction } from './state.ts';
import type { GpuRentalRow } from './store.ts';
import * as store from './store.ts';
import { createGpuSync } from './sync.ts';

export interface GpuServiceDeps {
  config: GpuConfig;
  database: Database;
  providers: GpuProvider[];
  log: Logger;
  /** The clock billing reads; tests move it by hand. */
  now?: () => Date;
}

/** A provider failure the user can act on, answered as 424 with its message (never a 5xx the client would retry). */
export class GpuActionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GpuActionError';
  }
}

async function asUserAction<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ProviderError) throw new GpuActionError(error.message);
    throw error;
  }
}

function present(row: GpuRentalRow, balance: number, at: Date): Rental {
  const cost = costSoFar(meterOf(row), at);
  const running = row.status === 'running';
  const ssh = row.connection?.sshHost
    ? `ssh ${row.connection.sshUser}@${row.connection.sshHost} -p ${row.connection.sshPort ?? 22}`
    : null;
  return {
    id: row.id,
    provider: row.provider,
    status: row.status,
    statusReason: row.statusReason,
    gpuModel: row.gpuModel,
    gpuCount: row.gpuCount,
    vramGb: row.vramGb,
    region: row.region,
    template: row.template,
    image: row.image,
    diskGb: row.diskGb,
    creditsPerHour: row.creditsPerHour,
    stoppedCreditsPerHour: row.stoppedCreditsPerHour,
    supportsStop: row.supportsStop === 1,
    uptimeMs: uptimeAt(row, at),
    costSoFar: cost,
    minutesLeft: running
      ? minutesLeft(cost, { balance, held: row.held, captured: row.captured }, row.creditsPerHour)
      : null,
    sandboxLabel: row.sandbox ? SANDBOX_LABEL : null,
    connection: running && row.connection ? { ssh, links: row.connection.links } : null,
    createdAt: row.createdAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
  };
}

export function createGpuService(deps: GpuServiceDeps) {
  const { config, database, providers, log } = deps;
  const now = deps.now ?? (() => new Date());
  const db = database.db;
  const providerOf = (name: GpuProviderName) => providers.find((p) => p.name === name);
  const { catalogue, offersOf } = createGpuCatalogue({ config, providers, log, now });
  const settlement = createGpuSettlement({ config, database, log, now, providerOf });
  const { provision, sync, forRead, reconcileAll } = createGpuSync({
    config,
    database,
    log,
    now,
    providers,
    providerOf,
    settlement,
  });
  const launch = createGpuLaunch({
    config,
    database,
    providers,
    offersOf: (provider) => asUserAction(() => offersOf(provider)),
    provision,
  });

  async function owned(uid: string, id: string): Promise<GpuRentalRow> {
    const row = await store.getRental(db, uid, id);
    if (!row) throw notFound('Rental not found');
    return row;
  }

  async function presentFor(uid: string, rows: GpuRentalRow[]): Promise<Rental[]> {
    const { balance } = await getAccount(db, uid);
    const at = now();
    return rows.map((row) => present(row, balance, at));
  }

  return {
    catalogue,

    async launch(uid: string, body: LaunchRequest): Promise<Rental> {
      return (await presentFor(uid, [await launch(uid, body)]))[0]!;
    },

    async list(uid: string): Promise<Rental[]> {
      const rows = await store.listRentals(db, uid);
      const at = now().getTime();
      return presentFor(uid, await Promise.all(rows.map((row) => forRead(row, at))));
    },

    async get(uid: string, id: string): Promise<Rental> {
      const row = await owned(uid, id);
      return (await presentFor(uid, [(await sync(row)) ?? row]))[0]!;
    },

    async act(uid: string, id: string, action: UserAction): Promise<Rental> {
      const row = (await sync(await owned(uid, id))) ?? (await owned(uid, id));
      if (!canUserDo(row.status, action, row.supportsStop === 1)) {
        if (action !== 'terminate' && row.supportsStop !== 1)
          throw new HttpError(409, 'This provider cannot stop and resume machines: terminate it when you are done.');
        throw new HttpError(
          409,
          `A ${row.status} rental cannot be ${action === 'stop' ? 'stopped' : action === 'start' ? 'started' : 'terminated'}.`,
        );
      }
      const result = await asUserAction(async () => {
        if (action === 'stop') return settlement.stop(row, null);
        if (action === 'terminate') return settlement.end(row, null);
        const { balance } = await getAccount(db, uid);
        const needed = startCredits(row.creditsPerHour, config.holdMinutes);
        if (balance + row.held < needed) throw new InsufficientCreditsError(needed - row.held, balance);
        await providerOf(row.provider)?.start(row.machineId!);
        return settlement.change(row.id, (locked, at) =>
          locked.status === 'stopped'
            ? { patch: { ...moveTo(locked, 'provisioning', at), statusReason: null }, settle: true }
            : undefined,
        );
      });
      return (await presentFor(uid, [result ?? row]))[0]!;
    },

    reconcileAll,
    ...gpuKeys(db),
  };
}

export type GpuService = ReturnType<typeof createGpuService>;
