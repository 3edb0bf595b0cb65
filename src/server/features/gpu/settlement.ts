/**
 * GPU rental's billing: every change of a rental row, made in one transaction with the credits it settles, the
 * moves that end or pause a bill (stop, terminate, fail), and the stop when the user's credits run low.
 */

import type { GpuProviderName } from '~/contract/gpu.ts';
import type { GpuConfig } from '~/server/config/index.ts';
import { capture, release, reserve } from '~/server/credits/ledger.ts';
import { getAccount, post } from '~/server/credits/service.ts';
import type { Database, Tx } from '~/server/db/index.ts';
import { emitEvent } from '~/server/events/emit.ts';
import type { Logger } from '~/server/http/logger.ts';
import type { GpuProvider, Machine } from '~/server/providers/gpu/index.ts';
import {
  closeRunning,
  closeStopped,
  costSoFar,
  currentRate,
  type Meter,
  minutesLeft,
  settle,
  settlementDue,
  shouldAutoStop,
  uptimeAt,
} from './billing.ts';
import { isFinal } from './state.ts';
import type { GpuRentalRow, RentalPatch } from './store.ts';
import * as store from './store.ts';

export const AUTO_STOP_REASON =
  'Stopped automatically: your credits were about to run out. Add credits, then start it again.';
const AUTO_END_REASON = 'Terminated automatically: your credits ran out, and this provider cannot pause machines.';

export const meterOf = (row: GpuRentalRow): Meter => row;

export type ProviderOf = (name: GpuProviderName) => GpuProvider | undefined;

/** The meter and status fields for a move to `status`, as seen at `at`. */
export function moveTo(
  row: GpuRentalRow,
  status: GpuRentalRow['status'],
  at: Date,
  machine?: Machine | null,
): RentalPatch {
  const meter = meterOf(row);
  const patch: RentalPatch = { status };
  const leavingRun = row.runningSince && status !== 'running';
  if (leavingRun) Object.assign(patch, closeRunning(meter, at), { uptimeMs: uptimeAt(row, at) });
  if (row.stoppedSince && status !== 'stopped') Object.assign(patch, closeStopped(meter, at));
  if (status === 'running') {
    if (!row.runningSince) patch.runningSince = at;
    patch.statusReason = null;
    if (machine)
      patch.connection = {
        sshHost: machine.ssh?.host ?? null,
        sshPort: machine.ssh?.port ?? null,
        sshUser: machine.ssh?.user ?? 'root',
        links: machine.links,
      };
  }
  if (status === 'stopped' && !row.stoppedSince && row.stoppedCreditsPerHour > 0) patch.stoppedSince = at;
  if (status !== 'running') patch.connection = null;
  if (isFinal(status)) patch.endedAt = at;
  return patch;
}

export interface GpuSettlementDeps {
  config: GpuConfig;
  database: Database;
  log: Logger;
  now: () => Date;
  providerOf: ProviderOf;
}

