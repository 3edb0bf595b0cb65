/**
 * The billing page's ledger (filters, CSV) and the operator console (admin role, grants and deductions, 404 for
 * everyone else, the command line), against a real stack on PGlite and on PostgreSQL when one is reachable.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerGroupKey } from '~/contract/ledger.ts';
import { SIGNUP_GRANT } from '~/contract/pricing.ts';
import { loadConfig } from '~/server/config/index.ts';
import { capture, grant, purchase, release, reserve } from '~/server/credits/ledger.ts';
import { GROUP_KEY_SQL } from '~/server/credits/lines.ts';
import { post } from '~/server/credits/service.ts';
import { openDatabase, rows } from '~/server/db/index.ts';
import { creditLedger } from '~/server/db/schema/credits.ts';
import { jobs } from '~/server/db/schema/jobs.ts';
import { watermarkRemovals } from '~/server/db/schema/watermark.ts';
import { ensureProfile } from '~/server/features/account/profiles.ts';
import { insertRental } from '~/server/features/gpu/store.ts';
import { insertPurchase } from '~/server/features/payments/store.ts';
import { insertJob } from '~/server/jobs/lifecycle.ts';
import { auditAfterEach } from './support/audit.ts';
import { createUser, ensureAuthEmulator, type TestUser, updateUser } from './support/auth-emulator.ts';
import { databaseTargets, type Target } from './support/databases.ts';
import { client, type Stack, startStack } from './support/stack.ts';

const run = promisify(execFile);

let stopEmulator: () => Promise<void> = async () => undefined;
beforeAll(async () => {
  stopEmulator = await ensureAuthEmulator();
});
afterAll(async () => stopEmulator());

const targets = await databaseTargets();

const unique = (label: string) =>
  `${label}-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;

describe.each(targets)('billing ledger and operator console on %s', (_name, makeTarget) => {
  let target: Target;
  let stack: Stack;
  auditAfterEach(() => stack?.database);
  /** An API whose ADMIN_EMAILS names `listedEmail` (verified or not, depending on the test). */
  let adminApiUrl: string;
  const listedEmail = unique('Operator');
  let admin: ReturnType<typeof client>;
  let adminUser: TestUser;

  const signedUp = async (email?: string) => {
    const user = await createUser(email);
    const api = client(adminApiUrl, user);
    expect(
      (await api('POST', '/auth/auth', { uid: user.uid, email: user.email, displayName: null, photoURL: null })).status,
    ).toBe(201);
    return { user, api };
  };

  beforeAll(async () => {
    target = await makeTarget();
    stack = await startStack(target);
    // Listed in a different case from the account: addresses compare without case.
    adminApiUrl = (await stack.extraApi({ ADMIN_EMAILS: `someone@example.test, ${listedEmail.toUpperCase()}` })).url;
    const created = await createUser(listedEmail.toLowerCase());
    adminUser = await updateUser(created, { emailVerified: true });
    admin = client(adminApiUrl, adminUser);
  });
  afterAll(async () => {
    await stack?.close();
    await target?.dispose();
  });

  const stackBalance = async (uid: string) =>
    (await admin('GET', `/admin/users/${uid}`)).body.credits.balance as number;

  const grantBody = (overrides: Record<string, unknown> = {}) => ({
    action: 'grant',
    credits: 50,
    reason: 'Goodwill for the outage',
    idempotencyKey: randomUUID(),
    ...overrides,
  });

  describe('the admin role', () => {
    it('tells /me who is an admin: a verified listed address, or the admin claim; never an unverified address', async () => {
      expect((await admin('GET', '/me')).body.admin).toBe(true);
      expect((await admin('GET', `/admin/users?q=${encodeURIComponent(listedEmail)}`)).status).toBe(200);

      // The same address unverified (someone signed up with the operator's address) counts for nothing.
      const squatter = await createUser(unique('squatter'));
      const listingSquatter = (await stack.extraApi({ ADMIN_EMAILS: squatter.email })).url;
      const squatterApi = client(listingSquatter, squatter);
      expect((await squatterApi('GET', '/me')).body.admin).toBe(false);
      expect((await squatterApi('GET', '/admin/users?q=x')).status).toBe(404);
      const verified = client(listingSquatter, await updateUser(squatter, { emailVerified: true }));
      expect((await verified('GET', '/me')).body.admin).toBe(true);
      expect((await verified('GET', '/admin/users?q=x')).status).toBe(200);

      // The custom claim needs no list.
      const claimed = client(stack.url, await updateUser(await createUser(), { claims: { admin: true } }));
      expect((await claimed('GET', '/me')).body.admin).toBe(true);
      expect((await claimed('GET', '/admin/users?q=x')).status).toBe(200);
    });

    it('answers 404 on every admin route for everyone else, exactly as for a path that does not exist', async () => {
      const { user, api } = await signedUp();
      expect((await api('GET', '/me')).body.admin).toBe(false);
      const missing = await api('GET', '/no-such-path');
      expect(missing.status).toBe(404);
      const requests: [string, string, unknown?][] = [
        ['GET', '/admin'],
        ['GET', '/admin/users?q=a'],
        ['GET', '/admin/users'],
        ['GET', '/admin/audit'],
        ['GET', `/admin/users/${user.uid}`],
        ['GET', `/admin/users/${user.uid}/ledger`],
        ['GET', `/admin/users/${user.uid}/ledger.csv`],
        ['POST', `/admin/users/${user.uid}/credits`, grantBody()],
        ['POST', `/admin/users/${user.uid}/credits`, { reason: '' }],
      ];
      for (const [method, url, body] of requests) {
        const res = await api(method, url, body);
        expect(res.status, `${method} ${url}`).toBe(404);
        expect({ ...res.body, requestId: undefined }).toEqual({ ...missing.body, requestId: undefined });
      }
      expect((await fetch(`${adminApiUrl}/admin/users?q=a`)).status).toBe(401);
      expect(await stackBalance(user.uid)).toBe(SIGNUP_GRANT);
    });
  });

  describe('operator credit changes', () => {
    it('finds a user by part of the e-mail or by uid, and shows balance, ledger and recent jobs', async () => {
      const { user, api } = await signedUp(unique('Findme'));
      const job = await api('POST', '/jobs', { kind: 'test.hold', payload: { cost: 3 } });
      expect(job.status).toBe(201);
      await api('POST', `/jobs/${job.body.id}/cancel`);

      const byPart = await admin('GET', `/admin/users?q=${encodeURIComponent(user.email.slice(0, 20).toUpperCase())}`);
      expect(byPart.body.users.map((u: any) => u.uid)).toContain(user.uid);
      expect((await admin('GET', `/admin/users?q=${user.uid}`)).body.users).toEqual([
        expect.objectContaining({ uid: user.uid, email: user.email.toLowerCase() }),
      ]);
      // LIKE wildcards are taken literally.
      expect((await admin('GET', '/admin/users?q=%25')).body.users).toEqual([]);
      expect((await admin('GET', '/admin/users?q=')).body.fields).toHaveProperty('q');

      const detail = await admin('GET', `/admin/users/${user.uid}`);
      expect(detail.body).toMatchObject({
        profile: { uid: user.uid, email: user.email.toLowerCase() },
        credits: { balance: SIGNUP_GRANT, reserved: 0 },
      });
      expect(detail.body.jobs).toEqual([
        expect.objectContaining({ id: job.body.id, kind: 'test.hold', status: 'cancelled' }),
      ]);
      const ledger = await admin('GET', `/admin/users/${user.uid}/ledger?limit=2`);
      expect(ledger.body.entries.map((e: any) => e.kind)).toEqual(['release', 'reserve']);
      expect(ledger.body.nextCursor).not.toBeNull();
      expect((await admin('GET', '/admin/users/no-such-uid')).status).toBe(404);
      expect((await admin('GET', '/admin/users/no-such-uid/ledger')).status).toBe(404);
    });

    it('grants once per request key, records the reason and the operator, and deducts never below zero', async () => {
      const { user, api } = await signedUp();
      const body = grantBody({ credits: 50, reason: 'Goodwill for the outage' });
      // A double click: the same key twice at once moves the credits once.
      const [first, second] = await Promise.all([
        admin('POST', `/admin/users/${user.uid}/credits`, body),
        admin('POST', `/admin/users/${user.uid}/credits`, body),
      ]);
      expect([first.status, second.status]).toEqual([200, 200]);
      expect([first.body.applied, second.body.applied].sort()).toEqual([false, true]);
      expect((await api('GET', '/me')).body.credits.balance).toBe(SIGNUP_GRANT + 50);

      const deducted = await admin(
        'POST',
        `/admin/users/${user.uid}/credits`,
        grantBody({ action: 'deduct', credits: 30, reason: 'Duplicate account' }),
      );
      expect(deducted.body).toEqual({ applied: true, credits: { balance: SIGNUP_GRANT + 20, reserved: 0 } });

      const tooMuch = await admin(
        'POST',
        `/admin/users/${user.uid}/credits`,
        grantBody({ action: 'deduct', credits: SIGNUP_GRANT + 21, reason: 'Too much' }),
      );
      expect(tooMuch.status).toBe(409);
      expect(tooMuch.body.error).toBe(
        `Cannot deduct ${SIGNUP_GRANT + 21} credits: the balance is ${SIGNUP_GRANT + 20}, and it never goes below zero`,
      );
      expect((await api('GET', '/me')).body.credits.balance).toBe(SIGNUP_GRANT + 20);

      // The user sees the operator's reason; the operator's uid stays in the key, which only the database holds.
      const entries = (await api('GET', '/credits/ledger?limit=2')).body.entries;
      expect(entries.map((e: any) => [e.kind, e.delta, e.reason])).toEqual([
        ['adjust', -30, 'Duplicate account'],
        ['adjust', 50, 'Goodwill for the outage'],
      ]);
      const rows = await stack.database.db
        .select({ key: creditLedger.idempotencyKey })
        .from(creditLedger)
        .where(eq(creditLedger.uid, user.uid));
      expect(rows.map((r) => r.key)).toContain(`admin:${adminUser.uid}:${body.idempotencyKey}`);
      expect(rows.filter((r) => r.key?.startsWith(`admin:${adminUser.uid}:`))).toHaveLength(2);
    });

    it('audits every account for the operator: clean after grants and deductions, and names an account that is off', async () => {
      const { user } = await signedUp();
      await admin('POST', `/admin/users/${user.uid}/credits`, grantBody({ credits: 5, reason: 'Goodwill' }));
      const clean = await admin('GET', '/admin/audit');
      expect(clean.status).toBe(200);
      expect(clean.body).toMatchObject({ failures: [], holds: { jobs: 0, rentals: 0, requests: 0 } });
      expect(clean.body.accounts).toBeGreaterThanOrEqual(2);

      // Credits reserved with no owner (no job, rental or request holds them): what the audit exists to catch.
      await stack.database.db.execute(
        sql`update credit_balances set reserved = reserved + 3, balance = balance - 3 where uid = ${user.uid}`,
      );
      const off = await admin('GET', '/admin/audit');
      expect(off.body.failures).toEqual([
        {
          uid: user.uid,
          email: user.email,
          balance: SIGNUP_GRANT + 2,
          reserved: 3,
          ledgerBalance: SIGNUP_GRANT + 5,
          ledgerReserved: 0,
          holds: { jobs: 0, rentals: 0, requests: 0 },
          problems: [
            `Balance ${SIGNUP_GRANT + 2}, but the ledger sums to ${SIGNUP_GRANT + 5}`,
            "Reserved 3, but the ledger's holds sum to 0",
            'Reserved 3, but the open holds sum to 0 (jobs 0, GPU rentals 0, requests 0)',
          ],
        },
      ]);
      // Put back, so the audit after this test finds every account right again.
      await stack.database.db.execute(
        sql`update credit_balances set reserved = reserved - 3, balance = balance + 3 where uid = ${user.uid}`,
      );
    });

    it('refuses a change without a reason, amount or key with field errors, and an unknown user with 404', async () => {
      const { user } = await signedUp();
      const url = `/admin/users/${user.uid}/credits`;
      const noReason = await admin('POST', url, grantBody({ reason: '   ' }));
      expect(noReason.status).toBe(400);
      expect(noReason.body.fields).toEqual({ reason: 'Say why' });
      const bad = await admin('POST', url, { action: 'give', credits: 0, idempotencyKey: 'x' });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.fields).sort()).toEqual(['action', 'credits', 'idempotencyKey', 'reason']);
      expect((await admin('POST', url, grantBody({ credits: 2.5 }))).body.fields).toHaveProperty('credits');
      expect((await admin('POST', '/admin/users/no-such-uid/credits', grantBody())).status).toBe(404);
      expect(await stackBalance(user.uid)).toBe(SIGNUP_GRANT);

      await stack.database.transaction((tx) =>
        post(tx, { uid: user.uid, move: grant(2_147_483_000 - SIGNUP_GRANT), reason: 'Nearly the most there can be' }),
      );
      const overflow = await admin('POST', url, grantBody({ credits: 1_000 }));
      expect(overflow.status).toBe(409);
      expect(overflow.body.fields).toEqual({ credits: 'At most 647' });
    });
  });

  describe('the ledger by category, and its CSV', () => {
    it('filters each category in the user’s terms, pages within a filter, and exports what the filter shows', async () => {
      const { user, api } = await signedUp();
      const uid = user.uid;
      await stack.database.transaction(async (tx) => {
        await post(tx, {
          uid,
          move: purchase(100),
          reason: 'Bought 100 credits',
          idempotencyKey: `stripe:${randomUUID()}`,
        });
        await post(tx, { uid, move: reserve(10), reason: 'Video', idempotencyKey: `test:${randomUUID()}` });
        await post(tx, { uid, move: capture(10), reason: 'Video', idempotencyKey: `test:${randomUUID()}` });
        await post(tx, { uid, move: reserve(4), reason: 'Speech', idempotencyKey: `test:${randomUUID()}` });
        await post(tx, { uid, move: release(4), reason: 'Speech', idempotencyKey: `test:${randomUUID()}` });
      });
      const tricky = 'Sorry, "outage"\nsecond line';
      await admin('POST', `/admin/users/${uid}/credits`, grantBody({ credits: 7, reason: tricky }));
      await admin(
        'POST',
        `/admin/users/${uid}/credits`,
        grantBody({ action: 'deduct', credits: 2, reason: '=cmd|calc' }),
      );

      const kinds = async (category: string) =>
        ((await api('GET', `/credits/ledger?category=${category}`)).body.entries as any[]).map(
          (e) => `${e.kind}${e.delta}`,
        );
      expect(await kinds('grants')).toEqual(['adjust7', `grant${SIGNUP_GRANT}`]);
      expect(await kinds('purchases')).toEqual(['purchase100']);
      expect(await kinds('spends')).toEqual(['capture0']);
      expect(await kinds('holds')).toEqual(['release4', 'reserve-4', 'reserve-10']);
      expect(await kinds('refunds')).toEqual([]);
      expect(await kinds('deductions')).toEqual(['adjust-2']);
      expect((await api('GET', '/credits/ledger?category=everything')).body.fields).toHaveProperty('category');

      const first = await api('GET', '/credits/ledger?category=holds&limit=2');
      const next = await api('GET', `/credits/ledger?category=holds&limit=2&cursor=${first.body.nextCursor}`);
      expect([...first.body.entries, ...next.body.entries].map((e: any) => e.kind)).toEqual([
        'release',
        'reserve',
        'reserve',
      ]);
      expect(next.body.nextCursor).toBeNull();

      const csv = await fetch(`${adminApiUrl}/credits/ledger.csv?category=grants`, {
        headers: { authorization: `Bearer ${user.idToken}` },
      });
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      const today = new Date().toISOString().slice(0, 10);
      expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="nxn-ledger-grants-${today}.csv"`);
      const text = (await csv.text()).replace(/^\uFEFF/, '');
      const lines = text.split('\r\n');
      expect(lines[0]).toBe('Date (UTC),Category,Kind,Credits,Reserved credits,Description,Job,Entry');
      expect(lines[1]).toMatch(/^\d{4}-\d\d-\d\dT[^,]+,Grants,adjust,7,0,"Sorry, ""outage""\nsecond line",,\d+$/);
      expect(lines[2]).toMatch(/,Grants,grant,\d+,0,Signup credits,,\d+$/);
      expect(lines.slice(3)).toEqual(['']);

      const all = await (
        await fetch(`${adminApiUrl}/credits/ledger.csv`, { headers: { authorization: `Bearer ${user.idToken}` } })
      ).text();
      expect(all.split('\r\n').filter(Boolean)).toHaveLength(1 + 8);
      // A description a spreadsheet would run as a formula stays text.
      expect(all).toContain(",Deductions,adjust,-2,0,'=cmd|calc,,");
      // The operator sees the same export of the user's ledger.
      expect(
        await (
          await fetch(`${adminApiUrl}/admin/users/${uid}/ledger.csv`, {
            headers: { authorization: `Bearer ${adminUser.idToken}` },
          })
        ).text(),
      ).toBe(all);
    });
  });
  describe('the ledger as lines', () => {
    it('folds each thing into one line named after it, pages by whole lines and filters lines by category', async () => {
      const { user, api } = await signedUp();
      const uid = user.uid;
      const removalId = randomUUID();
      const purchaseId = randomUUID();
      let rentalId = '';
      await stack.database.transaction(async (tx) => {
        await tx.insert(watermarkRemovals).values({
          id: removalId,
          uid,
          name: 'holiday.mp4',
          durationMs: 30_000,
          width: 1280,
          height: 720,
          facts: { container: 'mp4', frames: null, hasAudio: true },
          rightsConfirmedAt: new Date(),
        });
        const job = await insertJob(
          tx,
          { uid, kind: 'watermark', payload: { removalId }, cost: 12, maxAttempts: 1 },
          'Job watermark',
        );
        await post(tx, {
          uid,
          move: capture(12),
          reason: 'Job watermark done',
          jobId: job.id,
          idempotencyKey: `job:${job.id}:capture`,
        });
        // Its end, as the job framework writes it with the capture.
        await tx.update(jobs).set({ status: 'succeeded' }).where(eq(jobs.id, job.id));
        const rental = await insertRental(tx, {
          uid,
          provider: 'runpod',
          offerKey: 'NVIDIA GeForce RTX 4090',
          region: 'EU',
          gpuModel: 'RTX 4090',
          gpuCount: 1,
          vramGb: 24,
          template: 'ubuntu-ssh',
          image: 'Ubuntu with SSH',
          diskGb: 50,
          sshPublicKey: 'ssh-ed25519 AAAA',
          creditsPerHour: 60,
          runMinutes: 42,
          captured: 42,
          status: 'terminated',
        });
        rentalId = rental.id;
        await post(tx, {
          uid,
          move: reserve(40),
          reason: 'GPU rental (1× RTX 4090)',
          idempotencyKey: `gpu:${rental.id}:start`,
        });
        await post(tx, {
          uid,
          move: capture(40),
          reason: 'GPU rental (1× RTX 4090)',
          idempotencyKey: `gpu:${rental.id}:1:capture`,
        });
        await post(tx, {
          uid,
          move: reserve(2),
          reason: 'GPU rental (1× RTX 4090)',
          idempotencyKey: `gpu:${rental.id}:2:reserve`,
        });
        await post(tx, {
          uid,
          move: capture(2),
          reason: 'GPU rental (1× RTX 4090)',
          idempotencyKey: `gpu:${rental.id}:2:capture`,
        });
      });
      await insertPurchase(stack.database.db, {
        id: purchaseId,
        uid,
        packId: 'starter',
        credits: 500,
        amountMinor: 500,
        currency: 'usd',
      });
      await stack.database.transaction(async (tx) => {
        await post(tx, {
          uid,
          move: purchase(500),
          reason: 'Bought 500 credits (starter pack)',
          idempotencyKey: `stripe:${purchaseId}:credit`,
        });
        await post(tx, {
          uid,
          move: { kind: 'refund', delta: -100, reservedDelta: 0 },
          reason: 'Payment refunded: 100 credits taken back',
          idempotencyKey: `stripe:${purchaseId}:refund:100`,
        });
        // A hold that failed and came back: the line says nothing was taken.
        await post(tx, { uid, move: reserve(5), reason: 'Script generation', idempotencyKey: 'script:gone:reserve' });
        await post(tx, {
          uid,
          move: release(5),
          reason: 'Script generation failed',
          idempotencyKey: 'script:gone:settle',
        });
      });
      await admin('POST', `/admin/users/${uid}/credits`, grantBody({ credits: 7, reason: 'Goodwill' }));

      const all = await api('GET', '/credits/ledger/lines?limit=50');
      expect(all.status).toBe(200);
      expect(all.body.lines.map((l: any) => [l.label, l.amount, l.held, l.state, l.entries.length])).toEqual([
        ['Adjustment · Goodwill', 7, 0, 'settled', 1],
        ['Script generation failed', 0, 0, 'returned', 2],
        ['Refund · Starter pack', -100, 0, 'settled', 1],
        ['Starter pack', 500, 0, 'settled', 1],
        ['GPU rental · 1× RTX 4090 · 42 min', -42, 0, 'settled', 4],
        ['Watermark removal · holiday.mp4', -12, 0, 'settled', 2],
        ['Signup credits', SIGNUP_GRANT, 0, 'settled', 1],
      ]);
      expect(all.body.lines[4].id).toBe(`gpu:${rentalId}`);
      expect(all.body.nextCursor).toBeNull();
      expect(JSON.stringify(all.body)).not.toContain('idempotencyKey');

      // Pages of whole lines: the rental's four rows never split across two pages.
      const seen: any[] = [];
      let cursor: string | null = '';
      while (cursor !== null) {
        const page: any = await api('GET', `/credits/ledger/lines?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
        seen.push(...page.body.lines);
        cursor = page.body.nextCursor;
      }
      expect(seen).toEqual(all.body.lines);

      const holds = await api('GET', '/credits/ledger/lines?category=holds');
      expect(holds.body.lines.map((l: any) => l.label)).toEqual([
        'Script generation failed',
        'GPU rental · 1× RTX 4090 · 42 min',
        'Watermark removal · holiday.mp4',
      ]);
      expect((await api('GET', '/credits/ledger/lines?category=refunds')).body.lines.map((l: any) => l.label)).toEqual([
        'Refund · Starter pack',
      ]);
      expect((await api('GET', '/credits/ledger/lines?cursor=abc')).status).toBe(400);

      // The SQL that pages lines and the contract's rule agree on every row.
      const keyed = await rows<{ id: string; job_id: string | null; idempotency_key: string | null; key: string }>(
        stack.database.db,
        sql`select id::text as id, job_id::text as job_id, idempotency_key, ${GROUP_KEY_SQL} as key from credit_ledger where uid = ${uid}`,
      );
      expect(keyed).toHaveLength(12);
      for (const row of keyed)
        expect(row.key).toBe(ledgerGroupKey({ id: row.id, jobId: row.job_id, idempotencyKey: row.idempotency_key }));

      // The CSV keeps every raw row.
      const csv = await (
        await fetch(`${adminApiUrl}/credits/ledger.csv`, { headers: { authorization: `Bearer ${user.idToken}` } })
      ).text();
      expect(csv.split('\r\n').filter(Boolean)).toHaveLength(1 + 12);
    });
  });
});

