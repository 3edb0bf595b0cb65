import { rmSync } from 'node:fs';
import { createState, ensureEmulator, PRIMARY_API, readState, startApi, startWeb, stopAll } from './stack';

/** Auth emulator (reused if running), API + worker on a fresh data directory, and the web server on dist/. */
export default async function globalSetup(): Promise<void> {
  createState();
  try {
    await ensureEmulator();
    await startApi(PRIMARY_API);
    await startWeb();
  } catch (error) {
    await stopAll();
    rmSync(readState().runDir, { recursive: true, force: true });
    throw error;
  }
}
