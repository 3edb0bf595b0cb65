import { expect, test } from '@playwright/test';
import { brand } from './public-helpers';

test('the support widget walks through its three states with working links', async ({ page }) => {
  await page.goto('/blog');
  const launcher = page.getByRole('button', { name: 'Open support' });
  await expect(launcher).toBeVisible();
  const box = await launcher.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box!.x + box!.width).toBeGreaterThan(viewport.width - 60);
  expect(box!.y + box!.height).toBeGreaterThan(viewport.height - 60);

  // closed → options panel
  await launcher.click();
  const options = page.getByRole('dialog', { name: 'How can we help?' });
  await expect(options).toBeVisible();
  await expect(options.getByRole('heading', { name: 'How can we help?' })).toBeFocused();
  await expect(launcher).toBeHidden();

  // options → human support panel
  await options.getByRole('button', { name: /Human Support\s*Talk to our team/ }).click();
  const human = page.getByRole('dialog', { name: 'Human Support' });
  await expect(human).toBeVisible();
  await expect(human.getByText('24/7 Support Available')).toBeVisible();
  await expect(human.getByText('We typically respond within 2 hours')).toBeVisible();

  const whatsApp = human.getByRole('link', { name: /Instant response/ });
  const whatsAppUrl = new URL((await whatsApp.getAttribute('href'))!);
  expect(`${whatsAppUrl.origin}${whatsAppUrl.pathname}`).toBe(`https://wa.me/${brand.supportWhatsApp}`);
  expect(whatsAppUrl.searchParams.get('text')).toMatch(/help/i);

  const email = human.getByRole('link', { name: /Email Support/ });
  const emailHref = (await email.getAttribute('href'))!;
  expect(emailHref).toBe(
    `mailto:${brand.supportEmail}?subject=Support%20Request%20-%20${encodeURIComponent(brand.productName)}`,
  );

  // Closing returns to the floating button, with focus on it.
  await human.getByRole('button', { name: 'Close support' }).click();
  await expect(human).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open support' })).toBeFocused();
});

test('Escape closes the support panel', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Open support' }).click();
  await expect(page.getByRole('dialog', { name: 'How can we help?' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Open support' })).toBeFocused();

  // Reopening works the same, and closing the options panel also returns to the button.
  await page.getByRole('button', { name: 'Open support' }).click();
  await page.getByRole('dialog', { name: 'How can we help?' }).getByRole('button', { name: 'Close support' }).click();
  await expect(page.getByRole('button', { name: 'Open support' })).toBeVisible();
});

test('the support widget opens from the keyboard', async ({ page }) => {
  await page.goto('/terms');
  await page.getByRole('button', { name: 'Open support' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'How can we help?' })).toBeFocused();
});
