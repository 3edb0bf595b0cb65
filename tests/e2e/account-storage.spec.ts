/**
 * The account's storage: the menu shows how much is used of the quota, and the Storage dialog lists the user's
 * uploads with their sizes and deletes them.
 */
import AxeBuilder from '@axe-core/playwright';
import { formatBytes } from '~/contract/storage';
import { expect, test } from './support/fixtures';

test('the account menu shows storage used, and the Storage dialog lists uploads and deletes them', async ({
  signedInPage: page,
}) => {
  const menu = page.getByRole('button', { name: 'Account menu' });
  await menu.click();
  await expect(page.getByText('0 B of 2 GB used')).toBeVisible();

  // An image uploaded for a video, through the editor.
  await page.goto('/create');
  await page.getByText('My own images').click();
  const png = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 400;
    canvas.height = 300;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#2980b9';
    ctx.fillRect(0, 0, 400, 300);
    return canvas.toDataURL('image/png').split(',')[1]!;
  });
  const bytes = Buffer.from(png, 'base64');
  await page.getByLabel('Upload images').setInputFiles([{ name: 'harbour.png', mimeType: 'image/png', buffer: bytes }]);
  await expect(page.getByTestId('uploaded-image')).toHaveCount(1);
  const size = formatBytes(bytes.byteLength);

  await page.reload();
  await menu.click();
  await expect(page.getByText(`${size} of 2 GB used`)).toBeVisible();
  await page.getByRole('button', { name: 'Manage storage' }).click();
  const dialog = page.getByRole('dialog', { name: 'Storage' });
  await expect(dialog.getByRole('list', { name: 'Your uploads' }).getByRole('listitem')).toHaveCount(1);
  await expect(dialog.getByText('harbour.png')).toBeVisible();
  await expect(dialog.getByText(new RegExp(`^${size} · `))).toBeVisible();
  const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);

  await dialog.getByRole('button', { name: 'Delete harbour.png' }).click();
  await expect(dialog.getByText('You have no uploads.')).toBeVisible();
  await expect(dialog.getByText('0 B of 2 GB used')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.reload();
  await menu.click();
  await page.getByRole('button', { name: 'Manage storage' }).click();
  await expect(page.getByRole('dialog', { name: 'Storage' }).getByText('You have no uploads.')).toBeVisible();
});
