/**
 * The local stack the end-to-end tests run against: the Auth emulator, the API (+ worker) and the production web
 * server on the built dist/. Each server is a child process in its own process group; their pids live in a state
 * file so specs (which run in worker processes) can stop and start servers, and teardown can stop whatever runs.
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT_DIR = resolve(import.meta.dirname, '../../..');
export const EMULATOR_HOST = '127.0.0.1:9099';
export const EMULATOR_URL = `http://${EMULATOR_HOST}`;
export const PROJECT_ID = 'demo-nxn';
/** The browser build's backend hosts (src/config/brand.ts defaults): primary, then fallback. */
/** The operator of the e2e stack: listed in every API's ADMIN_EMAILS (fixtures.ts `createAdmin` makes it verified). */
export const ADMIN_EMAIL = 'operator@example.com';
export const PRIMARY_API_PORT = 8787;
export const FALLBACK_API_PORT = 8788;
export const WEB_PORT = Number(process.env['E2E_WEB_PORT'] ?? 4321);
export const WEB_URL = `http://localhost:${WEB_PORT}`;
export const apiUrl = (port: number) => `http://127.0.0.1:${port}`;
/** The RunPod sandbox every API of the run rents simulated GPUs from. */
export const GPU_SANDBOX_PORT = 8789;
const GPU_SANDBOX_URL = `http://127.0.0.1:${GPU_SANDBOX_PORT}/v2`;

const STATE_ENV = 'NXN_E2E_STATE';

export interface StackState {
  /** Scratch directory of this run: logs, data directories. */
  runDir: string;
  /** The API's data directory (PGlite); a server restarted on it keeps the users and credits. */
  dataDir: string;
  /** Processes this run started, by name. */
  pids: Record<string, number>;
  /** The Stripe sandbox global setup runs in-process (src/sandboxes/stripe), which every API started is pointed at. */
  stripe?: { url: string; webhookSecret: string };
}

const statePath = (): string => {
  const path = process.env[STATE_ENV];
  if (!path) throw new Error('The e2e stack is not running (start tests with `npx playwright test`).');
  return path;
};

export const readState = (): StackState => JSON.parse(readFileSync(statePath(), 'utf8')) as StackState;
const writeState = (state: StackState): void => writeFileSync(statePath(), JSON.stringify(state, null, 2));

export function createState(): StackState {
  const runDir = mkdtempSync(join(tmpdir(), 'nxn-e2e-'));
  const state: StackState = { runDir, dataDir: join(runDir, 'data'), pids: {} };
  // Workers inherit the environment of the process that ran globalSetup.
  process.env[STATE_ENV] = join(runDir, 'state.json');
  writeState(state);
  return state;
}

export async function isAnswering(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(1_000) });
    return true;
  } catch {
    return false;
  }
}

/** Waits until `url` answers; with `pid`, fails as soon as that process has exited (e.g. port already bound). */
export async function waitFor(
  url: string,
  what: string,
  timeoutMs = 60_000,
  logFile?: string,
  pid?: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const log = () =>
    logFile && existsSync(logFile) ? `\n--- ${logFile} ---\n${readFileSync(logFile, 'utf8').slice(-4_000)}` : '';
  while (Date.now() < deadline) {
    if (pid !== undefined && !isAlive(pid)) throw new Error(`${what} exited before answering at ${url}${log()}`);
    if (await isAnswering(url)) return;
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`${what} did not answer at ${url} within ${timeoutMs} ms${log()}`);
}

/** Something accepts TCP connections on the port (answers fast even when the machine is busy, unlike HTTP). */
export function isPortInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Waits while another test run (a teammate's, on the same machine) holds the port; gives up with a clear message
 * if it stays taken, e.g. by a dev server.
 */
async function waitForFreePort(port: number, what: string, timeoutMs = 10 * 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (await isPortInUse(port)) {
    if (Date.now() > deadline)
      throw new Error(`Port ${port} (${what}) stayed taken by a process this run did not start; stop it first.`);
    await new Promise((done) => setTimeout(done, 1_000));
  }
}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Starts a command detached in its own process group, output to `<runDir>/<name>.log`, and records its pid. */
export function startProcess(name: string, command: string, args: string[], env: Record<string, string>): number {
  const state = readState();
  const previous = state.pids[name];
  if (previous !== undefined && isAlive(previous)) throw new Error(`${name} is already running (pid ${previous})`);
  const log = openSync(join(state.runDir, `${name}.log`), 'a');
  const child = spawn(command, args, {
    cwd: ROOT_DIR,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  if (child.pid === undefined) throw new Error(`Could not start ${name}`);
  child.unref();
  writeState({ ...readState(), pids: { ...readState().pids, [name]: child.pid } });
  return child.pid;
}

/** Stops a process this run started (its whole group), waiting until it has exited. */
export async function stopProcess(name: string): Promise<void> {
  const state = readState();
  const pid = state.pids[name];
  if (pid === undefined) return;
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-pid, signal);
    } catch {
      // Already gone.
    }
  };
  signalGroup('SIGTERM');
  const deadline = Date.now() + 10_000;
  while (isAlive(pid) && Date.now() < deadline) await new Promise((done) => setTimeout(done, 100));
  if (isAlive(pid)) signalGroup('SIGKILL');
  const { [name]: _stopped, ...rest } = readState().pids;
  writeState({ ...readState(), pids: rest });
}

