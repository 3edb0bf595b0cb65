/**
 * `npm start`: the whole product on one machine with embedded defaults. Makes sure the system packages the worker
 * runs are installed (scripts/ensure-system-deps.sh, which the tests use too; it says what it installs, and without
 * root or sudo stops `npm start` with the command to run; SKIP_SYSTEM_DEPS=1 starts anyway), builds the site when
 * dist/ is missing or older than its sources, starts the Firebase Auth emulator with its accounts kept under
 * DATA_DIR/auth (unless a real project is configured or one already answers on FIREBASE_AUTH_EMULATOR_HOST), without
 * STRIPE_SECRET_KEY the local Stripe sandbox and without a GPU provider key the local RunPod sandbox, then runs site +
 * API + worker (ROLE=all, PGlite in ./data). Ctrl-C stops everything.
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startRunpodSandbox } from '../src/sandboxes/runpod/index.ts';
import { startStripeSandbox } from '../src/sandboxes/stripe/index.ts';
import { emulatorAccountSaver, hasSavedAccounts } from '../src/server/auth/emulator-export.ts';
import { loadConfig } from '../src/server/config/index.ts';

const root = path.resolve(import.meta.dirname, '..');
const env: NodeJS.ProcessEnv = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ROLE: process.env.ROLE ?? 'all' };
// Everything runs on this machine, so a developer's webhook receiver does too; the config refuses it in production.
if (env.WEBHOOKS_ALLOW_LOOPBACK === undefined && env.NODE_ENV !== 'production') env.WEBHOOKS_ALLOW_LOOPBACK = 'true';
const config = loadConfig(env);
const children: ChildProcess[] = [];
/** Local stand-ins for outside services, started below and closed when everything stops. */
const sandboxes: { close(): Promise<void> }[] = [];
/** Saves the emulator's accounts every few seconds; stopped (with a last save) before the emulator. */
let accountSaver: { close(): Promise<void> } | undefined;

/** Inputs of the static build; dist/ is stale when any of them is newer than its index page. */
const SITE_INPUTS = ['src', 'content', 'public', 'astro.config.mjs', 'package.json', 'tsconfig.json'];

function newestMtime(target: string): number {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    // Server code is not part of the static site; rebuilding for it would only cost time.
    if (path.join(target, entry) === path.join(root, 'src', 'server')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

function siteIsStale(): boolean {
  const built = fs.statSync(path.join(root, 'dist', 'index.html'), { throwIfNoEntry: false });
  if (!built) return true;
  return SITE_INPUTS.some((input) => newestMtime(path.join(root, input)) > built.mtimeMs);
}

function run(command: string, args: string[], options: { detached?: boolean } = {}): ChildProcess {
  const child = spawn(command, args, { cwd: root, env, stdio: 'inherit', detached: options.detached ?? false });
  children.push(child);
  return child;
}

const exitCode = (child: ChildProcess) =>
  new Promise<number>((resolve) => child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(1_000) });
    return true;
  } catch {
    return false;
  }
}

async function waitFor(url: string, what: string, seconds: number): Promise<void> {
  for (let i = 0; i < seconds * 4; i++) {
    if (await answers(url)) return;
    await sleep(250);
  }
  throw new Error(`${what} did not come up at ${url} within ${seconds}s`);
}

let stopping: Promise<never> | undefined;
/**
 * Stops the children, newest first, then exits. Runs once: Ctrl-C also reaches the server, whose exit calls this
 * again, and that second call must wait for the first to reach the emulator rather than exit early.
 */
function stopAll(code: number): Promise<never> {
  stopping ??= (async () => {
    for (const child of [...children].reverse()) {
      if (child.exitCode !== null || child.signalCode !== null || !child.pid) continue;
      if (child.spawnargs.includes('emulators:start')) {
        // The saver reads the emulator: it stops (with a last save) first. The emulator runs in its own process
        // group (java + node): the whole group is signalled, and it exports its accounts as it exits.
        await accountSaver?.close();
        process.kill(-child.pid, 'SIGTERM');
      } else child.kill('SIGTERM');
      await Promise.race([exitCode(child), sleep(10_000)]);
    }
    await Promise.all(sandboxes.map((sandbox) => sandbox.close()));
    process.exit(code);
  })();
  return stopping;
}
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

/**
 * The system packages: the same script the tests run, without Chromium. It prints what it installs; when it cannot
 * (not root, no sudo) it prints the exact command and npm start stops rather than accept videos that must fail.
 */
async function ensureSystemPackages(): Promise<void> {
  if (env.SKIP_SYSTEM_DEPS === '1' || !(config.roles.includes('worker') || config.roles.includes('api'))) return;
  const code = await exitCode(run('bash', [path.join('scripts', 'ensure-system-deps.sh'), '--runtime']));
  if (code !== 0)
    throw new Error(
      'NXN cannot make videos without the system packages above. Install them and run `npm start` again (or set SKIP_SYSTEM_DEPS=1 to start without them).',
    );
}

/**
 * The local Auth emulator, on FIREBASE_AUTH_EMULATOR_HOST, with its accounts under DATA_DIR/auth/accounts: imported
 * at start, exported on a clean exit, and saved by the API after each new or changed profile and here every few
 * seconds (a password reset reaches only the emulator), so neither a restart nor a crash loses a sign-in.
 */
