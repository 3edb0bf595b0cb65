/**
 * GPU rental end to end below HTTP: the real service and store on PGlite and PostgreSQL, the real RunPod adapter
 * against the RunPod sandbox and the real Lambda adapter against a local Lambda-protocol server. The clock is the
 * test's own (service, sandbox and Lambda server share it), so minutes pass without waiting.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRunpodSandbox } from '~/sandboxes/runpod/index.ts';
import { grant } from '~/server/credits/ledger.ts';
import { getAccount, openAccount, post } from '~/server/credits/service.ts';
import { type Database, openDatabase } from '~/server/db/index.ts';
import { creditLedger } from '~/server/db/schema/credits.ts';
import { users } from '~/server/db/schema/users.ts';
import { gpuAnalytics } from '~/server/features/gpu/analytics.ts';
import { createGpuService, type GpuService } from '~/server/features/gpu/service.ts';
import { AUTO_STOP_REASON } from '~/server/features/gpu/settlement.ts';
import { createLogger } from '~/server/http/logger.ts';
import { createLambdaProvider } from '~/server/providers/gpu/lambda.ts';
import { createRunpodProvider } from '~/server/providers/gpu/runpod.ts';
import { auditAfterEach } from './support/audit.ts';
import { pgliteTarget, postgresTarget, type Target } from './support/databases.ts';
import { startLambdaCloud } from './support/lambda-cloud.ts';
import { sshPublicKey } from './support/ssh-key.ts';
import { testConfig } from './support/stack.ts';

const MINUTE = 60_000;

const postgres = await postgresTarget();
if (typeof postgres === 'string') console.log(postgres);
const targets: (() => Promise<Target>)[] = [
  pgliteTarget,
  ...(typeof postgres === 'string' ? [] : [async () => postgres]),
];

describe.each(targets.map((make, i) => [i === 0 ? 'PGlite' : 'PostgreSQL', make] as const))(
  'GPU rental on %s',
  (_name, makeTarget) => {
    let target: Target;
    let database: Database;
    auditAfterEach(() => database);
    let sandbox: Awaited<ReturnType<typeof startRunpodSandbox>>;
    let lambdaCloud: Awaited<ReturnType<typeof startLambdaCloud>>;
    let clock = Date.parse('2026-03-01T10:00:00Z');
    let service: GpuService;
    /** A second service over the same database and providers: the worker after a restart. */
    let restarted: () => GpuService;
    let users_ = 0;
    const advance = (ms: number) => {
      clock += ms;
    };
    const log = createLogger('silent', 'test');

    beforeAll(async () => {
      target = await makeTarget();
      const config = testConfig(target, { GPU_MAX_ACTIVE_PER_USER: '3' });
      database = await openDatabase(config);
      sandbox = await startRunpodSandbox({ now: () => clock, provisioningMs: 5_000 });
      lambdaCloud = await startLambdaCloud({ apiKey: 'lambda-key', now: () => clock, bootMs: 30_000 });
      const providers = [
        createRunpodProvider({ apiKey: 'runpod-key', baseUrl: sandbox.url, timeoutMs: 300, sandbox: true }),
        createLambdaProvider({ apiKey: 'lambda-key', baseUrl: lambdaCloud.url, timeoutMs: 300 }),
      ];
      restarted = () =>
        createGpuService({
          config: { ...config.gpu, timeoutMs: 300 },
          database,
          providers,
          log,
          now: () => new Date(clock),
        });
      service = restarted();
    });
    afterAll(async () => {
      await sandbox?.close();
      await lambdaCloud?.close();
      await database?.close();
      await target?.dispose();
    });

    async function user(credits = 100) {
      const uid = `gpu-user-${++users_}-${Date.now()}`;
      await database.db.insert(users).values({ uid });
      await database.transaction(async (tx) => {
        await openAccount(tx, uid);
        await post(tx, { uid, move: grant(credits), reason: 'test', idempotencyKey: `test:${uid}` });
      });
      const key = await service.addKey(uid, { name: 'laptop', publicKey: sshPublicKey() });
      return { uid, key };
    }
    const account = (uid: string) => getAccount(database.db, uid);
    const ledger = (uid: string) => database.db.select().from(creditLedger).where(eq(creditLedger.uid, uid));
    const offer = async (provider: string, model: string, region?: string) => {
      const found = (await service.catalogue()).offers.find(
        (o) => o.provider === provider && o.gpuModel === model && o.gpuCount === 1 && (!region || o.region === region),
      );
      if (!found) throw new Error(`no ${model} offer`);
      return found;
    };
    const launch = async (uid: string, keyId: string, offerId: string) =>
      service.launch(uid, { offerId, template: 'pytorch-jupyter', diskGb: 20, sshKeyId: keyId });
    const status = async (uid: string, id: string) => (await service.get(uid, id)).status;

    it('rents, runs, bills by the started minute, stops, starts and terminates, and only the owner sees it', async () => {
      const { uid, key } = await user();
      const rtx = await offer('runpod', 'RTX 4090', 'Secure cloud');
      expect(rtx).toMatchObject({
        creditsPerHour: 90,
        sandboxLabel: 'Sandbox: no real GPU',
        available: true,
        supportsStop: true,
      });

      const rental = await launch(uid, key.id, rtx.id);
      expect(rental.status).toBe('provisioning');
      expect(await account(uid)).toEqual({ balance: 85, reserved: 15 }); // ten minutes held to start

      advance(5_000);
      const running = await service.get(uid, rental.id);
      expect(running.status).toBe('running');
      expect(running.connection?.ssh).toBe(`ssh root@127.0.0.1 -p ${sandbox.sshPort}`);
      expect(running.connection?.links[0]).toEqual({
        label: 'Jupyter',
        url: expect.stringMatching(/^https:\/\/\w+-8888\.proxy\.runpod\.net$/),
      });

      const other = await user();
      await expect(service.get(other.uid, rental.id)).rejects.toMatchObject({ status: 404 });
      await expect(service.act(other.uid, rental.id, 'terminate')).rejects.toMatchObject({ status: 404 });

      // 3 min 10 s of running is four started minutes: 4 × 90 / 60 = 6 credits, still inside the hold.
      advance(3 * MINUTE + 10_000);
      await service.reconcileAll();
      expect((await service.get(uid, rental.id)).costSoFar).toBe(6);
      const rowsBefore = (await ledger(uid)).length;
      await service.reconcileAll();
      expect((await ledger(uid)).length).toBe(rowsBefore); // no ledger row per minute

      // Past most of the hold, the worker settles: capture what was used, hold the next ten minutes again.
      advance(5 * MINUTE);
      await service.reconcileAll();
      expect(await account(uid)).toEqual({ balance: 100 - 14 - 15, reserved: 15 });

      const stopped = await service.act(uid, rental.id, 'stop');
      expect(stopped.status).toBe('stopping');
      await service.reconcileAll();
      expect(await status(uid, rental.id)).toBe('stopped');
      const costStopped = (await service.get(uid, rental.id)).costSoFar;
      expect(costStopped).toBe(14); // nine started minutes; the stopped 20 GB disk costs 1 credit an hour
      advance(60 * MINUTE);
      await service.reconcileAll();
      expect((await service.get(uid, rental.id)).costSoFar).toBe(14 + 1);

      await service.act(uid, rental.id, 'start');
      expect(await status(uid, rental.id)).toBe('provisioning');
      advance(5_000);
      await service.reconcileAll();
      expect(await status(uid, rental.id)).toBe('running');
      advance(30_000);

      const ended = await service.act(uid, rental.id, 'terminate');
      expect(ended.status).toBe('terminated');
      expect(ended.costSoFar).toBe(15 + 1); // ten started running minutes at 90/h, 60 stopped minutes at 1/h
      expect(await account(uid)).toEqual({ balance: 100 - ended.costSoFar, reserved: 0 });
      expect(sandbox.control.pods().some((p) => p.name === `nxn-${rental.id}`)).toBe(false);
      expect((await ledger(uid)).every((row) => row.kind === 'grant' || row.idempotencyKey?.startsWith('gpu:'))).toBe(
        true,
      );
    });

    it('tells analytics the GPU hours run in any range, and the dashboard the machines not over with their cost', async () => {
      const { uid, key } = await user(500);
      const rtx = await offer('runpod', 'RTX 4090', 'Secure cloud');
      const rental = await launch(uid, key.id, rtx.id);
      advance(5_000);
      expect(await status(uid, rental.id)).toBe('running');
      const startedAt = clock;
      advance(90 * MINUTE);
      await service.act(uid, rental.id, 'stop');
      await service.reconcileAll();
      expect(await status(uid, rental.id)).toBe('stopped');
      advance(60 * MINUTE); // stopped time is not GPU time

      const gpu = gpuAnalytics(database, () => new Date(clock));
      const hours = (from: number, to: number) => gpu.hours.total(uid, new Date(from), new Date(to));
      expect(await hours(startedAt - 24 * 60 * MINUTE, clock)).toBeCloseTo(1.5, 6);
      // The same time the rental's own uptime shows (one GPU: a GPU hour is a machine hour).
      expect((await service.get(uid, rental.id)).uptimeMs).toBe(90 * MINUTE);
      expect(await hours(startedAt + 60 * MINUTE, clock)).toBeCloseTo(0.5, 6);
      expect(await hours(clock - 30 * MINUTE, clock)).toBe(0);
      expect(await gpu.hours.total((await user()).uid, new Date(startedAt), new Date(clock))).toBe(0);

      const [shown] = await gpu.rentals.running(uid);
      const { costSoFar } = await service.get(uid, rental.id);
      expect(shown).toMatchObject({
        id: rental.id,
        source: 'gpu',
        status: 'stopped',
        title: '1× RTX 4090',
        href: '/my-rentals',
        detail: `${costSoFar} credits so far`,
      });
      await service.act(uid, rental.id, 'terminate');
      expect(await gpu.rentals.running(uid)).toEqual([]);
    });

    it('stops the machine automatically before the credits run out, and says why', async () => {
      const { uid, key } = await user(100);
      const a100 = await offer('runpod', 'A100 PCIe', 'Secure cloud'); // 214 credits an hour
      const rental = await launch(uid, key.id, a100.id);
      advance(5_000);
      await service.reconcileAll();
      let seen = await service.get(uid, rental.id);
      expect(seen.minutesLeft).toBe(28);
      for (let i = 0; i < 40 && seen.status === 'running'; i++) {
        advance(MINUTE);
        await service.reconcileAll();
        seen = await service.get(uid, rental.id);
        expect((await account(uid)).balance).toBeGreaterThanOrEqual(0);
      }
      expect(seen.status).toMatch(/stopping|stopped/);
      expect(seen.statusReason).toBe(AUTO_STOP_REASON);
      expect(seen.costSoFar).toBeLessThanOrEqual(100);
      await service.reconcileAll();
      const final = await service.get(uid, rental.id);
      expect(final.status).toBe('stopped');
      const { balance, reserved } = await account(uid);
      expect(balance + reserved + final.costSoFar - 0).toBeGreaterThanOrEqual(100 - 1);
    });

    it('a failed launch costs nothing: no capacity, a refused key', async () => {
      const { uid, key } = await user();
      const rtx = await offer('runpod', 'RTX 4090', 'Community cloud');
      sandbox.control.setStock('NVIDIA GeForce RTX 4090', false);
      const failed = await launch(uid, key.id, rtx.id);
      sandbox.control.setStock('NVIDIA GeForce RTX 4090', true);
      expect(failed.status).toBe('failed');
      expect(failed.statusReason).toMatch(/no machine of this kind free.*Nothing was charged/);
      expect(await account(uid)).toEqual({ balance: 100, reserved: 0 });

      sandbox.control.failNext(/^POST \/v2\/pods$/, 401);
      const refused = await launch(uid, key.id, rtx.id);
      expect(refused).toMatchObject({ status: 'failed', costSoFar: 0 });
      expect(refused.statusReason).toMatch(/refused the server's API key/);
      expect(await account(uid)).toEqual({ balance: 100, reserved: 0 });
    });

    it('retries a create that got a 5xx, and a 429, without a second machine', async () => {
      const { uid, key } = await user();
      const rtx = await offer('runpod', 'RTX 4090', 'Secure cloud');
      sandbox.control.failNext(/^POST \/v2\/pods$/, 503);
      const rental = await launch(uid, key.id, rtx.id);
      expect(rental.status).toBe('requested');
      await service.reconcileAll(); // the last create is too recent to send another
      expect(sandbox.control.pods().filter((p) => p.name === `nxn-${rental.id}`)).toHaveLength(0);
      sandbox.control.failNext(/^POST \/v2\/pods$/, 429);
      advance(MINUTE);
      await service.reconcileAll();
      expect(await status(uid, rental.id)).toBe('requested');
      advance(MINUTE);
      await service.reconcileAll();
      expect(await status(uid, rental.id)).toBe('provisioning');
      expect(sandbox.control.pods().filter((p) => p.name === `nxn-${rental.id}`)).toHaveLength(1);
      await service.act(uid, rental.id, 'terminate');
    });

    it('a machine ended on the provider side ends the rental and its billing', async () => {
      const { uid, key } = await user();
      const rental = await launch(uid, key.id, (await offer('runpod', 'RTX 4090', 'Secure cloud')).id);
      advance(5_000);
      await service.reconcileAll();
      advance(2 * MINUTE);
      const pod = sandbox.control.pods().find((p) => p.name === `nxn-${rental.id}`)!;
      sandbox.control.removePod(pod.id);
      await service.reconcileAll();
      const ended = await service.get(uid, rental.id);
      expect(ended).toMatchObject({ status: 'terminated', costSoFar: 3 });
      expect(ended.statusReason).toMatch(/provider ended this machine/);
      advance(60 * MINUTE);
      await service.reconcileAll();
      expect((await service.get(uid, rental.id)).costSoFar).toBe(3);
      expect(await account(uid)).toEqual({ balance: 97, reserved: 0 });
    });

    it('a create cut off before it was recorded leaves exactly one machine, adopted by the restarted worker', async () => {
      const { uid, key } = await user();
      // The create reaches RunPod, which makes the pod after the client gave up: as if the process died mid-call.
      sandbox.control.delayNext(/^POST \/v2\/pods$/, 600);
      const rental = await launch(uid, key.id, (await offer('runpod', 'RTX 4090', 'Secure cloud')).id);
      expect(rental.status).toBe('requested');
      await sleep(800);
      expect(sandbox.control.pods().filter((p) => p.name === `nxn-${rental.id}`)).toHaveLength(1);
      advance(MINUTE);
      const worker = restarted();
      await worker.reconcileAll();
      await worker.reconcileAll();
      expect(sandbox.control.pods().filter((p) => p.name === `nxn-${rental.id}`)).toHaveLength(1);
      advance(5_000);
      expect(await status(uid, rental.id)).toBe('running');
      await service.act(uid, rental.id, 'terminate');
    });

    it('a machine that lands after its rental was terminated is ended by the next reconcile', async () => {
      const { uid, key } = await user();
      sandbox.control.delayNext(/^POST \/v2\/pods$/, 600);
      const rental = await launch(uid, key.id, (await offer('runpod', 'RTX 4090', 'Secure cloud')).id);
      expect((await service.act(uid, rental.id, 'terminate')).status).toBe('terminated');
      await sleep(800);
      expect(sandbox.control.pods().filter((p) => p.name === `nxn-${rental.id}`)).toHaveLength(1);
      await service.reconcileAll();
      expect(sandbox.control.pods().filter((p) => p.name === `nxn-${rental.id}`)).toHaveLength(0);
      expect(await account(uid)).toEqual({ balance: 100, reserved: 0 });
    });

    it('caps active machines per user', async () => {
      const { uid, key } = await user(1000);
      const rtx = (await offer('runpod', 'RTX 4090', 'Community cloud')).id;
      const launched = [await launch(uid, key.id, rtx), await launch(uid, key.id, rtx), await launch(uid, key.id, rtx)];
      await expect(launch(uid, key.id, rtx)).rejects.toMatchObject({ status: 409 });
      for (const rental of launched) await service.act(uid, rental.id, 'terminate');
    });

    it('rents on Lambda: launch with a registered key, run, no stop, terminate; no capacity costs nothing', async () => {
      const { uid, key } = await user();
      const a10 = await offer('lambda', 'A10');
      expect(a10).toMatchObject({
        gpuCount: 1,
        vramGb: 24,
        vcpus: 30,
        region: 'Virginia, USA',
        supportsStop: false,
        creditsPerHour: 98,
        sandboxLabel: null,
      });
      const rental = await launch(uid, key.id, a10.id);
      expect(rental.status).toBe('provisioning');
      expect(lambdaCloud.keys()).toHaveLength(1);
      advance(30_000);
      const running = await service.get(uid, rental.id);
      expect(running.status).toBe('running');
      expect(running.connection?.ssh).toBe('ssh ubuntu@203.0.113.7 -p 22');
      await expect(service.act(uid, rental.id, 'stop')).rejects.toMatchObject({ status: 409 });
      advance(90_000);
      const ended = await service.act(uid, rental.id, 'terminate');
      expect(ended).toMatchObject({ status: 'terminated', costSoFar: 4 }); // 2 started minutes × 98/h
      expect(lambdaCloud.instances()).toHaveLength(0);

      const listed = await offer('lambda', 'A10');
      lambdaCloud.setCapacity(false);
      const stale = await launch(uid, key.id, listed.id); // the catalogue is cached; the launch learns of the shortage
      lambdaCloud.setCapacity(true);
      expect(stale.status).toBe('failed');
      expect(stale.statusReason).toMatch(/no machine of this kind free/);
      expect(await account(uid)).toEqual({ balance: 96, reserved: 0 });
    });
  },
);
