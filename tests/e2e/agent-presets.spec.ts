/**
 * Presets on the create screen: the built-in shapes are listed and marked, picking one fills the form; the user
 * sets up their own settings, saves them under a name, reloads the page (a fresh form), picks the preset and finds
 * every setting back. Checked with axe.
 */
import { expectNoViolations } from './support/axe';
import { expect, test } from './support/fixtures';

test('save the create form as a preset, reload, pick it and get the same settings back', async ({
  signedInPage: page,
}) => {
  await page.goto('/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Create a video' })).toBeVisible();
  const picker = page.getByLabel('Preset', { exact: true });
  await expect(picker.locator('option', { hasText: 'Shorts, Reels and TikTok (9:16) (built-in)' })).toHaveCount(1);

  // A built-in shape fills the form and says it is built in.
  await picker.selectOption({ label: 'Shorts, Reels and TikTok (9:16) (built-in)' });
  await expect(page.getByRole('radio', { name: /Vertical \(9:16\)/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: /1080p Full HD/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: /Word highlight/ })).toBeChecked();
  await expect(page.getByTestId('preset-built-in')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete preset' })).toHaveCount(0);

  // The user's own settings.
  await page.getByRole('radio', { name: /Square \(1:1\)/ }).check({ force: true });
  await page.getByText('720p HD').click();
  await page.getByText('Karaoke fill').click();
  await page.getByRole('radio', { name: 'Top', exact: true }).check({ force: true });
  await page.getByRole('radio', { name: 'Large', exact: true }).check({ force: true });
  await page.getByLabel('Music track').selectOption('warm-piano');

  await page.getByRole('button', { name: 'Save as preset' }).click();
  await page.getByRole('button', { name: 'Save preset' }).click();
  await expect(page.getByText('Name the preset.')).toBeVisible();
  await expectNoViolations(page);
  await page.getByLabel('Preset name').fill('Square karaoke');
  await page.getByRole('button', { name: 'Save preset' }).click();
  await expect(page.getByText('Preset "Square karaoke" saved.')).toBeVisible();
  await expect(picker).toHaveValue(/^[0-9a-f-]{36}$/);
  await page.screenshot({ path: 'test-results/presets-saved.png', fullPage: true });

  // A fresh form has the defaults; picking the preset brings every setting back.
  await page.reload();
  await expect(page.getByRole('radio', { name: /Landscape \(16:9\)/ })).toBeChecked();
  await expect(page.getByLabel('Music track')).toHaveValue('calm-pad');
  await picker.selectOption({ label: 'Square karaoke' });
  await expect(page.getByRole('radio', { name: /Square \(1:1\)/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: /720p HD/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: /Karaoke fill/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Top', exact: true })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Large', exact: true })).toBeChecked();
  await expect(page.getByLabel('Music track')).toHaveValue('warm-piano');
  await expect(page.getByTestId('preset-built-in')).toHaveCount(0);
  await expectNoViolations(page);

  // Their own preset can be deleted; it is gone after a reload too.
  await page.getByRole('button', { name: 'Delete preset' }).click();
  await expect(page.getByText('Preset "Square karaoke" deleted.')).toBeVisible();
  await page.reload();
  await expect(picker.locator('option', { hasText: 'Square karaoke' })).toHaveCount(0);
});
