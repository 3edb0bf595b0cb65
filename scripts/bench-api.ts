/**
 * API load benchmark: autocannon on loopback against `GET /me` and the credit spend path (`POST /jobs`, which
 * reserves credits and queues a job in one transaction), on PGlite and, when 127.0.0.1:5432 answers, PostgreSQL.
 * The API runs in its own process (ROLE=api) so the load generator does not share its event loop.
 *
 *   npx tsx scripts/bench-api.ts [--duration 10] [--connections 20] [--warm-up 2] [--only pglite|postgres] [--write]
 *   npx tsx scripts/bench-api.ts --duration 1 --connections 2 --warm-up 0 --only pglite   # the smallest run
 *
 * --write replaces the "## API" section of docs/benchmarks.md with the figures.
 */
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createUser, ensureAuthEmulator } from '../tests/integration/support/auth-emulator.ts';
import { pgliteTarget, postgresTarget, type Target } from '../tests/integration/support/databases.ts';
import { closeOnSigterm, forkServer, type Measured, measure } from './bench-http.ts';
import { writeBenchmarkSection } from './bench-support.ts';

const BENCH_KIND = 'bench.spend';
const BENCH_CREDITS = 10_000_000;

// ── Server mode: the forked API process ─────────────────────────────────────────────────────────────────────────
if (process.argv[2] === '--serve') {
  const { z } = await import('zod');
  const { createJobRegistry } = await import('../src/server/jobs/registry.ts');
  const { startApiServer } = await import('../src/server/api/server.ts');
  const { loadConfig } = await import('../src/server/config/index.ts');
  const { openDatabase } = await import('../src/server/db/index.ts');
  const { adjust } = await import('../src/server/credits/ledger.ts');
  const { post } = await import('../src/server/credits/service.ts');
  const { ensureProfile } = await import('../src/server/features/account/profiles.ts');

  // Accepted and left queued (no worker runs, so the handler is never looked up): the benchmark measures the
  // accept path, not the work.
  const jobs = createJobRegistry([
    { kind: BENCH_KIND, payload: z.object({}), price: () => 1, handler: { module: import.meta.url, export: 'none' } },
  ]);
  const config = loadConfig({ ...process.env, ROLE: 'api', LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent' });
  const database = await openDatabase(config);
  const uid = process.env.BENCH_UID!;
  await ensureProfile(database, { uid, email: null, displayName: 'Bench', photoURL: null });
  await database.transaction((tx) => post(tx, { uid, move: adjust(BENCH_CREDITS), reason: 'Benchmark credits' }));
  const api = await startApiServer({ config, database, jobs, port: 0 });
  process.send?.({ url: api.url });
  closeOnSigterm(api, database);
} else {
  await runBenchmarks();
}

interface Row extends Measured {
  db: string;
  endpoint: string;
}

async function runBenchmarks(): Promise<void> {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '20' },
      'warm-up': { type: 'string', default: '2' },
      write: { type: 'boolean', default: false },
      only: { type: 'string' },
    },
  });
  const startLoad = os.loadavg()[0] ?? 0;
  const duration = Number(values.duration);
  const connections = Number(values.connections);
  const warmUp = Number(values['warm-up']);
  const stopEmulator = await ensureAuthEmulator();
  const rows: Row[] = [];
  const targets: Target[] = values.only === 'postgres' ? [] : [await pgliteTarget()];
  const postgres = values.only === 'pglite' ? 'PostgreSQL skipped (--only pglite)' : await postgresTarget();
  if (typeof postgres === 'string') console.warn(postgres);
  else targets.push(postgres);

  try {
    for (const target of targets) {
      const user = await createUser();
      const server = await forkServer<{ url: string }>(path.resolve(import.meta.dirname, 'bench-api.ts'), {
        BENCH_UID: user.uid,
        DATA_DIR: target.dataDir,
        ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
      });
      try {
        const { url } = server.ready;
        const headers = { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json' };
        const cases = [
          { endpoint: 'GET /me', method: 'GET', path: '/me' },
          {
            endpoint: 'POST /jobs (reserve 1 credit + queue)',
            method: 'POST',
            path: '/jobs',
            body: JSON.stringify({ kind: BENCH_KIND, payload: {} }),
          },
        ];
        for (const c of cases) {
          const measured = await measure({
            url: url + c.path,
            method: c.method,
            headers,
            body: c.body,
            connections,
            warmUpSeconds: warmUp,
            seconds: duration,
          });
          const row = { db: target.name === 'pglite' ? 'PGlite' : 'PostgreSQL', endpoint: c.endpoint, ...measured };
          rows.push(row);
          if (row.failures > 0) {
            const after = await fetch(url + c.path, { method: c.method, headers, ...(c.body ? { body: c.body } : {}) });
            console.warn(
              `  ${row.failures} failed; a request now answers ${after.status}: ${(await after.text()).slice(0, 200)}`,
            );
          }
          console.log(
            `${row.db.padEnd(10)} ${row.endpoint.padEnd(38)} ${String(row.rps).padStart(6)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  failures ${row.failures}`,
          );
        }
      } finally {
        await server.stop();
        await target.dispose();
      }
    }
  } finally {
    await stopEmulator();
  }
  if (values.write) writeSection(rows, { duration, connections, warmUp, load: startLoad });
}

function writeSection(rows: Row[], run: { duration: number; connections: number; warmUp: number; load: number }): void {
  const cpus = os.cpus();
  const table = [
    '| Database | Endpoint | Requests/s | p50 (ms) | p99 (ms) | Non-2xx/errors |',
    '|---|---|---:|---:|---:|---:|',
    ...rows.map((r) => `| ${r.db} | ${r.endpoint} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.failures} |`),
  ].join('\n');
  const section = `## API

Command: \`npx tsx scripts/bench-api.ts --duration ${run.duration} --connections ${run.connections} --write\`
(autocannon on loopback, ${run.connections} connections, ${run.duration} s per endpoint after a ${run.warmUp} s warm-up; the API runs
alone in its own process with ROLE=api; one signed-in user whose ID token firebase-admin verifies once against the
Auth emulator, then from the verified-token cache; rate limits raised out of the way).
Machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}, measured ${new Date().toISOString().slice(0, 10)}
with a 1-minute load average of ${run.load.toFixed(1)} at the start (the machine is shared, so expect run-to-run variation).

${table}

\`POST /jobs\` is the credit spend path: one transaction inserts the job row, appends the ledger entry and
decrements the balance with a conditional UPDATE, then the job is sent to pg-boss. On PGlite every statement
goes through the single embedded connection in the API's own process, so writes are serialised by design and
compete with request handling for the same CPU; PostgreSQL runs them on a pool in its own processes. \`GET /me\` is
two indexed reads after the (cached) token check.
`;
  const file = writeBenchmarkSection('API', section);
  console.log(`Wrote the API section of ${path.relative(process.cwd(), file)}`);
}
