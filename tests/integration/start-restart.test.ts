/**
 * Accounts survive a crash of `npm start` (issue 21): the real `scripts/start.ts`, on its own ports, project and
 * DATA_DIR, with its own Auth emulator. A user signs up and writes a script; every process of the platform is then
 * killed with SIGKILL (no exit handler runs, so only what was saved on the way counts); started again on the same
 * DATA_DIR, the user signs in with the same password to the same account and the same credits.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { client } from './support/stack.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nxn-restart-'));
const accountsDir = path.join(dataDir, 'auth', 'accounts');
const PASSWORD = 'a-long-secret-password';

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const [apiPort, emulatorPort] = [await freePort(), await freePort()];
const emulator = `http://127.0.0.1:${emulatorPort}`;
const api = `http://127.0.0.1:${apiPort}`;
const env = {
  ...process.env,
  ROLE: 'api,worker',
  API_PORT: String(apiPort),
  FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${emulatorPort}`,
  // Its own project: the emulator hub's locator file is per project, and the shared emulator on 9099 is demo-nxn's.
  FIREBASE_PROJECT_ID: `demo-nxn-restart-${process.pid}`,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
};

/** `npm start` in its own process group; resolves once it says it is running. */
async function startPlatform(run: number): Promise<number> {
  const log = path.join(dataDir, `start-${run}.log`);
  const out = fs.openSync(log, 'w');
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    env,
    detached: true,
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  child.unref();
  const deadline = Date.now() + 240_000;
  while (!fs.readFileSync(log, 'utf8').includes('NXN is running')) {
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`npm start did not come up:\n${fs.readFileSync(log, 'utf8').slice(-4_000)}`);
    await sleep(500);
  }
  return child.pid!;
}

/** The process groups of this DATA_DIR's emulator (started in its own group by start.ts), found by its arguments. */
function emulatorGroups(): number[] {
  const groups = new Set<number>();
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (!fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(accountsDir)) continue;
      groups.add(Number(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[2]));
    } catch {
      // Exited meanwhile.
    }
  }
  return [...groups];
}

const answers = async (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(1_000) }).then(
    () => true,
    () => false,
  );

/** SIGKILL to every process of the platform, as a crash or a power cut would end them. */
async function killPlatform(startGroup: number): Promise<void> {
  for (const group of [startGroup, ...emulatorGroups()]) {
    try {
      process.kill(-group, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  for (let i = 0; i < 40 && ((await answers(`${api}/healthz`)) || (await answers(emulator))); i++) await sleep(250);
}

async function identity(
  path: 'signUp' | 'signInWithPassword',
  email: string,
): Promise<{ localId: string; idToken: string }> {
  const res = await fetch(`${emulator}/identitytoolkit.googleapis.com/v1/accounts:${path}?key=any`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, returnSecureToken: true }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as { localId: string; idToken: string };
}

let running: number | undefined;
afterAll(async () => {
  if (running) await killPlatform(running);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start after a crash', () => {
  it('keeps every account: the same password signs in to the same uid, profile and credits', async () => {
    running = await startPlatform(1);
    const email = 'returning-user@example.test';
    const signedUp = await identity('signUp', email);
    const first = client(api, { uid: signedUp.localId, email, idToken: signedUp.idToken });
    // The first signed-in request makes the profile and its signup grant; the account writes a script (free offline).
    expect(
      (
        await first('POST', '/auth/auth', {
          uid: signedUp.localId,
          email,
          displayName: 'Returning User',
          photoURL: null,
        })
      ).status,
    ).toBe(201);
    const script = await first('POST', '/scripts', {
      topic: 'Home coffee brewing',
      audience: 'students',
      tone: 'energetic',
      platform: 'shorts',
      targetSeconds: 45,
      keyPoints: ['Grind fresh'],
      callToAction: 'Follow for more',
    });
    expect(script.status).toBe(201);
    // Everything runs on this machine, so a webhook receiver may too.
    const hook = await first('POST', '/webhooks/endpoints', {
      url: 'http://127.0.0.1:9/nxn',
      events: ['video.succeeded'],
    });
    expect(hook.status).toBe(201);
    const before = (await first('GET', '/me')).body;
    expect(before.credits.balance).toBe(100);

    await killPlatform(running);
    running = undefined;
    expect(await answers(emulator)).toBe(false);

    running = await startPlatform(2);
    const signedIn = await identity('signInWithPassword', email);
    expect(signedIn.localId).toBe(signedUp.localId);
    const again = client(api, { uid: signedIn.localId, email, idToken: signedIn.idToken });
    const after = (await again('GET', '/me')).body;
    expect(after.profile).toMatchObject({ uid: signedUp.localId, email, createdAt: before.profile.createdAt });
    expect(after.credits).toEqual(before.credits);
    expect((await again('GET', '/scripts')).body.items.map((item: { id: string }) => item.id)).toEqual([
      script.body.id,
    ]);
    // A second sign-up with the same address is refused: the account is the one that was restored.
    const duplicate = await fetch(`${emulator}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=any`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'another-password', returnSecureToken: true }),
    });
    expect(duplicate.status).toBe(400);
  }, 600_000);
});
