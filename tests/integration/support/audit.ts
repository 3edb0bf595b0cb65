/**
 * The credit audit as a test's last word: after a test that moves credits, every account's balance equals its ledger
 * and every reserved credit has an owner (a running job, a live rental, an open request hold).
 */
import { expect } from 'vitest';
import { auditCredits } from '~/server/credits/audit.ts';
import type { Database } from '~/server/db/index.ts';

export async function expectAuditClean(database: Database): Promise<void> {
  const audit = await auditCredits(database);
  expect(audit.failures, 'the credit audit found accounts that do not add up').toEqual([]);
}
