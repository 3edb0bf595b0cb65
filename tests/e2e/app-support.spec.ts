import { logosOf } from './public-helpers';
import { expectNoViolations } from './support/axe';
import { expect, test } from './support/fixtures';

/** The support widget and the logo in the signed-in app: the same as on the public site. */

const FIREBASE_CHUNK = /\/_astro\/firebase\.[\w-]+\.js$/;

test('the support widget is in the signed-in app and walks through its panels', async ({ signedInPage: page }) => {
  await page.goto('/create');
  const launcher = page.getByRole('button', { name: 'Open support' });
  await expect(launcher).toBeVisible();
  const box = (await launcher.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.x + box.width).toBeGreaterThan(viewport.width - 60);
  expect(box.y + box.height).toBeGreaterThan(viewport.height - 60);

  await launcher.click();
  const options = page.getByRole('dialog', { name: 'How can we help?' });
  await expect(options.getByRole('heading', { name: 'How can we help?' })).toBeFocused();
  await options.getByRole('button', { name: /Human Support\s*Talk to our team/ }).click();
  const human = page.getByRole('dialog', { name: 'Human Support' });
  await expect(human.getByText('24/7 Support Available')).toBeVisible();
  await expect(human.getByRole('link', { name: /Email Support/ })).toHaveAttribute('href', /^mailto:/);
  await expectNoViolations(page);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Open support' })).toBeFocused();
});

test("on a phone the app's help button sits above the bottom bar", async ({ signedInPage: page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard');
  const launcher = page.getByRole('button', { name: 'Open support' });
  await expect(launcher).toBeVisible();
  const bar = (await page.getByRole('navigation', { name: 'Main' }).boundingBox())!;
  const box = (await launcher.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(bar.y);
  const centre = await launcher.evaluate((button) => {
    const r = button.getBoundingClientRect();
    return button.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
  });
  expect(centre).toBe(true);
});

test("the app's logo is the public site's, and static pages still load no Firebase for the widget", async ({
  signedInPage: page,
}) => {
  const appLogos = await logosOf(page);
  expect(appLogos.length).toBeGreaterThan(0);
  const firebase: string[] = [];
  page.on('request', (request) => {
    if (FIREBASE_CHUNK.test(new URL(request.url()).pathname)) firebase.push(request.url());
  });
  await page.goto('/about');
  expect(await logosOf(page)).toEqual(expect.arrayContaining([appLogos[0]]));
  expect(new Set([...appLogos, ...(await logosOf(page))]).size).toBe(1);
  await page.getByRole('button', { name: 'Open support' }).click();
  await expect(page.getByRole('dialog', { name: 'How can we help?' })).toBeVisible();
  expect(firebase).toEqual([]);
});
