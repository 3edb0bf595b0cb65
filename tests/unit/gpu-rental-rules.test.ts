/** GPU rental's pure rules: the state machine, the per-minute billing math, settlements and SSH key checks. */
import { describe, expect, it } from 'vitest';
import { formatDuration } from '~/app/components/format';
import { LaunchBody, parseSshPublicKey, startCredits } from '~/contract/gpu';
import { loadConfig } from '~/server/config/index.ts';
import {
  chargedMinutes,
  closeRunning,
  costSoFar,
  creditsFor,
  type Meter,
  minutesLeft,
  settle,
  settlementDue,
  shouldAutoStop,
  startedMinutes,
  uptimeAt,
} from '~/server/features/gpu/billing.ts';
import { moveTo } from '~/server/features/gpu/settlement.ts';
import { canMove, canUserDo, isFinal, observe } from '~/server/features/gpu/state.ts';
import type { GpuRentalRow } from '~/server/features/gpu/store.ts';
import { sshPublicKey } from '../integration/support/ssh-key.ts';

const t0 = new Date('2026-03-01T10:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);
const meter = (over: Partial<Meter> = {}): Meter => ({
  creditsPerHour: 90,
  stoppedCreditsPerHour: 2,
  runMinutes: 0,
  stoppedMinutes: 0,
  runningSince: null,
  stoppedSince: null,
  ...over,
});

describe('rental state machine', () => {
  it('follows requested → provisioning → running → stopping → stopped → terminated, and ends in terminated or failed', () => {
    expect(canMove('requested', 'provisioning')).toBe(true);
    expect(canMove('provisioning', 'running')).toBe(true);
    expect(canMove('running', 'stopping')).toBe(true);
    expect(canMove('stopping', 'stopped')).toBe(true);
    expect(canMove('stopped', 'provisioning')).toBe(true);
    expect(canMove('stopped', 'terminated')).toBe(true);
    expect(canMove('running', 'requested')).toBe(false);
    expect(canMove('terminated', 'running')).toBe(false);
    expect(canMove('failed', 'provisioning')).toBe(false);
    expect(isFinal('terminated') && isFinal('failed') && !isFinal('stopped')).toBe(true);
  });

  it('mirrors the provider, but a vanished machine ends the rental and a stop in progress is not undone', () => {
    expect(observe('provisioning', 'running')).toBe('running');
    expect(observe('running', null)).toBe('terminated');
    expect(observe('stopped', null)).toBe('terminated');
    expect(observe('stopping', 'running')).toBeUndefined();
    expect(observe('stopping', 'stopped')).toBe('stopped');
    expect(observe('provisioning', 'stopped')).toBeUndefined(); // a start the provider has not picked up yet
    expect(observe('running', 'running')).toBeUndefined();
    expect(observe('terminated', 'running')).toBeUndefined();
    expect(observe('running', 'failed')).toBe('failed');
  });

  it('offers stop and start only where the provider supports them', () => {
    expect(canUserDo('running', 'stop', true)).toBe(true);
    expect(canUserDo('running', 'stop', false)).toBe(false);
    expect(canUserDo('stopped', 'start', true)).toBe(true);
    expect(canUserDo('provisioning', 'start', true)).toBe(false);
    expect(canUserDo('provisioning', 'terminate', false)).toBe(true);
    expect(canUserDo('terminated', 'terminate', true)).toBe(false);
  });
});

describe('billing by the started minute', () => {
  it('counts every started minute of each running segment, partial minutes included', () => {
    expect(startedMinutes(0)).toBe(0);
    expect(startedMinutes(1)).toBe(1);
    expect(startedMinutes(60_000)).toBe(1);
    expect(startedMinutes(61_000)).toBe(2);
    expect(costSoFar(meter({ runningSince: t0 }), at(61_000))).toBe(creditsFor(2, 90));
    expect(creditsFor(2, 90)).toBe(3);
    expect(creditsFor(1, 90)).toBe(2); // rounded up, once, over the total
    expect(creditsFor(10, 90)).toBe(15);
  });

  it('after stop and resume, charges both segments and the stopped time at the storage rate', () => {
    const first = { ...meter({ runningSince: t0 }), ...closeRunning(meter({ runningSince: t0 }), at(90_000)) };
    expect(first.runMinutes).toBe(2);
    const stopped = { ...first, stoppedSince: at(90_000) };
    expect(chargedMinutes(stopped, at(90_000 + 30 * 60_000))).toEqual({ run: 2, stopped: 30 });
    const resumed = { ...stopped, stoppedMinutes: 30, stoppedSince: null, runningSince: at(31 * 60_000) };
    expect(chargedMinutes(resumed, at(31 * 60_000 + 10_000))).toEqual({ run: 3, stopped: 30 });
    expect(costSoFar(resumed, at(31 * 60_000 + 10_000))).toBe(Math.ceil((3 * 90 + 30 * 2) / 60));
    // One rounding over both rates: a minute at 45/h and a stopped minute at 2/h are one credit, not two.
    expect(costSoFar(meter({ creditsPerHour: 45, runMinutes: 1, stoppedSince: t0 }), at(10_000))).toBe(1);
  });

  it('settles from a hold: captures what was used and holds the next minutes again, within the balance', () => {
    expect(settle(14, { balance: 70, held: 15, captured: 0 }, 90, 10)).toEqual({
      reserve: 14,
      capture: 14,
      release: 0,
      unpaid: 0,
      held: 15,
      captured: 14,
    });
    // Not enough left for a full hold: hold what there is.
    expect(settle(14, { balance: 5, held: 15, captured: 0 }, 90, 10)).toMatchObject({
      capture: 14,
      held: 6,
      reserve: 5,
    });
    // The end: capture, release the rest.
    expect(settle(20, { balance: 50, held: 15, captured: 14 }, 90, 10, true)).toEqual({
      reserve: 0,
      capture: 6,
      release: 9,
      unpaid: 0,
      held: 0,
      captured: 20,
    });
    // Owed more than the hold (a long worker outage): top up from the balance, never below zero.
    expect(settle(40, { balance: 10, held: 15, captured: 0 }, 90, 10)).toEqual({
      reserve: 10,
      capture: 25,
      release: 0,
      unpaid: 15,
      held: 0,
      captured: 25,
    });
  });

  it('settles only when the hold runs low, not every minute', () => {
    expect(settlementDue(6, { balance: 85, held: 15, captured: 0 }, 90)).toBe(false);
    expect(settlementDue(12, { balance: 85, held: 15, captured: 0 }, 90)).toBe(false);
    expect(settlementDue(13, { balance: 85, held: 15, captured: 0 }, 90)).toBe(true);
    expect(settlementDue(0, { balance: 85, held: 15, captured: 0 }, 90)).toBe(false);
  });

  it('stops a machine when fewer than the threshold minutes of credit are left', () => {
    expect(minutesLeft(0, { balance: 85, held: 15, captured: 0 }, 90)).toBe(66);
    expect(minutesLeft(98, { balance: 0, held: 3, captured: 96 }, 90)).toBe(0);
    expect(minutesLeft(0, { balance: 1, held: 1, captured: 0 }, 90)).toBe(1);
    expect(minutesLeft(0, { balance: 0, held: 0, captured: 0 }, 0)).toBeNull();
    expect(shouldAutoStop(1, 2)).toBe(true);
    expect(shouldAutoStop(2, 2)).toBe(false);
    expect(shouldAutoStop(null, 2)).toBe(false);
    expect(startCredits(90, 10)).toBe(15);
  });
});

describe('uptime', () => {
  const t0 = Date.parse('2026-03-01T10:00:00Z');
  const at = (s: number) => new Date(t0 + s * 1000);
  const fresh = {
    uptimeMs: 0,
    runningSince: null,
    stoppedSince: null,
    runMinutes: 0,
    stoppedMinutes: 0,
    creditsPerHour: 90,
    stoppedCreditsPerHour: 1,
    status: 'provisioning',
  } as unknown as GpuRentalRow;
  const step = (row: GpuRentalRow, status: GpuRentalRow['status'], s: number): GpuRentalRow => ({
    ...row,
    ...moveTo(row, status, at(s)),
  });

  it('counts while the machine runs, across stops and starts, and never while it is stopped', () => {
    const running = step(fresh, 'running', 0);
    expect(formatDuration(uptimeAt(running, at(0)))).toBe('0 s');
    expect(formatDuration(uptimeAt(running, at(50)))).toBe('50 s'); // it used to read "0 min" for a whole minute
    expect(formatDuration(uptimeAt(running, at(185)))).toBe('3 min');
    const stopped = step(step(running, 'stopping', 185), 'stopped', 190);
    expect(uptimeAt(stopped, at(4000))).toBe(185_000);
    const again = step(stopped, 'running', 4000);
    expect(uptimeAt(again, at(4000 + 3600))).toBe(185_000 + 3_600_000);
    expect(formatDuration(uptimeAt(again, at(4000 + 3600)))).toBe('1 h 3 min');
    const ended = step(again, 'terminated', 4000 + 3700);
    expect(uptimeAt(ended, at(99_999))).toBe(185_000 + 3_700_000);
  });
});

describe('launch input', () => {
  it('accepts OpenSSH public keys and refuses cut or foreign ones', () => {
    const good = sshPublicKey('me@laptop');
    expect(parseSshPublicKey(good)).toMatchObject({ ok: true, type: 'ssh-ed25519', comment: 'me@laptop' });
    expect(parseSshPublicKey(good.slice(0, 40)).ok).toBe(false);
    expect(parseSshPublicKey(good.replace('ssh-ed25519 ', 'ssh-rsa ')).ok).toBe(false); // the body names its own type
    expect(parseSshPublicKey('-----BEGIN OPENSSH PRIVATE KEY-----').ok).toBe(false);
  });

  it('asks for an image only with the custom template', () => {
    const base = { offerId: 'runpod:SECURE|1|x', diskGb: 50, sshKeyId: '0b7e3c55-3c1a-4a44-9f55-0e1c8fd9d3a1' };
    expect(LaunchBody.safeParse({ ...base, template: 'comfyui' }).success).toBe(true);
    expect(LaunchBody.safeParse({ ...base, template: 'custom' }).error?.issues[0]?.path).toEqual(['image']);
    expect(
      LaunchBody.safeParse({ ...base, template: 'custom', image: 'nvidia/cuda:12.4.1-runtime-ubuntu22.04' }).success,
    ).toBe(true);
    expect(LaunchBody.safeParse({ ...base, template: 'ubuntu-ssh', diskGb: 5 }).success).toBe(false);
  });

  it('never runs the GPU sandbox in production', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        FILE_URL_SECRET: 'x'.repeat(32),
        GPU_SANDBOX: '1',
        RUNPOD_API_URL: 'http://127.0.0.1:9',
      }),
    ).toThrow(/GPU_SANDBOX must not be set/);
    expect(
      loadConfig({ GPU_SANDBOX: '1', RUNPOD_API_URL: 'http://127.0.0.1:9', DATA_DIR: '/tmp/nxn-gpu-config' }).gpu,
    ).toMatchObject({ sandbox: true, runpod: { apiKey: 'sandbox' } });
  });
});
