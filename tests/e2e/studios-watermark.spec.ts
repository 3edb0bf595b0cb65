import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LABELLED_SET, labelledClipFile } from '../integration/support/watermark-set';
import { makeWatermarkedVideo } from '../integration/support/watermark-video';
import { expectNoViolations } from './support/axe';
import { expect, test } from './support/fixtures';

const dir = mkdtempSync(path.join(tmpdir(), 'nxn-e2e-watermark-'));
const video = path.join(dir, 'marked.mp4');
test.beforeAll(() => makeWatermarkedVideo(video, 4));
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('upload a video, adjust a found box, preview, remove the marks and download the clean file', async ({
  signedInPage: page,
}) => {
  await page.goto('/dashboard');
  await page.getByRole('link', { name: /Watermark removal/ }).click();
  await expect(page.getByRole('heading', { name: 'Watermark removal', level: 1 })).toBeVisible();

  await page.getByLabel('Video file').setInputFiles(video);
  const upload = page.getByRole('button', { name: 'Upload', exact: true });
  await expect(upload).toBeDisabled();
  await page.getByLabel(/I own this video or have the right to edit it/).check();
  await upload.click();

  await expect(page.getByRole('heading', { name: 'marked.mp4', level: 2 })).toBeVisible({ timeout: 30_000 });
  const boxes = page.getByTestId('watermark-box');
  await expect(boxes).toHaveCount(2, { timeout: 30_000 });

  // Adjust the first box: drag it a little, then widen it from the keyboard.
  const first = boxes.first();
  const before = await first.boundingBox();
  await page.mouse.move(before!.x + 5, before!.y + 5);
  await page.mouse.down();
  await page.mouse.move(before!.x + 1, before!.y + 7, { steps: 4 });
  await page.mouse.up();
  await first.focus();
  await page.keyboard.press('Alt+ArrowRight');
  const after = await first.boundingBox();
  expect(after!.width).toBeGreaterThan(before!.width);
  expect(after!.x).toBeLessThan(before!.x);
  await page.getByLabel('Box 2 (found): method').selectOption('blur');

  await page.getByRole('button', { name: 'Preview frame' }).click();
  await expect(page.getByRole('img', { name: /after removal/ })).toBeVisible({ timeout: 30_000 });

  await expectNoViolations(page);

  await page.getByRole('button', { name: 'Remove watermarks · 5 credits' }).click();
  const download = page.getByRole('button', { name: 'Download clean video' });
  await expect(download).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('credits-balance')).toHaveText('95');
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toBe('marked-clean.mp4');

  // The finished removal: the same frame before and after, compared with a slider, and the clean video's poster.
  const comparison = page.getByTestId('before-after');
  await expect(comparison.getByRole('img', { name: /before removal/ })).toBeVisible({ timeout: 30_000 });
  await expect(comparison.getByRole('img', { name: /after removal/ })).toBeVisible();
  const divide = page.getByLabel('Before and after divide');
  await divide.fill('20');
  await expect(divide).toHaveAttribute('aria-valuetext', '20% before, 80% after');
  await expect(comparison.getByRole('img', { name: /before removal/ })).toHaveCSS(
    'clip-path',
    'inset(0px 80% 0px 0px)',
  );
  await expect(page.getByRole('region', { name: /marked.mp4/ }).locator('video')).toHaveAttribute('poster', /^blob:/);
  await page.screenshot({ path: test.info().outputPath('watermark-finished.png'), fullPage: true });
  await expectNoViolations(page);

  await expect(page.getByTestId('watermark-history-item')).toHaveCount(1);
  await expect(page.getByTestId('watermark-history-item')).toContainText('Clean file ready');
});

test('a video without a mark: the page says so and puts a box on the frame at once', async ({ signedInPage: page }) => {
  const clean = labelledClipFile(LABELLED_SET.find((c) => c.name === 'no-mark')!);
  await page.goto('/watermark-removal');
  await page
    .getByLabel('Video file')
    .setInputFiles({ name: 'fractal.mp4', mimeType: 'video/mp4', buffer: readFileSync(clean) });
  await page.getByLabel(/I own this video or have the right to edit it/).check();
  await page.getByRole('button', { name: 'Upload', exact: true }).click();

  await expect(page.getByRole('status').filter({ hasText: 'We found no watermark in this video.' })).toBeVisible({
    timeout: 60_000,
  });
  const box = page.getByTestId('watermark-box');
  await expect(box).toHaveCount(1);
  await expect(box).toBeFocused();
  await expect(page.getByLabel('Box 1: method')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('watermark-nothing-found.png'), fullPage: true });
  await expectNoViolations(page);
});
