import { expect, test } from '@playwright/test';
import { AUTH_STORAGE_KEY, AUTH_STORAGE_VALUE, brand, simulateSignedIn } from './public-helpers';

const hero = (page: import('@playwright/test').Page) => page.locator('section[aria-labelledby="hero-title"]');

test('home shows the spec texts, stats and links to a signed-out visitor', async ({ page }) => {
  await page.goto('/');
  const top = hero(page);
  await expect(top.getByText(`Introducing ${brand.agentName}`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Script, Our AI, Perfect Videos');
  await expect(top.getByRole('link', { name: `Try ${brand.agentName}` })).toHaveAttribute('href', '/nxn-agent');
  await expect(top.getByRole('link', { name: 'Get Started for Free' })).toHaveAttribute('href', '/signup');
  await expect(top.getByText('No credit card required • Free signup with credits')).toBeVisible();
  await expect(top.getByRole('link', { name: 'Start Creating' })).toBeHidden();
  await expect(top.getByRole('link', { name: /Go to Dashboard/ })).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' })).toBeHidden();

  const stats = page.locator('section[aria-labelledby="stats-title"] dl > div');
  await expect(stats).toHaveCount(4);
  const expected = [
    ['580+', 'Neural Voices'],
    ['∞', 'Quantum Speed'],
    ['8K+', 'Hyper Reality'],
    ['0%', 'Watermarks'],
  ];
  for (const [index, [value, label]] of expected.entries()) {
    await expect(stats.nth(index).locator('dd')).toHaveText(value!);
    await expect(stats.nth(index).locator('dt')).toHaveText(label!);
  }

  await expect(page.getByRole('link', { name: 'Create Videos Now' })).toHaveAttribute('href', '/nxn-agent');
  for (const feature of [brand.agentName, 'Script generator', 'Text to speech', 'AI image generator', 'GPU rental']) {
    await expect(page.getByRole('heading', { level: 3, name: feature })).toBeVisible();
  }
});

test("'Get Started for Free' opens the sign-up form, not sign-in", async ({ page }) => {
  await page.goto('/');
  await hero(page).getByRole('link', { name: 'Get Started for Free' }).click();
  await expect(page).toHaveURL('/signup');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create your account');
  await expect(page.getByRole('tab', { name: 'Sign up' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();
  await expect(page.getByText('Welcome back')).toHaveCount(0);
});

test('home sections come in the spec order', async ({ page }) => {
  await page.goto('/');
  // Animated background, nav bar, hero, stats, detailed features, final CTA, footer, support widget.
  const order = await page.evaluate(() => {
    const marks: Array<[string, Element | null]> = [
      ['background', document.querySelector('.bg-layer')],
      ['nav', document.querySelector('header nav[aria-label="Main"]')],
      ['hero', document.querySelector('[aria-labelledby="hero-title"]')],
      ['stats', document.querySelector('[aria-labelledby="stats-title"]')],
      ['features', document.querySelector('[aria-labelledby="features-title"]')],
      ['cta', document.querySelector('[aria-labelledby="final-cta-title"]')],
      ['footer', document.querySelector('footer')],
      ['support', document.querySelector('.support-widget')],
    ];
    const present = marks.filter(([, element]) => element !== null) as Array<[string, Element]>;
    return present
      .sort(([, a], [, b]) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))
      .map(([name]) => name);
  });
  expect(order).toEqual(['background', 'nav', 'hero', 'stats', 'features', 'cta', 'footer', 'support']);
});

test('home switches to the signed-in variant without moving the layout', async ({ context, page }) => {
  await simulateSignedIn(context);
  await page.goto('/');
  const top = hero(page);
  await expect(top.getByRole('link', { name: 'Start Creating' })).toHaveAttribute('href', '/create');
  await expect(top.getByRole('link', { name: 'Start Creating' })).toBeVisible();
  await expect(top.getByRole('link', { name: /Go to Dashboard/ })).toHaveAttribute('href', '/dashboard');
  await expect(top.getByRole('link', { name: /Go to Dashboard/ })).toBeVisible();
  await expect(top.getByRole('link', { name: 'Get Started for Free' })).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' })).toBeVisible();

  const shift = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<
            PerformanceEntry & { value: number; hadRecentInput: boolean }
          >) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );
  expect(shift).toBeLessThan(0.01);
});

test('signing out in another tab switches the home back to the signed-out variant', async ({ context, page }) => {
  await page.goto('/');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    AUTH_STORAGE_KEY,
    AUTH_STORAGE_VALUE,
  ] as const);
  await page.reload();
  await expect(hero(page).getByRole('link', { name: 'Start Creating' })).toBeVisible();
  // `storage` events reach every tab except the one that wrote, so sign out from a second tab.
  const other = await context.newPage();
  await other.goto('/about');
  await other.evaluate((key) => localStorage.removeItem(key), AUTH_STORAGE_KEY);
  await expect(hero(page).getByRole('link', { name: 'Get Started for Free' })).toBeVisible();
  await expect(hero(page).getByRole('link', { name: 'Start Creating' })).toBeHidden();
});

