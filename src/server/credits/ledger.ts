/**
 * The ledger's arithmetic, free of any database. Each entry moves two amounts: the spendable balance (`delta`) and
 * the amount held for running jobs (`reservedDelta`). A job's life is reserve → capture (success) or reserve →
 * release (failure/cancel), so its credits are spent once or returned once.
 */
import type { LedgerKind } from '~/contract/api.ts';
import { HttpError } from '~/server/http/errors.ts';

export type { LedgerKind };

export interface Movement {
  kind: LedgerKind;
  delta: number;
  reservedDelta: number;
}

export interface Account {
  balance: number;
  reserved: number;
}

export class InsufficientCreditsError extends HttpError {
  constructor(
    readonly needed: number,
    readonly available: number,
  ) {
    super(402, `Not enough credits: this needs ${needed}, you have ${available}`, undefined, undefined, {
      needed,
      available,
    });
    this.name = 'InsufficientCreditsError';
  }
}

const amount = (n: number): number => {
  if (!Number.isSafeInteger(n) || n < 0)
    throw new RangeError(`Credit amounts are whole non-negative numbers, got ${n}`);
  return n;
};

export const grant = (n: number): Movement => ({ kind: 'grant', delta: amount(n), reservedDelta: 0 });
export const purchase = (n: number): Movement => ({ kind: 'purchase', delta: amount(n), reservedDelta: 0 });
export const reserve = (n: number): Movement => ({ kind: 'reserve', delta: -amount(n), reservedDelta: amount(n) });
export const capture = (n: number): Movement => ({ kind: 'capture', delta: 0, reservedDelta: -amount(n) });
export const release = (n: number): Movement => ({ kind: 'release', delta: amount(n), reservedDelta: -amount(n) });
export const adjust = (n: number): Movement => {
  if (!Number.isSafeInteger(n)) throw new RangeError(`Credit amounts are whole numbers, got ${n}`);
  return { kind: 'adjust', delta: n, reservedDelta: 0 };
};

/** The account after one movement; throws instead of ever producing a negative balance or reservation. */
export function apply(account: Account, move: Movement): Account {
  const next = { balance: account.balance + move.delta, reserved: account.reserved + move.reservedDelta };
  if (next.balance < 0) throw new InsufficientCreditsError(-move.delta, account.balance);
  if (next.reserved < 0) throw new RangeError('Cannot capture or release more than is reserved');
  return next;
}

/**
 * Whether a movement took the spendable balance from at least `threshold` to below it: the one moment the account
 * becomes low. Further spends below it, or a balance that was already low, are not a new crossing.
 */
export const crossedLow = (before: number, after: number, threshold: number): boolean =>
  before >= threshold && after < threshold;

/** Replays a history; equals the stored balance row when the ledger and the row agree. */
export const replay = (moves: readonly Movement[]): Account => moves.reduce(apply, { balance: 0, reserved: 0 });
