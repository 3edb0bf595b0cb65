/**
 * A server whose machine lacks what videos need (issue 21: a fresh Debian machine without ffmpeg) says so instead
 * of taking jobs that must fail: the worker checks its tools when it starts, /readyz names what is missing, the
 * create and render requests are refused before any credit is held, and a video a worker could not make fails at
 * once as a set-up problem, charged nothing and not retried.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer } from '~/server/api/server.ts';
import { openDatabase } from '~/server/db/index.ts';
import { jobs } from '~/server/db/schema/jobs.ts';
import { videos } from '~/server/db/schema/media.ts';
import { createLogger } from '~/server/http/logger.ts';
import { JobQueue } from '~/server/jobs/queue.ts';
import { createJobRegistry } from '~/server/jobs/registry.ts';
import { startWorker } from '~/server/jobs/worker.ts';
import { checkMediaTools } from '~/server/media/tools.ts';
import { pathWithout } from '../support/path-without.ts';
import { until } from './support/api-suite.ts';
import { createUser, ensureAuthEmulator } from './support/auth-emulator.ts';
import { pgliteTarget, type Target } from './support/databases.ts';
import { client, featureJobs, testConfig } from './support/stack.ts';

const VIDEO = {
  script: 'The lighthouse keeper climbs the stairs at dusk. Her lamp guides the ships home.',
  voiceId: 'en-us-olivia',
  aspect: '16:9',
  resolution: '720p',
  captions: 'word',
  visuals: 'generated',
  music: { enabled: false, volume: 30 },
};
const CANNOT = 'This server cannot make videos yet.';

let stopEmulator: () => Promise<void> = async () => undefined;
beforeAll(async () => {
  stopEmulator = await ensureAuthEmulator();
});
afterAll(() => stopEmulator());

async function signedUp(base: string) {
  const user = await createUser();
  const api = client(base, user);
  expect(
    (await api('POST', '/auth/auth', { uid: user.uid, email: user.email, displayName: null, photoURL: null })).status,
  ).toBe(201);
  return api;
}

/** `npm start`'s server process (ROLE=api,worker) on its own data directory, with `PATH` as given. */
async function startServer(dataDir: string, pathEnv: string): Promise<{ url: string; process: ChildProcess }> {
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PATH: pathEnv,
      ROLE: 'api,worker',
      API_PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  server.stderr!.on('data', (chunk) => (stderr += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    server.stdout!.on('data', (chunk) => {
      out += chunk;
      for (const line of out.split('\n'))
        if (line.includes('"msg":"started"') && line.includes('"url"')) resolve(JSON.parse(line).url);
    });
    server.once('exit', () => reject(new Error(`The server exited before it started: ${stderr}`)));
  });
  return { url, process: server };
}

describe('a server whose worker has no ffmpeg on its PATH', () => {
  let target: Target;
  let server: { url: string; process: ChildProcess } | undefined;
  const noFfmpeg = pathWithout(['ffmpeg', 'ffprobe']);

  beforeAll(async () => {
    target = await pgliteTarget();
    server = await startServer(target.dataDir, noFfmpeg.path);
    // The worker records its check just after the API has started listening.
    await until(
      async () => (await fetch(`${server!.url}/readyz`)).status,
      (status) => status === 503,
      30_000,
    );
    // A PGlite start with its migrations is slow on a busy machine.
  }, 240_000);
  afterAll(async () => {
    if (server && server.process.exitCode === null) {
      server.process.kill('SIGTERM');
      await new Promise((resolve) => server!.process.once('exit', resolve));
    }
    noFfmpeg.dispose();
    await target?.dispose();
  });

  it('is not ready, and /readyz names ffmpeg and the command that installs it', async () => {
    const res = await fetch(`${server!.url}/readyz`);
    expect(res.status).toBe(503);
    const body = (await res.json()) as {
      ok: boolean;
      videos: { ready: boolean; workers: number; missing: { tool: string }[]; install: string };
    };
    expect(body.ok).toBe(false);
    expect(body.videos).toMatchObject({
      ready: false,
      workers: 1,
      install: 'sudo apt-get install -y --no-install-recommends ffmpeg',
    });
    expect(body.videos.missing.map((m) => m.tool)).toEqual(['ffmpeg', 'ffprobe']);
  });

  it('tells the create screen it cannot make videos, and refuses a video and a storyboard render without holding credits', async () => {
    const api = await signedUp(server!.url);
    const availability = await api('GET', '/videos/availability');
    expect(availability.status).toBe(200);
    expect(availability.body).toMatchObject({ ready: false });
    expect(availability.body.message).toBe(
      `${CANNOT} It is missing ffmpeg and ffprobe. Whoever runs it can install them with: sudo apt-get install -y --no-install-recommends ffmpeg`,
    );

    const refused = await api('POST', '/videos', VIDEO);
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ error: availability.body.message, reason: 'setup' });
    expect(refused.headers.get('retry-after')).toBe('60');
    expect((await api('GET', '/me')).body.credits).toEqual({ balance: 100, reserved: 0 });
    expect((await api('GET', '/videos')).body.items).toEqual([]);

    // Reviewing scenes needs no render: the draft is made, its render refused the same way.
    const { voiceId, aspect, resolution, captions, music } = VIDEO;
    const board = await api('POST', '/storyboards', {
      script: VIDEO.script,
      voiceId,
      aspect,
      resolution,
      captions,
      music,
      visualOrder: 'designed',
    });
    expect(board.status).toBe(201);
    // A scene's picture preview needs ffmpeg in the API: it says so, as a 503 the screen shows, not a crash.
    const preview = await api('GET', `/storyboards/${board.body.id}/scenes/${board.body.scenes[0].id}/preview`);
    expect(preview.status).toBe(503);
    expect(preview.body.error).toBe(
      'This server cannot show scene previews yet. It is missing ffmpeg. Whoever runs it can install it with: sudo apt-get install -y --no-install-recommends ffmpeg',
    );
    const render = await api('POST', `/storyboards/${board.body.id}/render`);
    expect(render.status).toBe(503);
    expect(render.body.error).toBe(availability.body.message);
    expect((await api('GET', `/storyboards/${board.body.id}`)).body.status).toBe('draft');
    expect((await api('GET', '/me')).body.credits).toEqual({ balance: 100, reserved: 0 });
    const ledger = (await api('GET', '/credits/ledger')).body.entries as { kind: string }[];
    expect(ledger.map((row) => row.kind)).toEqual(['grant']);
  });
});

