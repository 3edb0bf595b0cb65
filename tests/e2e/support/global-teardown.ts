import { rmSync } from 'node:fs';
import type { StripeSandbox } from '~/sandboxes/stripe/index';
import { STRIPE_SANDBOX } from './global-setup';
import { readState, stopAll } from './stack';

export default async function globalTeardown(): Promise<void> {
  const { runDir } = readState();
  await stopAll();
  await ((globalThis as Record<symbol, unknown>)[STRIPE_SANDBOX] as StripeSandbox | undefined)?.close();
  if (!process.env['E2E_KEEP_LOGS']) rmSync(runDir, { recursive: true, force: true });
}
