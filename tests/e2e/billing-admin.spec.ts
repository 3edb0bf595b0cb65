/**
 * The operator console and the billing page: an admin finds a customer and grants credits with a reason; the
 * customer sees the row on /billing, filters it and downloads the CSV; the credit audit finds every account adding
 * up. Anyone else finds no console at /admin.
 */
import { readFile } from 'node:fs/promises';
import { expectNoViolations } from './support/axe';
import { createAdmin, createUser, expect, signInThroughUi, test } from './support/fixtures';

test('an admin grants credits with a reason, and the customer sees them on /billing and in the CSV', async ({
  browser,
  signedInPage: customerPage,
  user,
}) => {
  await expect(customerPage.getByTestId('credits-balance')).toHaveText(/^\d/);
  const customerBalance = Number((await customerPage.getByTestId('credits-balance').textContent())?.replace(/\D/g, ''));

  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInThroughUi(adminPage, await createAdmin());
  await adminPage.getByRole('button', { name: 'Account menu' }).click();
  await adminPage.getByRole('link', { name: 'Admin' }).click();
  await expect(adminPage.getByRole('heading', { name: 'Operator console', level: 1 })).toBeVisible();

  await adminPage.getByLabel('E-mail or uid').fill(user.email.toUpperCase());
  await adminPage.getByRole('button', { name: 'Search' }).click();
  await expect(adminPage.getByRole('heading', { name: user.email.toLowerCase(), level: 2 })).toBeVisible();
  await expect(adminPage.getByTestId('admin-balance')).toHaveText(`${customerBalance} credits`);

  // Without a reason the grant is refused under the field.
  await adminPage.getByLabel('Credits', { exact: true }).fill('25');
  await adminPage.getByRole('button', { name: 'Grant credits' }).click();
  await expect(adminPage.getByText('Say why')).toBeVisible();
  await adminPage.getByLabel('Reason', { exact: true }).fill('Goodwill, for the "outage"');
  await adminPage.getByRole('button', { name: 'Grant credits' }).dblclick();
  await expect(adminPage.getByTestId('admin-balance')).toHaveText(`${customerBalance + 25} credits`);
  await expect(
    adminPage.getByRole('list', { name: 'Ledger entries' }).getByText('Goodwill, for the "outage"'),
  ).toHaveCount(1);

  // The audit: every balance against its ledger, every reserved credit against the work holding it.
  await adminPage.getByRole('button', { name: 'Run the audit' }).click();
  const audit = adminPage.getByRole('region', { name: 'Credit audit' });
  await expect(audit.getByText(/^Checked \d+ accounts at /)).toBeVisible();
  await expect(audit.getByText('Every account adds up.')).toBeVisible();
  await audit.screenshot({ path: test.info().outputPath('credit-audit.png') });
  await expectNoViolations(adminPage);
  await adminPage.setViewportSize({ width: 360, height: 760 });
  expect(await adminPage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
    0,
  );
  await adminContext.close();

  await customerPage.getByRole('button', { name: 'Account menu' }).click();
  await expect(customerPage.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  await customerPage.getByRole('link', { name: 'Billing' }).click();
  await expect(customerPage.getByRole('heading', { name: 'Ledger' })).toBeVisible();
  // The customer's ledger reads as lines; the operator's change says what it is, with the reason given.
  const entries = customerPage.getByRole('list', { name: 'Ledger lines' });
  await expect(entries.getByText('Adjustment · Goodwill, for the "outage"')).toHaveCount(1);
  await expect(entries.getByText('+25')).toBeVisible();

  await customerPage.getByLabel('Show').selectOption({ label: 'Spends' });
  await expect(customerPage.getByText('No entries of this kind yet.')).toBeVisible();
  await customerPage.getByLabel('Show').selectOption({ label: 'Grants' });
  await expect(entries.getByText('Goodwill, for the "outage"')).toBeVisible();
  await expectNoViolations(customerPage);

  const downloading = customerPage.waitForEvent('download');
  await customerPage.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^nxn-ledger-grants-\d{4}-\d\d-\d\d\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv).toContain(',Grants,adjust,25,0,"Goodwill, for the ""outage""",,');
  expect(csv).toContain(',Grants,grant,');

  await customerPage.setViewportSize({ width: 360, height: 760 });
  expect(
    await customerPage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await expectNoViolations(customerPage);
});

test('anyone who is not an admin finds no console at /admin', async ({ page }) => {
  const user = await createUser();
  await signInThroughUi(page, user);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Operator console' })).toHaveCount(0);
});
