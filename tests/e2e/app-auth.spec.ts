import { clearAccounts, createUser, expect, signInThroughUi, test, uniqueEmail } from './support/fixtures';

test.beforeAll(clearAccounts);

test('a new user signs up through the auth screen, lands on the welcome screen once, and later sign-ins go to the dashboard', async ({
  page,
}) => {
  const email = uniqueEmail('signup');
  const password = 'a-good-password-7';

  await page.goto('/signup');
  await expect(page.getByRole('tab', { name: 'Sign up' })).toHaveAttribute('aria-selected', 'true');
  await page.getByLabel('Name (optional)').fill('Grace Hopper');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create account', exact: true }).click();

  await expect(page).toHaveURL('/welcome');
  await expect(page.getByRole('heading', { name: /^Welcome to / })).toBeVisible();
  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(page).toHaveURL('/dashboard');

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/auth');

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome, Grace' })).toBeVisible();
});

test('a wrong password shows a clear message once, beside the form', async ({ page }) => {
  const user = await createUser();
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  const message = /password is incorrect/i;
  await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
  await expect(page).toHaveURL('/login');
  // Give a toast the time to show up if one were coming, then count every place the message is written.
  await page.waitForTimeout(1000);
  await expect(page.getByText(message)).toHaveCount(1);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
});

test('signing up with an email that is taken says so', async ({ page }) => {
  const user = await createUser();
  await page.goto('/signup');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill('another-password-1');
  await page.getByRole('button', { name: 'Create account', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'An account with this email already exists' })).toBeVisible();
});

test('after signing in, the visitor lands on the protected page they first asked for', async ({ page }) => {
  const user = await createUser();
  await page.goto('/nxn-agent/video/clip-42?from=email');
  await expect(page).toHaveURL('/auth');

  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  await expect(page).toHaveURL('/nxn-agent/video/clip-42?from=email');
  await expect(page.getByRole('navigation', { name: 'Studios' })).toBeVisible();
});

test('the password reset form confirms the e-mail went out', async ({ page }) => {
  const user = await createUser();
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Check your inbox')).toBeVisible();
});

test('the session survives a reload', async ({ page }) => {
  const user = await createUser();
  await signInThroughUi(page, user);
  await page.reload();
  await expect(page.getByRole('heading', { name: /Welcome, / })).toBeVisible();
  expect(await page.evaluate(() => Object.keys(localStorage).some((key) => key.startsWith('firebase:authUser:')))).toBe(
    true,
  );
});
