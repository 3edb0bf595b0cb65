import { Webhook } from 'standardwebhooks';
import { WEBHOOK_ENDPOINT_LIMIT } from '~/contract/developers';
import { startReceiver } from '../integration/support/webhook-receiver';
import { expectNoViolations } from './support/axe';
import { expect, test } from './support/fixtures';

test('add a webhook endpoint, copy its secret, send a test event and see it delivered in the log', async ({
  signedInPage: page,
  context,
}) => {
  const receiver = await startReceiver();
  try {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/account/developers');
    await expect(page.getByRole('heading', { name: 'Webhooks' })).toBeVisible();
    await expect(page.getByText('No endpoints yet.')).toBeVisible();

    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const form = page.getByRole('form', { name: 'Add endpoint' });
    await form.getByLabel('Endpoint URL').fill(`${receiver.url}/nxn`);
    await form.getByLabel('Description').fill('My receiver');
    await expectNoViolations(page);
    await form.getByRole('button', { name: 'Add endpoint' }).click();

    const shown = page.getByTestId('webhook-secret');
    await expect(shown).toContainText('copy its signing secret now');
    const secret =
      (await shown
        .locator('code')
        .filter({ hasText: /^whsec_/ })
        .textContent()) ?? '';
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    await shown.getByRole('button', { name: 'Copy' }).click();
    await expect(page.getByText('Signing secret copied to the clipboard.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByTestId('webhook-secret')).toHaveCount(0);

    const endpoint = page.getByTestId('webhook-endpoint');
    await expect(endpoint).toContainText(`${receiver.url}/nxn`);
    await expect(endpoint).toContainText('My receiver');
    await endpoint.getByRole('button', { name: 'Send test event' }).click();

    const delivery = endpoint.getByTestId('webhook-delivery').first();
    await expect(delivery).toContainText('webhook.test');
    await expect(delivery).toContainText('succeeded', { timeout: 15_000 });
    await expect(delivery).toContainText('200');
    await expectNoViolations(page);

    // What arrived is signed with the secret the page showed.
    const [arrived] = await receiver.waitFor(1);
    if (!arrived) throw new Error('nothing arrived');
    expect(new Webhook(secret).verify(arrived.body, arrived.headers)).toMatchObject({ type: 'webhook.test' });
  } finally {
    await receiver.close();
  }
});

test('past the most endpoints an account may have, the form says so under the URL', async ({ signedInPage: page }) => {
  await page.goto('/account/developers');
  await expect(page.getByText('No endpoints yet.')).toBeVisible();
  const form = page.getByRole('form', { name: 'Add endpoint' });
  for (let i = 0; i < WEBHOOK_ENDPOINT_LIMIT; i++) {
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await form.getByLabel('Endpoint URL').fill(`http://127.0.0.1:9/hook-${i}`);
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByTestId('webhook-secret').getByRole('button', { name: 'Done' }).click();
  }
  await expect(page.getByTestId('webhook-endpoint')).toHaveCount(WEBHOOK_ENDPOINT_LIMIT);
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  await form.getByLabel('Endpoint URL').fill('http://127.0.0.1:9/one-more');
  await form.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(
    form.getByText(`You already have ${WEBHOOK_ENDPOINT_LIMIT} webhook endpoints, the most an account may have`),
  ).toBeVisible();
  await expect(page.getByTestId('webhook-endpoint')).toHaveCount(WEBHOOK_ENDPOINT_LIMIT);
  await expectNoViolations(page);
  await page.screenshot({ path: 'test-results/developers-webhook-endpoint-limit.png', fullPage: true });
});
