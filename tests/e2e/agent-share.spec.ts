/**
 * A share page end to end: a signed-in user makes a short video, creates its public link on the video page (axe),
 * and a visitor with no session opens it: the tags unfurl with absolute URLs, the player plays with its captions
 * track, and nothing of Firebase or the app loads (the light-page checks of the public site: no script at all here).
 * The embed plays too. The owner revokes the link and it answers 404.
 */
import { expectNoViolations } from './support/axe';
import { expect, test } from './support/fixtures';

const SCRIPT = 'The lighthouse keeper climbs the stairs at dusk. Her lamp guides the ships safely home.';

test('share a finished video: the public page unfurls, plays with captions, loads no app code, and 404s once revoked', async ({
  signedInPage: page,
  browser,
}) => {
  test.setTimeout(240_000);
  await page.goto('/create');
  await page.getByLabel('What should the narrator say?').fill(SCRIPT);
  await page.getByText('720p HD').click();
  await page.getByRole('button', { name: 'Render without reviewing' }).click();
  await expect(page).toHaveURL(/\/nxn-agent\/video\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('video-player')).toBeVisible({ timeout: 180_000 });
  await expect(page.getByRole('button', { name: 'Download captions (WebVTT)' })).toBeEnabled();

  const panel = page.getByTestId('share-panel');
  await expect(panel.getByRole('button', { name: 'Create public link' })).toBeVisible();
  await panel.getByRole('button', { name: 'Create public link' }).click();
  await expect(page.getByText('Public link created.')).toBeVisible();
  const url = await page.getByTestId('share-url').inputValue();
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:8787\/v\/[A-Za-z0-9_-]{22}$/);
  await expect(panel.getByLabel('Embed code')).toHaveValue(new RegExp(`^<iframe src="${url}/embed"`));
  await expect(page.getByTestId('share-views')).toHaveText('0 views · never expires');
  await expectNoViolations(page);
  await panel.screenshot({ path: 'test-results/share-panel.png' });

  // A visitor: a fresh context with no session.
  const visitor = await browser.newContext();
  const guest = await visitor.newPage();
  const requested: string[] = [];
  guest.on('request', (request) => requested.push(request.url()));
  const response = await guest.goto(url, { waitUntil: 'networkidle' });
  expect(response?.status()).toBe(200);
  await expect(guest.getByRole('heading', { level: 1 })).toHaveText(/^The lighthouse keeper climbs/);
  const meta = (key: string) => guest.locator(`meta[property="${key}"], meta[name="${key}"]`).getAttribute('content');
  expect(await meta('og:url')).toBe(url);
  expect(await meta('og:video')).toBe(`${url}/video.mp4`);
  expect(await meta('og:image')).toBe(`${url}/poster.jpg`);
  expect(await meta('twitter:card')).toBe('player');
  expect(await meta('twitter:player')).toBe(`${url}/embed`);

  // The light-page checks: no script of any kind, nothing from Firebase, no app chunk.
  expect(await guest.locator('script').count()).toBe(0);
  const scripts = await guest.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => entry.initiatorType === 'script' || entry.name.endsWith('.js'))
      .map((entry) => entry.name),
  );
  expect(scripts).toEqual([]);
  for (const seen of requested) {
    expect(seen).not.toMatch(/firebase|identitytoolkit|securetoken|_astro\//i);
    expect(seen.startsWith(url)).toBe(true);
  }

  // The player plays, and its captions track carries the cues.
  const played = await guest.evaluate(async () => {
    const video = document.querySelector('video')!;
    video.muted = true;
    const track = video.textTracks[0]!;
    track.mode = 'showing';
    await video.play();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    return { time: video.currentTime, cues: track.cues?.length ?? 0, kind: track.kind };
  });
  expect(played.time).toBeGreaterThan(0.5);
  expect(played.cues).toBeGreaterThan(0);
  expect(played.kind).toBe('captions');
  await expect(guest.getByRole('link', { name: 'Download MP4' })).toHaveAttribute(
    'href',
    `${url}/video.mp4?download=1`,
  );
  await expectNoViolations(guest);
  await guest.screenshot({ path: 'test-results/share-page.png', fullPage: true });

  await guest.goto(`${url}/embed`, { waitUntil: 'networkidle' });
  const embedTime = await guest.evaluate(async () => {
    const video = document.querySelector('video')!;
    video.muted = true;
    await video.play();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    return video.currentTime;
  });
  expect(embedTime).toBeGreaterThan(0.3);
  await expectNoViolations(guest);

  // The owner sees the views, revokes the link, and the page is gone.
  await page.reload();
  await expect(page.getByTestId('share-views')).toHaveText('2 views · never expires');
  await page.getByRole('button', { name: 'Revoke link' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke', exact: true }).click();
  await expect(page.getByText('Link revoked. The page no longer opens.')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Create public link' })).toBeVisible();
  const gone = await guest.goto(url);
  expect(gone?.status()).toBe(404);
  await expect(guest.getByRole('heading', { level: 1 })).toHaveText('This video is not available');
  await visitor.close();
});
