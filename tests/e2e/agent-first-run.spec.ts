/**
 * A server that cannot render (issue 21: a fresh machine where nothing installed ffmpeg) says so in the browser:
 * the create screen and the storyboard name what is missing and offer no render that must fail, and a video taken
 * by such a worker says what is wrong, that nothing was charged, and offers no pointless "Try again". The primary
 * API + worker run with ffmpeg and ffprobe left off their PATH for this file, and normally again afterwards.
 */
import { pathWithout } from '../support/path-without';
import { expectNoViolations } from './support/axe';
import { createUser, expect, signInThroughUi, test } from './support/fixtures';
import { apiUrl, PRIMARY_API, startApi, stopProcess } from './support/stack';

const SCRIPT =
  'The lighthouse keeper climbs the narrow stairs every evening at dusk to light the lamp.\n\nFar out at sea, the fishing boats look for the beam.';
const CANNOT = 'This server cannot make videos yet.';
const noFfmpeg = pathWithout(['ffmpeg', 'ffprobe']);

/** The primary API and its worker, on a PATH without ffmpeg; waits until the worker has reported it. */
async function startWithoutFfmpeg(): Promise<void> {
  await startApi({ ...PRIMARY_API, env: { PATH: noFfmpeg.path } });
  await expect
    .poll(async () => (await fetch(`${apiUrl(PRIMARY_API.port)}/readyz`)).status, { timeout: 100_000 })
    .toBe(503);
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  await stopProcess(PRIMARY_API.name);
});

test.afterAll(async () => {
  await stopProcess(PRIMARY_API.name);
  await startApi(PRIMARY_API);
  noFfmpeg.dispose();
});

test('a video taken by a worker without ffmpeg says what is wrong, charges nothing and offers no Try again', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  // Asked for while no worker runs (an API alone): the queue keeps it for the first worker that starts.
  await startApi({ ...PRIMARY_API, roles: 'api' });
  await signInThroughUi(page, await createUser({ displayName: 'Ada Lovelace' }));
  await page.goto('/create');
  await expect(page.getByTestId('create-balance')).toHaveText('100 credits');
  await page.getByLabel('What should the narrator say?').fill(SCRIPT);
  await page.getByText('720p HD').click();
  await page.getByRole('button', { name: 'Render without reviewing' }).click();
  await expect(page).toHaveURL(/\/nxn-agent\/video\/[^/]+$/);

  await stopProcess(PRIMARY_API.name);
  await startWithoutFfmpeg();
  const stopped = page.getByTestId('video-stopped');
  await expect(stopped.getByRole('heading', { name: "This video couldn't be made" })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('video-error')).toHaveText(
    `${CANNOT} It is missing ffmpeg and ffprobe, so this could not be made. No credits were charged.`,
  );
  await expect(stopped.getByTestId('render-unavailable')).toContainText(
    'sudo apt-get install -y --no-install-recommends ffmpeg',
  );
  await expect(stopped.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  // The credits held for it are back, in the balance the page shows too.
  await expect(page.getByTestId('credits-balance')).toHaveText('100');
  await expectNoViolations(page);
  await page.screenshot({ path: testInfo.outputPath('video-setup-failure.png'), fullPage: true });
});

test('the create screen and the storyboard say the server cannot make videos yet and offer no render', async ({
  signedInPage: page,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.goto('/create');
  const notice = page.getByTestId('render-unavailable');
  await expect(notice).toContainText(CANNOT);
  await expect(notice).toContainText('It is missing ffmpeg and ffprobe. Whoever runs it can install them with:');
  await expect(notice.locator('code')).toHaveText('sudo apt-get install -y --no-install-recommends ffmpeg');
  await page.getByLabel('What should the narrator say?').fill(SCRIPT);
  await expect(page.getByRole('button', { name: 'Render without reviewing' })).toBeDisabled();
  await expectNoViolations(page);
  await page.screenshot({ path: testInfo.outputPath('create-cannot-render.png'), fullPage: true });

  // Reviewing the scenes costs nothing and needs no render, so the storyboard is still made; its render is not offered.
  await page.getByRole('button', { name: 'Create video' }).click();
  await expect(page).toHaveURL(/\/nxn-agent\/storyboard\/[^/]+$/);
  await expect(page.getByTestId('render-unavailable')).toContainText(CANNOT);
  await expect(page.getByTestId('render-video')).toBeDisabled();
  await expectNoViolations(page);
  await page.screenshot({ path: testInfo.outputPath('storyboard-cannot-render.png'), fullPage: true });
});
