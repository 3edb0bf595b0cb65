import { readFile } from 'node:fs/promises';
import { imageDimensions } from '~/server/media/image-size';
import { expect, test } from './support/fixtures';

test('generate images, download one at its exact size, reuse its settings and delete it', async ({
  signedInPage: page,
}) => {
  await page.goto('/images');
  await expect(page.getByRole('heading', { name: 'Image generator', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Generate image' }).click();
  await expect(page.getByText('Describe the image in at least 3 characters.')).toBeVisible();

  const prompt = 'A lighthouse on a cliff at dawn, soft fog';
  await page.getByLabel('Prompt', { exact: true }).fill(prompt);
  await page.getByLabel('Negative prompt').fill('text, watermark');
  await page.getByText('Portrait 9:16').click();
  await page.getByLabel('Style').selectOption('watercolor');
  await page.getByLabel('Number of images').selectOption('2');
  await page.getByLabel('Seed').fill('4242');
  // Only the offline artwork here: a free preview, said on the price and on the button before the click.
  await expect(page.getByTestId('studio-price')).toContainText(
    'Offline preview · free: the offline engine draws abstract artwork',
  );
  await expect(page.getByTestId('credits-balance')).toHaveText('100');
  await page.getByRole('button', { name: 'Generate 2 images Offline preview · free' }).click();

  const cards = page.getByTestId('image-card');
  await expect(cards).toHaveCount(2);
  await expect(cards.getByRole('button', { name: 'Download' })).toHaveCount(2, { timeout: 45_000 });
  await expect(cards.first().getByTestId('engine-badge')).toHaveText('Abstract artwork (offline, not AI)');
  await expect(cards.first().getByText('720×1280 · Watercolor · seed 4242')).toBeVisible();
  await expect(cards.nth(1).getByText(/seed 4243/)).toBeVisible();
  await expect(cards.first().getByRole('img')).toHaveJSProperty('naturalWidth', 720);
  await expect(page.getByTestId('credits-balance')).toHaveText('100');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    cards.first().getByRole('button', { name: 'Download' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.png$/);
  expect(imageDimensions(await readFile((await download.path())!))).toEqual({ width: 720, height: 1280 });

  // Reuse loads the image's own settings (its seed included) into the form.
  await page.getByLabel('Prompt', { exact: true }).fill('something else');
  await cards.nth(1).getByRole('button', { name: 'Reuse settings' }).click();
  await expect(page.getByLabel('Prompt', { exact: true })).toHaveValue(prompt);
  await expect(page.getByLabel('Seed')).toHaveValue('4243');
  await expect(page.getByLabel('Number of images')).toHaveValue('1');

  await cards.first().getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog', { name: 'Delete this image?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(cards).toHaveCount(1);
  await page.reload();
  await expect(page.getByTestId('image-card')).toHaveCount(1);
});