test('the animated background is decorative and keeps still with reduced motion', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ reducedMotion: 'reduce', ...(baseURL ? { baseURL } : {}) });
  const page = await context.newPage();
  await page.goto('/');
  const layer = page.locator('.bg-layer');
  await expect(layer).toHaveAttribute('aria-hidden', 'true');
  await expect(layer).toHaveCSS('pointer-events', 'none');
  await expect(layer).toHaveCSS('position', 'fixed');
  await expect(page.locator('.bg-dot')).toHaveCount(6);
  await page.mouse.move(900, 600);
  await page.mouse.wheel(0, 1500);
  await page.waitForTimeout(300);
  await expect(page.locator('.bg-circle-violet')).toHaveCSS('transform', 'none');
  await expect(page.locator('.bg-square')).toHaveCSS('transform', 'none');
  await expect(page.locator('.bg-circle-breathing')).toHaveCSS('transform', 'none');
  const dotAnimations = await page
    .locator('.bg-dot')
    .first()
    .evaluate((dot) => dot.getAnimations().length);
  expect(dotAnimations).toBe(0);
  await context.close();
});

test('the animated background follows the mouse and the scroll', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('.bg-dot')).toHaveCount(6);
  // Six floating dots, each looping with a duration between 12 and 20 seconds.
  const durations = await page
    .locator('.bg-dot')
    .evaluateAll((dots) => dots.map((dot) => Number(dot.getAnimations()[0]?.effect?.getTiming().duration)));
  expect(durations).toHaveLength(6);
  for (const duration of durations) {
    expect(duration).toBeGreaterThanOrEqual(12_000);
    expect(duration).toBeLessThanOrEqual(20_000);
  }
  await page.mouse.move(1000, 500);
  // 0.02 × (1000, 500) = (20px, 10px) for the first circle; -0.01 × = (-10px, -5px) for the second.
  await expect(page.locator('.bg-circle-violet')).toHaveCSS('transform', 'matrix(1, 0, 0, 1, 20, 10)');
  await expect(page.locator('.bg-circle-cyan')).toHaveCSS('transform', 'matrix(1, 0, 0, 1, -10, -5)');
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  // At the end of the page the square has turned a full 360° and the breathing circle is at scale 0.8.
  await expect(page.locator('.bg-square')).toHaveAttribute('style', /rotate\(360deg\)/);
  await expect(page.locator('.bg-circle-breathing')).toHaveCSS('transform', 'matrix(0.8, 0, 0, 0.8, 0, 0)');
});

test("on a 390 px phone nothing covers the hero's buttons, not even the background's square", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    ...(baseURL ? { baseURL } : {}),
  });
  const page = await context.newPage();
  await page.goto('/');
  const buttons = hero(page).locator('a.btn:visible');
  await expect(buttons).toHaveCount(2);
  await expect(page.locator('.bg-square')).toBeVisible();
  const problems = await hero(page).evaluate((section) => {
    const square = document.querySelector('.bg-square')!.getBoundingClientRect();
    return [...section.querySelectorAll<HTMLElement>('a.btn')]
      .filter((button) => button.checkVisibility({ visibilityProperty: true }))
      .flatMap((button) => {
        const box = button.getBoundingClientRect();
        const name = button.textContent?.trim();
        const found: string[] = [];
        const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        if (!top || !button.contains(top)) found.push(`${name}: covered by ${top?.className}`);
        // The square lies behind the page, but shows through a translucent button: their boxes must not meet.
        const meets =
          square.left < box.right && box.left < square.right && square.top < box.bottom && box.top < square.bottom;
        if (meets) found.push(`${name}: the square meets it`);
        return found;
      });
  });
  expect(problems).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('home-390.png') });
  await context.close();
});
