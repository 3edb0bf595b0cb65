/**
 * GPU rental's reconcile: `sync` mirrors the provider's view of one rental into the state machine (sending or
 * adopting its create, following its machine) and bills it; `reconcileAll` is the worker's pass over every open
 * rental, plus the sweep of machines whose rental is over. Every read syncs too, so a rental is right whichever of
 * them looks first.
 */
import type { GpuConfig } from '~/server/config/index.ts';
import type { Database, Db } from '~/server/db/index.ts';
import type { Logger } from '~/server/http/logger.ts';
import { type GpuProvider, type Machine, NoCapacityError } from '~/server/providers/gpu/index.ts';
import { ProviderError } from '~/server/providers/http.ts';
import { type GpuSettlement, moveTo, type ProviderOf } from './settlement.ts';
import { isFinal, observe } from './state.ts';
import type { GpuRentalRow } from './store.ts';
import * as store from './store.ts';

/** A read reconciles a rental at most this often (the worker's loop covers the rest). */
const READ_SYNC_MS = 3_000;
const MAX_CREATE_ATTEMPTS = 3;

const VANISHED_REASON = 'The provider ended this machine. Billing stopped when it did.';
const NO_CONFIRM_REASON = 'The provider did not confirm the machine. Nothing was charged.';

export interface GpuSyncDeps {
  config: GpuConfig;
  database: Database;
  log: Logger;
  now: () => Date;
  providers: GpuProvider[];
  providerOf: ProviderOf;
  settlement: GpuSettlement;
}

