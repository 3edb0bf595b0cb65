import { expect, test } from '@playwright/test';
import { agentOrigin, brand } from './public-helpers';

const HOME_HEADLINE = 'Your Script, Our AI, Perfect Videos';

/** Records whether the home's headline element is ever put in the document, i.e. whether the home could flash. */
async function watchForHome(page: import('@playwright/test').Page) {
  await page.addInitScript((headline) => {
    (window as unknown as { homeSeen: boolean }).homeSeen = false;
    new MutationObserver(() => {
      const headings = [...document.querySelectorAll('h1')];
      if (headings.some((h1) => h1.textContent?.includes(headline)))
        (window as unknown as { homeSeen: boolean }).homeSeen = true;
    }).observe(document, { childList: true, subtree: true, characterData: true });
  }, HOME_HEADLINE);
}

test('on an agent.* host, / shows the agent landing and the URL stays /', async ({ page, baseURL }) => {
  const origin = agentOrigin(page, baseURL);
  await watchForHome(page);
  await page.goto(`${origin}/`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(brand.agentName);
  expect(page.url()).toBe(`${origin}/`);
  expect(await page.evaluate(() => (window as unknown as { homeSeen: boolean }).homeSeen)).toBe(false);
  // Other paths on the agent host are the normal pages.
  await page.goto(`${origin}/about`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/We turn ideas/);
});

test('without the server rule (static hosting), the home swaps itself for the agent landing before painting', async ({
  page,
  baseURL,
  request,
}) => {
  const origin = agentOrigin(page, baseURL);
  // A CDN serves the same index.html whatever the host: simulate it with the home's real HTML.
  const homeHtml = await (await request.get('/')).text();
  expect(homeHtml).toContain(HOME_HEADLINE);
  await page.route(`${origin}/`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: homeHtml }));
  await watchForHome(page);

  await page.goto(`${origin}/`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(brand.agentName);
  expect(page.url()).toBe(`${origin}/`);
  expect(await page.evaluate(() => (window as unknown as { homeSeen: boolean }).homeSeen)).toBe(false);
  // None of the home's elements or islands came to life behind it.
  await expect(page.locator('.bg-layer')).toHaveCount(0);
  // The swapped-in landing is fully working: its support widget opens.
  await page.getByRole('button', { name: 'Open support' }).click();
  await expect(page.getByRole('dialog', { name: 'How can we help?' })).toBeVisible();
});

test('the home stays the home on other hostnames', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(HOME_HEADLINE);
});
