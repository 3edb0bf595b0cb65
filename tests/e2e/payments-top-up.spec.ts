/**
 * Buying credits in the browser: the top-up dialog (keyboard, axe), the sandbox's checkout page, and the way back to
 * the same screen with the form as it was and the new balance.
 */
import AxeBuilder from '@axe-core/playwright';
import { CREDIT_PACKS, formatPrice, packTotal } from '~/contract/payments';
import { SIGNUP_GRANT } from '~/contract/pricing';
import { expect, test } from './support/fixtures';

const [starter] = CREDIT_PACKS;

test('top up from the balance chip, pay on the sandbox checkout and come back to the same form', async ({
  signedInPage: page,
}) => {
  await page.goto('/voice');
  const text = 'This draft was typed before paying and must still be here afterwards.';
  await page.getByLabel('Text', { exact: true }).fill(text);
  await page.getByLabel('Language').selectOption('English (UK)');
  await expect(page.getByTestId('credits-balance')).toHaveText(String(SIGNUP_GRANT));

  await page
    .getByRole('banner')
    .getByRole('button', { name: /credits/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Top up credits', exact: true });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Sandbox payments')).toBeVisible();
  await expect(dialog.getByTestId('credit-pack')).toHaveCount(CREDIT_PACKS.length);
  await expect(dialog.getByRole('link', { name: 'Purchase history' })).toHaveAttribute('href', '/billing');
  const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(axe.violations.map(({ id, nodes }) => `${id}: ${nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );

  // Focus stays inside while tabbing, Escape closes.
  for (let i = 0; i < CREDIT_PACKS.length + 3; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Upgrade' }).click();
  await dialog
    .getByRole('button', { name: `Buy ${starter.name} for ${formatPrice(starter.priceMinor, 'usd')}` })
    .click();
  await expect(page.getByText('Sandbox: no real money moves')).toBeVisible();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  await expect(page).toHaveURL(/\/voice\?payment=/);
  await expect(dialog.getByText(`${packTotal(starter).toLocaleString('en-US')} credits added.`)).toBeVisible();
  await expect(page.getByTestId('credits-balance')).toHaveText(
    (SIGNUP_GRANT + packTotal(starter)).toLocaleString('en-US'),
  );
  await expect(dialog.getByRole('link', { name: 'Receipt' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL('/voice');
  await expect(page.getByLabel('Text', { exact: true })).toHaveValue(text);
  await expect(page.getByLabel('Language')).toHaveValue('English (UK)');

  // The purchase and its credits are on the billing page.
  await page.goto('/billing');
  const purchase = page.getByTestId('purchase');
  await expect(purchase).toHaveCount(1);
  await expect(purchase).toContainText('Paid');
  await expect(purchase.getByRole('link', { name: /Receipt/ })).toBeVisible();
  await page.getByLabel('Show').selectOption({ label: 'Purchases' });
  await expect(page.getByRole('region', { name: 'Ledger' })).toContainText(
    `+${packTotal(starter).toLocaleString('en-US')}`,
  );
});

test('a payment that fails later says so and adds nothing', async ({ signedInPage: page }) => {
  await page.goto('/pricing');
  await page.getByRole('button', { name: `Buy ${starter.name} for ${formatPrice(starter.priceMinor, 'usd')}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Top up credits', exact: true });
  await dialog
    .getByRole('button', { name: `Buy ${starter.name} for ${formatPrice(starter.priceMinor, 'usd')}` })
    .click();
  await page.getByRole('button', { name: 'Pay later, then fail' }).click();
  await expect(page).toHaveURL(/\/pricing\?payment=/);
  await expect(dialog.getByText('Payment failed')).toBeVisible();
  await expect(page.getByTestId('credits-balance')).toHaveText(String(SIGNUP_GRANT));
});
