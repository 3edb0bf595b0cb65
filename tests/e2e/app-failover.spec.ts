import { ALL_HOSTS_FAILED_MESSAGES } from '~/lib/api/messages';
import { clearAccounts, expect, test } from './support/fixtures';
import { apiUrl, FALLBACK_API, isAnswering, PRIMARY_API, readState, startApi, stopProcess } from './support/stack';

test.beforeAll(clearAccounts);

/** Whatever a test stopped, the next spec gets the primary API back (and no fallback). */
test.afterEach(async () => {
  if (readState().pids[FALLBACK_API.name] !== undefined) await stopProcess(FALLBACK_API.name);
  if (!(await isAnswering(`${apiUrl(PRIMARY_API.port)}/healthz`))) await startApi(PRIMARY_API);
});

test('with the primary backend down, the app is served by the fallback backend', async ({ signedInPage: page }) => {
  await expect(page.getByTestId('credits-balance')).toHaveText(/^\d/);

  await stopProcess(PRIMARY_API.name);
  await startApi(FALLBACK_API);

  const failed: string[] = [];
  const answered: { path: string; origin: string; status: number }[] = [];
  page.on('requestfailed', (request) => failed.push(request.url()));
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.port === String(PRIMARY_API.port) || url.port === String(FALLBACK_API.port)) {
      answered.push({ path: url.pathname, origin: url.origin, status: response.status() });
    }
  });

  await page.reload();
  await expect(page.getByTestId('credits-balance')).toHaveText(/^\d/);

  const primary = apiUrl(PRIMARY_API.port);
  const fallback = apiUrl(FALLBACK_API.port);
  // Each call tried the primary first, failed on it, and was answered by the fallback. (The fallback's success
  // clears the primary's failed mark, so the next call tries the primary again.)
  expect(failed).toEqual(expect.arrayContaining([`${primary}/auth/auth`, `${primary}/me`]));
  expect(answered).toContainEqual(expect.objectContaining({ path: '/auth/auth', origin: fallback }));
  expect(answered).toContainEqual({ path: '/me', origin: fallback, status: 200 });
  expect(answered.filter((entry) => entry.origin === primary)).toEqual([]);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
});

test('with every backend down, the user sees one of the five messages as a top-right toast', async ({
  signedInPage: page,
}) => {
  await stopProcess(PRIMARY_API.name);
  await page.reload();

  const toast = page.locator('[data-sonner-toast]');
  await expect(toast).toHaveCount(1);
  expect(ALL_HOSTS_FAILED_MESSAGES).toContain((await toast.textContent())?.trim());
  await expect(page.locator('[data-sonner-toaster]')).toHaveAttribute('data-x-position', 'right');
  await expect(page.locator('[data-sonner-toaster]')).toHaveAttribute('data-y-position', 'top');
  await expect(page.getByTestId('credits-balance')).toHaveText('—');
});
