import { rmSync } from 'node:fs';
import { createState, ensureEmulator, PRIMARY_API, readState, startApi, startGpuSandbox, startWeb, stopAll } from './stack';

/** Auth emulator (reused if running), the GPU sandbox, API + worker on a fresh data directory, and the web server on dist/. */
export default async function globalSetup(): Promise<void> {
  createState();
  try {
    await ensureEmulator();
    await startGpuSandbox();
    await startApi(PRIMARY_API);
    await startWeb();
  } catch (error) {
    await stopAll();
    rmSync(readState().runDir, { recursive: true, force: true });
    throw error;
  }
}
