/**
 * The money of a rental, pure. Running time is charged per started minute of each running segment (a segment of
 * 61 s costs two minutes), stopped time likewise at the storage rate where the provider charges for a stopped
 * disk. Credits move in settlements, not per minute: the rental holds credits for the coming minutes (a ledger
 * reserve), and a settlement captures what has been used and tops the hold up again, so a rental writes about two
 * ledger rows per hold period instead of one per minute.
 */
import { startedMinutes } from '~/contract/gpu.ts';

export interface Meter {
  creditsPerHour: number;
  stoppedCreditsPerHour: number;
  /** Started minutes of finished segments. */
  runMinutes: number;
  stoppedMinutes: number;
  runningSince: Date | null;
  stoppedSince: Date | null;
}

export { startedMinutes };

/** Credits for whole minutes at an hourly rate, rounded up once over the total so rounding never compounds. */
export const creditsFor = (minutes: number, perHour: number): number => Math.ceil((minutes * perHour) / 60);

/** Minutes charged so far, the open segments included. */
export function chargedMinutes(meter: Meter, now: Date): { run: number; stopped: number } {
  const open = (since: Date | null) => (since ? startedMinutes(now.getTime() - since.getTime()) : 0);
  return { run: meter.runMinutes + open(meter.runningSince), stopped: meter.stoppedMinutes + open(meter.stoppedSince) };
}

/** Everything the rental has cost up to `now`, rounded up once over both rates so rounding never compounds. */
export function costSoFar(meter: Meter, now: Date): number {
  const minutes = chargedMinutes(meter, now);
  return Math.ceil((minutes.run * meter.creditsPerHour + minutes.stopped * meter.stoppedCreditsPerHour) / 60);
}

/** Closes the open running segment (stop, failure, end): its started minutes become final. */
export function closeRunning(meter: Meter, now: Date): Pick<Meter, 'runMinutes' | 'runningSince'> {
  return { runMinutes: chargedMinutes(meter, now).run, runningSince: null };
}

export function closeStopped(meter: Meter, now: Date): Pick<Meter, 'stoppedMinutes' | 'stoppedSince'> {
  return { stoppedMinutes: chargedMinutes(meter, now).stopped, stoppedSince: null };
}

/**
 * Running time of every segment so far, the open one included: what the rental's "Uptime" shows while it runs, and
 * what GPU hours in analytics add up (per GPU) from the same segments' bounds.
 */
export function uptimeAt(row: { uptimeMs: number; runningSince: Date | null }, now: Date): number {
  return row.uptimeMs + (row.runningSince ? Math.max(0, now.getTime() - row.runningSince.getTime()) : 0);
}

/** The rate that applies now: running, stopped (storage) or nothing. */
export function currentRate(meter: Meter): number {
  if (meter.runningSince) return meter.creditsPerHour;
  if (meter.stoppedSince) return meter.stoppedCreditsPerHour;
  return 0;
}

export interface Funds {
  /** The user's spendable balance (outside every hold). */
  balance: number;
  /** Held by this rental. */
  held: number;
  /** Already captured by this rental. */
  captured: number;
}

/**
 * Minutes the rental can still run on what is held plus the user's balance, after paying what it owes; null when
 * nothing is being charged.
 */
export function minutesLeft(due: number, funds: Funds, perHour: number): number | null {
  if (perHour <= 0) return null;
  const spare = funds.balance + funds.held - (due - funds.captured);
  return Math.max(0, Math.floor((spare * 60) / perHour));
}

export interface Settlement {
  /** Credits moved from the balance into the hold (before capturing). */
  reserve: number;
  capture: number;
  /** Credits returned from the hold to the balance. */
  release: number;
  /** What the rental owes that neither its hold nor the balance could pay (only after a worker outage). */
  unpaid: number;
  held: number;
  captured: number;
}

/**
 * One settlement: pay what is owed from the hold (topping the hold up from the balance when it falls short), then
 * set the hold to `holdMinutes` at the current rate, or as much of it as the balance allows. `final` releases the
 * whole remaining hold (the rental is over).
 */
export function settle(due: number, funds: Funds, perHour: number, holdMinutes: number, final = false): Settlement {
  const owed = Math.max(0, due - funds.captured);
  const fromBalance = Math.min(Math.max(0, owed - funds.held), funds.balance);
  const capture = Math.min(owed, funds.held + fromBalance);
  const heldAfterCapture = funds.held + fromBalance - capture;
  const balanceAfterCapture = funds.balance - fromBalance;
  const target = final ? 0 : Math.min(creditsFor(holdMinutes, perHour), heldAfterCapture + balanceAfterCapture);
  const delta = target - heldAfterCapture;
  return {
    reserve: fromBalance + Math.max(0, delta),
    capture,
    release: Math.max(0, -delta),
    unpaid: owed - capture,
    held: target,
    captured: funds.captured + capture,
  };
}

/**
 * Whether the worker should settle on this tick: when what the rental owes has eaten most of its hold (less than a
 * quarter of it, or one minute, is left). Changes of state settle on their own.
 */
export function settlementDue(due: number, funds: Funds, perHour: number): boolean {
  const owed = due - funds.captured;
  if (owed <= 0) return false;
  const margin = Math.max(creditsFor(1, perHour), Math.floor(funds.held / 4));
  return funds.held - owed < margin;
}

/** Stop a running machine before the balance could go below zero. */
export const shouldAutoStop = (left: number | null, autoStopMinutes: number): boolean =>
  left !== null && left < autoStopMinutes;
