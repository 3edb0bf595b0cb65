import { rmSync } from 'node:fs';
import { readState, stopAll } from './stack';

export default async function globalTeardown(): Promise<void> {
  const { runDir } = readState();
  await stopAll();
  if (!process.env['E2E_KEEP_LOGS']) rmSync(runDir, { recursive: true, force: true });
}
