/**
 * Sign-in screen benchmark: how soon after navigation a visitor sees the e-mail field of /login, /signup and /auth,
 * how soon the form reacts (React has hydrated it), and how much JavaScript arrived before each moment; measured in
 * Chromium against the production web server, with a fresh cache per run, unthrottled and with a phone-like
 * profile (4× CPU slowdown, 1.6 Mbit/s, 150 ms latency). Prints medians.
 *
 * Usage: npx tsx scripts/bench-signin.ts [--dist DIR] [--runs N]
 *   --dist DIR   measure an existing build instead of building into a scratch directory
 *   --runs N     runs per page and profile (default 7)
 */
import { rm } from 'node:fs/promises';
import { type Browser, chromium } from '@playwright/test';
import { loadConfig } from '../src/server/config/index';
import { startWebServer } from '../src/server/web/server';
import { buildIntoTemp } from './bench-support.ts';

const PAGES = ['/login', '/signup', '/auth'];
const CHROME_PATH = process.env['CHROME_PATH'] ?? '/usr/bin/chromium';
const CHROME_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'];

interface Profile {
  name: string;
  cpuRate: number;
  network: { latency: number; downloadThroughput: number; uploadThroughput: number } | null;
}

const PROFILES: Profile[] = [
  { name: 'local', cpuRate: 1, network: null },
  {
    name: 'phone-like',
    cpuRate: 4,
    network: { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 },
  },
];

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const distArg = option('--dist');
const runs = Number(option('--runs') ?? 7);

/**
 * Runs in the page from its first byte: notes when the e-mail field first exists and when React owns it (its
 * fiber key appears on the element, i.e. the field's handlers work).
 */
const PROBE = `(() => {
  const marks = (window.__signinMarks = { present: null, hydrated: null });
  const check = () => {
    const field = document.querySelector('input[type=email]');
    if (!field) return;
    if (marks.present === null) marks.present = performance.now();
    if (marks.hydrated === null && Object.keys(field).some((key) => key.startsWith('__reactFiber'))) marks.hydrated = performance.now();
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
  const poll = () => { check(); if (marks.hydrated === null) requestAnimationFrame(poll); };
  requestAnimationFrame(poll);
})();`;

/** Reads the probe's marks and the script resources (as a string: the page must not see bundler helpers). */
const READ_MARKS = `(() => {
  const marks = window.__signinMarks;
  const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
  const visible = Math.max(marks.present, paint);
  const scripts = performance.getEntriesByType('resource').filter((entry) => entry.name.endsWith('.js'));
  const bytesBy = (time) => scripts.filter((entry) => entry.responseEnd <= time).reduce((sum, entry) => sum + entry.encodedBodySize, 0);
  return {
    visible,
    hydrated: marks.hydrated,
    jsBeforeVisible: bytesBy(visible),
    jsBeforeHydrated: bytesBy(marks.hydrated),
    jsTotal: bytesBy(Number.POSITIVE_INFINITY),
    firebaseBeforeHydrated: scripts.some((entry) => entry.name.includes('/firebase.') && entry.responseEnd <= marks.hydrated),
  };
})()`;

interface Sample {
  /** ms after navigation start: e-mail field on screen (not before the first paint). */
  visible: number;
  /** ms after navigation start: the form answers to input. */
  hydrated: number;
  /** brotli bytes of JavaScript fetched by the time the field showed / by hydration / in all after 3 s idle. */
  jsBeforeVisible: number;
  jsBeforeHydrated: number;
  jsTotal: number;
  firebaseBeforeHydrated: boolean;
}

async function sample(browser: Browser, url: string, profile: Profile): Promise<Sample> {
  // The probe is evaluated from strings, which the site's CSP (rightly) forbids.
  const context = await browser.newContext({ bypassCSP: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (profile.cpuRate > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuRate });
  if (profile.network) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...profile.network });
  await page.addInitScript(PROBE);
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForFunction('window.__signinMarks.hydrated !== null', null, { timeout: 60_000 });
  await page.waitForTimeout(3000);
  const result = (await page.evaluate(READ_MARKS)) as Sample;
  await context.close();
  return result;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

const distDir = distArg ?? (await buildIntoTemp());
const server = await startWebServer({ config: loadConfig(), port: 0, host: '127.0.0.1', distDir });
const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS });
try {
  console.log(`\nMedians of ${runs} runs, fresh cache each.\n`);
  console.log(
    '| Profile | Page | e-mail field visible (ms) | form hydrated (ms) | JS before visible (KB) | JS before hydrated (KB) | JS after 3 s (KB) | Firebase before hydrated |',
  );
  console.log('|---|---|---:|---:|---:|---:|---:|---|');
  for (const profile of PROFILES) {
    for (const path of PAGES) {
      const samples: Sample[] = [];
      for (let index = 0; index < runs; index += 1) samples.push(await sample(browser, server.url + path, profile));
      const m = (pick: (value: Sample) => number) => median(samples.map(pick));
      const firebaseEarly = samples.filter((value) => value.firebaseBeforeHydrated).length;
      console.log(
        `| ${profile.name} | ${path} | ${m((value) => value.visible).toFixed(0)} | ${m((value) => value.hydrated).toFixed(0)} | ${kb(
          m((value) => value.jsBeforeVisible),
        )} | ${kb(m((value) => value.jsBeforeHydrated))} | ${kb(m((value) => value.jsTotal))} | ${firebaseEarly}/${runs} |`,
      );
    }
  }
} finally {
  await browser.close();
  await server.close();
  if (!distArg) await rm(distDir, { recursive: true, force: true });
}
