import { rmSync } from 'node:fs';
import { startStripeSandbox } from '~/sandboxes/stripe/index';
import {
  apiUrl,
  createState,
  ensureEmulator,
  PRIMARY_API,
  readState,
  startApi,
  startGpuSandbox,
  startWeb,
  stopAll,
  useStripeSandbox,
} from './stack';

/** Global teardown runs in this same process and closes the sandbox through this. */
export const STRIPE_SANDBOX = Symbol.for('nxn.e2e.stripe-sandbox');

/**
 * Auth emulator (reused if running), the Stripe sandbox (in this process, as `npm start` runs it), the GPU sandbox, API
 * + worker on a fresh data directory, and the web server on dist/.
 */
export default async function globalSetup(): Promise<void> {
  createState();
  try {
    await ensureEmulator();
    const webhookSecret = 'whsec_e2e_sandbox';
    const sandbox = await startStripeSandbox({
      webhookUrl: `${apiUrl(PRIMARY_API.port)}/payments/stripe/webhook`,
      webhookSecret,
      settleAfterMs: 500,
    });
    (globalThis as Record<symbol, unknown>)[STRIPE_SANDBOX] = sandbox;
    useStripeSandbox({ url: sandbox.url, webhookSecret });
    await startGpuSandbox();
    await startApi(PRIMARY_API);
    await startWeb();
  } catch (error) {
    await stopAll();
    rmSync(readState().runDir, { recursive: true, force: true });
    throw error;
  }
}