export function createGpuSync({ config, database, log, now, providers, providerOf, settlement }: GpuSyncDeps) {
  const db = database.db;
  const { change, fail } = settlement;
  const lastSync = new Map<string, number>();

  /** Sends (or adopts) the create for a rental that has no machine yet. */
  async function provision(row: GpuRentalRow): Promise<GpuRentalRow | undefined> {
    const provider = providerOf(row.provider);
    if (!provider) return fail(row, 'This provider is no longer configured. Nothing was charged.');
    if (row.createSentAt) {
      // A create was sent before: the machine may exist even though we never heard back.
      const found = await provider.findByTag(row.id);
      if (found[0]) {
        for (const extra of found.slice(1)) await provider.terminate(extra.id);
        return adopt(row, found[0]);
      }
      if (row.createAttempts >= MAX_CREATE_ATTEMPTS) return fail(row, NO_CONFIRM_REASON);
    }
    const at = now();
    if (!(await store.claimCreate(db, row.id, at, new Date(at.getTime() - 2 * config.timeoutMs)))) return row;
    try {
      const machine = await provider.create({
        tag: row.id,
        offerKey: row.offerKey,
        template: row.template,
        image: row.image,
        diskGb: row.diskGb,
        sshPublicKey: row.sshPublicKey,
      });
      return adopt(row, machine);
    } catch (error) {
      if (
        error instanceof NoCapacityError ||
        (error instanceof ProviderError && (error.kind === 'rejected' || error.kind === 'auth'))
      ) {
        log.warn({ err: error, rentalId: row.id }, 'GPU launch refused');
        return fail(row, `${error.message} Nothing was charged.`);
      }
      // Timeouts, 5xx, 429: the machine may or may not exist; the next sync looks for it before trying again.
      log.warn({ err: error, rentalId: row.id }, 'GPU create unconfirmed');
      return store.getRental(db, row.uid, row.id);
    }
  }

  async function adopt(row: GpuRentalRow, machine: Machine): Promise<GpuRentalRow | undefined> {
    const adopted = await change(row.id, (current) =>
      current.machineId || isFinal(current.status)
        ? undefined
        : { patch: { machineId: machine.id, status: 'provisioning' } },
    );
    // A machine the rental did not take (it was terminated while the create was in flight, or holds another
    // machine already) would bill on the provider's side with nobody using it: it goes at once.
    if (adopted && adopted.machineId !== machine.id) {
      await providerOf(row.provider)?.terminate(machine.id);
      return adopted;
    }
    return adopted && applyMachine(adopted, machine);
  }

  async function applyMachine(row: GpuRentalRow, machine: Machine | null): Promise<GpuRentalRow | undefined> {
    const provider = providerOf(row.provider);
    let current: GpuRentalRow | undefined = row;
    const seen = observe(row.status, machine?.state ?? null);
    if (seen) {
      current = await change(row.id, (locked, at) => {
        const next = observe(locked.status, machine?.state ?? null);
        if (!next) return undefined;
        const reason =
          next === 'terminated' && !machine
            ? VANISHED_REASON
            : next === 'failed'
              ? 'The provider reported the machine broken. Billing stopped.'
              : locked.statusReason;
        const patch = { ...moveTo(locked, next, at, machine), ...(next === 'running' ? {} : { statusReason: reason }) };
        return { patch, settle: isFinal(next) ? 'final' : true };
      });
    } else if (row.status === 'running' && machine) {
      // Connection details can change (a new port after a restart on the provider's side).
      const connection = {
        sshHost: machine.ssh?.host ?? null,
        sshPort: machine.ssh?.port ?? null,
        sshUser: machine.ssh?.user ?? 'root',
        links: machine.links,
      };
      if (JSON.stringify(connection) !== JSON.stringify(row.connection))
        current = await change(row.id, () => ({ patch: { connection } }));
    }
    if (!current) return current;
    // A stop that did not reach the provider is sent again.
    if (
      current.status === 'stopping' &&
      machine &&
      (machine.state === 'running' || machine.state === 'provisioning') &&
      current.machineId
    ) {
      await provider
        ?.stop(current.machineId)
        .catch((error: unknown) => log.warn({ err: error, rentalId: row.id }, 'GPU stop retry failed'));
    }
    return settlement.bill(current);
  }

  /** Mirrors the provider into one rental; provider trouble leaves the rental as it is until the next look. */
  async function sync(row: GpuRentalRow): Promise<GpuRentalRow | undefined> {
    if (isFinal(row.status)) return row;
    lastSync.set(row.id, now().getTime());
    try {
      if (!row.machineId) return row.status === 'requested' ? await provision(row) : row;
      const provider = providerOf(row.provider);
      if (!provider) return row;
      return await applyMachine(row, await provider.get(row.machineId));
    } catch (error) {
      log.warn({ err: error, rentalId: row.id }, 'GPU reconcile failed; will try again');
      return store.getRental(db, row.uid, row.id);
    }
  }

  /** A rental as a read shows it: synced unless it is over or was synced a moment ago. */
  async function forRead(row: GpuRentalRow, at: number): Promise<GpuRentalRow> {
    return isFinal(row.status) || at - (lastSync.get(row.id) ?? 0) < READ_SYNC_MS ? row : ((await sync(row)) ?? row);
  }

  /** The worker's pass: every rental that is not over, then each provider's machines whose rental is over. */
  async function reconcileAll(): Promise<number> {
    const rows = await store.openRentals(db);
    for (const row of rows) await sync(row);
    for (const provider of providers) await endOrphans(provider, db, log);
    return rows.length;
  }

  return { provision, sync, forRead, reconcileAll };
}

/**
 * Ends the provider's machines named after a rental that is over (a create that landed after the user terminated).
 * Machines whose rental this database does not know are left alone: they may belong to another deployment sharing
 * the provider account.
 */
async function endOrphans(provider: GpuProvider, db: Db, log: Logger): Promise<void> {
  try {
    const live = (await provider.listTagged()).filter((machine) => machine.state !== 'terminated');
    const ended = await store.endedRentalIds(
      db,
      live.map((machine) => machine.tag!),
    );
    for (const machine of live.filter((m) => ended.has(m.tag!))) {
      log.warn({ machineId: machine.id, rentalId: machine.tag }, 'ending a machine whose rental is over');
      await provider.terminate(machine.id);
    }
  } catch (error) {
    log.warn({ err: error, provider: provider.name }, 'GPU orphan sweep failed; will try again');
  }
}
