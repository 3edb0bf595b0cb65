/**
 * Web benchmark: builds the site (into a scratch directory, so a running server's dist/ is untouched), serves it
 * with the production web server, and prints per public page the compressed JavaScript a browser actually loads
 * (Chromium, after the load event and idle hydration) and, with --lighthouse, Lighthouse mobile scores.
 *
 * Usage: npx tsx scripts/bench-web.ts [--dist DIR] [--lighthouse] [--pages /,/terms]
 *   --dist DIR     measure an existing build instead of building
 *   --lighthouse   also run Lighthouse (mobile, simulated throttling) on the home, a blog post and /terms;
 *                  uses CHROME_PATH (default /usr/bin/chromium)
 *   --pages LIST   measure (and run Lighthouse on) these pages only; `--dist dist --pages /` is the smallest run
 */
import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompressSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { loadConfig } from '../src/server/config/index.ts';
import { startWebServer } from '../src/server/web/server';
import { buildIntoTemp } from './bench-support.ts';

const run = promisify(execFile);

const PAGES = [
  '/',
  '/nxn-agent',
  '/gpu',
  '/about',
  '/contact',
  '/terms',
  '/privacy',
  '/blog',
  '/blog/tts-tools',
  '/best-text-to-speech-tools',
  '/this-page-does-not-exist',
];
const LIGHTHOUSE_PAGES = ['/', '/blog/tts-tools', '/terms'];
const CHROME_PATH = process.env['CHROME_PATH'] ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const args = process.argv.slice(2);
const distArg = args.includes('--dist') ? args[args.indexOf('--dist') + 1] : undefined;
const withLighthouse = args.includes('--lighthouse');
const pagesArg = args.includes('--pages') ? args[args.indexOf('--pages') + 1]!.split(',') : undefined;
const pages = pagesArg ?? PAGES;
const lighthousePages = pagesArg ?? LIGHTHOUSE_PAGES;

interface JsFigures {
  path: string;
  files: number;
  /** Bytes on the wire for script files, as served (brotli). */
  scriptBytes: number;
  /** Inline <script> bodies, brotli-compressed, for an honest total. */
  inlineBytes: number;
}

async function measureJs(baseUrl: string): Promise<JsFigures[]> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS.slice(1) });
  const figures: JsFigures[] = [];
  try {
    for (const path of pages) {
      const page = await browser.newPage();
      await page.goto(baseUrl + path, { waitUntil: 'networkidle' });
      await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(null), { timeout: 2000 })));
      await page.waitForLoadState('networkidle');
      const { resources, inline } = await page.evaluate(() => ({
        resources: (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
          .filter((entry) => entry.initiatorType === 'script' || entry.name.endsWith('.js'))
          .map((entry) => entry.encodedBodySize),
        inline: [...document.querySelectorAll('script:not([src])')].map((script) => script.textContent ?? ''),
      }));
      figures.push({
        path,
        files: resources.length,
        scriptBytes: resources.reduce((sum, bytes) => sum + bytes, 0),
        inlineBytes: inline.reduce((sum, body) => sum + (body ? brotliCompressSync(body).length : 0), 0),
      });
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return figures;
}

/** Compressed JavaScript fetched when a visitor first opens the support widget (it loads on demand). */
async function measureSupportWidget(baseUrl: string): Promise<number> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS.slice(1) });
  try {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/about`, { waitUntil: 'networkidle' });
    const scriptBytes = () =>
      page.evaluate(() =>
        (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
          .filter((entry) => entry.name.endsWith('.js'))
          .reduce((sum, entry) => sum + entry.encodedBodySize, 0),
      );
    const before = await scriptBytes();
    await page.getByRole('button', { name: 'Open support' }).click();
    await page.getByRole('dialog').waitFor();
    return (await scriptBytes()) - before;
  } finally {
    await browser.close();
  }
}

interface LighthouseFigures {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

async function lighthouse(baseUrl: string, path: string): Promise<LighthouseFigures> {
  const { stdout } = await run(
    'npx',
    [
      'lighthouse',
      baseUrl + path,
      '--output=json',
      '--quiet',
      '--only-categories=performance,accessibility,best-practices,seo',
      `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
    ],
    { env: { ...process.env, CHROME_PATH }, maxBuffer: 256 * 1024 * 1024 },
  );
  const report = JSON.parse(stdout) as {
    categories: Record<string, { score: number | null }>;
    audits: Record<string, { numericValue?: number }>;
  };
  const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const metric = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  return {
    path,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: Math.round(metric('largest-contentful-paint')),
    tbtMs: Math.round(metric('total-blocking-time')),
    cls: Number(metric('cumulative-layout-shift').toFixed(3)),
  };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

const distDir = distArg ?? (await buildIntoTemp());
const server = await startWebServer({ config: loadConfig(), port: 0, host: '127.0.0.1', distDir });
try {
  const js = await measureJs(server.url);
  console.log('\n| Page | JS files | JS (KB, brotli) | inline JS (KB, brotli) | total (KB) |');
  console.log('|---|---:|---:|---:|---:|');
  for (const row of js) {
    console.log(
      `| ${row.path} | ${row.files} | ${kb(row.scriptBytes)} | ${kb(row.inlineBytes)} | ${kb(row.scriptBytes + row.inlineBytes)} |`,
    );
  }
  console.log(
    `\nOpening the support widget the first time fetches ${kb(await measureSupportWidget(server.url))} KB more.`,
  );

  if (withLighthouse) {
    console.log('\n| Page | Performance | Accessibility | Best practices | SEO | LCP (ms) | TBT (ms) | CLS |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
    for (const path of lighthousePages) {
      const row = await lighthouse(server.url, path);
      console.log(
        `| ${row.path} | ${row.performance} | ${row.accessibility} | ${row.bestPractices} | ${row.seo} | ${row.lcpMs} | ${row.tbtMs} | ${row.cls} |`,
      );
    }
  }
} finally {
  await server.close();
  if (!distArg) await rm(distDir, { recursive: true, force: true });
}
