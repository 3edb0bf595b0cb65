import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { makeWatermarkedVideo } from '../integration/support/watermark-video';
import { expect, test } from './support/fixtures';

const dir = mkdtempSync(path.join(tmpdir(), 'nxn-e2e-watermark-'));
const video = path.join(dir, 'marked.mp4');
test.beforeAll(() => makeWatermarkedVideo(video, 4));
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('upload a video, adjust a found box, preview, remove the marks and download the clean file', async ({ signedInPage: page }) => {
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

  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map(({ id, help }) => `${id}: ${help}`)).toEqual([]);

  await page.getByRole('button', { name: 'Remove watermarks · 5 credits' }).click();
  const download = page.getByRole('button', { name: 'Download clean video' });
  await expect(download).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('credits-balance')).toHaveText('95');
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toBe('marked-clean.mp4');

  await expect(page.getByTestId('watermark-history-item')).toHaveCount(1);
  await expect(page.getByTestId('watermark-history-item')).toContainText('Clean file ready');
});
