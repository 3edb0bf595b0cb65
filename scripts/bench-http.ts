/**
 * What the HTTP benchmarks share: the API server forked into its own process (so the load generator does not share
 * its event loop), rate limits out of the way, and one autocannon measurement of a request.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { createRequire } from 'node:module';

interface AutocannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

/** Limits far above what a benchmark sends, so the figures measure the work and not the limiter. */
export const UNLIMITED_RATES = Object.fromEntries(
  ['IP', 'USER', 'API_KEY'].flatMap((who) => [
    [`RATE_LIMIT_${who}_PER_MINUTE`, '100000000'],
    [`RATE_LIMIT_${who}_BURST`, '100000000'],
  ]),
);

/** In the forked server: close the API and the database when the benchmark is done with it. */
export function closeOnSigterm(api: { close(): Promise<void> }, database: { close(): Promise<void> }): void {
  process.once(
    'SIGTERM',
    () =>
      void api
        .close()
        .then(() => database.close())
        .then(() => process.exit(0)),
  );
}

/** Forks `script --serve` and waits for the first message it sends (its URL and whatever else it made). */
export async function forkServer<M>(
  script: string,
  env: Record<string, string>,
): Promise<{ ready: M; stop(): Promise<void> }> {
  const server: ChildProcess = fork(script, ['--serve'], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...UNLIMITED_RATES, ...env },
  });
  const stop = async () => {
    server.kill('SIGTERM');
    if (server.exitCode === null) await new Promise((resolve) => server.once('exit', resolve));
  };
  try {
    const ready = await new Promise<M>((resolve, reject) => {
      server.once('message', (message) => resolve(message as M));
      server.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
    });
    return { ready, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

export interface Measured {
  rps: number;
  p50: number;
  p99: number;
  failures: number;
}

/** One request under load: checked once first, then a warm-up (JIT, pools) and the measured run. */
export async function measure(request: {
  url: string;
  method?: string;
  headers: Record<string, string>;
  body?: string | undefined;
  connections: number;
  warmUpSeconds: number;
  seconds: number;
}): Promise<Measured> {
  const { url, method = 'GET', headers, body, connections } = request;
  const probe = await fetch(url, { method, headers, ...(body ? { body } : {}) });
  if (!probe.ok) throw new Error(`${method} ${url} answered ${probe.status}: ${await probe.text()}`);
  const options = { url, method, headers, body, connections };
  if (request.warmUpSeconds > 0) await autocannon({ ...options, duration: request.warmUpSeconds });
  const result = await autocannon({ ...options, duration: request.seconds });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}
