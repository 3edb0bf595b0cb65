import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { APP_ROUTES } from '~/app/routes';
import { clearAccounts, expect, test } from './support/fixtures';
import { ROOT_DIR } from './support/stack';

test.beforeAll(clearAccounts);

/** Concrete URLs for every [auth] route of the spec's table; id routes get arbitrary ids. */
const protectedUrls = APP_ROUTES.filter((route) => route.access === 'auth').map((route) =>
  route.path.replace(':videoId', 'vid_9Xq-2024').replace(':scriptId', '7f3c1e2a'),
);

const blogSlugs = readdirSync(join(ROOT_DIR, 'content/blog'))
  .filter((file) => file.endsWith('.mdx'))
  .map((file) => file.replace(/\.mdx$/, ''));

/** Every public route of the spec's table ({token} is the dedicated TTS post's top-level path). */
const publicUrls = new Set([
  '/',
  '/gpu',
  '/nxn-agent',
  '/login',
  '/signup',
  '/auth',
  '/terms',
  '/privacy',
  '/about',
  '/contact',
  '/blog',
  '/blog/tts-tools',
  '/best-text-to-speech-tools',
  ...blogSlugs.map((slug) => `/blog/${slug}`),
]);

test.describe('a signed-out visitor', () => {
  for (const url of protectedUrls) {
    test(`opening ${url} is sent to /auth, replacing the history entry`, async ({ page }) => {
      await page.goto('/about');
      await page.goto(url);
      await expect(page).toHaveURL('/auth');
      await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
      // Replaced, not pushed: blank start page, /about, then /auth where the protected URL was.
      expect(await page.evaluate(() => history.length)).toBe(3);
      await page.goBack();
      await expect(page).toHaveURL('/about');
    });
  }

  for (const url of publicUrls) {
    test(`can open the public page ${url}`, async ({ page }) => {
      const response = await page.goto(url);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(page).toHaveURL(url);
    });
  }
});

/** The main heading each screen shows; most screens are titled like their route. This user is no admin. */
const screenHeading = (route: (typeof APP_ROUTES)[number]): string | RegExp =>
  route.screen === 'Dashboard'
    ? /^Welcome, /
    : route.screen === 'Welcome'
      ? /^Welcome to /
      : route.screen === 'Admin'
        ? 'Page not found'
        : route.title;

test.describe('a signed-in user', () => {
  test('opens every protected route and sees its screen', async ({ signedInPage: page }) => {
    for (const route of APP_ROUTES.filter((r) => r.access === 'auth')) {
      const url = route.path.replace(':videoId', 'v-1').replace(':scriptId', 's-1');
      await page.goto(url);
      await expect(page).toHaveURL(url);
      await expect(page.getByRole('heading', { level: 1, name: screenHeading(route) })).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(`^${route.title}`));
    }
  });

  test('dynamic routes accept any id in the production server', async ({ signedInPage: page }) => {
    for (const id of ['abc', '0193f2c4-8d1e-7c55-b1f2-9a0e4d2c6b11', 'My_Video-42']) {
      for (const url of [`/nxn-agent/video/${id}`, `/script/${id}`]) {
        const response = await page.goto(url);
        expect(response?.status()).toBe(200);
        await expect(page).toHaveURL(url);
        // The screen itself renders (what it shows for an id it cannot find is up to the screen).
        const heading = page.getByRole('heading', { level: 1 });
        await expect(heading).toBeVisible();
        await expect(heading).not.toHaveText(/^(Loading\.\.\.|Page not found|Something went wrong)$/);
      }
    }
  });
});
