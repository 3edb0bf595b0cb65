/**
 * Real Firebase ID tokens for tests, from the Auth emulator on 127.0.0.1:9099. An emulator someone else started is
 * reused and left alone. Otherwise the first test process to need one starts it (detached), and the last test
 * process to release it stops it: test files run in parallel worker processes and finish in any order.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const EMULATOR = 'http://127.0.0.1:9099';
const SHARED = path.join(os.tmpdir(), 'nxn-test-auth-emulator');
/** Present while an emulator started by tests runs: `{ starter, group }` (the emulator's process group). */
const STARTED = path.join(SHARED, 'started.json');
const USERS = path.join(SHARED, 'users');

const answers = async (): Promise<boolean> => {
  try {
    return (await fetch(EMULATOR, { signal: AbortSignal.timeout(1_000) })).ok;
  } catch {
    return false;
  }
};

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

interface Started {
  starter: number;
  group?: number;
  /** Set by the last user while it stops the emulator; newcomers wait and start a fresh one. */
  stopping?: boolean;
}

const readStarted = (): Started | undefined => {
  try {
    return JSON.parse(fs.readFileSync(STARTED, 'utf8')) as Started;
  } catch {
    return undefined;
  }
};

/** Live users; files of processes that died without releasing are removed on the way. */
function liveUsers(): number {
  let count = 0;
  for (const name of fs.readdirSync(USERS)) {
    if (alive(Number(name.split('-')[0]))) count++;
    else fs.rmSync(path.join(USERS, name), { force: true });
  }
  return count;
}

async function waitUntilAnswering(what: string): Promise<void> {
  for (let i = 0; i < 180 && !(await answers()); i++) await sleep(500);
  if (!(await answers())) throw new Error(`${what} did not come up on 127.0.0.1:9099`);
}

/** Resolves to a release function. */
export async function ensureAuthEmulator(): Promise<() => Promise<void>> {
  fs.mkdirSync(USERS, { recursive: true });
  const self = path.join(USERS, `${process.pid}-${Math.random().toString(36).slice(2)}`);
  fs.writeFileSync(self, '');
  // Removing ourselves before counting means that of two processes leaving at once, at least one sees zero.
  const release = async () => {
    fs.rmSync(self, { force: true });
    const started = readStarted();
    if (!started?.group || liveUsers() > 0) return;
    fs.writeFileSync(STARTED, JSON.stringify({ ...started, stopping: true }));
    try {
      process.kill(-started.group, 'SIGTERM');
    } catch {
      // Already stopped by another process leaving at the same moment.
    }
    for (let i = 0; i < 40 && (await answers()); i++) await sleep(250);
    fs.rmSync(STARTED, { force: true });
  };

  for (let i = 0; i < 60 && readStarted()?.stopping; i++) await sleep(250);
  const started = readStarted();
  if (started && (started.stopping || (!started.group && !alive(started.starter)))) fs.rmSync(STARTED, { force: true });
  if (await answers()) return release;

  try {
    fs.writeFileSync(STARTED, JSON.stringify({ starter: process.pid }), { flag: 'wx' });
  } catch {
    await waitUntilAnswering('The Auth emulator another test process is starting');
    return release;
  }
  const child = spawn('npx', ['firebase', 'emulators:start', '--only', 'auth', '--project', 'demo-nxn'], {
    env: { ...process.env, CI: 'true' },
    stdio: 'ignore',
    detached: true,
  });
  child.unref();
  fs.writeFileSync(STARTED, JSON.stringify({ starter: process.pid, group: child.pid }));
  await waitUntilAnswering('The Auth emulator');
  return release;
}

export interface TestUser {
  uid: string;
  email: string;
  idToken: string;
}

let counter = 0;

export async function createUser(
  email = `api-${process.pid}-${Date.now()}-${counter++}@example.test`,
): Promise<TestUser> {
  const res = await fetch(`${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=any`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'secret-password', returnSecureToken: true }),
  });
  if (!res.ok) throw new Error(`signUp failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { localId: string; idToken: string };
  return { uid: body.localId, email, idToken: body.idToken };
}

/**
 * Marks the user's e-mail verified and/or sets custom claims (as the Admin SDK would), then signs in again: a token
 * carries the account's state at sign-in, so only the fresh token shows the change.
 */
export async function updateUser(
  user: TestUser,
  change: { emailVerified?: boolean; claims?: Record<string, unknown> },
): Promise<TestUser> {
  const res = await fetch(`${EMULATOR}/identitytoolkit.googleapis.com/v1/projects/demo-nxn/accounts:update`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({
      localId: user.uid,
      ...(change.emailVerified === undefined ? {} : { emailVerified: change.emailVerified }),
      ...(change.claims ? { customAttributes: JSON.stringify(change.claims) } : {}),
    }),
  });
  if (!res.ok) throw new Error(`accounts:update failed: ${res.status} ${await res.text()}`);
  const signIn = await fetch(`${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: 'secret-password', returnSecureToken: true }),
  });
  if (!signIn.ok) throw new Error(`signIn failed: ${signIn.status} ${await signIn.text()}`);
  return { ...user, idToken: ((await signIn.json()) as { idToken: string }).idToken };
}
