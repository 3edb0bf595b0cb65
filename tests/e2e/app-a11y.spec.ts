import { expectNoViolations } from './support/axe';
import { clearAccounts, expect, test } from './support/fixtures';

test.beforeAll(clearAccounts);

test('the auth screen is accessible in each of its modes', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await expectNoViolations(page);

  await page.getByRole('tab', { name: 'Sign up' }).click();
  await page.getByRole('button', { name: 'Create account', exact: true }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expectNoViolations(page);

  await page.getByRole('tab', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await expectNoViolations(page);
});

test('signed-in screens are accessible, with the account menu open, on desktop and phone', async ({
  signedInPage: page,
}) => {
  await expect(page.getByTestId('credits-balance')).toHaveText(/^\d/);
  await expectNoViolations(page);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expectNoViolations(page);

  await page.setViewportSize({ width: 360, height: 760 });
  await page.goto('/analytics');
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
  await expectNoViolations(page);
});
