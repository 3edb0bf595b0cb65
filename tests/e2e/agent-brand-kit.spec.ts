/**
 * The brand kit end to end: a new user uploads a logo and sets up an intro on the brand kit screen (checked with
 * axe), then makes a video with an Azure voice (the primary API talks to a local server speaking Azure's
 * protocol), a caption style and the kit left on, waits for it and plays it; the video page says the kit was applied.
 */
import { encodePng } from '~/server/media/png';
import { expectNoViolations } from './support/axe';
import { useAzureSpeech } from './support/azure-speech';
import { expect, test } from './support/fixtures';

const azure = useAzureSpeech();

/** 512×256, magenta. */
const logo = () => {
  const rgb = new Uint8Array(512 * 256 * 3);
  for (let i = 0; i < rgb.length; i += 3) rgb.set([255, 0, 255], i);
  return encodePng(rgb, 512, 256);
};

test('set up a brand kit with a logo, then make and play a branded video with an Azure voice', async ({
  signedInPage: page,
}) => {
  test.setTimeout(300_000);
  await page.goto('/brand-kit');
  await expect(page.getByRole('heading', { level: 1, name: 'Brand kit' })).toBeVisible();
  await expectNoViolations(page);

  await page.locator('#brand-logo-file').setInputFiles({ name: 'acme.png', mimeType: 'image/png', buffer: logo() });
  await expect(page.getByTestId('brand-logo')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove logo' })).toBeVisible();
  await page.getByText('Top left', { exact: true }).click();
  await expect(page.getByTestId('brand-preview-logo')).toHaveAttribute('data-corner', 'top-left');
  await page.getByRole('switch', { name: 'Show an intro card' }).check({ force: true });
  await page.getByLabel('Intro text').fill('Acme presents');
  await page.getByLabel('Primary colour', { exact: true }).fill('#1040C0');
  await page.getByRole('button', { name: 'Save brand kit' }).click();
  await expect(page.getByText('Brand kit saved.')).toBeVisible();
  await expectNoViolations(page);

  await page.goto('/create');
  const brandSwitch = page.getByRole('switch', { name: 'Brand kit' });
  await expect(brandSwitch).toBeChecked();
  await expect(page.getByTestId('brand-kit-choice')).toContainText('logo top left · 3 s intro');
  await expect(page.getByRole('link', { name: 'Edit brand kit' })).toHaveAttribute('href', '/brand-kit');

  await page.getByLabel('What should the narrator say?').fill('Good evening from the lighthouse. The lamp is lit.');
  // The intro's three seconds are part of the estimate.
  await expect(page.getByTestId('estimated-duration')).toHaveText('about 0:07 of video');
  await page.getByText('720p HD').click();
  await page.getByLabel('Language').selectOption('English (UK)');
  await page.getByRole('searchbox', { name: 'Search voices' }).fill('emma19');
  await page.getByText('Emma19', { exact: true }).click();
  await page.getByText('Karaoke fill').click();

  // Through the storyboard: the kit switch travels with its settings to the render.
  await page.getByRole('button', { name: 'Create video' }).click();
  await expect(page).toHaveURL(/\/nxn-agent\/storyboard\/[^/]+$/);
  await expect(page.getByRole('switch', { name: 'Brand kit' })).toBeChecked();
  await page.getByRole('button', { name: 'Render video' }).click();
  await expect(page).toHaveURL(/\/nxn-agent\/video\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('video-brand-kit')).toContainText('Applied');
  await expect
    .poll(() => page.getByTestId('video-status').first().textContent(), { timeout: 240_000, intervals: [500] })
    .toBe('Ready');
  expect(
    azure.cloud.requests.some((r) => r.url === '/cognitiveservices/v1' && r.body.includes("name='en-GB-Emma19Neural'")),
  ).toBe(true);
  await expect(page.getByTestId('video-voice')).toContainText('Emma19');

  const video = page.getByTestId('video-player');
  await video.evaluate((el: HTMLVideoElement) => {
    el.muted = true;
    return el.play();
  });
  await expect
    .poll(() => video.evaluate((el: HTMLVideoElement) => el.duration), { timeout: 20_000 })
    .toBeGreaterThan(3);
  await expect
    .poll(() => video.evaluate((el: HTMLVideoElement) => el.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(0.3);
});
