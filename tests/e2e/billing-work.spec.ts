/**
 * Work in progress and the ledger in plain words, on real work made in the browser: a GPU rented from the RunPod
 * sandbox (its stopped price stated before renting, the time the balance buys while it runs, a status badge in colour
 * with its word) and a watermark removal, both on the dashboard beside the studios' work; then /billing with one line
 * per thing done, its holds and settlements behind "entries", and the CSV with every raw row. Axe checks each screen,
 * at desktop and phone width.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { sshPublicKey } from '../integration/support/ssh-key';
import { makeWatermarkedVideo } from '../integration/support/watermark-video';
import { expectNoViolations } from './support/axe';
import { expect, test } from './support/fixtures';

const dir = mkdtempSync(path.join(tmpdir(), 'nxn-e2e-billing-'));
const video = path.join(dir, 'marked.mp4');
test.beforeAll(() => makeWatermarkedVideo(video, 4));
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Axe at desktop width, then at a phone's with nothing wider than the screen; a screenshot of each for review. */
async function checkBothWidths(page: Page, name: string) {
  await expectNoViolations(page);
  await page.screenshot({ path: test.info().outputPath(`${name}-desktop.png`), fullPage: true });
  await page.setViewportSize({ width: 360, height: 760 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await expectNoViolations(page);
  await page.screenshot({ path: test.info().outputPath(`${name}-phone.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a rental and a watermark removal show as work on the dashboard and as plain lines on /billing', async ({
  signedInPage: page,
}) => {
  test.setTimeout(360_000);

  // Rent: the launch form says what the machine costs stopped, for the disk typed, before anything is rented.
  await page.goto('/rent-gpu');
  await page.getByLabel('GPU model').selectOption('RTX 4090');
  const offer = page.getByTestId('gpu-offer').filter({ hasText: 'Community cloud' }).first();
  await offer.getByRole('button', { name: 'Rent · 45 credits/h' }).click();
  const form = page.getByRole('form', { name: /Rent 1× RTX 4090/ });
  const costs = form.getByTestId('launch-costs');
  await expect(costs).toContainText(/Stopped, it costs \d+ credits?\/h for its 50 GB disk until you terminate it\./);
  await form.getByLabel('Disk (GB)').fill('500');
  await expect(costs).toContainText(/for its 500 GB disk/);
  const stoppedPrice = Number((await costs.textContent())!.match(/Stopped, it costs (\d+)/)![1]);
  expect(stoppedPrice).toBeGreaterThan(1);
  await form.getByLabel('Key name').fill('Laptop');
  await form.getByLabel('Public key').fill(sshPublicKey('billing@nxn'));
  await form.getByRole('button', { name: 'Save key' }).click();
  await expect(form.getByLabel('SSH key', { exact: true })).toContainText('Laptop');
  await expectNoViolations(page);
  await form.getByRole('button', { name: 'Rent · 45 credits/h' }).click();

  // My rentals: the badge says Running in words (and colour), and the time the balance still buys is shown.
  await expect(page).toHaveURL('/my-rentals');
  const rental = page.getByTestId('gpu-rental').first();
  await expect(rental.getByTestId('rental-status')).toHaveText('Running', { timeout: 20_000 });
  await expect(rental.getByTestId('rental-time-left')).toHaveText(/^About (\d+ h )?\d+ min$/);
  await expect(rental.getByText(`(stopped: ${stoppedPrice} credits/h)`)).toBeVisible();
  await checkBothWidths(page, 'my-rentals');

  // A watermark removal, made in its studio.
  await page.goto('/watermark-removal');
  await page.getByLabel('Video file').setInputFiles(video);
  await page.getByLabel(/I own this video or have the right to edit it/).check();
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'marked.mp4', level: 2 })).toBeVisible({ timeout: 30_000 });
  // Detection is not what this test is about: wait for it, and draw a box by hand if it found none.
  await expect(page.getByRole('button', { name: 'Finding marks…' })).toHaveCount(0, { timeout: 120_000 });
  if ((await page.getByTestId('watermark-box').count()) === 0)
    await page.getByRole('button', { name: 'Add box' }).click();
  await page.getByRole('button', { name: 'Remove watermarks · 5 credits' }).click();
  await expect(page.getByRole('button', { name: 'Download clean video' })).toBeVisible({ timeout: 90_000 });

  // The dashboard: the running machine is work in progress; recent work lists the rental and the removal.
  await page.goto('/dashboard');
  const machine = page.getByTestId('activity-item').filter({ hasText: '1× RTX 4090' });
  await expect(machine).toContainText('GPU rental:');
  await expect(machine).toContainText(/Running · \d+ credits so far/);
  await expect(machine.getByRole('link', { name: '1× RTX 4090' })).toHaveAttribute('href', '/my-rentals');
  const rentals = page.getByRole('region', { name: 'Recent GPU rentals' });
  await expect(rentals.getByRole('link', { name: /1× RTX 4090/ })).toContainText('Running');
  const removals = page.getByRole('region', { name: 'Recent watermark removals' });
  await expect(removals.getByRole('link', { name: /marked\.mp4/ })).toContainText('Ready');
  await checkBothWidths(page, 'dashboard');

  // End the rental, so its hold is settled.
  await page.goto('/my-rentals');
  await rental.getByRole('button', { name: 'Terminate' }).click();
  await page
    .getByRole('alertdialog', { name: 'Terminate this machine?' })
    .getByRole('button', { name: 'Terminate' })
    .click();
  await expect(rental.getByTestId('rental-status')).toHaveText('Terminated', { timeout: 20_000 });
  const spentOnGpu = Number((await rental.getByTestId('rental-cost').textContent())!.match(/\d+/)![0]);

  // Billing: one line per thing done, named after it, with its net effect on the balance.
  await page.goto('/billing');
  const lines = page.getByRole('list', { name: 'Ledger lines' });
  const gpuLine = lines.getByTestId('ledger-line').filter({ hasText: /^GPU rental · 1× RTX 4090 · \d+ min/ });
  await expect(gpuLine).toHaveCount(1);
  await expect(gpuLine).toContainText(`−${spentOnGpu}`);
  const removalLine = lines.getByTestId('ledger-line').filter({ hasText: 'Watermark removal · marked.mp4' });
  await expect(removalLine).toContainText('−5');
  await expect(lines.getByTestId('ledger-line').filter({ hasText: 'Signup credits' })).toContainText('+100');
  // The hold and its settlement are behind the line, not beside it.
  await expect(lines.getByTestId('ledger-line')).toHaveCount(3);
  await gpuLine.getByText(/^\d+ entries/).click();
  const detail = gpuLine.getByRole('list', { name: /Entries of GPU rental/ });
  await expect(detail.getByRole('listitem').first()).toContainText('held');
  await expectNoViolations(page);

  // The CSV keeps every raw row: the rental's hold, capture and release, the removal's hold and capture.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const csv = readFileSync((await (await downloading).path())!, 'utf8');
  expect(csv).toMatch(/,Holds,reserve,-8,8,GPU rental \(1× RTX 4090\),,\d+\r\n/);
  expect(csv).toMatch(/,Spends,capture,0,-5,Job watermark done,[0-9a-f-]{36},\d+\r\n/);
  expect(csv.split('\r\n').filter(Boolean).length).toBeGreaterThan(1 + 3);
  await checkBothWidths(page, 'billing');
});
