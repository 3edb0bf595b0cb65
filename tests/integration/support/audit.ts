/**
 * The credit audit as a test's last word: after a test that moves credits, every account's balance equals its ledger
 * and every reserved credit has an owner (a running job, a live rental, an open request hold).
 */
import { afterEach, expect } from 'vitest';
import { auditCredits } from '~/server/credits/audit.ts';
import type { Database } from '~/server/db/index.ts';

export async function expectAuditClean(database: Database): Promise<void> {
  const audit = await auditCredits(database);
  expect(audit.failures, 'the credit audit found accounts that do not add up').toEqual([]);
}

/** Registers the audit after every test of the file (or describe block); `database` is read when each test ends. */
export function auditAfterEach(database: () => Database | undefined): void {
  afterEach(async () => {
    const db = database();
    if (db) await expectAuditClean(db);
  });
}