export function createGpuSettlement({ config, database, log, now, providerOf }: GpuSettlementDeps) {
  const db = database.db;

  /**
   * Applies a change to the locked row, then settles credits when asked: pay what is owed from the hold and set the
   * hold for the rate that now applies ('final' releases it all). The ledger keys carry the settlement's number, so
   * a settlement replayed after a crash changes nothing.
   */
  async function change(
    id: string,
    decide: (row: GpuRentalRow, at: Date) => { patch: RentalPatch; settle?: boolean | 'final' } | undefined,
  ): Promise<GpuRentalRow | undefined> {
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
      if (next.status !== row.status)
        await emitEvent(tx, row.uid, 'rental.status_changed', {
          id: row.id,
          status: next.status,
          previousStatus: row.status,
          gpuModel: row.gpuModel,
          gpuCount: row.gpuCount,
          reason: next.statusReason ?? null,
          links: { self: `/gpu/rentals/${row.id}` },
        });
      return next;
    });
  }

  async function settleIn(tx: Tx, row: GpuRentalRow, at: Date, final: boolean): Promise<RentalPatch> {
    const account = await getAccount(tx, row.uid);
    const plan = settle(
      costSoFar(meterOf(row), at),
      { balance: account.balance, held: row.held, captured: row.captured },
      currentRate(meterOf(row)),
      config.holdMinutes,
      final,
    );
    if (!plan.reserve && !plan.capture && !plan.release) return {};
    const seq = row.settleSeq + 1;
    const key = `gpu:${row.id}:${seq}`;
    const reason = `GPU rental (${row.gpuCount}× ${row.gpuModel})`;
    if (plan.reserve)
      await post(tx, { uid: row.uid, move: reserve(plan.reserve), reason, idempotencyKey: `${key}:reserve` });
    if (plan.capture)
      await post(tx, { uid: row.uid, move: capture(plan.capture), reason, idempotencyKey: `${key}:capture` });
    if (plan.release)
      await post(tx, { uid: row.uid, move: release(plan.release), reason, idempotencyKey: `${key}:release` });
    if (plan.unpaid)
      log.warn(
        { rentalId: row.id, unpaid: plan.unpaid },
        'GPU rental used more than the user could pay (the worker was away)',
      );
    return { held: plan.held, captured: plan.captured, settleSeq: seq };
  }

  async function fail(row: GpuRentalRow, reason: string): Promise<GpuRentalRow | undefined> {
    return change(row.id, (current, at) =>
      isFinal(current.status)
        ? undefined
        : { patch: { ...moveTo(current, 'failed', at), statusReason: reason }, settle: 'final' },
    );
  }

  async function stop(row: GpuRentalRow, reason: string | null): Promise<GpuRentalRow | undefined> {
    const stopping = await change(row.id, (locked, at) =>
      locked.status === 'running'
        ? { patch: { ...moveTo(locked, 'stopping', at), statusReason: reason }, settle: true }
        : undefined,
    );
    if (stopping?.status === 'stopping' && stopping.machineId) {
      // If this call fails the next sync sends it again (the rental stays "stopping" and is no longer charged).
      await providerOf(row.provider)
        ?.stop(stopping.machineId)
        .catch((error: unknown) => log.warn({ err: error, rentalId: row.id }, 'GPU stop failed; will retry'));
    }
    return stopping;
  }

  async function end(row: GpuRentalRow, reason: string | null): Promise<GpuRentalRow | undefined> {
    if (row.machineId) await providerOf(row.provider)?.terminate(row.machineId);
    else if (row.createSentAt) {
      // A create may have landed without our hearing of it: end whatever carries the rental's name.
      for (const machine of (await providerOf(row.provider)?.findByTag(row.id)) ?? [])
        await providerOf(row.provider)?.terminate(machine.id);
    }
    return change(row.id, (locked, at) =>
      isFinal(locked.status)
        ? undefined
        : { patch: { ...moveTo(locked, 'terminated', at), statusReason: reason }, settle: 'final' },
    );
  }

  /** Settles when the hold runs low, and stops (or ends) a machine the user's credits no longer cover. */
  async function bill(row: GpuRentalRow): Promise<GpuRentalRow | undefined> {
    if (row.status !== 'running' && row.status !== 'stopped') return row;
    const at = now();
    const account = await getAccount(db, row.uid);
    const due = costSoFar(meterOf(row), at);
    const rate = currentRate(meterOf(row));
    let current: GpuRentalRow | undefined = row;
    if (settlementDue(due, { balance: account.balance, held: row.held, captured: row.captured }, rate)) {
      current = await change(row.id, (locked) =>
        locked.status === row.status ? { patch: {}, settle: true } : undefined,
      );
    }
    if (current?.status !== 'running') return current;
    const left = minutesLeft(
      due,
      { balance: (await getAccount(db, row.uid)).balance, held: current.held, captured: current.captured },
      current.creditsPerHour,
    );
    if (!shouldAutoStop(left, config.autoStopMinutes)) return current;
    log.info({ rentalId: row.id, minutesLeft: left }, 'GPU rental out of credits');
    return current.supportsStop ? stop(current, AUTO_STOP_REASON) : end(current, AUTO_END_REASON);
  }

  return { change, fail, stop, end, bill };
}

export type GpuSettlement = ReturnType<typeof createGpuSettlement>;
