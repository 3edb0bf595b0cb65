import { expect, test } from '@playwright/test';
import { brand, simulateSignedIn } from './public-helpers';

const SPEC_LINKS: Array<[string, string]> = [
  ['Agent', '/nxn-agent'],
  ['Scripts', '/scripts'],
  ['Voice', '/voice'],
  ['Images', '/images'],
  ['GPU', '/gpu'],
];

test.describe('desktop nav bar', () => {
  test('links to every feature, highlights GPU and offers Upgrade', async ({ page }) => {
    await page.goto('/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [name, href] of SPEC_LINKS) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    const gpu = nav.getByRole('link', { name: 'GPU', exact: true });
    const agent = nav.getByRole('link', { name: 'Agent', exact: true });
    const colour = (locator: typeof gpu) => locator.evaluate((element) => getComputedStyle(element).color);
    expect(await colour(gpu)).not.toBe(await colour(agent));
    await expect(nav.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/pricing');
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
  });

  test('shows Dashboard when signed in', async ({ context, page }) => {
    await simulateSignedIn(context);
    await page.goto('/blog');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  });
});

test.describe('mobile nav bar (360 px)', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the menu toggle opens and closes the menu accessibly', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Menu' });
    const menu = page.locator('#mobile-menu');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(menu).toBeVisible();
    for (const [name, href] of SPEC_LINKS) {
      await expect(menu.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    // Signed out: only 'Get Started', to the sign-in screen.
    await expect(menu.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/auth');
    await expect(menu.getByRole('link', { name: 'Upgrade' })).toBeHidden();
    await expect(menu.getByRole('link', { name: 'Dashboard' })).toBeHidden();

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();

    await toggle.click();
    await menu.getByRole('link', { name: 'GPU', exact: true }).click();
    await expect(page).toHaveURL('/gpu');
    await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  test('a signed-in visitor sees Upgrade, Dashboard and Get Started to /create', async ({ context, page }) => {
    await simulateSignedIn(context);
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.locator('#mobile-menu');
    await expect(menu.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/pricing');
    await expect(menu.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    await expect(menu.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/create');
    await expect(menu.getByRole('link', { name: 'Upgrade' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Get Started' })).toBeVisible();
  });

  test('the page does not scroll sideways at 360 px', async ({ page }) => {
    for (const path of ['/', '/nxn-agent', '/blog/tts-tools', '/terms']) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});

test('footer lists the spec links', async ({ page }) => {
  await page.goto('/contact');
  const mail = `mailto:${brand.supportEmail}`;
  const columns: Record<string, Array<[string, string]>> = {
    Product: [
      [brand.agentName, '/nxn-agent'],
      ['Create Video', '/create'],
      ['Text to Speech', '/voice'],
      ['Image Generator', '/images'],
    ],
    Company: [
      ['About', '/about'],
      ['Contact', '/contact'],
      ['Pricing', '/pricing'],
      ['Support', mail],
    ],
    Legal: [
      ['Terms', '/terms'],
      ['Privacy', '/privacy'],
      ['Legal', mail],
    ],
  };
  const footer = page.getByRole('contentinfo');
  for (const [column, links] of Object.entries(columns)) {
    const list = footer.getByRole('navigation', { name: column });
    await expect(list.getByRole('link')).toHaveCount(links.length);
    for (const [name, href] of links) {
      await expect(list.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
  }
});
