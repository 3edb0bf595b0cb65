/**
 * Test helpers for signed-in flows: users are created straight in the Auth emulator (its REST API accepts any key)
 * and signed in through the real auth screen.
 */
import { test as base, expect, type Page } from '@playwright/test';
import { ADMIN_EMAIL, EMULATOR_URL, PROJECT_ID } from './stack';

export interface TestUser {
  uid: string;
  email: string;
  password: string;
  displayName: string | null;
}

const identityToolkit = (method: string) => `${EMULATOR_URL}/identitytoolkit.googleapis.com/v1/${method}?key=any`;

let counter = 0;
export const uniqueEmail = (label = 'user'): string => {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${counter}@example.com`;
};

export async function createUser(
  options: { email?: string; password?: string; displayName?: string } = {},
): Promise<TestUser> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? 'correct-horse-42';
  const response = await fetch(identityToolkit('accounts:signUp'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, displayName: options.displayName, returnSecureToken: true }),
  });
  if (!response.ok) throw new Error(`Emulator sign-up failed: ${response.status} ${await response.text()}`);
  const { localId } = (await response.json()) as { localId: string };
  return { uid: localId, email, password, displayName: options.displayName ?? null };
}

/** Marks the account's e-mail verified, as following the verification link would. */
export async function verifyEmail(user: TestUser): Promise<void> {
  const response = await fetch(
    `${EMULATOR_URL}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:update`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ localId: user.uid, emailVerified: true }),
    },
  );
  if (!response.ok) throw new Error(`Emulator update failed: ${response.status} ${await response.text()}`);
}

/** The stack's operator (ADMIN_EMAIL, verified); made again after a spec cleared the emulator's accounts. */
export async function createAdmin(): Promise<TestUser> {
  const password = 'operator-password-42';
  const signIn = await fetch(identityToolkit('accounts:signInWithPassword'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password, returnSecureToken: true }),
  });
  const admin = signIn.ok
    ? {
        uid: ((await signIn.json()) as { localId: string }).localId,
        email: ADMIN_EMAIL,
        password,
        displayName: 'Operator',
      }
    : await createUser({ email: ADMIN_EMAIL, password, displayName: 'Operator' });
  await verifyEmail(admin);
  return admin;
}

/** Deletes every account of the demo project in the emulator. */
export async function clearAccounts(): Promise<void> {
  const response = await fetch(`${EMULATOR_URL}/emulator/v1/projects/${PROJECT_ID}/accounts`, { method: 'DELETE' });
  if (!response.ok) throw new Error(`Could not clear emulator accounts: ${response.status}`);
}

/** Signs in through the auth screen and waits for the dashboard (or the page the sign-in returns to). */
export async function signInThroughUi(page: Page, user: Pick<TestUser, 'email' | 'password'>, landing = '/dashboard') {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(landing);
}

export const test = base.extend<{ user: TestUser; signedInPage: Page }>({
  user: async ({}, use) => {
    await use(await createUser({ displayName: 'Ada Lovelace' }));
  },
  signedInPage: async ({ page, user }, use) => {
    await signInThroughUi(page, user);
    await use(page);
  },
});

export { expect };