describe('a video accepted while no worker ran, then taken by a worker without the caption fonts', () => {
  let target: Target;
  const emptyFonts = fs.mkdtempSync(path.join(os.tmpdir(), 'nxn-no-fonts-'));
  afterAll(async () => {
    fs.rmSync(emptyFonts, { recursive: true, force: true });
    await target?.dispose();
  });

  it('fails at once as a set-up problem: what is missing, nothing charged, no retry, no Try again until it is fixed', async () => {
    target = await pgliteTarget();
    const config = testConfig(target);
    const log = createLogger(config.logLevel, 'test');
    const database = await openDatabase(config);
    const registry = createJobRegistry(featureJobs);
    const queue = await JobQueue.start(database, config, log, { supervise: true, jobs: registry });
    const api = await startApiServer({ config, database, queue, log, port: 0 });
    let worker: { close(): Promise<void> } | undefined;
    try {
      const user = await signedUp(api.url);
      // No worker has reported yet: the queue keeps the video for the first one that starts.
      expect((await user('GET', '/videos/availability')).body).toEqual({ ready: true, message: null, missing: [] });
      const accepted = await user('POST', '/videos', VIDEO);
      expect(accepted.status).toBe(202);
      expect((await user('GET', '/me')).body.credits.reserved).toBeGreaterThan(0);

      // The machine's real check, on a fonts folder where nothing was installed.
      worker = await startWorker({
        config,
        database,
        queue,
        log,
        jobs: registry,
        tools: () => checkMediaTools(emptyFonts),
      });
      const failed = await until(
        async () => (await user('GET', `/videos/${accepted.body.id}`)).body,
        (video) => video.status === 'failed',
        30_000,
      );
      expect(failed).toMatchObject({ setupFailure: true, creditsCharged: 0 });
      expect(failed.error).toBe(
        `${CANNOT} It is missing the caption fonts, so this could not be made. No credits were charged.`,
      );
      expect((await user('GET', '/me')).body.credits).toEqual({ balance: 100, reserved: 0 });
      const ledger = (await user('GET', '/credits/ledger')).body.entries as { kind: string }[];
      expect(ledger.map((entry) => entry.kind)).toEqual(['release', 'reserve', 'grant']);
      const [row] = await database.db
        .select({ jobId: videos.jobId })
        .from(videos)
        .where(eq(videos.id, accepted.body.id));
      const [job] = await database.db.select().from(jobs).where(eq(jobs.id, row!.jobId!));
      expect(job).toMatchObject({ status: 'failed', errorKind: 'setup', attempts: 1 });

      const availability = (await user('GET', '/videos/availability')).body;
      expect(availability.ready).toBe(false);
      expect(availability.missing.map((m: { tool: string }) => m.tool)).toEqual(['caption-fonts']);
      expect(availability.message).toContain(
        'sudo apt-get install -y --no-install-recommends fonts-dejavu-core fonts-liberation2 fonts-noto-core fonts-nanum fonts-wqy-microhei',
      );
      // Trying again, or a new video, is refused while the worker still lacks the fonts.
      expect((await user('POST', `/videos/${accepted.body.id}/retry`)).status).toBe(503);
      expect((await user('POST', '/videos', VIDEO)).status).toBe(503);
      expect((await user('GET', '/me')).body.credits).toEqual({ balance: 100, reserved: 0 });

      // A worker that stops cleanly takes its report with it.
      await worker.close();
      worker = undefined;
      expect((await user('GET', '/videos/availability')).body.ready).toBe(true);
    } finally {
      await worker?.close();
      await api.close();
      await queue.stop();
      await database.close();
    }
  }, 120_000);
});