export const logFile = (name: string): string => join(readState().runDir, `${name}.log`);

/** `npx tsx src/server/main.ts`, run by the Node that runs Playwright (the project's Node 24) without npx's wrapper. */
function startServer(name: string, env: Record<string, string>): number {
  const { stripe } = readState();
  const payments = stripe
    ? {
        STRIPE_SECRET_KEY: 'sk_test_e2e',
        STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
        STRIPE_API_BASE: stripe.url,
        PAYMENTS_SANDBOX: '1',
      }
    : {};
  return startProcess(name, process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    LOG_LEVEL: 'warn',
    ...payments,
    FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
    FIREBASE_PROJECT_ID: PROJECT_ID,
    CORS_ORIGINS: `http://localhost:${WEB_PORT},http://127.0.0.1:${WEB_PORT}`,
    ...env,
  });
}

export interface ApiOptions {
  name: string;
  port: number;
  /** ROLE for the process; the primary also runs the job worker. */
  roles?: string;
  /** More settings for this server, e.g. a provider pointed at a local protocol server. */
  env?: Record<string, string>;
}

/** Starts an API server on the run's data directory and waits for its /healthz. */
export async function startApi({
  name,
  port,
  roles = process.env['E2E_API_ROLES'] ?? 'api,worker',
  env = {},
}: ApiOptions): Promise<void> {
  await waitForFreePort(port, `API "${name}"`);
  const pid = startServer(name, {
    ROLE: roles,
    API_PORT: String(port),
    DATA_DIR: readState().dataDir,
    RUNPOD_API_URL: GPU_SANDBOX_URL,
    GPU_SANDBOX: '1',
    GPU_TICK_SECONDS: '1',
    // The webhook spec's receiver listens on this machine.
    WEBHOOKS_ALLOW_LOOPBACK: '1',
    ADMIN_EMAILS: ADMIN_EMAIL,
    ...env,
  });
  await waitFor(`${apiUrl(port)}/healthz`, `API "${name}"`, 60_000, logFile(name), pid);
}

export async function startWeb(): Promise<void> {
  if (!existsSync(join(ROOT_DIR, 'dist', 'index.html')))
    throw new Error('No production build in dist/: run `npm run build` first.');
  await waitForFreePort(WEB_PORT, 'web server; set E2E_WEB_PORT to use another');
  const pid = startServer('web', { ROLE: 'web', PORT: String(WEB_PORT), HOST: '127.0.0.1' });
  await waitFor(`http://127.0.0.1:${WEB_PORT}/`, 'web server', 30_000, logFile('web'), pid);
}

/** The RunPod sandbox as its own process (machines provision in 2 s), as `npm start` runs it without a key. */
export async function startGpuSandbox(): Promise<void> {
  await waitForFreePort(GPU_SANDBOX_PORT, 'GPU sandbox');
  const script = `import('./src/sandboxes/runpod/index.ts').then((m) => m.startRunpodSandbox({ port: ${GPU_SANDBOX_PORT}, provisioningMs: 2000 }))`;
  const pid = startProcess(
    'gpu-sandbox',
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script],
    {},
  );
  await waitFor(`${GPU_SANDBOX_URL}/catalog/gpus`, 'GPU sandbox', 30_000, logFile('gpu-sandbox'), pid);
}

/** Reuses an Auth emulator that already answers (teammates share one); otherwise starts one for this run. */
export async function ensureEmulator(): Promise<void> {
  if (await isAnswering(EMULATOR_URL)) return;
  const pid = startProcess(
    'emulator',
    'npx',
    ['firebase', 'emulators:start', '--only', 'auth', '--project', PROJECT_ID],
    {
      CI: 'true',
    },
  );
  await waitFor(EMULATOR_URL, 'Auth emulator', 120_000, logFile('emulator'), pid);
}

export const PRIMARY_API = { name: 'api-primary', port: PRIMARY_API_PORT } as const;
export const FALLBACK_API = { name: 'api-fallback', port: FALLBACK_API_PORT, roles: 'api' } as const;

/** Records the sandbox in the state file, so APIs started later (also from specs) are pointed at it. */
export function useStripeSandbox(stripe: { url: string; webhookSecret: string }): void {
  writeState({ ...readState(), stripe });
}

export async function stopAll(): Promise<void> {
  for (const name of Object.keys(readState().pids).reverse()) await stopProcess(name);
}
