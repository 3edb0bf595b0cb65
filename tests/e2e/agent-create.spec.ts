/**
 * The agent end to end in the browser: a signed-in user writes a short script, previews a library track and then
 * uploads their own music instead, creates a 720p video, watches the pipeline's real progress reach done, plays
 * the result, and finds it in the history.
 */
import { execFileSync } from 'node:child_process';
import { expect, test } from './support/fixtures';

/** Three seconds of a 440 Hz tone as an MP3, made by ffmpeg. */
const toneMp3 = () =>
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:duration=3',
    '-c:a',
    'libmp3lame',
    '-f',
    'mp3',
    '-',
  ]);

const SCRIPT = 'The lighthouse keeper climbs the stairs at dusk. Her lamp guides the ships safely home.';

test('create a short video, watch it being made, play it, and find it in the history', async ({
  signedInPage: page,
}) => {
  test.setTimeout(240_000);
  await page.goto('/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Create a video' })).toBeVisible();

  await page.getByLabel('What should the narrator say?').fill(SCRIPT);
  await expect(page.getByTestId('word-count')).toHaveText('15 words');
  await expect(page.getByTestId('estimated-duration')).toHaveText('about 0:06 of video');
  await page.getByText('720p HD').click();
  await expect(page.getByTestId('video-cost')).toHaveText('10 credits');
  // The best voice the server has: Festival HTS's Sally (no cloud key here).
  await expect(page.getByRole('radio', { name: /^Sally/ })).toBeChecked();

  const track = page.getByLabel('Music track');
  await expect(track).toHaveValue('calm-pad');
  await track.selectOption({ label: 'Warm piano arpeggio' });
  await expect(
    page.getByText(
      'Warm and hopeful, 80 BPM. Made by NXN; free to use in videos made with NXN, commercial use included.',
    ),
  ).toBeVisible();
  // The preview is a few seconds the API renders; it plays until stopped or done.
  await page.getByRole('button', { name: 'Preview Warm piano arpeggio' }).click();
  await page.getByRole('button', { name: 'Stop preview of Warm piano arpeggio' }).click();

  // Then their own track instead: uploaded, named, and playable in the form.
  await page
    .getByLabel('Upload your own music')
    .setInputFiles({ name: 'harbour-theme.mp3', mimeType: 'audio/mpeg', buffer: toneMp3() });
  await expect(track).toHaveValue('upload');
  await expect(
    page.getByText('Your own track, harbour-theme.mp3, 0:03; it loops if the video is longer.', { exact: false }),
  ).toBeVisible();
  const own = page.getByLabel('Preview harbour-theme.mp3');
  await expect
    .poll(
      () =>
        own.evaluate(
          (el: HTMLAudioElement) =>
            new Promise<number>((resolve) => {
              el.addEventListener('loadedmetadata', () => resolve(el.duration), { once: true });
              el.addEventListener('error', () => resolve(-1), { once: true });
              el.load();
            }),
        ),
      { timeout: 20_000 },
    )
    .toBeGreaterThan(2.5);

  // The quick path: straight to the render, without the storyboard (agent-storyboard.spec.ts covers that one).
  await page.getByRole('button', { name: 'Render without reviewing' }).click();
  await expect(page).toHaveURL(/\/nxn-agent\/video\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^The lighthouse keeper climbs/);

  // Progress comes from the pipeline: it only moves forward until the video is ready.
  const seen: number[] = [];
  await expect
    .poll(
      async () => {
        const bar = page.getByRole('progressbar', { name: 'Video progress' });
        if (await bar.isVisible().catch(() => false)) {
          // The bar goes the moment the video is ready; without a short timeout this read would wait for it forever.
          const value = await bar.getAttribute('aria-valuenow', { timeout: 500 }).catch(() => null);
          if (value !== null && Number.isFinite(Number(value))) seen.push(Number(value));
        }
        return page
          .getByTestId('video-status')
          .first()
          .textContent({ timeout: 1000 })
          .catch(() => null);
      },
      { timeout: 180_000, intervals: [250] },
    )
    .toBe('Ready');
  expect(seen.length).toBeGreaterThan(0);
  expect(seen).toEqual([...seen].sort((a, b) => a - b));

  const video = page.getByTestId('video-player');
  await expect(video).toBeVisible();
  await expect(page.getByTestId('video-resolution')).toHaveText('1280×720 · 720p');
  await expect(page.getByTestId('video-voice')).toContainText('Sally');
  await expect(page.getByTestId('video-music')).toHaveText('Your music: harbour-theme.mp3, 30%');
  await expect(page.getByTestId('video-duration')).toHaveText(/^0:0[4-9]$/);
  await expect(page.getByRole('button', { name: 'Download MP4' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Download subtitles (SRT)' })).toBeEnabled();

  // It really plays: enough data to draw frames, and the clock moves.
  await video.evaluate((el: HTMLVideoElement) => {
    el.muted = true;
    return el.play();
  });
  await expect
    .poll(() => video.evaluate((el: HTMLVideoElement) => el.readyState), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(2);
  await expect
    .poll(() => video.evaluate((el: HTMLVideoElement) => el.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(0.3);

  await page.getByRole('link', { name: 'All videos' }).click();
  await expect(page).toHaveURL('/history');
  const item = page.getByTestId('history-item').first();
  await expect(item).toContainText('The lighthouse keeper climbs');
  await expect(item.getByTestId('video-status')).toHaveText('Ready');
  await expect
    .poll(() =>
      item
        .locator('img')
        .first()
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    )
    .toBe(true);

  await page.goto('/nxn-agent/history');
  await expect(page.getByTestId('history-item')).toHaveCount(1);
  await expect(page.getByTestId('credits-balance')).toHaveText('90');
});

test('the editor prices what will be said and refuses a script with nothing to read, before it is sent', async ({
  signedInPage: page,
}) => {
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
  await expect(page.getByRole('button', { name: 'Render without reviewing' })).toBeDisabled();
});

test('the caption style is previewed as it is chosen and sent with the video', async ({ signedInPage: page }) => {
  await page.goto('/create');
  const preview = page.getByTestId('caption-preview');
  const text = page.getByTestId('caption-preview-text');
  await expect(preview).toHaveAttribute('data-look', 'word');
  await expect(preview).toHaveAttribute('data-position', 'bottom');
  const frame = (await preview.boundingBox())!;
  const bottomLine = (await text.boundingBox())!;
  expect(bottomLine.y).toBeGreaterThan(frame.y + frame.height / 2);

  await page.getByText('Karaoke fill').click();
  await page.getByRole('radio', { name: 'Top', exact: true }).check({ force: true });
  await page.getByRole('radio', { name: 'Large', exact: true }).check({ force: true });
  await page.getByRole('radio', { name: 'Pink' }).check({ force: true });
  await expect(preview).toHaveAttribute('data-look', 'karaoke');
  await expect(preview).toHaveAttribute('data-position', 'top');
  await expect(preview).toHaveAccessibleName('Preview: Karaoke fill, top, large text');
  const topLine = (await text.boundingBox())!;
  expect(topLine.y + topLine.height).toBeLessThan(frame.y + frame.height / 2);
  // Larger type: the same words take more room.
  expect(topLine.height).toBeGreaterThan(bottomLine.height);
  // The fill sweeps in the chosen colour.
  await expect(text.locator('[aria-hidden="true"]').first()).toHaveCSS('color', 'rgb(255, 111, 181)');

  await page.getByText('One word pop-in').click();
  await expect(preview).toHaveAttribute('data-look', 'pop');
  await expect(text).toHaveText(/^\S+$/);
  await expect(text).toHaveCSS('color', 'rgb(255, 111, 181)');
  await page.getByLabel('Custom', { exact: true }).fill('#00ff00');
  await expect(text).toHaveCSS('color', 'rgb(0, 255, 0)');

  // What is sent is what was previewed; the server's word on the colour is shown beside the colours.
  let sent: unknown;
  await page.route('**/videos', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    sent = route.request().postDataJSON();
    await route.fulfill({
      status: 400,
      json: {
        error: 'Check the highlighted fields.',
        fields: { 'captionOptions.color': 'Use a colour like #FFD84D.' },
      },
    });
  });
  await page.getByLabel('What should the narrator say?').fill(SCRIPT);
  await page.getByRole('button', { name: 'Render without reviewing' }).click();
  await expect(page.getByText('Use a colour like #FFD84D.')).toBeVisible();
  expect(sent).toMatchObject({ captions: 'pop', captionOptions: { position: 'top', size: 'large', color: '#00FF00' } });

  await page.getByText('No captions').click();
  await expect(preview).toBeHidden();
});
