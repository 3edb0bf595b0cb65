/**
 * The setup the API suites share: the Auth emulator, one local HTTP server standing in for the cloud providers
 * (`cloud` decides its answers), API + worker on a fresh PGlite database, and a temporary folder; all torn down
 * after the file. `stack` and `cloudUrl` exist from beforeAll on, so read them inside tests, not at module level.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect } from 'vitest';
import { createUser, ensureAuthEmulator } from './auth-emulator';
import { pgliteTarget, type Target } from './databases';
import { client, type Stack, startStack } from './stack';

export type Api = ReturnType<typeof client>;

export function apiSuite(name: string, cloud: RequestListener) {
  let stopEmulator: () => Promise<void> = async () => undefined;
  let target: Target | undefined;
  let server: Server | undefined;
  let stack: Stack | undefined;
  let cloudUrl = '';
  const dir = mkdtempSync(path.join(tmpdir(), `nxn-${name}-`));
  const started = (): Stack => {
    if (!stack) throw new Error('The stack starts in beforeAll; use it inside tests.');
    return stack;
  };
  const suite = {
    dir,
    get stack() {
      return started();
    },
    get cloudUrl() {
      return cloudUrl;
    },
    /** A new emulator user who has signed up (and so holds the signup grant), with a client for `base`. */
    async signedUp(base = started().url) {
      const user = await createUser();
      const api = client(base, user);
      expect(
        (await api('POST', '/auth/auth', { uid: user.uid, email: user.email, displayName: null, photoURL: null }))
          .status,
      ).toBe(201);
      return { user, api };
    },
    balance: async (api: Api) => (await api('GET', '/me')).body.credits as { balance: number; reserved: number },
  };

  beforeAll(async () => {
    stopEmulator = await ensureAuthEmulator();
    const cloudServer = createServer(cloud);
    server = cloudServer;
    await new Promise<void>((resolve) => cloudServer.listen(0, '127.0.0.1', resolve));
    cloudUrl = `http://127.0.0.1:${(cloudServer.address() as AddressInfo).port}`;
    target = await pgliteTarget();
    stack = await startStack(target);
  });
  afterAll(async () => {
    await stack?.close();
    await target?.dispose();
    if (server) {
      server.closeAllConnections();
      await new Promise((resolve) => server?.close(resolve));
    }
    rmSync(dir, { recursive: true, force: true });
    await stopEmulator();
  });

  return suite;
}

/** Reads until `done` holds (a job finishing, say), every 200 ms, failing with the last value after `timeoutMs`. */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting: ${JSON.stringify(value)}`);
    await sleep(200);
  }
}
