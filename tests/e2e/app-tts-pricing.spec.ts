/**
 * Voice pricing shows the prices the server charges and prices the user's own text as they paste it.
 */
import { PRICES } from '~/contract/pricing';
import { expectNoViolations } from './support/axe';
import { expect, test } from './support/fixtures';

test('voice pricing lists the per-1,000-character price and prices pasted text live', async ({
  signedInPage: page,
}) => {
  await page.goto('/tts-pricing');
  await expect(page.getByRole('heading', { level: 1, name: 'Voice pricing' })).toBeVisible();
  await expect(
    page.getByRole('heading', { name: `${PRICES.ttsPer1000Chars} credits per started 1,000 characters` }),
  ).toBeVisible();

  await page.getByLabel('Paste your text').fill('a'.repeat(2500));
  // 2,500 characters start three blocks of 1,000.
  await expect(page.getByText(`2,500 characters → ${3 * PRICES.ttsPer1000Chars} credits`)).toBeVisible();

  await page.getByRole('link', { name: 'Open text to speech' }).click();
  await expect(page).toHaveURL(/\/voice$/);

  await page.goBack();
  await expectNoViolations(page);
});
