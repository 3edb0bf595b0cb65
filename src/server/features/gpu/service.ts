/**
 * GPU rental's rules: the catalogue (provider prices × margin, in credits), launching (credits held for the first
 * minutes, the rental row written before the provider is asked), the user's stop, start and terminate, and `sync`,
 * which mirrors the provider's view of one rental into the state machine and settles its credits. The worker's loop
 * (reconcile.ts) and every read call `sync`, so a rental is right whichever of them looks first.
 *
 * Never two machines for one rental: the machine is named after the rental id, a create is claimed in the database
 * before it is sent (one claimant at a time, a new claim only once the previous call is past its deadline), and
 * before any repeated create the provider is asked for machines carrying that name; one found is adopted.
 */
import { createHash } from 'node:crypto';
import {
  parseSshPublicKey,
  SANDBOX_LABEL,
  startCredits,
  storageCreditsPerHour,
  TEMPLATE_LABELS,
  type GpuCatalogue,
  type GpuOffer,
  type GpuProviderName,
  type LaunchRequest,
  type Rental,
  type SshKey,
} from '../../../contract/gpu.ts';
import type { GpuConfig } from '../../config/index.ts';
import { InsufficientCreditsError, capture, release, reserve } from '../../credits/ledger.ts';
import { getAccount, post } from '../../credits/service.ts';
import type { Database, Tx } from '../../db/index.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import type { Logger } from '../../http/logger.ts';
import { ProviderError } from '../../providers/http.ts';
import { NoCapacityError, type GpuProvider, type Machine, type ProviderOffer } from '../../providers/gpu/index.ts';
import { closeRunning, closeStopped, costSoFar, currentRate, minutesLeft, settle, settlementDue, shouldAutoStop, type Meter } from './billing.ts';
import { canUserDo, isFinal, observe, type UserAction } from './state.ts';
import * as store from './store.ts';
import type { GpuRentalRow, RentalPatch } from './store.ts';

const CATALOGUE_TTL_MS = 30_000;
/** A read reconciles a rental at most this often (the worker's loop covers the rest). */
const READ_SYNC_MS = 3_000;
const MAX_CREATE_ATTEMPTS = 3;

export const AUTO_STOP_REASON = 'Stopped automatically: your credits were about to run out. Add credits, then start it again.';
const AUTO_END_REASON = 'Terminated automatically: your credits ran out, and this provider cannot pause machines.';
const VANISHED_REASON = 'The provider ended this machine. Billing stopped when it did.';
const NO_CONFIRM_REASON = 'The provider did not confirm the machine. Nothing was charged.';

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

export function fingerprint(publicKey: string): string {
  const parsed = parseSshPublicKey(publicKey);
  if (!parsed.ok) throw new HttpError(400, 'Invalid input', { publicKey: parsed.message });
  return `SHA256:${createHash('sha256').update(Buffer.from(parsed.body, 'base64')).digest('base64').replace(/=+$/, '')}`;
}

const meterOf = (row: GpuRentalRow): Meter => row;

