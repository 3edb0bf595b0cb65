import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { brand, gluedInline } from './public-helpers';

/** The public API reference (/developers): the guide, every operation of the API's own document, copyable code. */

test('the reference shows the guide and every operation the API documents at /openapi.json', async ({
  page,
  request,
}) => {
  const response = await page.goto('/developers');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Build on the NXN API');
  for (const section of [
    'Authentication',
    'Errors',
    'Idempotency',
    'Paging',
    'Rate limits',
    'Webhooks',
    'MCP for AI agents',
    'Reference',
  ])
    await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();

  const main = page.getByRole('main');
  await expect(main.getByRole('row', { name: /^billing:read Billing \(read\)/ })).toBeVisible();
  await expect(main.getByRole('row', { name: /video\.succeeded A video is ready/ })).toBeVisible();
  await expect(main.getByText('create_video', { exact: true })).toBeVisible();

  const api = brand.apiHosts[0]!;
  const doc = (await (await request.get(`${api}/openapi.json`)).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  const headings = (await main.getByRole('heading', { level: 4 }).allTextContents()).map((text) =>
    text.replace(/\s+/g, ' ').trim(),
  );
  const documented = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
  );
  expect(documented.length).toBeGreaterThan(80);
  expect(headings.sort()).toEqual(documented.sort());
});

test('the reference never runs a word into code or a link (the HTML compressor eats a line break before a tag)', async ({
  page,
}) => {
  await page.goto('/developers');
  const glued = await gluedInline(page);
  expect(glued).toEqual([]);
  await expect(page.getByRole('main')).toContainText('follow it with GET on the record');
});

test('the errors section says what an error answer carries: the request id is in the header, not the body', async ({
  page,
  request,
}) => {
  await page.goto('/developers');
  const errors = page.locator('h2#errors ~ *').first();
  await expect(errors).toContainText('a sentence you can show a person');
  const example = JSON.parse(
    (await page
      .getByRole('figure', { name: /^400 body/ })
      .locator('code')
      .textContent())!,
  );
  expect(Object.keys(example).sort()).toEqual(['error', 'fields']);
  await expect(page.getByRole('main')).toContainText(
    "Every answer, error or not, carries the request's id in its X-Request-Id header",
  );

  // What the API really answers: an error body without the id, and the id in the header.
  const answer = await request.get(`${brand.apiHosts[0]}/videos`, { headers: { authorization: 'Bearer nxn_wrong' } });
  expect(answer.status()).toBe(401);
  expect(Object.keys(await answer.json())).toEqual(['error']);
  expect(answer.headers()['x-request-id']).toMatch(/^[\w.:-]{8,128}$/);
});

test('the webhook URL rule is said for production and for a local server', async ({ page }) => {
  await page.goto('/developers');
  const main = page.getByRole('main');
  await expect(main).toContainText('In production an endpoint is an https URL on a public address');
  await expect(main).toContainText('A local server (npm start) also accepts http and this machine (127.0.0.1, ::1)');
  await expect(main).not.toContainText('https, on a public address');
});

test('an example copies to the clipboard as curl with the key header', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/developers');
  // Each operation's section carries its operationId.
  const create = page.locator('section#postVideos');
  await create.getByText('Examples: curl, JavaScript, Python').click();
  await create.getByRole('button', { name: 'Copy the curl example' }).click();
  await expect(create.getByRole('button', { name: 'Copy the curl example' })).toHaveText('Copied');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain(`curl -X POST '${brand.apiHosts[0]}/videos'`);
  expect(copied).toContain('Authorization: Bearer nxn_sk_...');
  expect(copied).toContain('Idempotency-Key');
  expect(JSON.parse(copied.split("-d '")[1]!.replace(/'$/, ''))).toMatchObject({ visuals: 'generated' });
});

test("a call's fields say what they mean, nested ones included, and its answer lists the record's fields", async ({
  page,
}) => {
  await page.goto('/developers');
  const create = page.locator('section#postVideos');
  await expect(create.getByRole('row', { name: /^voiceId string no .*GET \/voices/ })).toBeVisible();
  await expect(
    create.getByRole('row', {
      name: /^captionOptions\.position "top" \| "middle" \| "bottom" no Where .* Default "bottom"\.$/,
    }),
  ).toBeVisible();
  const answer = create.getByRole('table', { name: 'POST /videos answer fields' });
  await expect(answer).toBeHidden();
  await create.getByText('Answer: 202, JSON').click();
  await expect(answer.getByRole('row', { name: /^status .*"succeeded"/ })).toBeVisible();
  await expect(answer.getByRole('row', { name: /^video object \| null The MP4/ })).toBeVisible();
});

test('a call lists every other answer it gives, its repeat and its own conflicts included', async ({ page }) => {
  await page.goto('/developers');
  const create = page.locator('section#postWebhooksEndpoints');
  await create.getByText(/^Other answers: /).click();
  await expect(create.getByText(/^200: A repeat of the same Idempotency-Key/)).toBeVisible();
  const test = page.locator('section#postWebhooksEndpointsByIdTest');
  await test.getByText(/^Other answers: /).click();
  await expect(test.getByText('409: The endpoint is turned off: turn it on before sending to it')).toBeVisible();
  await expect(test.getByText(/^429: Too many requests/)).toBeVisible();
});

test('the footer links the reference', async ({ page }) => {
  await page.goto('/blog');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Developers' }).click();
  await expect(page).toHaveURL(/\/developers$/);
});

test('axe finds no violations on /developers, with an example and an answer open', async ({ page }) => {
  await page.goto('/developers', { waitUntil: 'networkidle' });
  await page.getByText('Examples: curl, JavaScript, Python').first().click();
  await page
    .getByText(/^Answer: /)
    .first()
    .click();
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map(
      ({ id, help, nodes }) => `${id}: ${help} (${nodes.map((node) => node.target.join(' ')).join(', ')})`,
    ),
  ).toEqual([]);
});
