/**
 * The backend seen from the browser: signing up through the real auth screen creates the profile on the API
 * (POST /auth/auth) with the signup credits, and the app shows that balance.
 */
import { SIGNUP_GRANT } from '../../src/contract/pricing';
import { expect, test, uniqueEmail } from './support/fixtures';
import { EMULATOR_URL, PRIMARY_API_PORT, apiUrl } from './support/stack';

test('signing up creates the profile with the signup credits, shown in the app', async ({ page }) => {
  const email = uniqueEmail('credits');
  const password = 'a-good-password-7';
  await page.goto('/signup');
  await page.getByLabel('Name (optional)').fill('Katherine Johnson');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create account', exact: true }).click();
  await expect(page).toHaveURL('/welcome');

  const shown = SIGNUP_GRANT.toLocaleString('en-US');
  await expect(page.getByTestId('credits-balance')).toHaveText(shown);

  // The profile row exists on the API, with the name from sign-up and the grant made once.
  const signIn = await fetch(`${EMULATOR_URL}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const { idToken } = (await signIn.json()) as { idToken: string };
  const me = await fetch(`${apiUrl(PRIMARY_API_PORT)}/me`, { headers: { authorization: `Bearer ${idToken}` } });
  expect(me.status).toBe(200);
  const body = (await me.json()) as { profile: { email: string; displayName: string | null }; credits: { balance: number } };
  expect(body.profile).toMatchObject({ email, displayName: 'Katherine Johnson' });
  expect(body.credits.balance).toBe(SIGNUP_GRANT);

  // A reload syncs the profile again but never grants twice.
  await page.reload();
  await expect(page.getByTestId('credits-balance')).toHaveText(shown);
  const ledger = await fetch(`${apiUrl(PRIMARY_API_PORT)}/credits/ledger`, { headers: { authorization: `Bearer ${idToken}` } });
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
  const email = uniqueEmail('slow-sdk');
  const password = 'a-good-password-7';
  await page.goto('/signup');
  await page.getByLabel('Name (optional)').fill('Dorothy Vaughan');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create account', exact: true }).click();
  release();
  await expect(page).toHaveURL('/welcome');

  const signIn = await fetch(`${EMULATOR_URL}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const { idToken } = (await signIn.json()) as { idToken: string };
  const me = await fetch(`${apiUrl(PRIMARY_API_PORT)}/me`, { headers: { authorization: `Bearer ${idToken}` } });
  expect(((await me.json()) as { profile: { displayName: string | null } }).profile.displayName).toBe('Dorothy Vaughan');
});
