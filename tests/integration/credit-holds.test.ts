/**
 * Who owns a credit hold, on PGlite and PostgreSQL: the sweep of abandoned request holds returns only what no request
 * can still settle, never a running job's or a live rental's hold, and one hold it cannot release never blocks the
 * next. The sweep runs with no age at all here (as if every hold were older than any request), several times over a
 * rental's whole life; the audit after each step proves the balance rows and the holds' owners still agree. Last, the
 * migration that moved request holds into their own table, on a database the old sweep had run on.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRunpodSandbox } from '~/sandboxes/runpod/index.ts';
import { auditCredits } from '~/server/credits/audit.ts';
import { captureHold, HoldAlreadySettledError, releaseAbandonedHolds, reserveHold } from '~/server/credits/holds.ts';
import { grant } from '~/server/credits/ledger.ts';
import { getAccount, openAccount, post } from '~/server/credits/service.ts';
import { type Database, openDatabase } from '~/server/db/index.ts';
import { creditLedger } from '~/server/db/schema/credits.ts';
import { users } from '~/server/db/schema/users.ts';
import { createGpuService, type GpuService } from '~/server/features/gpu/service.ts';
import { createLogger } from '~/server/http/logger.ts';
import { createRunpodProvider } from '~/server/providers/gpu/runpod.ts';
import { expectAuditClean } from './support/audit.ts';
import { databaseTargets, type Target } from './support/databases.ts';
import { sshPublicKey } from './support/ssh-key.ts';
import { testConfig } from './support/stack.ts';

const MINUTE = 60_000;

describe.each(await databaseTargets())('Credit holds and their owners on %s', (_name, makeTarget) => {
  let target: Target;
  let database: Database;
  let sandbox: Awaited<ReturnType<typeof startRunpodSandbox>>;
  let service: GpuService;
  let clock = Date.parse('2026-03-01T10:00:00Z');
  const lines: { msg: string; key: string | undefined }[] = [];
  const log = createLogger('silent', 'test');
  const sweepLog = {
    ...log,
    warn: (fields: { key?: string }, msg: string) => lines.push({ msg, key: fields.key }),
    info: () => undefined,
  } as unknown as typeof log;
  /** Every hold counts as abandoned: the strictest sweep there can be. */
  const sweep = () => releaseAbandonedHolds(database, { olderThanMs: 0, log: sweepLog });

  beforeAll(async () => {
    target = await makeTarget();
    const config = testConfig(target);
    database = await openDatabase(config);
    sandbox = await startRunpodSandbox({ now: () => clock, provisioningMs: 5_000 });
    service = createGpuService({
      config: { ...config.gpu, timeoutMs: 300 },
      database,
      providers: [createRunpodProvider({ apiKey: 'k', baseUrl: sandbox.url, timeoutMs: 300, sandbox: true })],
      log,
      now: () => new Date(clock),
    });
  });
  afterAll(async () => {
    await sandbox?.close();
    await database?.close();
    await target?.dispose();
  });

  async function user(credits: number) {
    const uid = `holds-${randomUUID()}`;
    await database.db.insert(users).values({ uid });
    await database.transaction(async (tx) => {
      await openAccount(tx, uid);
      await post(tx, { uid, move: grant(credits), reason: 'test', idempotencyKey: `test:${uid}` });
    });
    return uid;
  }

  it('keeps a live rental’s holds through every sweep; its cost is exactly what the ledger captured', async () => {
    const uid = await user(200);
    const key = await service.addKey(uid, { name: 'laptop', publicKey: sshPublicKey() });
    const offer = (await service.catalogue()).offers.find(
      (o) => o.provider === 'runpod' && o.gpuModel === 'RTX 4090' && o.gpuCount === 1 && o.region === 'Secure cloud',
    );
    if (!offer) throw new Error('no RTX 4090 offer');
    const rental = await service.launch(uid, {
      offerId: offer.id,
      template: 'pytorch-jupyter',
      diskGb: 20,
      sshKeyId: key.id,
    });
    await sweep();
    expect(await getAccount(database.db, uid)).toEqual({ balance: 185, reserved: 15 });

    const reconcileAndSweep = async () => {
      await service.reconcileAll();
      await sweep();
      await expectAuditClean(database);
    };
    advance(5_000);
    await reconcileAndSweep();
    expect((await service.get(uid, rental.id)).status).toBe('running');
    for (let i = 0; i < 3; i++) {
      advance(8 * MINUTE); // past most of the hold: each reconcile settles and tops the hold up again
      await reconcileAndSweep();
      expect((await getAccount(database.db, uid)).reserved).toBe(15);
    }
    await service.act(uid, rental.id, 'stop');
    await reconcileAndSweep();
    expect((await service.get(uid, rental.id)).status).toBe('stopped');
    advance(30 * MINUTE);
    await reconcileAndSweep();
    await service.act(uid, rental.id, 'start');
    advance(5_000);
    await reconcileAndSweep();
    expect((await service.get(uid, rental.id)).status).toBe('running');
    advance(2 * MINUTE);
    await reconcileAndSweep();

    const ended = await service.act(uid, rental.id, 'terminate');
    await sweep();
    await expectAuditClean(database);
    const rows = await database.db.select().from(creditLedger).where(eq(creditLedger.uid, uid));
    const captured = rows.filter((r) => r.kind === 'capture').reduce((sum, r) => sum - r.reservedDelta, 0);
    expect(captured).toBe(ended.costSoFar);
    expect(rows.some((r) => r.reason.endsWith('interrupted'))).toBe(false);
    expect(await getAccount(database.db, uid)).toEqual({ balance: 200 - ended.costSoFar, reserved: 0 });
    expect(lines).toEqual([]);
  });

  it('returns an abandoned request hold, leaves a running job’s hold, and skips a hold it cannot release', async () => {
    const uid = await user(50);
    const stuck = await user(50);
    // A job's hold (reserved with the job): no request settles it, the job does.
    const jobId = randomUUID();
    await database.db.execute(
      sql`insert into jobs (id, uid, kind, payload, cost, status) values (${jobId}, ${uid}, 'video', '{}'::jsonb, 7, 'active')`,
    );
    await database.transaction((tx) =>
      post(tx, {
        uid,
        move: { kind: 'reserve', delta: -7, reservedDelta: 7 },
        reason: 'Video',
        jobId,
        idempotencyKey: `job:${jobId}:reserve`,
      }),
    );
    // A hold the sweep cannot release: its credits are no longer reserved on the account (damaged by hand).
    const broken = { uid: stuck, key: `script:${randomUUID()}`, amount: 5, reason: 'Script generation' };
    await reserveHold(database, broken);
    await database.db.execute(sql`update credit_balances set reserved = 0, balance = balance + 5 where uid = ${stuck}`);
    const hold = { uid, key: `script:${randomUUID()}`, amount: 3, reason: 'Script generation' };
    await reserveHold(database, hold);

    lines.length = 0;
    expect(await sweep()).toBe(1);
    expect(await getAccount(database.db, uid)).toEqual({ balance: 50 - 7, reserved: 7 });
    expect(lines).toEqual([{ msg: expect.stringMatching(/could not be released/), key: broken.key }]);
    await expect(database.transaction((tx) => captureHold(tx, hold))).rejects.toThrow(HoldAlreadySettledError);

    const audit = await auditCredits(database);
    expect(audit.failures.map((f) => f.uid)).toEqual([stuck]);
    expect(audit.failures[0]?.problems).toContain(
      'Reserved 0, but the open holds sum to 5 (jobs 0, GPU rentals 0, requests 5)',
    );
  });

  function advance(ms: number) {
    clock += ms;
  }
});

