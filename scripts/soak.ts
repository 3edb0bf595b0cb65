/**
 * The soak: mixed traffic through the real API and worker (separate processes, `src/server/main.ts`) for a set time,
 * with the worker killed (SIGKILL) and started again every few minutes, then the money checked to the last credit.
 *
 *   npx tsx scripts/soak.ts --minutes 30                       # PGlite (API and worker share its one process)
 *   npx tsx scripts/soak.ts --minutes 30 --database postgres   # a throwaway database on 127.0.0.1:5432
 *   npx tsx scripts/soak.ts --minutes 2 --write                # and write the figures into docs/benchmarks.md
 *
 * Traffic, from a few users at once: videos (some cancelled), speech, images, scripts (credits held by the request),
 * purchases through the Stripe sandbox (which delivers every webhook twice), GPU rentals through the RunPod sandbox
 * that run, stop, start and end across many sweeps (the sweep runs every few seconds and takes request holds older
 * than 10 s), webhook endpoints whose receivers are slow, failing or hanging, and duplicate submits sharing one
 * Idempotency-Key. PGlite admits one process, so there "killing the worker" kills the API with it.
 *
 * At the end it checks: every job succeeded, was cancelled, or failed with a reason; no job captured twice and no
 * purchase credited twice; no duplicate submit made two jobs; no request hold left open; every rental over with
 * exactly its cost captured; the credit audit (credits/audit.ts) clean. It prints the figures and exits 1 on any
 * violation. It starts an Auth emulator of its own on a free port: the shared one the tests use is cleared by every
 * browser test run, which would sign the soak's users out halfway.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { CREDIT_PACKS } from '../src/contract/payments.ts';
import { startRunpodSandbox } from '../src/sandboxes/runpod/index.ts';
import { startStripeSandbox } from '../src/sandboxes/stripe/index.ts';
import { loadConfig } from '../src/server/config/index.ts';
import { auditCredits } from '../src/server/credits/audit.ts';
import { openDatabase, rows } from '../src/server/db/index.ts';
import { costSoFar } from '../src/server/features/gpu/billing.ts';
import type { TestUser } from '../tests/integration/support/auth-emulator.ts';
import { pgliteTarget, postgresTarget, type Target } from '../tests/integration/support/databases.ts';
import { sshPublicKey } from '../tests/integration/support/ssh-key.ts';
import { client } from '../tests/integration/support/stack.ts';
import { cpuSeconds, writeBenchmarkBlock } from './bench-support.ts';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '30' },
    database: { type: 'string', default: 'pglite' },
    users: { type: 'string', default: '4' },
    write: { type: 'boolean', default: false },
  },
});
const MINUTES = Number(values.minutes);
const USERS = Number(values.users);
if (!(MINUTES > 0) || !(USERS > 0) || !['pglite', 'postgres'].includes(values.database ?? ''))
  throw new Error('Usage: npx tsx scripts/soak.ts [--minutes 30] [--database pglite|postgres] [--users 4] [--write]');
const RUN_MS = MINUTES * 60_000;
/** A few restarts even in a short run; every four minutes in a long one. */
const RESTART_EVERY_MS = Math.min(240_000, Math.max(20_000, RUN_MS / 6));
/** The sweep's age for request holds: far shorter than a rental's life, so every rental lives through many sweeps. */
const HOLD_AGE_S = 10;
const SWEEP_EVERY_S = 3;
const root = path.resolve(import.meta.dirname, '..');

