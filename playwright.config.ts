import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env['E2E_WEB_PORT'] ?? 4321);

/** Debian's Chromium, running as root in a container. */
const launchOptions = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

/**
 * End-to-end tests against the production build (run `npm run build` first): globalSetup starts the Auth emulator
 * (or reuses one), the API + worker on a fresh data directory, and the web server; see tests/e2e/support/stack.ts.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  // The public pages are static files: their specs run beside the signed-in ones, which share one API, worker and
  // emulator (and stop them on purpose), so those run one at a time.
  workers: 2,
  fullyParallel: false,
  forbidOnly: Boolean(process.env['CI']),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env['CI'] ? [['list']] : [['list'], ['html', { open: 'never' }]],
  globalSetup: './tests/e2e/support/global-setup.ts',
  globalTeardown: './tests/e2e/support/global-teardown.ts',
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'app', testIgnore: 'public-*.spec.ts', workers: 1, use: { ...devices['Desktop Chrome'], launchOptions } },
    { name: 'public', testMatch: 'public-*.spec.ts', use: { ...devices['Desktop Chrome'], launchOptions } },
  ],
});
