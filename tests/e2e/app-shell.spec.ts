import type { Request } from '@playwright/test';
import { clearAccounts, createUser, expect, signInThroughUi, test } from './support/fixtures';

test.beforeAll(clearAccounts);

/** The lazily loaded Firebase client chunk (src/lib/firebase.ts) and one lazily loaded screen chunk. */
const FIREBASE_CHUNK = /\/_astro\/firebase\.[\w-]+\.js$/;
const ANALYTICS_CHUNK = /\/_astro\/Analytics\.[\w-]+\.js$/;

test("shows 'Loading...' while the sign-in state is still being worked out", async ({ page }) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(FIREBASE_CHUNK, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/dashboard');
  await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toBeVisible();
  await expect(page).toHaveURL('/dashboard');
  release();
  await expect(page).toHaveURL('/auth');
});

test("shows 'Connection Error' when the sign-in service cannot be loaded", async ({ page }) => {
  await page.route(FIREBASE_CHUNK, (route) => route.abort('internetdisconnected'));
  await page.goto('/create');
  await expect(page.getByRole('heading', { name: 'Connection Error' })).toBeVisible();
  await expect(page.getByText('Please check your connection and try again')).toBeVisible();
  await expect(page).toHaveURL('/create');
});

test('a screen that fails to render shows the route error screen, and Reload Page recovers', async ({
  signedInPage: page,
}) => {
  await page.route(ANALYTICS_CHUNK, (route) => route.abort('failed'));
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('link', { name: 'Analytics', exact: true }).click();

  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await expect(page.getByText("We're working to fix this issue")).toBeVisible();
  // The rest of the app still works around the broken screen.
  await expect(page.getByRole('navigation', { name: 'Studios' })).toBeVisible();

  await page.unroute(ANALYTICS_CHUNK);
  await page.evaluate(() => ((window as unknown as { beforeReload: boolean }).beforeReload = true));
  await page.getByRole('button', { name: 'Reload Page' }).click();
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
  expect(await page.evaluate(() => 'beforeReload' in window)).toBe(false);
});

test('moving between app screens does not reload the page', async ({ signedInPage: page }) => {
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  const studios = page.getByRole('navigation', { name: 'Studios' });
  for (const [link, url, heading] of [
    ['Scripts', '/scripts', 'Script generator'],
    ['Voice', '/voice', 'Text to speech'],
    ['Images', '/images', 'Image generator'],
    ['GPU', '/rent-gpu', 'Rent a GPU'],
    ['Agent', '/create', 'Create a video'],
  ] as const) {
    await studios.getByRole('link', { name: link }).click();
    await expect(page).toHaveURL(url);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  }
  await page.goBack();
  await expect(page).toHaveURL('/rent-gpu');
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
});

test('after sign-in the profile goes to POST /auth/auth once, with the ID token as Bearer', async ({ page }) => {
  const user = await createUser({ displayName: 'Katherine Johnson' });
  const syncs: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/auth/auth') syncs.push(request);
  });

  await signInThroughUi(page, user);
  await expect.poll(() => syncs.length).toBe(1);
  const [sync] = syncs;
  const headers = await sync!.allHeaders();
  expect(headers['content-type']).toBe('application/json');
  expect(headers['authorization']).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]*$/);
  expect(sync!.postDataJSON()).toEqual({
    uid: user.uid,
    email: user.email,
    displayName: 'Katherine Johnson',
    photoURL: null,
  });
  // The real backend accepted the token and the profile.
  expect((await sync!.response())?.ok()).toBe(true);

  // Same uid while moving around the app: no second sync.
  await page.getByRole('navigation', { name: 'Studios' }).getByRole('link', { name: 'Voice' }).click();
  await page.getByRole('button', { name: 'Upgrade' }).click();
  await expect(page.getByRole('dialog', { name: 'Top up credits' })).toBeVisible();
  expect(syncs).toHaveLength(1);
});