const counts = new Map<string, number>();
const count = (name: string, by = 1) => counts.set(name, (counts.get(name) ?? 0) + by);
const violations: string[] = [];
const violation = (text: string) => {
  violations.push(text);
  console.error(`✖ ${text}`);
};
/** Set when the traffic starts (the platform's start-up is not part of the run). */
let deadline = Number.POSITIVE_INFINITY;
const running = () => Date.now() < deadline;
const jitter = (ms: number) => ms * (0.6 + Math.random() * 0.8);

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Webhook receivers as a careless customer runs them: slow (3 s), failing (500) and hanging (never answers). */
async function receivers(): Promise<{ urls: string[]; close(): void }> {
  const servers: Server[] = [];
  const start = async (answer: (res: import('node:http').ServerResponse) => void) => {
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        count('webhook requests received');
        answer(res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  };
  const urls = [
    await start((res) => setTimeout(() => res.end('ok'), 3_000)),
    await start((res) => res.writeHead(500).end('no')),
    await start(() => undefined),
  ];
  return {
    urls,
    close() {
      for (const server of servers) server.closeAllConnections();
      for (const server of servers) server.close();
    },
  };
}

/** A Firebase Auth emulator of the soak's own (java, in its own process group), on a free port. */
async function startEmulator(dir: string): Promise<{ host: string; close(): void }> {
  const port = await freePort();
  const config = path.join(dir, 'firebase.json');
  fs.writeFileSync(
    config,
    JSON.stringify({
      emulators: { auth: { host: '127.0.0.1', port }, ui: { enabled: false }, singleProjectMode: true },
    }),
  );
  const child = spawn(
    'npx',
    ['firebase', 'emulators:start', '--only', 'auth', '--project', 'demo-nxn', '--config', config],
    { cwd: root, env: { ...process.env, CI: 'true' }, stdio: 'ignore', detached: true },
  );
  const host = `127.0.0.1:${port}`;
  for (let i = 0; i < 360; i++) {
    if (
      await fetch(`http://${host}`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await sleep(500);
  }
  return { host, close: () => child.pid && process.kill(-child.pid, 'SIGTERM') };
}

async function createUser(emulatorHost: string): Promise<TestUser> {
  const email = `soak-${process.pid}-${Math.random().toString(36).slice(2)}@example.test`;
  const res = await fetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=any`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'soak-password', returnSecureToken: true }),
  });
  if (!res.ok) throw new Error(`signUp failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { localId: string; idToken: string };
  return { uid: body.localId, email, idToken: body.idToken };
}

interface Platform {
  url: string;
  env: NodeJS.ProcessEnv;
  restartWorker(): Promise<void>;
  stop(): Promise<void>;
}

/** API and worker as the deployment runs them; on PGlite one process holds both (it admits one at a time). */
async function startPlatform(target: Target, env: NodeJS.ProcessEnv, logFile: string): Promise<Platform> {
  const url = `http://127.0.0.1:${env.API_PORT}`;
  const log = fs.openSync(logFile, 'a');
  const spawnRole = (role: string) =>
    spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: root,
      env: { ...env, ROLE: role },
      stdio: ['ignore', log, log],
    });
  const exited = (child: ChildProcess) =>
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = async () => {
    for (let i = 0; i < 480; i++) {
      if (
        await fetch(`${url}/readyz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        return;
      await sleep(250);
    }
    throw new Error(`The API did not come up at ${url}`);
  };
  const shared = target.name === 'pglite';
  let api = spawnRole(shared ? 'api,worker' : 'api');
  let worker = shared ? api : spawnRole('worker');
  await ready();
  return {
    url,
    env,
    async restartWorker() {
      worker.kill('SIGKILL');
      await exited(worker);
      worker = spawnRole(shared ? 'api,worker' : 'worker');
      if (shared) {
        api = worker;
        await ready();
      }
    },
    async stop() {
      for (const child of new Set([worker, api])) {
        child.kill('SIGTERM');
        await Promise.race([exited(child), sleep(20_000).then(() => child.kill('SIGKILL'))]);
        await exited(child);
      }
      fs.closeSync(log);
    },
  };
}

type Call = ReturnType<typeof client>;

/** A call that survives the API being down for a restart: a network failure is counted and reads as status 0. */
function resilient(call: Call): Call {
  return async (method, route, body, headers) => {
    try {
      return await call(method, route, body, headers);
    } catch {
      count('requests cut off by a restart');
      return { status: 0, headers: new Headers(), body: undefined };
    }
  };
}

interface SoakUser {
  user: TestUser;
  api: Call;
  purchases: string[];
}

async function signUp(url: string, emulatorHost: string, hooks: string[]): Promise<SoakUser> {
  const user = await createUser(emulatorHost);
  const api = resilient(client(url, user));
  const signed = await api('POST', '/auth/auth', {
    uid: user.uid,
    email: user.email,
    displayName: null,
    photoURL: null,
  });
  if (signed.status !== 201) throw new Error(`sign-up answered ${signed.status}`);
  for (const hook of hooks) {
    const created = await api('POST', '/webhooks/endpoints', {
      url: hook,
      events: ['video.succeeded', 'speech.succeeded', 'image.succeeded', 'rental.status_changed', 'payment.succeeded'],
      description: 'soak receiver',
    });
    count(created.status === 201 ? 'webhook endpoints created' : `webhook endpoint refused (${created.status})`);
  }
  return { user, api, purchases: [] };
}

/** Runs `step` again and again until the end of the run, waiting about `everyMs` between rounds. */
async function loop(name: string, everyMs: number, step: () => Promise<void>): Promise<void> {
  await sleep(Math.random() * everyMs);
  while (running()) {
    try {
      await step();
    } catch (error) {
      count(`${name} errors`);
      console.error(`${name}: ${(error as Error).message}`);
    }
    await sleep(jitter(everyMs));
  }
}

const answered = (kind: string, status: number) => count(`${kind} ${status === 0 ? 'cut off' : status}`);

function workLoops(users: SoakUser[]): Promise<void>[] {
  const pick = () => users[Math.floor(Math.random() * users.length)]!;
  const video = {
    script: 'The lighthouse keeper climbs the stairs at dusk. The lamp turns, and the sea listens.',
    voiceId: 'en-us-olivia',
    aspect: '16:9',
    resolution: '720p',
    captions: 'off',
    visuals: 'generated',
  };
  return [
    loop('videos', 25_000, async () => {
      const { api } = pick();
      const res = await api('POST', '/videos', video);
      answered('POST /videos', res.status);
      // One in four is cancelled while it waits or renders: its credits must come back.
      if (res.status === 202 && Math.random() < 0.25) {
        await sleep(Math.random() * 5_000);
        answered('POST /videos/:id/cancel', (await api('POST', `/videos/${res.body.id}/cancel`)).status);
      }
    }),
    loop('speech', 12_000, async () => {
      const res = await pick().api('POST', '/speech', { text: 'Hello from the soak.', voiceId: 'en-us-olivia' });
      answered('POST /speech', res.status);
    }),
    loop('images', 12_000, async () => {
      const res = await pick().api('POST', '/images', { prompt: 'A lighthouse at dusk', engine: 'offline' });
      answered('POST /images', res.status);
    }),
    loop('scripts', 6_000, async () => {
      const res = await pick().api('POST', '/scripts', {
        topic: 'Tide pools',
        tone: 'friendly',
        platform: 'youtube',
        targetSeconds: 30,
      });
      answered('POST /scripts', res.status);
    }),
    loop('duplicates', 15_000, async () => {
      const { api } = pick();
      const key = crypto.randomUUID();
      const body = { prompt: `Duplicate ${key.slice(0, 8)}`, engine: 'offline' };
      const [a, b] = await Promise.all([
        api('POST', '/images', body, { 'idempotency-key': key }),
        api('POST', '/images', body, { 'idempotency-key': key }),
      ]);
      answered('duplicate POST /images', a.status);
      answered('duplicate POST /images', b.status);
      const ids = [a, b].filter((r) => r.status >= 200 && r.status < 300).map((r) => r.body.id);
      if (new Set(ids).size > 1) violation(`one Idempotency-Key made two images: ${ids.join(', ')}`);
      // Once the first has answered, a repeat must give the same record.
      const again = await api('POST', '/images', body, { 'idempotency-key': key });
      answered('duplicate POST /images', again.status);
      if (again.status === 200 && ids.length > 0 && again.body.id !== ids[0])
        violation(`a replayed Idempotency-Key answered another image: ${again.body.id} ≠ ${ids[0]}`);
    }),
    loop('purchases', 30_000, async () => {
      const buyer = pick();
      const res = await buyer.api('POST', '/payments/checkout', {
        packId: CREDIT_PACKS[0].id,
        returnUrl: 'http://soak.test/billing',
      });
      answered('POST /payments/checkout', res.status);
      if (res.status !== 201) return;
      buyer.purchases.push(res.body.purchaseId);
      const outcome = Math.random() < 0.7 ? 'pay' : 'later_succeed';
      const paid = await fetch(res.body.url, {
        method: 'POST',
        body: new URLSearchParams({ outcome }),
        redirect: 'manual',
      }).catch(() => undefined);
      count(`checkout ${outcome} ${paid ? paid.status : 'cut off'}`);
    }),
    ...users.map((user) => loop('rentals', 5_000, () => rentalLife(user))),
  ];
}

/** One rental's whole life: launch, run past several sweeps, stop, start again, run, end. */
async function rentalLife({ api }: SoakUser): Promise<void> {
  const offers = (await api('GET', '/gpu/offers')).body?.offers as
    | { id: string; provider: string; gpuModel: string; gpuCount: number; available: boolean }[]
    | undefined;
  const offer = offers?.find((o) => o.provider === 'runpod' && o.gpuCount === 1 && o.available);
  if (!offer) return void count('rental: no offer');
  let keys = (await api('GET', '/gpu/ssh-keys')).body?.keys as { id: string }[] | undefined;
  if (!keys?.length) {
    await api('POST', '/gpu/ssh-keys', { name: 'soak', publicKey: sshPublicKey('soak@nxn') });
    keys = (await api('GET', '/gpu/ssh-keys')).body?.keys;
  }
  if (!keys?.[0]) return;
  const launched = await api('POST', '/gpu/rentals', {
    offerId: offer.id,
    template: 'ubuntu-ssh',
    diskGb: 20,
    sshKeyId: keys[0].id,
  });
  answered('POST /gpu/rentals', launched.status);
  if (launched.status !== 201) return void (await sleep(10_000));
  const id = launched.body.id as string;
  const status = async () => (await api('GET', `/gpu/rentals/${id}`)).body?.status as string | undefined;
  const reach = async (wanted: string, ms: number) => {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      if ((await status()) === wanted) return true;
      await sleep(1_000);
    }
    return false;
  };
  const life = Math.min(90_000, Math.max(25_000, RUN_MS / 8));
  if (await reach('running', 60_000)) {
    await sleep(life / 2);
    answered('POST /gpu/rentals/:id/stop', (await api('POST', `/gpu/rentals/${id}/stop`)).status);
    if (await reach('stopped', 60_000)) {
      await sleep(life / 6);
      answered('POST /gpu/rentals/:id/start', (await api('POST', `/gpu/rentals/${id}/start`)).status);
      await reach('running', 60_000);
      await sleep(life / 3);
    }
  }
  answered('POST /gpu/rentals/:id/terminate', (await api('POST', `/gpu/rentals/${id}/terminate`)).status);
  count('rental lives');
}

/** Worker kills on their schedule until the run ends. */
async function restarts(platform: Platform): Promise<void> {
  while (running()) {
    await sleep(Math.min(RESTART_EVERY_MS, Math.max(0, deadline - Date.now())));
    if (!running()) return;
    await platform.restartWorker();
    count('worker kills (SIGKILL) and restarts');
  }
}

async function allJobs(api: Call): Promise<{ status: string }[]> {
  const found: { status: string }[] = [];
  let cursor: string | null = null;
  do {
    const page = await api('GET', `/jobs?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    found.push(...((page.body?.jobs ?? []) as { status: string }[]));
    cursor = page.body?.nextCursor ?? null;
  } while (cursor);
  return found;
}

/** After the traffic: every rental ended, every job and purchase over (a violation when something never is). */
async function drain(users: SoakUser[]): Promise<void> {
  const until = Date.now() + Math.max(300_000, RUN_MS / 3);
  for (;;) {
    let open = 0;
    for (const { api } of users) {
      const rentals = (await api('GET', '/gpu/rentals')).body?.rentals as { id: string; status: string }[] | undefined;
      if (!rentals) open++;
      for (const rental of (rentals ?? []).filter((r) => r.status !== 'terminated' && r.status !== 'failed')) {
        open++;
        await api('POST', `/gpu/rentals/${rental.id}/terminate`);
      }
      open += (await allJobs(api)).filter((j) => j.status === 'queued' || j.status === 'active').length;
      for (const id of users.flatMap((u) => (u.api === api ? u.purchases : []))) {
        const purchase = await api('GET', `/payments/purchases/${id}`);
        if (purchase.body?.status === 'pending' || purchase.body?.status === 'processing') open++;
      }
    }
    if (open === 0) break;
    if (Date.now() > until) return void violation(`${open} jobs, purchases or rentals never finished`);
    await sleep(2_000);
  }
  // Request holds cut off by a kill are returned by the sweep once they are older than its age.
  await sleep((HOLD_AGE_S + 2 * SWEEP_EVERY_S) * 1000);
}

async function main(): Promise<void> {
  const started = performance.now();
  const maybeTarget = values.database === 'postgres' ? await postgresTarget() : await pgliteTarget();
  if (typeof maybeTarget === 'string') throw new Error(maybeTarget);
  const target = maybeTarget;
  const apiPort = await freePort();
  const webhookSecret = `whsec_soak_${process.pid}`;
  const stripe = await startStripeSandbox({
    webhookUrl: `http://127.0.0.1:${apiPort}/payments/stripe/webhook`,
    webhookSecret,
    settleAfterMs: 2_000,
    redeliverAfterMs: 1_000,
  });
  const runpod = await startRunpodSandbox({ provisioningMs: 3_000 });
  const emulator = await startEmulator(target.dataDir);
  const hooks = await receivers();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    DATA_DIR: target.dataDir,
    ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
    API_PORT: String(apiPort),
    FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
    LOG_LEVEL: 'warn',
    CORS_ORIGINS: 'http://soak.test',
    STRIPE_SECRET_KEY: 'sk_test_soak',
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_BASE: stripe.url,
    PAYMENTS_SANDBOX: '1',
    RUNPOD_API_URL: runpod.url,
    GPU_SANDBOX: '1',
    GPU_TICK_SECONDS: '2',
    GPU_HOLD_MINUTES: '2',
    GPU_LAUNCHES_PER_HOUR: '1000',
    WEBHOOKS_ALLOW_LOOPBACK: '1',
    JOB_MONITOR_SECONDS: '2',
    JOB_SWEEP_SECONDS: String(SWEEP_EVERY_S),
    LLM_TIMEOUT_MS: '5000',
    CREDIT_HOLD_ABANDONED_SECONDS: String(HOLD_AGE_S),
    RATE_LIMIT_USER_BURST: '1000',
    RATE_LIMIT_IP_BURST: '5000',
  };
  const logFile = path.join(target.dataDir, 'soak-server.log');
  console.error(
    `soak: ${MINUTES} min on ${target.name}, ${USERS} users, worker killed every ${RESTART_EVERY_MS / 1000} s`,
  );
  const platform = await startPlatform(target, env, logFile);
  let users: SoakUser[] = [];
  try {
    users = await Promise.all(Array.from({ length: USERS }, () => signUp(platform.url, emulator.host, hooks.urls)));
    deadline = Date.now() + RUN_MS;
    await Promise.all([...workLoops(users), restarts(platform)]);
    await drain(users);
  } finally {
    await platform.stop();
    hooks.close();
    await stripe.close();
    await runpod.close();
    emulator.close();
  }
  const figures = await checkMoney(env, users, logFile);
  await target.dispose();
  report(target.name, figures, (performance.now() - started) / 1000);
  process.exit(violations.length > 0 ? 1 : 0);
}

/** The database after the run: the violations, and the figures worth printing. */
async function checkMoney(env: NodeJS.ProcessEnv, users: SoakUser[], logFile: string): Promise<Map<string, number>> {
  const database = await openDatabase(loadConfig({ ...env, LOG_LEVEL: 'silent' }));
  const figures = new Map<string, number>();
  try {
    const uids = users.map((u) => u.user.uid);
    const inUsers = sql.join(
      uids.map((uid) => sql`${uid}`),
      sql`, `,
    );
    const jobs = await rows<{ kind: string; status: string; error: string | null; captures: number }>(
      database.db,
      sql`select j.kind, j.status, j.error,
            (select count(*)::int from credit_ledger l where l.job_id = j.id and l.kind = 'capture') as captures
          from jobs j where j.uid in (${inUsers})`,
    );
    for (const job of jobs) {
      figures.set(`jobs ${job.kind} ${job.status}`, (figures.get(`jobs ${job.kind} ${job.status}`) ?? 0) + 1);
      if (job.status === 'queued' || job.status === 'active') violation(`a ${job.kind} job is still ${job.status}`);
      if (job.status === 'failed' && !job.error?.trim()) violation(`a ${job.kind} job failed without a reason`);
      if (Number(job.captures) > 1) violation(`a ${job.kind} job captured ${job.captures} times`);
    }
    const [purchases] = await rows<{ paid: number; credited: number; credits: number; expected: number }>(
      database.db,
      sql`select (select count(*)::int from purchases where uid in (${inUsers}) and status = 'paid') as paid,
            (select count(*)::int from credit_ledger where uid in (${inUsers}) and kind = 'purchase') as credited,
            (select coalesce(sum(delta), 0)::int from credit_ledger where uid in (${inUsers}) and kind = 'purchase') as credits,
            (select coalesce(sum(credits), 0)::int from purchases where uid in (${inUsers}) and status = 'paid') as expected`,
    );
    figures.set('purchases paid', Number(purchases?.paid));
    figures.set('purchase credits in the ledger', Number(purchases?.credits));
    if (purchases?.paid !== purchases?.credited || purchases?.credits !== purchases?.expected)
      violation(
        `purchases: ${purchases?.paid} paid for ${purchases?.expected} credits, ledger credited ${purchases?.credited} times ${purchases?.credits}`,
      );
    await checkRentals(database, inUsers, figures);
    const [holds] = await rows<{ open: number; swept: number }>(
      database.db,
      sql`select (select count(*)::int from request_holds where uid in (${inUsers})) as open,
            (select count(*)::int from credit_ledger where uid in (${inUsers}) and reason like '% interrupted') as swept`,
    );
    figures.set('request holds returned by the sweep', Number(holds?.swept));
    if (Number(holds?.open) > 0) violation(`${holds?.open} request holds were never settled nor swept`);
    const deliveries = await rows<{ status: string; n: number }>(
      database.db,
      sql`select status, count(*)::int as n from webhook_deliveries group by status order by status`,
    );
    for (const d of deliveries) figures.set(`webhook deliveries ${d.status}`, Number(d.n));
    const audit = await auditCredits(database);
    figures.set('accounts audited', audit.accounts);
    for (const failure of audit.failures) violation(`audit: ${failure.uid}: ${failure.problems.join('; ')}`);
  } finally {
    await database.close();
  }
  const log = fs.readFileSync(logFile, 'utf8');
  for (const line of log.split('\n').filter((l) => /does not fit the account|could not be released/.test(l)))
    violation(`server log: ${line.slice(0, 300)}`);
  figures.set('server log errors', log.split('\n').filter((l) => /"level":(50|60)/.test(l)).length);
  return figures;
}

async function checkRentals(
  database: Awaited<ReturnType<typeof openDatabase>>,
  inUsers: ReturnType<typeof sql.join>,
  figures: Map<string, number>,
) {
  const rentals = await rows<{
    id: string;
    status: string;
    held: number;
    captured: number;
    credits_per_hour: number;
    stopped_credits_per_hour: number;
    run_minutes: number;
    stopped_minutes: number;
    uptime_ms: number;
    ledger_captured: number;
  }>(
    database.db,
    sql`select r.*, (select coalesce(-sum(reserved_delta), 0)::int from credit_ledger l
          where l.uid = r.uid and l.kind = 'capture' and l.idempotency_key like 'gpu:' || r.id || ':%') as ledger_captured
        from gpu_rentals r where r.uid in (${inUsers})`,
  );
  for (const r of rentals) {
    const cost = costSoFar(
      {
        creditsPerHour: r.credits_per_hour,
        stoppedCreditsPerHour: r.stopped_credits_per_hour,
        runMinutes: r.run_minutes,
        stoppedMinutes: r.stopped_minutes,
        runningSince: null,
        stoppedSince: null,
      },
      new Date(),
    );
    figures.set('rentals', (figures.get('rentals') ?? 0) + 1);
    figures.set('rental credits captured', (figures.get('rental credits captured') ?? 0) + Number(r.ledger_captured));
    figures.set(
      'rental minutes of uptime',
      (figures.get('rental minutes of uptime') ?? 0) + Number(r.uptime_ms) / 60_000,
    );
    if (r.status !== 'terminated' && r.status !== 'failed') {
      violation(`rental ${r.id} is still ${r.status}`);
      continue;
    }
    if (Number(r.held) !== 0) violation(`rental ${r.id} still holds ${r.held}`);
    if (Number(r.ledger_captured) !== cost || Number(r.captured) !== cost)
      violation(`rental ${r.id} cost ${cost} but captured ${r.captured} (ledger ${r.ledger_captured})`);
  }
}

function report(database: string, figures: Map<string, number>, seconds: number): void {
  const lines = [
    `Soak on ${database === 'pglite' ? 'PGlite' : 'PostgreSQL'}: ${MINUTES} min of traffic, ${USERS} users, ${os.cpus().length} cores`,
    `Wall ${seconds.toFixed(0)} s, CPU ${cpuSeconds().toFixed(0)} s (this process and the servers it ran, ffmpeg included)`,
    ...[...counts].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => `  ${k}: ${v}`),
    ...[...figures].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => `  ${k}: ${Math.round(v * 10) / 10}`),
    violations.length === 0 ? 'No violations: the audit is clean.' : `${violations.length} violations.`,
  ];
  console.log(lines.join('\n'));
  if (values.write) writeBenchmarkBlock(`soak-${database}`, 'Soak', `\`\`\`\n${lines.join('\n')}\n\`\`\``);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
