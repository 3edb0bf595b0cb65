/**
 * The soak in CI: `scripts/soak.ts --minutes 2`, the real API and worker processes under mixed traffic with the worker
 * killed every 20 s, on PostgreSQL when it answers (PGlite otherwise, where a kill takes the API down too). The script
 * itself checks every job, purchase, rental and credit hold and runs the credit audit; it exits 1 on any violation.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { postgresTarget } from './support/databases.ts';

const run = promisify(execFile);
const postgres = await postgresTarget();
const database = typeof postgres === 'string' ? 'pglite' : 'postgres';
// The soak makes its own throwaway database; this one only told us PostgreSQL answers.
if (typeof postgres !== 'string') await postgres.dispose();

it('two minutes of mixed traffic through restarts leave every job ended, nothing charged twice and the audit clean', async () => {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'scripts/soak.ts', '--minutes', '2', '--users', '3', '--database', database],
    { maxBuffer: 16 * 1024 * 1024, timeout: 900_000 },
  ).catch((error: { code?: number; stdout?: string; stderr?: string }) => {
    throw new Error(`soak exited with ${error.code}:\n${error.stderr?.slice(-4000)}\n${error.stdout?.slice(-4000)}`);
  });
  expect(stdout).toContain('No violations: the audit is clean.');
  expect(stdout).toMatch(/worker kills \(SIGKILL\) and restarts: [1-9]/);
  expect(stdout).toMatch(/rental lives: [1-9]/);
  expect(stdout).toMatch(/purchases paid: [1-9]/);
  expect(stdout).toMatch(/jobs video (succeeded|cancelled|failed): [1-9]/);
}, 960_000);
