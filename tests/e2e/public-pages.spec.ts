import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { brand, gluedInline, LIGHT_PAGES, logosOf, PUBLIC_PAGES } from './public-helpers';

const canonicalOf = (page: Page) => page.locator('link[rel="canonical"]').getAttribute('href');

test('every public page answers 200 with its heading, title, description and canonical link', async ({ page }) => {
  for (const { path, h1 } of PUBLIC_PAGES) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(h1);
    await expect(page, path).toHaveTitle(/NXN/);
    expect(await page.locator('meta[name="description"]').getAttribute('content'), path).toBeTruthy();
    expect(await page.locator('meta[property="og:image"]').getAttribute('content'), path).toMatch(/\/og\.png$/);
    if (path !== '/best-text-to-speech-tools') expect(new URL((await canonicalOf(page))!).pathname, path).toBe(path);
  }
});

test('every page shows the one logo: the favicon mark beside the product name', async ({ page }) => {
  const seen = new Set<string>();
  for (const path of [...PUBLIC_PAGES.map((entry) => entry.path), '/auth', '/signup']) {
    await page.goto(path);
    const logos = await logosOf(page);
    expect(logos.length, path).toBeGreaterThan(0);
    for (const logo of logos) seen.add(logo);
  }
  expect([...seen]).toEqual([`/favicon.svg ${brand.productName}`]);
});

test('no public page runs a word into a link, code or bold text', async ({ page }) => {
  for (const { path } of PUBLIC_PAGES) {
    await page.goto(path);
    expect(await gluedInline(page), path).toEqual([]);
  }
});

test('the dedicated text-to-speech post is also served at its top-level path, canonical to /blog/tts-tools', async ({
  page,
}) => {
  await page.goto('/best-text-to-speech-tools');
  expect(new URL((await canonicalOf(page))!).pathname).toBe('/blog/tts-tools');
  const alias = await page.locator('article').textContent();
  await page.goto('/blog/tts-tools');
  expect(await page.locator('article').textContent()).toBe(alias);
});

test('the About page credits the open data the offline pictures use, as GeoNames asks', async ({ page }) => {
  await page.goto('/about#credits');
  const credits = page.locator('#credits');
  await expect(credits.getByRole('heading', { name: 'Credits' })).toBeVisible();
  await expect(credits).toContainText('contain data from GeoNames (CC BY 4.0)');
  await expect(credits.getByRole('link', { name: 'GeoNames' })).toHaveAttribute('href', 'https://www.geonames.org/');
});

test('directory-style paths work with and without a trailing slash', async ({ page }) => {
  for (const path of ['/about/', '/blog/', '/blog/tts-tools/']) {
    expect((await page.goto(path))?.status(), path).toBe(200);
  }
});

test('unknown paths and unknown blog slugs answer the designed 404 page with HTTP 404', async ({ page }) => {
  for (const path of ['/this-does-not-exist', '/blog/no-such-post', '/nxn-agent/nope/deeper']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page went off-script');
    await expect(page.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  }
});

test('the blog lists every post, newest first, and the feed and sitemap list them too', async ({ page, request }) => {
  await page.goto('/blog');
  const hrefs = await page
    .locator('main ul li h3 a')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(hrefs.length).toBeGreaterThanOrEqual(3);
  expect(hrefs).toContain('/blog/tts-tools');
  const dates = await page
    .locator('main ul li time')
    .evaluateAll((times) => times.map((time) => time.getAttribute('datetime')!));
  expect([...dates].sort().reverse()).toEqual(dates);

  const rss = await request.get('/rss.xml');
  expect(rss.status()).toBe(200);
  const feed = await rss.text();
  for (const href of hrefs) expect(feed).toContain(`${href}</link>`);

  const sitemap = await (await request.get('/sitemap-0.xml')).text();
  expect(sitemap).toContain('/blog/tts-tools');
  expect(sitemap).not.toContain('app-shell');
  // Only canonical URLs: the TTS post's second address points search engines at /blog/tts-tools.
  expect(sitemap).not.toContain('/best-text-to-speech-tools');
});

test('static pages load no Firebase code and stay within their JavaScript budget', async ({ page }) => {
  const budgets: Array<[string, number]> = [
    ['/', 150 * 1024],
    ...LIGHT_PAGES.map((path): [string, number] => [path, 60 * 1024]),
  ];
  for (const [path, budget] of budgets) {
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.url());
    });
    await page.goto(path, { waitUntil: 'networkidle' });
    // Islands hydrate when the browser is idle; give them that moment.
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(null), { timeout: 2000 })));
    await page.waitForLoadState('networkidle');

    const loaded = await page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => entry.initiatorType === 'script' || entry.name.endsWith('.js'))
        .map((entry) => ({ url: entry.name, bytes: entry.encodedBodySize })),
    );
    const total = loaded.reduce((sum, entry) => sum + entry.bytes, 0);
    expect(total, `${path} loads ${total} compressed bytes of JavaScript`).toBeLessThan(budget);

    for (const url of scripts) {
      expect(url, path).not.toMatch(/firebase/i);
      const body = await (await page.request.get(url)).text();
      // Any part of the Firebase Auth SDK talks to these endpoints.
      expect(body, `${url} on ${path}`).not.toContain('identitytoolkit');
      expect(body, `${url} on ${path}`).not.toContain('securetoken.googleapis');
    }
    page.removeAllListeners('response');
  }
});

test.describe('accessibility', () => {
  const pages = [...PUBLIC_PAGES.map(({ path }) => path), '/this-does-not-exist'];
  for (const path of pages) {
    test(`axe finds no violations on ${path}`, async ({ page }) => {
      await page.goto(path, { waitUntil: 'networkidle' });
      const results = await new AxeBuilder({ page }).analyze();
      expect(
        results.violations.map(
          ({ id, help, nodes }) => `${id}: ${help} (${nodes.map((node) => node.target.join(' ')).join(', ')})`,
        ),
      ).toEqual([]);
    });
  }

  test('axe finds no violations with the mobile menu and the support panel open', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Open support' }).click();
    await page.getByRole('button', { name: /Human Support/ }).click();
    await expect(page.getByRole('dialog', { name: 'Human Support' })).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map(({ id, help }) => `${id}: ${help}`)).toEqual([]);
  });
});
