/**
 * The dashboard, analytics and welcome screens in the browser, on real work made through the API: a video followed
 * live on the dashboard until it is ready, the same spending charted and tabled on /analytics, ranges switched and
 * exported as CSV; a brand-new account's welcome with its one-click first video. Axe checks each screen.
 */
import { readFileSync } from 'node:fs';
import { expectNoViolations } from './support/axe';
import { expect, type TestUser, test, uniqueEmail } from './support/fixtures';
import { apiUrl, EMULATOR_URL, PRIMARY_API_PORT } from './support/stack';

/** The user's own API client, with an ID token from the Auth emulator. */
async function apiAs(user: TestUser) {
  const signIn = await fetch(`${EMULATOR_URL}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password, returnSecureToken: true }),
  });
  const { idToken } = (await signIn.json()) as { idToken: string };
  return async (method: string, path: string, body?: unknown) => {
    const res = await fetch(apiUrl(PRIMARY_API_PORT) + path, {
      method,
      headers: { authorization: `Bearer ${idToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };
}

test('the dashboard follows a video to ready, and analytics charts, tables and exports the credits it took', async ({
  signedInPage: page,
  user,
}) => {
  test.setTimeout(180_000);
  const api = await apiAs(user);
  const script = await api('POST', '/scripts', {
    topic: 'Tide pools',
    tone: 'friendly',
    platform: 'youtube',
    targetSeconds: 30,
  });
  expect(script.status).toBe(201);
  const video = await api('POST', '/videos', {
    script: 'The lighthouse keeper climbs the stairs at dusk. Her lamp guides the ships safely home.',
    voiceId: 'en-us-olivia',
    aspect: '16:9',
    resolution: '720p',
    captions: 'off',
    visuals: 'generated',
  });
  expect(video.status).toBe(202);
  const speech = await api('POST', '/speech', {
    text: 'Welcome to the studio. This voice-over was made offline.',
    voiceId: 'en-us-olivia',
  });
  expect(speech.status).toBe(202);

  // The chart library belongs to the analytics chunk alone: the app shell and the dashboard load none of it.
  // Only the addresses are noted as the pages load: a body cannot be read once its page has been navigated away.
  const loaded = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') loaded.add(request.url());
  });
  const chartScripts = async () => {
    const scripts = await Promise.all(
      [...loaded].map(async (url) => ({ url, code: await (await page.request.get(url)).text() })),
    );
    return scripts.filter((script) => script.code.includes('recharts-')).map((script) => script.url);
  };
  await page.goto('/dashboard');
  const running = page.getByTestId('activity-item').filter({ hasText: 'The lighthouse keeper' });
  await expect(running.getByRole('progressbar')).toBeVisible();
  await expect(running.getByRole('link', { name: /^The lighthouse keeper climbs/ })).toHaveAttribute(
    'href',
    `/nxn-agent/video/${video.body.id}`,
  );
  await expectNoViolations(page);
  // Polled until done: the item goes, and the video shows in recent work with its thumbnail.
  await expect(page.getByText('Nothing is being made right now.', { exact: false })).toBeVisible({ timeout: 150_000 });
  const recentVideos = page.getByRole('region', { name: 'Recent videos' });
  await expect(recentVideos.getByText(/^Ready ·/)).toBeVisible();
  await expect(recentVideos.locator('img')).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Recent scripts' }).getByText(script.body.titles[0])).toBeVisible();
  await expect(page.getByRole('img', { name: /^Balance over the last 30 days/ })).toBeVisible();

  const done = await api('GET', `/videos/${video.body.id}`);
  await expect.poll(async () => (await api('GET', `/speech/${speech.body.id}`)).body.status).toBe('succeeded');
  const spoken = await api('GET', `/speech/${speech.body.id}`);
  const [videoCredits, speechCredits] = [done.body.creditsCharged, spoken.body.creditsCharged].map(Number) as [
    number,
    number,
  ];
  // The built-in writer's script is a free offline preview: it spends nothing, so the charts leave scripts out.
  expect(script.body.creditsCharged).toBe(0);
  const spent = videoCredits + speechCredits;
  expect(await chartScripts()).toEqual([]);
  await page.getByRole('link', { name: 'See your analytics' }).click();
  await expect(page).toHaveURL('/analytics');
  await expect(page.locator('[data-metric="creditsSpent"]')).toContainText(String(spent));
  await expect(page.locator('[data-metric="videos"]')).toContainText('1');
  const spending = page.getByRole('region', { name: 'Credits spent by feature' });
  await expect(spending.getByRole('figure', { name: new RegExp(`${spent} in total`) })).toBeVisible();
  expect(await chartScripts()).toEqual([expect.stringMatching(/\/_astro\/Analytics\.[\w-]+\.js$/)]);
  await expect(spending.locator('li')).toHaveText(['Videos', 'Speech']);
  // The drawing works from the keyboard: focus lands on the first of the 30 days, the arrow keys walk to today,
  // and the tooltip (a live region) reads out that day's spend by feature.
  const drawing = spending.getByRole('application', { name: /^Credits spent per day, by feature/ });
  await drawing.focus();
  for (let day = 1; day < 30; day += 1) await drawing.press('ArrowRight');
  const tooltip = spending.getByRole('status');
  for (const [feature, credits] of [
    ['Videos', videoCredits],
    ['Speech', speechCredits],
  ] as const) {
    await expect(tooltip).toContainText(`${feature} : ${credits}`);
  }

  // The table holds the chart's numbers: today's row has each feature's spend, and 30 daily rows in all.
  await spending.getByRole('button', { name: 'Table' }).click();
  const rows = spending.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(31);
  await expect(rows.last().getByRole('cell')).toHaveText([videoCredits, speechCredits, spent].map(String));
  await expectNoViolations(page);

  await page.getByRole('button', { name: 'Last 7 days' }).click();
  await expect(page.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
  await expect(rows).toHaveCount(8);
  await page.getByRole('button', { name: 'Last 90 days' }).click();
  await expect(rows.nth(1).getByRole('rowheader')).toHaveText(/^Week of /);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^nxn-usage-\d{4}-\d\d-\d\d-to-\d{4}-\d\d-\d\d\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv).toContain(`\r\nCredits spent,${spent},0\r\n`);
  expect(csv).toContain('\r\nVideos made,1,0\r\n');
  expect(csv).toContain('Period,Videos,Speech,Total');

  // A phone: the bars and the totals still fit.
  await page.setViewportSize({ width: 360, height: 760 });
  await spending.getByRole('button', { name: 'Chart' }).click();
  await expect(spending.getByTestId('bars')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoViolations(page);
  // Long titles in recent work are cut, not pushing the dashboard wider than the phone.
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Recent videos' }).getByText(/^Ready ·/)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('a new account lands on /welcome once, with its free credits and a first video one click away', async ({
  page,
}) => {
  await page.goto('/signup');
  await page.getByLabel('Email').fill(uniqueEmail('welcome'));
  await page.getByLabel('Password', { exact: true }).fill('a-good-password-7');
  await page.getByRole('button', { name: 'Create account', exact: true }).click();
  await expect(page).toHaveURL('/welcome');
  await expect(page.getByText(/comes with 100 free credits/)).toBeVisible();
  await expectNoViolations(page);

  await page.getByRole('button', { name: 'Use the sample script' }).click();
  await expect(page).toHaveURL(/\/create/);
  await expect(page.getByLabel('What should the narrator say?')).toHaveValue(/^Want better sleep tonight\?/);

  // Nothing made yet: analytics says how to start instead of drawing empty charts.
  await page.goto('/analytics');
  const empty = page.getByRole('region', { name: 'Nothing to chart yet' });
  await expect(empty.getByRole('link', { name: 'Create a video' })).toHaveAttribute('href', '/create');
});
