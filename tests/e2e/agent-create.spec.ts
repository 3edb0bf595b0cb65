/**
 * The agent end to end in the browser: a signed-in user writes a short script, creates a 720p video, watches the
 * pipeline's real progress reach done, plays the result, and finds it in the history.
 */
import { expect, test } from './support/fixtures';

const SCRIPT = 'The lighthouse keeper climbs the stairs at dusk. Her lamp guides the ships safely home.';

test('create a short video, watch it being made, play it, and find it in the history', async ({ signedInPage: page }) => {
  test.setTimeout(240_000);
  await page.goto('/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Create a video' })).toBeVisible();

  await page.getByLabel('What should the narrator say?').fill(SCRIPT);
  await expect(page.getByTestId('word-count')).toHaveText('15 words');
  await expect(page.getByTestId('estimated-duration')).toHaveText('about 0:06 of video');
  await page.getByText('720p HD').click();
  await expect(page.getByTestId('video-cost')).toHaveText('10 credits');
  await expect(page.getByRole('radio', { name: /Olivia/ })).toBeChecked();

  await page.getByRole('button', { name: 'Create video' }).click();
  await expect(page).toHaveURL(/\/nxn-agent\/video\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^The lighthouse keeper climbs/);

  // Progress comes from the pipeline: it only moves forward until the video is ready.
  const seen: number[] = [];
  await expect
    .poll(
      async () => {
        const bar = page.getByRole('progressbar', { name: 'Video progress' });
        if (await bar.isVisible().catch(() => false)) {
          const value = Number(await bar.getAttribute('aria-valuenow').catch(() => null));
          if (Number.isFinite(value)) seen.push(value);
        }
        return page.getByTestId('video-status').first().textContent();
      },
      { timeout: 180_000, intervals: [250] },
    )
    .toBe('Ready');
  expect(seen.length).toBeGreaterThan(0);
  expect(seen).toEqual([...seen].sort((a, b) => a - b));

  const video = page.getByTestId('video-player');
  await expect(video).toBeVisible();
  await expect(page.getByTestId('video-resolution')).toHaveText('1280×720 · 720p');
  await expect(page.getByTestId('video-voice')).toContainText('Olivia');
  await expect(page.getByTestId('video-duration')).toHaveText(/^0:0[4-9]$/);
  await expect(page.getByRole('button', { name: 'Download MP4' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Download subtitles (SRT)' })).toBeEnabled();

  // It really plays: enough data to draw frames, and the clock moves.
  await video.evaluate((el: HTMLVideoElement) => {
    el.muted = true;
    return el.play();
  });
  await expect.poll(() => video.evaluate((el: HTMLVideoElement) => el.readyState), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
  await expect.poll(() => video.evaluate((el: HTMLVideoElement) => el.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.3);

  await page.getByRole('link', { name: 'All videos' }).click();
  await expect(page).toHaveURL('/history');
  const item = page.getByTestId('history-item').first();
  await expect(item).toContainText('The lighthouse keeper climbs');
  await expect(item.getByTestId('video-status')).toHaveText('Ready');
  await expect.poll(() => item.locator('img').first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  await page.goto('/nxn-agent/history');
  await expect(page.getByTestId('history-item')).toHaveCount(1);
  await expect(page.getByTestId('credits-balance')).toHaveText('90');
});

test('the editor prices what will be said and refuses a script with nothing to read, before it is sent', async ({ signedInPage: page }) => {
  await page.goto('/create');
  const script = page.getByLabel('What should the narrator say?');

  // Words joined by commas are still words to the voice, and to the price.
  await script.fill(Array.from({ length: 150 }, () => 'sea').join(','));
  await expect(page.getByTestId('word-count')).toHaveText('150 words');
  await expect(page.getByTestId('estimated-duration')).toHaveText('about 1:00 of video');

  await script.fill('[Upbeat music]\n\nhttps://example.com/promo');
  await expect(page.getByText(/There is nothing here a voice can read/)).toBeVisible();
  await expect(page.getByTestId('video-cost')).toHaveText('0 credits');
  await expect(page.getByRole('button', { name: 'Create video' })).toBeDisabled();
});
