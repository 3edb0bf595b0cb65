/**
 * Job kinds are declared, not discovered: the API accepts every feature's jobs from their specs alone, and only a
 * worker imports a handler. Started as `ROLE=api` with a recorder of every module the process loads, the API must
 * not load a handler nor the media, speech or image machinery behind them.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadHandler } from '~/server/jobs/runner.ts';
import { pgliteTarget, postgresTarget, type Target } from './support/databases.ts';
import { featureJobs } from './support/stack.ts';

const src = (file: string) => new URL(`../../src/server/${file}`, import.meta.url).href;

/**
 * What running a job needs and the API must never load (beyond the handlers the specs name). The thin ffmpeg/ffprobe
 * runner (media/ffmpeg.ts) is not in it: the API itself probes uploaded clips and music with it.
 */
const HEAVY = [
  src('media/render.ts'),
  src('features/videos/pipeline/run.ts'),
  src('providers/tts/espeak-worker.ts'),
  src('providers/images/image-worker.ts'),
];

// PostgreSQL starts faster than PGlite when it is there; the modules loaded do not depend on the database.
const postgres = await postgresTarget();
const target: Target = typeof postgres === 'string' ? await pgliteTarget() : postgres;
afterAll(() => target.dispose());

/** Starts `src/server/main.ts` with ROLE=api until it has started and answered, then stops it; returns the module URLs it loaded. */
async function modulesOfApiRole(): Promise<string[]> {
  const log = path.join(target.dataDir, `modules-${Date.now()}.txt`);
  const api = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--import',
      fileURLToPath(new URL('./support/module-recorder.ts', import.meta.url)),
      'src/server/main.ts',
    ],
    {
      env: {
        ...process.env,
        ROLE: 'api',
        API_PORT: '0',
        DATA_DIR: target.dataDir,
        ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
        LOG_LEVEL: 'info',
        MODULE_LOG: log,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  api.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => api.once('exit', resolve));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      api.stdout.on('data', (chunk) => {
        out += chunk;
        for (const line of out.split('\n')) if (line.includes('"msg":"started"')) resolve(JSON.parse(line).url);
      });
      void exited.then(() => reject(new Error(`The API role exited before it started: ${stderr}`)));
    });
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
  } finally {
    api.kill('SIGTERM');
    await exited;
  }
  return (await fs.readFile(log, 'utf8')).split('\n').filter(Boolean);
}

describe('the API role', () => {
  it('accepts every feature’s jobs without loading a job handler, the render, eSpeak or the image workers', async () => {
    const loaded = new Set(await modulesOfApiRole());
    // The recorder saw the process it watched.
    expect(loaded).toContain(src('main.ts'));
    expect(loaded).toContain(src('api/server.ts'));

    const forbidden = [...featureJobs.map((spec) => spec.handler.module), ...HEAVY];
    expect(forbidden.filter((url) => loaded.has(url))).toEqual([]);
    expect([...loaded].filter((url) => url.includes('/node_modules/@echogarden/'))).toEqual([]);
  }, 120_000);

  it('still names, for each feature’s job, a handler a worker can load', async () => {
    for (const spec of featureJobs) expect(typeof (await loadHandler(spec.handler)), spec.kind).toBe('function');
  });
});