describe('the migration to request_holds, on a database the old sweep ran on', () => {
  it('moves open request holds into the table, and shrinks a live rental’s hold by what the old sweep took', async () => {
    // The migrations as they were before this one.
    const before = fs.mkdtempSync(path.join(os.tmpdir(), 'nxn-migrations-'));
    fs.cpSync('drizzle', before, { recursive: true });
    const journal = JSON.parse(fs.readFileSync(path.join(before, 'meta', '_journal.json'), 'utf8'));
    const at = journal.entries.findIndex((entry: { tag: string }) => entry.tag.endsWith('_request_holds_table'));
    expect(at).toBeGreaterThan(0);
    journal.entries = journal.entries.slice(0, at);
    fs.writeFileSync(path.join(before, 'meta', '_journal.json'), JSON.stringify(journal));
    const client = new PGlite();
    const db = drizzle(client);
    try {
      await migrate(db, { migrationsFolder: before });
      const rental = randomUUID();
      await client.exec(`
        insert into users (uid) values ('u1');
        insert into credit_balances (uid, balance, reserved) values ('u1', 100, 0);
        insert into credit_ledger (uid, delta, reserved_delta, kind, reason, idempotency_key) values
          ('u1', 100, 0, 'grant', 'Signup', 'signup'),
          ('u1', -3, 3, 'reserve', 'Script generation', 'script:open:reserve'),
          ('u1', -2, 2, 'reserve', 'Script generation', 'script:done:reserve'),
          ('u1', 0, -2, 'capture', 'Script generation', 'script:done:settle'),
          ('u1', -15, 15, 'reserve', 'GPU rental', 'gpu:${rental}:1:reserve'),
          ('u1', 15, -15, 'release', 'GPU rental interrupted', 'gpu:${rental}:1:settle');
        insert into gpu_rentals (id, uid, provider, offer_key, region, gpu_model, gpu_count, vram_gb, template, image,
          disk_gb, ssh_public_key, credits_per_hour, status, held)
        values ('${rental}', 'u1', 'runpod', 'k', 'EU', 'RTX 4090', 1, 24, 'ubuntu-ssh', 'Ubuntu', 20, 'ssh-ed25519 A',
          90, 'running', 15);
      `);
      await migrate(db, { migrationsFolder: 'drizzle' });
      expect((await client.query('select uid, key, amount from request_holds')).rows).toEqual([
        { uid: 'u1', key: 'script:open', amount: 3 },
      ]);
      expect((await client.query(`select held from gpu_rentals where id = '${rental}'`)).rows).toEqual([{ held: 0 }]);
    } finally {
      await client.close();
      fs.rmSync(before, { recursive: true, force: true });
    }
  });
});
