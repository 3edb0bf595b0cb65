/**
 * The operator console's credit change from the command line, for when no admin can sign in (or for scripts):
 *
 *   npm run admin -- grant  <email or uid> <credits> --reason "Goodwill for the outage"
 *   npm run admin -- deduct <email or uid> <credits> --reason "Duplicate signup"
 *   npm run admin -- audit
 *
 * `audit` checks every account (credits/audit.ts: the balance equals the ledger, every reserved credit has an owner),
 * prints the accounts that fail and why, and exits 1 when any does.
 *
 * It uses the configured database (DATABASE_URL, or PGlite under DATA_DIR; PGlite admits one process at a time, so
 * stop the server first) and the same service as `POST /admin/users/:uid/credits`. The ledger row's idempotency key
 * is `admin:cli:<key>`; pass `--key <uuid>` to make a retried command apply once.
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { AdminCreditBody } from '../src/contract/admin.ts';
import { fieldErrors } from '../src/contract/errors.ts';
import { loadConfig } from '../src/server/config/index.ts';
import { auditCredits } from '../src/server/credits/audit.ts';
import { openDatabase } from '../src/server/db/index.ts';
import { findProfile } from '../src/server/db/profiles.ts';
import { changeCredits } from '../src/server/features/admin/service.ts';
import { usersByEmail } from '../src/server/features/admin/store.ts';

const USAGE =
  'Usage: npm run admin -- grant|deduct <email or uid> <credits> --reason "..." [--key <uuid>]\n       npm run admin -- audit';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { reason: { type: 'string' }, key: { type: 'string' } },
});
const [action, who, amount, ...extra] = positionals;
if (action === 'audit') {
  if (positionals.length > 1) fail(USAGE);
  await runAudit();
  process.exit();
}
if (!action || !who || !amount || extra.length > 0) fail(USAGE);

const parsed = AdminCreditBody.safeParse({
  action,
  credits: /^\d+$/.test(amount) ? Number(amount) : Number.NaN,
  reason: values.reason ?? '',
  idempotencyKey: values.key ?? randomUUID(),
});
if (!parsed.success) {
  const problems = Object.entries(fieldErrors(parsed.error.issues)).map(([field, message]) => `${field}: ${message}`);
  fail(`${problems.join('\n')}\n${USAGE}`);
}

const config = loadConfig();
const database = await openDatabase(config);
try {
  const byUid = await findProfile(database.db, who);
  const matches = byUid ? [byUid] : await usersByEmail(database.db, who);
  const [user, ...others] = matches;
  if (!user) throw new Error(`No user with the e-mail address or uid "${who}"`);
  if (others.length > 0)
    throw new Error(`Several users have the address ${who}; name one by uid: ${matches.map((m) => m.uid).join(', ')}`);
  const body = parsed.data;
  const result = await changeCredits(database, {
    uid: user.uid,
    ...body,
    operator: 'cli',
    requestKey: body.idempotencyKey,
  });
  const verb = body.action === 'grant' ? 'Granted' : 'Deducted';
  console.log(
    result.applied
      ? `${verb} ${body.credits} credits ${body.action === 'grant' ? 'to' : 'from'} ${user.email ?? user.uid} (${user.uid}). Balance: ${result.credits.balance}.`
      : `Already done with key ${body.idempotencyKey}; nothing changed. Balance: ${result.credits.balance}.`,
  );
} catch (error) {
  process.exitCode = 1;
  console.error((error as Error).message);
} finally {
  await database.close();
}

async function runAudit(): Promise<void> {
  const database = await openDatabase(loadConfig());
  try {
    const audit = await auditCredits(database);
    const { jobs, rentals, requests } = audit.holds;
    console.log(
      `Checked ${audit.accounts} accounts at ${audit.checkedAt}. Open holds: jobs ${jobs}, GPU rentals ${rentals}, requests ${requests}.`,
    );
    for (const failure of audit.failures) {
      console.log(
        `\n${failure.email ?? '(no e-mail)'} (${failure.uid}): balance ${failure.balance}, reserved ${failure.reserved}`,
      );
      for (const problem of failure.problems) console.log(`  - ${problem}`);
    }
    console.log(
      audit.failures.length === 0
        ? 'Every account adds up.'
        : `\n${audit.failures.length} account${audit.failures.length === 1 ? ' does' : 's do'} not add up.`,
    );
    if (audit.failures.length > 0) process.exitCode = 1;
  } finally {
    await database.close();
  }
}
