/**
 * The agent screens without waiting for a render: the editor's limits and errors, the user's own images (upload,
 * order, remove), honest pricing, the empty history, an unknown video, and no axe violations on any of them.
 */
import type { Page } from '@playwright/test';
import { CREDIT_PACKS } from '~/contract/payments';
import { PRICES, SIGNUP_GRANT } from '~/contract/pricing';
import { expectNoViolations } from './support/axe';
import { expect, test } from './support/fixtures';

/** A small valid PNG (the upload refuses sides under 256 px), drawn in the page. */
async function pngBytes(page: Page, colour: string): Promise<Buffer> {
  const base64 = await page.evaluate((fill) => {
    const canvas = document.createElement('canvas');
    canvas.width = 400;
    canvas.height = 300;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = fill;
    ctx.fillRect(0, 0, 400, 300);
    return canvas.toDataURL('image/png').split(',')[1]!;
  }, colour);
  return Buffer.from(base64, 'base64');
}

test('the editor refuses scripts over 5 minutes, names missing fields, and takes the user’s own images in order', async ({
  signedInPage: page,
}) => {
  await page.goto('/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Create a video' })).toBeVisible();
  await expectNoViolations(page);

  const script = page.getByLabel('What should the narrator say?');
  await script.fill(Array.from({ length: 800 }, () => 'word').join(' '));
  await expect(
    page.getByText(
      'This script would run about 5:20. Videos can be up to 5 minutes (about 750 words), so remove about 50 words.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create video' })).toBeDisabled();
  await expect(page.getByTestId('submit-blocker')).toHaveText('Shorten the script to 5 minutes or less to continue.');

  await script.fill('A calm morning by the sea.');
  await page.getByText('My own images').click();
  await page.getByRole('button', { name: 'Create video' }).click();
  await expect(page.getByText('Upload at least one image, or choose generated backgrounds.')).toBeVisible();

  await page.getByLabel('Upload images').setInputFiles([
    { name: 'red.png', mimeType: 'image/png', buffer: await pngBytes(page, '#c0392b') },
    { name: 'blue.png', mimeType: 'image/png', buffer: await pngBytes(page, '#2980b9') },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') },
  ]);
  await expect(
    page.getByText('notes.txt: only JPEG, PNG and WebP images and MP4, MOV and WebM clips can be used.'),
  ).toBeVisible();
  const images = page.getByTestId('uploaded-image');
  await expect(images).toHaveCount(2);
  await expect(images.nth(0).getByRole('img')).toHaveAccessibleName('Image 1: red.png');
  await page.getByRole('button', { name: 'Move image 2 earlier' }).click();
  await expect(images.nth(0).getByRole('img')).toHaveAccessibleName('Image 1: blue.png');
  await page.getByRole('button', { name: 'Remove image 2' }).click();
  await expect(images).toHaveCount(1);
  await expect(page.getByText('Upload at least one image, or choose generated backgrounds.')).toBeHidden();
  await expectNoViolations(page);
});

test('pricing shows the real prices and the credit packs', async ({ signedInPage: page }) => {
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 1, name: 'Plans and credits' })).toBeVisible();
  await expect(page.getByTestId('signup-grant')).toHaveText(String(SIGNUP_GRANT));
  await expect(page.getByTestId('pricing-balance')).toHaveText(String(SIGNUP_GRANT));
  await expect(page.getByText(`${PRICES.videoPerMinute['1080p']} credits per started minute`)).toBeVisible();
  await expect(page.getByText(`${PRICES.ttsPer1000Chars} credits per started 1,000 characters`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Credit packs' })).toBeVisible();
  await expect(page.getByTestId('credit-pack')).toHaveCount(CREDIT_PACKS.length);
  await expectNoViolations(page);

  await page.goto('/history');
  await expect(page.getByTestId('history-empty')).toBeVisible();
  await page.getByRole('link', { name: 'Create your first video' }).click();
  await expect(page).toHaveURL('/create');

  await page.goto('/nxn-agent/video/0193f2c4-8d1e-7c55-b1f2-9a0e4d2c6b11');
  await expect(page.getByRole('heading', { name: 'Video not found' })).toBeVisible();
  await expectNoViolations(page);
});
