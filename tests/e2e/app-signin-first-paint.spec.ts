import type { Page, Route } from '@playwright/test';
import { clearAccounts, createUser, expect, test } from './support/fixtures';

test.beforeAll(clearAccounts);

/** The lazily loaded Firebase client chunk (src/lib/firebase.ts): the identity provider's SDK. */
const FIREBASE_CHUNK = /\/_astro\/firebase\.[\w-]+\.js$/;
/** Every other script of the site: React, the app, the auth screen's own chunk. */
const APP_SCRIPTS = (url: URL) =>
  url.pathname.startsWith('/_astro/') && url.pathname.endsWith('.js') && !FIREBASE_CHUNK.test(url.pathname);

/** Holds the requests matching `url` until release() is called. */
async function hold(page: Page, url: RegExp | ((url: URL) => boolean)) {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route: Route) => {
    await gate;
    await route.continue();
  });
  return release;
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('/login shows the sign-in form from its HTML alone', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Welcome back', level: 1 })).toBeVisible();
    await expect(page.getByText('Sign in to continue creating with NXN.')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Sign in' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: 'Sign up' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'password');
    await expect(page.getByRole('button', { name: 'Forgot password?' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
    await expect(page.getByText('Loading...')).toHaveCount(0);
  });

  test('/signup shows the sign-up form, name field included', async ({ page }) => {
    await page.goto('/signup');
    await expect(page.getByRole('heading', { name: 'Create your account', level: 1 })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Sign up' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('Name (optional)')).toBeVisible();
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('autocomplete', 'new-password');
    await expect(page.getByText('At least 6 characters.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create account', exact: true })).toBeVisible();
    await expect(page.getByText('No credit card required • Free signup with credits').first()).toBeVisible();
  });

  test('/auth shows the sign-in form', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('heading', { name: 'Welcome back', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  });
});

test('the form is typeable while scripts load, and a sign-in sent before the SDK arrives waits for it', async ({
  page,
}) => {
  const user = await createUser();
  // A hydration mismatch would make React throw the pre-rendered form away and draw it again (losing the text).
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const releaseApp = await hold(page, APP_SCRIPTS);
  const releaseSdk = await hold(page, FIREBASE_CHUNK);
  const sdkRequested = page.waitForRequest(FIREBASE_CHUNK);

  await page.goto('/login', { waitUntil: 'commit' });
  const email = page.getByLabel('Email');
  const password = page.getByLabel('Password', { exact: true });
  // No script has run yet: this is the pre-rendered form.
  await expect(email).toBeVisible();
  await email.fill(user.email);
  await password.fill(user.password);
  // Nothing could handle a submit yet: the button says so instead of swallowing the click.
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeDisabled();

  releaseApp();
  // The screen asks for the SDK only once it has hydrated; what was typed before is still there, and used.
  await sdkRequested;
  await expect(email).toHaveValue(user.email);
  await expect(password).toHaveValue(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Signing in…' })).toBeDisabled();
  await expect(page).toHaveURL('/login');

  releaseSdk();
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { name: /Welcome, / })).toBeVisible();
  expect(errors).toEqual([]);
});

test('a signed-in visitor who opens /login sees the form checking their session, then lands on their page', async ({
  page,
}) => {
  const user = await createUser();
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL('/dashboard');

  const releaseSdk = await hold(page, FIREBASE_CHUNK);
  await page.goto('/login');
  await expect(page.getByLabel('Email')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Checking your session…' })).toBeDisabled();
  await expect(page.getByText('Loading...')).toHaveCount(0);

  releaseSdk();
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { name: /Welcome, / })).toBeVisible();
});