async function startAuthEmulator(emulator: string): Promise<void> {
  const authDir = path.join(config.dataDir, 'auth');
  const accountsDir = path.join(authDir, 'accounts');
  fs.mkdirSync(accountsDir, { recursive: true, mode: 0o700 });
  const [host, port] = [
    emulator.slice(0, emulator.lastIndexOf(':')),
    Number(emulator.slice(emulator.lastIndexOf(':') + 1)),
  ];
  // The emulator's port comes from a firebase.json; this one follows the configured host rather than the repository's.
  const firebaseJson = path.join(authDir, 'firebase.json');
  fs.writeFileSync(
    firebaseJson,
    JSON.stringify({ emulators: { auth: { host, port }, ui: { enabled: false }, singleProjectMode: true } }, null, 2),
  );
  const saved = await hasSavedAccounts(accountsDir);
  console.log(
    `▸ Starting the Firebase Auth emulator on ${emulator} (accounts ${saved ? 'restored from' : 'kept in'} ${accountsDir})…`,
  );
  env.CI = 'true';
  const args = [
    'firebase',
    'emulators:start',
    '--only',
    'auth',
    '--project',
    config.firebase.projectId,
    '--config',
    firebaseJson,
    '--export-on-exit',
    accountsDir,
  ];
  run('npx', saved ? [...args, '--import', accountsDir] : args, { detached: true });
  await waitFor(`http://${emulator}`, 'The Auth emulator', 90);
  env.AUTH_EMULATOR_EXPORT_DIR = accountsDir;
  const saver = emulatorAccountSaver({ host: emulator, projectId: config.firebase.projectId, dir: accountsDir });
  const timer = setInterval(() => void saver.save().catch(() => undefined), ACCOUNT_POLL_MS);
  accountSaver = {
    async close() {
      clearInterval(timer);
      await saver.save().catch(() => undefined);
    },
  };
}
const ACCOUNT_POLL_MS = 3_000;

async function main(): Promise<void> {
  await ensureSystemPackages();
  if (config.roles.includes('web') && siteIsStale()) {
    console.log('▸ Building the site (dist/ is missing or older than its sources)…');
    const code = await exitCode(run('npm', ['run', 'build']));
    if (code !== 0) throw new Error(`Site build failed (exit ${code})`);
  }

  const emulator = config.firebase.authEmulatorHost;
  if (emulator && !(await answers(`http://${emulator}`))) await startAuthEmulator(emulator);

  const notes: string[] = [];
  // Buying credits works out of the box: the same Stripe code path against a local sandbox, labelled as such.
  if (config.roles.includes('api') && !config.payments.stripe && env.NODE_ENV !== 'production') {
    const webhookSecret = `whsec_sandbox_${randomBytes(24).toString('hex')}`;
    const stripe = await startStripeSandbox({
      webhookUrl: `http://127.0.0.1:${config.apiPort}/payments/stripe/webhook`,
      webhookSecret,
    });
    sandboxes.push(stripe);
    Object.assign(env, {
      STRIPE_SECRET_KEY: 'sk_test_sandbox',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_BASE: stripe.url,
      PAYMENTS_SANDBOX: '1',
    });
    notes.push(`    Payments      Stripe sandbox at ${stripe.url}  (no real money moves)`);
  }
  // GPU rental needs a provider to work at all: without a key it rents simulated machines from a local sandbox.
  const rentsGpus = config.roles.includes('api') || config.roles.includes('worker');
  if (rentsGpus && !config.gpu.runpod.apiKey && !config.gpu.lambda.apiKey && env.NODE_ENV !== 'production') {
    const runpod = await startRunpodSandbox();
    sandboxes.push(runpod);
    Object.assign(env, { RUNPOD_API_URL: runpod.url, GPU_SANDBOX: '1' });
    notes.push(
      `    GPU sandbox   ${runpod.url}  (simulated RunPod: no real GPU; set RUNPOD_API_KEY or LAMBDA_API_KEY to rent real ones)`,
    );
  }

  console.log(
    `▸ Starting ${config.roles.join(' + ')} (${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`})…`,
  );
  const server = run(process.execPath, ['--import', 'tsx', 'src/server/main.ts']);
  void exitCode(server).then((code) => stopAll(code));
  if (config.roles.includes('api')) await waitFor(`http://127.0.0.1:${config.apiPort}/readyz`, 'The API', 120);
  if (config.roles.includes('web')) await waitFor(`http://127.0.0.1:${config.port}/`, 'The site', 60);

  console.log('\n  NXN is running:');
  if (config.roles.includes('web')) console.log(`    Site          http://localhost:${config.port}`);
  if (config.roles.includes('api'))
    console.log(`    API           http://127.0.0.1:${config.apiPort}  (health: /healthz, /readyz)`);
  if (emulator) console.log(`    Auth emulator http://${emulator}  (project ${config.firebase.projectId})`);
  for (const note of notes) console.log(note);
  console.log('  Press Ctrl-C to stop.\n');
}

main().catch((error: unknown) => {
  console.error(`✖ ${error instanceof Error ? error.message : String(error)}`);
  void stopAll(1);
});