export function createGpuService(deps: GpuServiceDeps) {
  const { config, database, providers, log } = deps;
  const now = deps.now ?? (() => new Date());
  const db = database.db;
  const providerOf = (name: GpuProviderName) => providers.find((p) => p.name === name);
  const credits = (usd: number) => Math.ceil(usd * config.creditsPerUsd * config.margin - 1e-9);
  const storagePerGb = (offer: ProviderOffer) => offer.stoppedUsdPerHourPerGb * config.creditsPerUsd * config.margin;
  const catalogueCache = new Map<GpuProviderName, { at: number; offers: ProviderOffer[] }>();
  const lastSync = new Map<string, number>();

  function toOffer(provider: GpuProvider, offer: ProviderOffer): GpuOffer {
    const creditsPerHour = credits(offer.usdPerHour);
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
      stoppedCreditsPerHour: storageCreditsPerHour(storagePerGb(offer), 50),
      stoppedCreditsPerGbHour: storagePerGb(offer),
      startCredits: startCredits(creditsPerHour, config.holdMinutes),
      holdMinutes: config.holdMinutes,
      approxUsdPerHour: Math.round((creditsPerHour / config.creditsPerUsd) * 100) / 100,
      supportsStop: provider.supportsStop,
      templates: offer.templates,
      sandboxLabel: provider.sandbox ? SANDBOX_LABEL : null,
    };
  }

  async function offersOf(provider: GpuProvider, fresh = false): Promise<ProviderOffer[]> {
    const cached = catalogueCache.get(provider.name);
    if (cached && !fresh && now().getTime() - cached.at < CATALOGUE_TTL_MS) return cached.offers;
    const offers = await provider.listOffers();
    catalogueCache.set(provider.name, { at: now().getTime(), offers });
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
          result.unavailable.push({ provider: provider.name, message: error instanceof ProviderError ? error.message : `${provider.name} could not be reached.` });
        }
      }),
    );
    result.offers.sort((a, b) => a.creditsPerHour - b.creditsPerHour);
    return result;
  }

  function present(row: GpuRentalRow, balance: number, at: Date): Rental {
    const cost = costSoFar(meterOf(row), at);
    const running = row.status === 'running';
    const ssh = row.connection?.sshHost ? `ssh ${row.connection.sshUser}@${row.connection.sshHost} -p ${row.connection.sshPort ?? 22}` : null;
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
      uptimeMs: row.uptimeMs + (row.runningSince ? Math.max(0, at.getTime() - row.runningSince.getTime()) : 0),
      costSoFar: cost,
      minutesLeft: running ? minutesLeft(cost, { balance, held: row.held, captured: row.captured }, row.creditsPerHour) : null,
      sandboxLabel: row.sandbox ? SANDBOX_LABEL : null,
      connection: running && row.connection ? { ssh, links: row.connection.links } : null,
      createdAt: row.createdAt.toISOString(),
      endedAt: row.endedAt?.toISOString() ?? null,
    };
  }

  /**
   * Applies a change to the locked row, then settles credits when asked: pay what is owed from the hold and set the
   * hold for the rate that now applies ('final' releases it all). The ledger keys carry the settlement's number, so
   * a settlement replayed after a crash changes nothing.
   */
  async function change(id: string, decide: (row: GpuRentalRow, at: Date) => { patch: RentalPatch; settle?: boolean | 'final' } | undefined): Promise<GpuRentalRow | undefined> {
    return database.transaction(async (tx) => {
      const row = await store.lockRental(tx, id);
      if (!row) return undefined;
      const at = now();
      const decision = decide(row, at);
      if (!decision) return row;
      const next: GpuRentalRow = { ...row, ...decision.patch };
      if (decision.settle) Object.assign(next, await settleIn(tx, next, at, decision.settle === 'final'));
      const { id: _id, uid: _uid, createdAt: _created, ...patch } = next;
      await store.updateRental(tx, id, patch);
      await store.recordRunSegment(tx, row, next, at);
      return next;
    });
  }

  async function settleIn(tx: Tx, row: GpuRentalRow, at: Date, final: boolean): Promise<RentalPatch> {
    const account = await getAccount(tx, row.uid);
    const plan = settle(costSoFar(meterOf(row), at), { balance: account.balance, held: row.held, captured: row.captured }, currentRate(meterOf(row)), config.holdMinutes, final);
    if (!plan.reserve && !plan.capture && !plan.release) return {};
    const seq = row.settleSeq + 1;
    const key = `gpu:${row.id}:${seq}`;
    const reason = `GPU rental (${row.gpuCount}× ${row.gpuModel})`;
    if (plan.reserve) await post(tx, { uid: row.uid, move: reserve(plan.reserve), reason, idempotencyKey: `${key}:reserve` });
    if (plan.capture) await post(tx, { uid: row.uid, move: capture(plan.capture), reason, idempotencyKey: `${key}:capture` });
    if (plan.release) await post(tx, { uid: row.uid, move: release(plan.release), reason, idempotencyKey: `${key}:release` });
    if (plan.unpaid) log.warn({ rentalId: row.id, unpaid: plan.unpaid }, 'GPU rental used more than the user could pay (the worker was away)');
    return { held: plan.held, captured: plan.captured, settleSeq: seq };
  }

  /** The meter and status fields for a move to `status`, as seen at `at`. */
  function moveTo(row: GpuRentalRow, status: GpuRentalRow['status'], at: Date, machine?: Machine | null): RentalPatch {
    const meter = meterOf(row);
    const patch: RentalPatch = { status };
    const leavingRun = row.runningSince && status !== 'running';
    if (leavingRun) Object.assign(patch, closeRunning(meter, at), { uptimeMs: row.uptimeMs + (at.getTime() - row.runningSince!.getTime()) });
    if (row.stoppedSince && status !== 'stopped') Object.assign(patch, closeStopped(meter, at));
    if (status === 'running') {
      if (!row.runningSince) patch.runningSince = at;
      patch.statusReason = null;
      if (machine) patch.connection = { sshHost: machine.ssh?.host ?? null, sshPort: machine.ssh?.port ?? null, sshUser: machine.ssh?.user ?? 'root', links: machine.links };
    }
    if (status === 'stopped' && !row.stoppedSince && row.stoppedCreditsPerHour > 0) patch.stoppedSince = at;
    if (status !== 'running') patch.connection = null;
    if (isFinal(status)) patch.endedAt = at;
    return patch;
  }

  async function fail(row: GpuRentalRow, reason: string): Promise<GpuRentalRow | undefined> {
    return change(row.id, (current, at) => (isFinal(current.status) ? undefined : { patch: { ...moveTo(current, 'failed', at), statusReason: reason }, settle: 'final' }));
  }

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
      const machine = await provider.create({ tag: row.id, offerKey: row.offerKey, template: row.template, image: row.image, diskGb: row.diskGb, sshPublicKey: row.sshPublicKey });
      return adopt(row, machine);
    } catch (error) {
      if (error instanceof NoCapacityError || (error instanceof ProviderError && (error.kind === 'rejected' || error.kind === 'auth'))) {
        log.warn({ err: error, rentalId: row.id }, 'GPU launch refused');
        return fail(row, `${error.message} Nothing was charged.`);
      }
      // Timeouts, 5xx, 429: the machine may or may not exist; the next sync looks for it before trying again.
      log.warn({ err: error, rentalId: row.id }, 'GPU create unconfirmed');
      return store.getRental(db, row.uid, row.id);
    }
  }

  async function adopt(row: GpuRentalRow, machine: Machine): Promise<GpuRentalRow | undefined> {
    const adopted = await change(row.id, (current) => (current.machineId || isFinal(current.status) ? undefined : { patch: { machineId: machine.id, status: 'provisioning' } }));
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
        const reason = next === 'terminated' && !machine ? VANISHED_REASON : next === 'failed' ? 'The provider reported the machine broken. Billing stopped.' : locked.statusReason;
        const patch = { ...moveTo(locked, next, at, machine), ...(next === 'running' ? {} : { statusReason: reason }) };
        return { patch, settle: isFinal(next) ? 'final' : true };
      });
    } else if (row.status === 'running' && machine) {
      // Connection details can change (a new port after a restart on the provider's side).
      const connection = { sshHost: machine.ssh?.host ?? null, sshPort: machine.ssh?.port ?? null, sshUser: machine.ssh?.user ?? 'root', links: machine.links };
      if (JSON.stringify(connection) !== JSON.stringify(row.connection)) current = await change(row.id, () => ({ patch: { connection } }));
    }
    if (!current) return current;
    // A stop that did not reach the provider is sent again.
    if (current.status === 'stopping' && machine && (machine.state === 'running' || machine.state === 'provisioning') && current.machineId) {
      await provider?.stop(current.machineId).catch((error: unknown) => log.warn({ err: error, rentalId: row.id }, 'GPU stop retry failed'));
    }
    return billing(current);
  }

  /** Settles when the hold runs low, and stops (or ends) a machine the user's credits no longer cover. */
  async function billing(row: GpuRentalRow): Promise<GpuRentalRow | undefined> {
    if (row.status !== 'running' && row.status !== 'stopped') return row;
    const at = now();
    const account = await getAccount(db, row.uid);
    const due = costSoFar(meterOf(row), at);
    const rate = currentRate(meterOf(row));
    let current: GpuRentalRow | undefined = row;
    if (settlementDue(due, { balance: account.balance, held: row.held, captured: row.captured }, rate)) {
      current = await change(row.id, (locked) => (locked.status === row.status ? { patch: {}, settle: true } : undefined));
    }
    if (!current || current.status !== 'running') return current;
    const left = minutesLeft(due, { balance: (await getAccount(db, row.uid)).balance, held: current.held, captured: current.captured }, current.creditsPerHour);
    if (!shouldAutoStop(left, config.autoStopMinutes)) return current;
    log.info({ rentalId: row.id, minutesLeft: left }, 'GPU rental out of credits');
    return current.supportsStop ? stopRental(current, AUTO_STOP_REASON) : endRental(current, AUTO_END_REASON);
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

  async function stopRental(row: GpuRentalRow, reason: string | null): Promise<GpuRentalRow | undefined> {
    const stopping = await change(row.id, (locked, at) => (locked.status === 'running' ? { patch: { ...moveTo(locked, 'stopping', at), statusReason: reason }, settle: true } : undefined));
    if (stopping?.status === 'stopping' && stopping.machineId) {
      // If this call fails the next sync sends it again (the rental stays "stopping" and is no longer charged).
      await providerOf(row.provider)?.stop(stopping.machineId).catch((error: unknown) => log.warn({ err: error, rentalId: row.id }, 'GPU stop failed; will retry'));
    }
    return stopping;
  }

  async function endRental(row: GpuRentalRow, reason: string | null): Promise<GpuRentalRow | undefined> {
    if (row.machineId) await providerOf(row.provider)?.terminate(row.machineId);
    else if (row.createSentAt) {
      // A create may have landed without our hearing of it: end whatever carries the rental's name.
      for (const machine of (await providerOf(row.provider)?.findByTag(row.id)) ?? []) await providerOf(row.provider)?.terminate(machine.id);
    }
    return change(row.id, (locked, at) => (isFinal(locked.status) ? undefined : { patch: { ...moveTo(locked, 'terminated', at), statusReason: reason }, settle: 'final' }));
  }

  async function owned(uid: string, id: string): Promise<GpuRentalRow> {
    const row = await store.getRental(db, uid, id);
    if (!row) throw notFound('Rental not found');
    return row;
  }

  async function asUserAction<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof ProviderError) throw new GpuActionError(error.message);
      throw error;
    }
  }

  async function presentFor(uid: string, rows: GpuRentalRow[]): Promise<Rental[]> {
    const { balance } = await getAccount(db, uid);
    const at = now();
    return rows.map((row) => present(row, balance, at));
  }

  return {
    catalogue,

    async launch(uid: string, body: LaunchRequest): Promise<Rental> {
      const key = await store.getKey(db, uid, body.sshKeyId);
      if (!key) throw new HttpError(400, 'Invalid input', { sshKeyId: 'Choose one of your SSH keys.' });
      const [providerName, ...rest] = body.offerId.split(':');
      const provider = providers.find((p) => p.name === providerName);
      const offer = provider && (await asUserAction(() => offersOf(provider))).find((o) => o.key === rest.join(':'));
      if (!provider || !offer) throw new HttpError(400, 'Invalid input', { offerId: 'This offer is no longer listed. Refresh the list and choose again.' });
      if (!offer.available) throw new HttpError(409, 'No machine of this kind is free right now. Choose another offer or try again later.');
      if (!offer.templates.includes(body.template)) throw new HttpError(400, 'Invalid input', { template: `${TEMPLATE_LABELS[body.template]} is not offered on this machine.` });
      if (body.diskGb > offer.maxDiskGb) throw new HttpError(400, 'Invalid input', { diskGb: `At most ${offer.maxDiskGb} GB on this machine.` });
      const active = await store.countActive(db, uid);
      if (active >= config.maxActivePerUser) {
        throw new HttpError(409, `You already have ${active} machine${active === 1 ? '' : 's'} running or starting, the most one account may have. Stop or terminate one first.`);
      }
      const creditsPerHour = credits(offer.usdPerHour);
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
          stoppedCreditsPerHour: storageCreditsPerHour(storagePerGb(offer), body.diskGb),
          held: hold,
        });
        await post(tx, { uid, move: reserve(hold), reason: `GPU rental (${offer.gpuCount}× ${offer.gpuModel})`, idempotencyKey: `gpu:${inserted.id}:start` });
        return inserted;
      });
      const launched = (await provision(row)) ?? row;
      return (await presentFor(uid, [launched]))[0]!;
    },

    async list(uid: string): Promise<Rental[]> {
      const rows = await store.listRentals(db, uid);
      const at = now().getTime();
      const synced = await Promise.all(rows.map(async (row) => (isFinal(row.status) || at - (lastSync.get(row.id) ?? 0) < READ_SYNC_MS ? row : ((await sync(row)) ?? row))));
      return presentFor(uid, synced);
    },

    async get(uid: string, id: string): Promise<Rental> {
      const row = await owned(uid, id);
      return (await presentFor(uid, [(await sync(row)) ?? row]))[0]!;
    },

    async act(uid: string, id: string, action: UserAction): Promise<Rental> {
      const row = (await sync(await owned(uid, id))) ?? (await owned(uid, id));
      if (!canUserDo(row.status, action, row.supportsStop === 1)) {
        if (action !== 'terminate' && row.supportsStop !== 1) throw new HttpError(409, 'This provider cannot stop and resume machines: terminate it when you are done.');
        throw new HttpError(409, `A ${row.status} rental cannot be ${action === 'stop' ? 'stopped' : action === 'start' ? 'started' : 'terminated'}.`);
      }
      const result = await asUserAction(async () => {
        if (action === 'stop') return stopRental(row, null);
        if (action === 'terminate') return endRental(row, null);
        const { balance } = await getAccount(db, uid);
        const needed = startCredits(row.creditsPerHour, config.holdMinutes);
        if (balance + row.held < needed) throw new InsufficientCreditsError(needed - row.held, balance);
        await providerOf(row.provider)?.start(row.machineId!);
        return change(row.id, (locked, at) => (locked.status === 'stopped' ? { patch: { ...moveTo(locked, 'provisioning', at), statusReason: null }, settle: true } : undefined));
      });
      return (await presentFor(uid, [result ?? row]))[0]!;
    },

    /**
     * The worker's pass: every rental that is not over, then each provider's machines named after a rental that is
     * over (a create that landed after the user terminated), which are ended. Machines whose rental this database
     * does not know are left alone: they may belong to another deployment sharing the provider account.
     */
    async reconcileAll(): Promise<number> {
      const rows = await store.openRentals(db);
      for (const row of rows) await sync(row);
      for (const provider of providers) {
        try {
          const live = (await provider.listTagged()).filter((machine) => machine.state !== 'terminated');
          const ended = await store.endedRentalIds(db, live.map((machine) => machine.tag!));
          for (const machine of live.filter((m) => ended.has(m.tag!))) {
            log.warn({ machineId: machine.id, rentalId: machine.tag }, 'ending a machine whose rental is over');
            await provider.terminate(machine.id);
          }
        } catch (error) {
          log.warn({ err: error, provider: provider.name }, 'GPU orphan sweep failed; will try again');
        }
      }
      return rows.length;
    },

    async listKeys(uid: string): Promise<SshKey[]> {
      return (await store.listKeys(db, uid)).map(toKey);
    },
    async addKey(uid: string, body: { name: string; publicKey: string }): Promise<SshKey> {
      const parsed = parseSshPublicKey(body.publicKey);
      if (!parsed.ok) throw new HttpError(400, 'Invalid input', { publicKey: parsed.message });
      const publicKey = [parsed.type, parsed.body, parsed.comment].filter(Boolean).join(' ');
      const row = await store.insertKey(db, { uid, name: body.name, publicKey, fingerprint: fingerprint(publicKey) });
      if (!row) throw new HttpError(409, 'This key is already saved on your account.', { publicKey: 'This key is already saved on your account.' });
      return toKey(row);
    },
    async deleteKey(uid: string, id: string): Promise<void> {
      if (!(await store.deleteKey(db, uid, id))) throw notFound('Key not found');
    },
  };
}

export type GpuService = ReturnType<typeof createGpuService>;

function toKey(row: { id: string; name: string; publicKey: string; fingerprint: string; createdAt: Date }): SshKey {
  return { id: row.id, name: row.name, publicKey: row.publicKey, fingerprint: row.fingerprint, createdAt: row.createdAt.toISOString() };
}
