import { API_KEY_PATTERN } from '~/contract/developers';
import { expectNoViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { apiUrl, PRIMARY_API_PORT } from './support/stack';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('make an API key on the Developers screen, copy it, call the API with it, revoke it', async ({
  signedInPage: page,
  user,
  request,
}) => {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Developers' }).click();
  await expect(page).toHaveURL('/account/developers');
  await expect(page.getByRole('heading', { name: 'Developers', level: 1 })).toBeVisible();
  await expect(page.getByText('No keys yet.')).toBeVisible();
  await expectNoViolations(page);

  // Without a name the form says so under the field.
  await page.getByRole('button', { name: 'Create key' }).click();
  await expect(page.getByText('Give the key a name')).toBeVisible();
  await page.getByLabel('Key name').fill('Nightly export');
  await page.getByRole('checkbox', { name: /^Create/ }).check();
  await page.getByRole('button', { name: 'Create key' }).click();

  const dialog = page.getByRole('dialog', { name: 'Your new API key “Nightly export”' });
  await expect(dialog.getByText('it will not be shown again')).toBeVisible();
  const secret = (await dialog.getByTestId('new-api-key').textContent()) ?? '';
  expect(secret).toMatch(API_KEY_PATTERN);
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('API key copied to the clipboard.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await expectNoViolations(page);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByRole('listitem', { name: 'API key Nightly export' });
  await expect(row.getByText(`${secret.slice(0, 13)}…`)).toBeVisible();
  await expect(row.getByText('Read · Create')).toBeVisible();
  await expect(row.getByText(/Last used Never/)).toBeVisible();
  await expect(page.getByText(secret)).toHaveCount(0);

  const me = await request.get(`${apiUrl(PRIMARY_API_PORT)}/me`, { headers: { authorization: `Bearer ${secret}` } });
  expect(me.status()).toBe(200);
  expect((await me.json()).profile.email).toBe(user.email);
  await page.reload();
  await expect(row.getByText(/Last used (?!Never)/)).toBeVisible();

  await row.getByRole('button', { name: 'Revoke' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Revoke “Nightly export”?' });
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(row.getByText('Revoked', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Revoke' })).toHaveCount(0);

  const refused = await request.get(`${apiUrl(PRIMARY_API_PORT)}/me`, {
    headers: { authorization: `Bearer ${secret}` },
  });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).error).toBe('This API key is not valid (revoked or unknown)');
});
