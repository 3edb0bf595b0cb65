/**
 * The operator console's rules. An operator's grant or deduction is an `adjust` row (positive or negative) whose
 * reason is the operator's, shown to the user as written, and whose idempotency key is
 * `admin:<operator uid>:<request key>`: the key records who did it without showing the operator's uid to the
 * customer, and a request sent twice (a double click, a retry) finds its key taken and moves nothing the second time.
 */
import type { AdminCreditResult, CreditAction } from '~/contract/admin.ts';
import { adjust, InsufficientCreditsError } from '~/server/credits/ledger.ts';
import { getAccount, post } from '~/server/credits/service.ts';
import type { Database } from '~/server/db/index.ts';
import { findProfile } from '~/server/db/profiles.ts';
import { HttpError, notFound } from '~/server/http/errors.ts';

/** The balance column is a 32-bit integer: past this a grant would fail in the database instead of saying why. */
const MAX_BALANCE = 2_147_483_647;

/** Who moved the credits: a signed-in admin's uid, or `cli` for the command line. */
export const adminKey = (operator: string, requestKey: string): string => `admin:${operator}:${requestKey}`;

export interface CreditChange {
  uid: string;
  action: CreditAction;
  credits: number;
  reason: string;
  operator: string;
  requestKey: string;
}

export async function changeCredits(database: Database, change: CreditChange): Promise<AdminCreditResult> {
  const delta = change.action === 'grant' ? change.credits : -change.credits;
  try {
    return await database.transaction(async (tx) => {
      if (!(await findProfile(tx, change.uid))) throw notFound('No such user');
      const { balance } = await getAccount(tx, change.uid);
      if (balance + delta > MAX_BALANCE) {
        throw new HttpError(409, `Cannot grant ${change.credits} credits: a balance holds at most ${MAX_BALANCE}`, {
          credits: `At most ${MAX_BALANCE - balance}`,
        });
      }
      const { applied, account } = await post(tx, {
        uid: change.uid,
        move: adjust(delta),
        reason: change.reason,
        idempotencyKey: adminKey(change.operator, change.requestKey),
      });
      return { applied, credits: account };
    });
  } catch (error) {
    if (!(error instanceof InsufficientCreditsError)) throw error;
    throw new HttpError(
      409,
      `Cannot deduct ${change.credits} credits: the balance is ${error.available}, and it never goes below zero`,
      {
        credits: `At most ${error.available}`,
      },
    );
  }
}