describe('npm run admin', () => {
  it('grants, deducts and audits from the command line on a PGlite data directory, by e-mail in any case', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nxn-admin-cli-'));
    try {
      const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
      let database = await openDatabase(config);
      await ensureProfile(database, {
        uid: 'cli-user',
        email: 'Cli.User@example.test',
        displayName: null,
        photoURL: null,
      });
      await database.close();

      const admin = (...args: string[]) =>
        run('npx', ['tsx', 'scripts/admin.ts', ...args], {
          env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
        }).then(
          (r) => ({ code: 0, out: r.stdout, err: r.stderr }),
          (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout, err: e.stderr }),
        );
      const granted = await admin('grant', 'cli.user@EXAMPLE.test', '25', '--reason', 'Support ticket 4711');
      expect(granted).toMatchObject({
        code: 0,
        out: `Granted 25 credits to Cli.User@example.test (cli-user). Balance: ${SIGNUP_GRANT + 25}.\n`,
      });
      const tooMuch = await admin('deduct', 'cli-user', String(SIGNUP_GRANT + 26), '--reason', 'Chargeback');
      expect(tooMuch.code).toBe(1);
      expect(tooMuch.err).toContain(`Cannot deduct ${SIGNUP_GRANT + 26} credits: the balance is ${SIGNUP_GRANT + 25}`);
      const noReason = await admin('grant', 'cli-user', '5');
      expect(noReason.code).toBe(1);
      expect(noReason.err).toContain('reason: Say why');

      database = await openDatabase(config);
      const rows = await database.db.select().from(creditLedger).where(eq(creditLedger.uid, 'cli-user'));
      await database.close();
      expect(rows.map((r) => [r.kind, r.delta, r.reason])).toEqual([
        ['grant', SIGNUP_GRANT, 'Signup credits'],
        ['adjust', 25, 'Support ticket 4711'],
      ]);
      expect(rows[1]?.idempotencyKey).toMatch(/^admin:cli:[0-9a-f-]{36}$/);

      const clean = await admin('audit');
      expect(clean).toMatchObject({ code: 0 });
      expect(clean.out).toMatch(
        /^Checked 1 accounts at .*Open holds: jobs 0, GPU rentals 0, requests 0\.\nEvery account adds up\.\n$/,
      );
      // Credits that appear on the balance row without a ledger row are what the audit exists to catch.
      database = await openDatabase(config);
      await database.db.execute(sql`update credit_balances set balance = balance + 7 where uid = 'cli-user'`);
      await database.close();
      const broken = await admin('audit');
      expect(broken.code).toBe(1);
      expect(broken.out).toContain(`Cli.User@example.test (cli-user): balance ${SIGNUP_GRANT + 32}, reserved 0`);
      expect(broken.out).toContain(`  - Balance ${SIGNUP_GRANT + 32}, but the ledger sums to ${SIGNUP_GRANT + 25}`);
      expect(broken.out).toContain('1 account does not add up.');
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
