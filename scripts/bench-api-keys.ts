/**
 * The cost of API key authentication against a session's: requests/s and latency of `GET /me` with a Firebase ID
 * token (verified once against the Auth emulator, then from the verified-token cache) and with an API key (its hash
 * looked up in the database on every request, so a revocation counts at once). autocannon on loopback against a
 * real API server on PGlite in its own process (ROLE=api), so the load generator does not share its event loop.
 *
 *   npx tsx scripts/bench-api-keys.ts [--seconds 5] [--connections 10] [--warm-up 1] [--no-write]
 *   npx tsx scripts/bench-api-keys.ts --seconds 1 --connections 2 --warm-up 0 --no-write   # the smallest run
 *
 * Writes the table into docs/benchmarks.md between `<!-- bench-api-keys:start -->` and `<!-- bench-api-keys:end -->`
 * unless --no-write.
 */
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createUser, ensureAuthEmulator } from '../tests/integration/support/auth-emulator.ts';
import { pgliteTarget } from '../tests/integration/support/databases.ts';
import { closeOnSigterm, forkServer, type Measured, measure } from './bench-http.ts';
import { writeBenchmarkBlock } from './bench-support.ts';

// ── Server mode: the forked API process, with the user's profile and one read key made before it listens ─────────
if (process.argv[2] === '--serve') {
  const { startApiServer } = await import('../src/server/api/server.ts');
  const { loadConfig } = await import('../src/server/config/index.ts');
  const { openDatabase } = await import('../src/server/db/index.ts');
  const { createJobRegistry } = await import('../src/server/jobs/registry.ts');
  const { ensureProfile } = await import('../src/server/features/account/profiles.ts');
  const { apiKeyService } = await import('../src/server/features/developers/keys/service.ts');

  const config = loadConfig({ ...process.env, ROLE: 'api', LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent' });
  const database = await openDatabase(config);
  const uid = process.env.BENCH_UID!;
  await ensureProfile(database, { uid, email: null, displayName: 'Bench', photoURL: null });
  const key = await apiKeyService(database.db).create(uid, { name: 'Benchmark', scopes: ['read'] });
  const api = await startApiServer({ config, database, jobs: createJobRegistry([]), port: 0 });
  process.send?.({ url: api.url, key: key.secret });
  closeOnSigterm(api, database);
} else {
  await runBenchmark();
}

interface Row extends Measured {
  credential: string;
}

async function runBenchmark(): Promise<void> {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '5' },
      connections: { type: 'string', default: '10' },
      'warm-up': { type: 'string', default: '1' },
      'no-write': { type: 'boolean', default: false },
    },
  });
  const seconds = Number(values.seconds);
  const connections = Number(values.connections);
  const warmUp = Number(values['warm-up']);
  const load = os.loadavg()[0] ?? 0;
  const stopEmulator = await ensureAuthEmulator();
  const target = await pgliteTarget();
  const rows: Row[] = [];
  try {
    const user = await createUser();
    const server = await forkServer<{ url: string; key: string }>(
      path.resolve(import.meta.dirname, 'bench-api-keys.ts'),
      {
        BENCH_UID: user.uid,
        DATA_DIR: target.dataDir,
      },
    );
    try {
      const { url, key } = server.ready;
      const credentials = [
        { credential: 'Session (Firebase ID token)', token: user.idToken },
        { credential: 'API key', token: key },
      ];
      for (const { credential, token } of credentials) {
        const headers = { authorization: `Bearer ${token}` };
        const row = {
          credential,
          ...(await measure({ url: `${url}/me`, headers, connections, warmUpSeconds: warmUp, seconds })),
        };
        rows.push(row);
        console.error(`${credential}: ${row.rps} req/s, p99 ${row.p99} ms, failures ${row.failures}`);
      }
    } finally {
      await server.stop();
    }
  } finally {
    await target.dispose();
    await stopEmulator();
  }
  const figures = report(rows, { seconds, connections, warmUp, load });
  console.log(figures);
  if (!values['no-write']) {
    const file = writeBenchmarkBlock('bench-api-keys', 'API keys', figures);
    console.error(`Wrote the API keys figures into ${path.relative(process.cwd(), file)}`);
  }
}

function report(rows: Row[], run: { seconds: number; connections: number; warmUp: number; load: number }): string {
  const cpus = os.cpus();
  const [session, key] = rows;
  const ratio =
    session && key && session.rps > 0
      ? ` The key serves ${((key.rps / session.rps) * 100).toFixed(0)} % of the session's requests/s.`
      : '';
  return [
    `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}, 1-minute load average ${run.load.toFixed(1)} at the start.`,
    `Command: \`npx tsx scripts/bench-api-keys.ts --seconds ${run.seconds} --connections ${run.connections}\` (autocannon, ${run.connections} connections, ${run.seconds} s per credential after a ${run.warmUp} s warm-up, \`GET /me\` on PGlite, rate limits out of the way).`,
    '',
    '| Credential | Requests/s | p50 (ms) | p99 (ms) | Non-2xx/errors |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...rows.map((r) => `| ${r.credential} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.failures} |`),
    '',
    `A session's token is verified once and then found in the verified-token cache; a key is hashed and looked up in the database on every request, so that a revoked key is refused at once by every API process.${ratio}`,
  ].join('\n');
}
