/**
 * The backend seen from the browser: signing up through the real auth screen creates the profile on the API
 * (POST /auth/auth) with the signup credits, and the app shows that balance.
 */

import type { Page } from '@playwright/test';
import { SIGNUP_GRANT } from '~/contract/pricing';
import { expect, test, uniqueEmail } from './support/fixtures';
import { apiUrl, EMULATOR_URL, PRIMARY_API_PORT } from './support/stack';

const PASSWORD = 'a-good-password-7';

/** Signs up through the real form, with a name, and waits for the welcome screen. */
async function signUp(page: Page, name: string, label: string, afterSubmit = () => {}): Promise<string> {
  const email = uniqueEmail(label);
  await page.goto('/signup');
  await page.getByLabel('Name (optional)').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account', exact: true }).click();
  afterSubmit();
  await expect(page).toHaveURL('/welcome');
  return email;
}

/** An ID token for the account, straight from the Auth emulator, to ask the API as that user. */
async function idTokenOf(email: string): Promise<string> {
  const signIn = await fetch(`${EMULATOR_URL}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, returnSecureToken: true }),
  });
  return ((await signIn.json()) as { idToken: string }).idToken;
}

interface Me {
  profile: { email: string; displayName: string | null };
  credits: { balance: number };
}
async function me(idToken: string): Promise<Me> {
  const response = await fetch(`${apiUrl(PRIMARY_API_PORT)}/me`, { headers: { authorization: `Bearer ${idToken}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as Me;
}

test('signing up creates the profile with the signup credits, shown in the app', async ({ page }) => {
  const email = await signUp(page, 'Katherine Johnson', 'credits');
  const shown = SIGNUP_GRANT.toLocaleString('en-US');
  await expect(page.getByTestId('credits-balance')).toHaveText(shown);

  // The profile row exists on the API, with the name from sign-up and the grant made once.
  const idToken = await idTokenOf(email);
  const body = await me(idToken);
  expect(body.profile).toMatchObject({ email, displayName: 'Katherine Johnson' });
  expect(body.credits.balance).toBe(SIGNUP_GRANT);

  // A reload syncs the profile again but never grants twice.
  await page.reload();
  await expect(page.getByTestId('credits-balance')).toHaveText(shown);
  const ledger = await fetch(`${apiUrl(PRIMARY_API_PORT)}/credits/ledger`, {
    headers: { authorization: `Bearer ${idToken}` },
  });
  const { entries } = (await ledger.json()) as { entries: { kind: string }[] };
  expect(entries.filter((e) => e.kind === 'grant')).toHaveLength(1);
});

test('a sign-up submitted while the sign-in code is still loading keeps the name on the profile', async ({ page }) => {
  // Holding the lazily loaded Firebase chunk back until the form is submitted puts the sign-up in the same moment
  // as the auth store's own start, which a slow connection does too.
  let release: () => void = () => undefined;
  const submitted = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_astro/firebase.*.js', async (route) => {
    await submitted;
    await route.continue();
  });
  const email = await signUp(page, 'Dorothy Vaughan', 'slow-sdk', release);
  expect((await me(await idTokenOf(email))).profile.displayName).toBe('Dorothy Vaughan');
});
