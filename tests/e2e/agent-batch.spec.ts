/**
 * A batch from a sheet in the browser: on the create screen the user pastes rows with a voice and a preset that do
 * not exist and sees each problem named by row and column, then uploads a CSV whose script template fills each row,
 * reads the preview (each row's length and credits, the total), picks a built-in preset for every row (the preview
 * prices it), starts the batch, watches every row reach Ready on the batch page, and downloads the ZIP through its
 * signed link as a plain browser download: its entries are the two MP4s, square as the preset says. Both screens
 * pass axe.
 */
import { execFileSync } from 'node:child_process';
import { expectNoViolations } from './support/axe';
import { expect, test } from './support/fixtures';

const CSV = 'product,price,title\r\n"the Lamp, small",$9,Small lamp\r\nthe Lighthouse,$12,\r\n';

test('upload a sheet, read the preview, start the batch and download its ZIP', async ({
  signedInPage: page,
}, testInfo) => {
  test.setTimeout(420_000);
  await page.goto('/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Create a video' })).toBeVisible();
  await page.getByText('720p HD').click();
  await page.getByText('A batch from a sheet').click();
  await expect(page.getByRole('heading', { name: 'Rows from a sheet' })).toBeVisible();

  // Pasted rows with a voice that does not exist: the row and column are named, and nothing can start.
  await page.getByLabel('Or paste rows').fill('script,voice,preset\nHello from the harbour.,nobody,weekly\n');
  const firstRow = page.getByTestId('preview-row').first();
  await expect(firstRow).toContainText('voice: Choose a voice from the list.');
  await expect(firstRow).toContainText('preset: No preset has this id');
  await expect(page.getByTestId('batch-total')).toContainText('1 row needs fixing');
  await expect(page.getByRole('button', { name: /^Start batch/ })).toBeDisabled();

  // The CSV: a template fills each row; the first row keeps its own title.
  await page
    .getByTestId('sheet-file')
    .setInputFiles({ name: 'lamps.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
  await expect(page.getByText('lamps.csv')).toBeVisible();
  await expect(page.getByText('script: Add a script column, or write a script template')).toBeVisible();
  await page.getByLabel('Script template').fill('Meet {{product}}, now {{price}}. It lights the way home.');
  const rows = page.getByTestId('preview-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Small lamp');
  await expect(rows.nth(1)).toContainText('Meet the Lighthouse, now $12. It lights the way home.');
  for (const row of [rows.nth(0), rows.nth(1)]) await expect(row).toContainText(/0:0\d\s*10/);
  await expect(page.getByTestId('batch-total')).toContainText('2 videos');
  await expect(page.getByTestId('batch-total')).toContainText('20 credits');
  // A 1080p preset for every row is priced as such; the square one is 720p again.
  const everyRow = page.getByLabel("Every row's settings");
  await everyRow.selectOption({ label: 'Preset: YouTube (16:9)' });
  await expect(page.getByTestId('batch-total')).not.toContainText('20 credits');
  await everyRow.selectOption({ label: 'Preset: Square for feeds (1:1)' });
  await expect(page.getByTestId('batch-total')).toContainText('20 credits');
  await expectNoViolations(page);
  await page.screenshot({ path: testInfo.outputPath('create-batch-preview.png'), fullPage: true });

  await page.getByRole('button', { name: 'Start batch · 20 credits' }).click();
  await expect(page).toHaveURL(/\/nxn-agent\/batch\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'lamps' })).toBeVisible();
  await expect(page.getByTestId('batch-row')).toHaveCount(2);
  await expectNoViolations(page);
  await expect(page.getByTestId('row-status').first()).toHaveText(/Waiting|Making/);
  await expect(page.getByTestId('batch-counts')).toContainText('2 ready', { timeout: 360_000 });
  await expect(page.getByRole('heading', { name: 'Every row has ended' })).toBeVisible();
  await expectNoViolations(page);
  await page.screenshot({ path: testInfo.outputPath('batch-done.png'), fullPage: true });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download ZIP (2)' }).click(),
  ]);
  // A plain download of the signed link, which the browser streams to disk, not a blob the page built.
  expect(download.url()).toMatch(/\/batches\/[0-9a-f-]{36}\/zip\?exp=\d+&sig=/);
  expect(download.suggestedFilename()).toBe('lamps.zip');
  const zipPath = (await download.path())!;
  const entries = JSON.parse(
    execFileSync('python3', [
      '-c',
      'import zipfile,sys,json;z=zipfile.ZipFile(sys.argv[1]);assert z.testzip() is None;print(json.dumps([[i.filename,i.file_size] for i in z.infolist()]))',
      zipPath,
    ]).toString(),
  ) as [string, number][];
  expect(entries.map(([name]) => name)).toEqual([
    '001 Small lamp.mp4',
    '002 Meet the Lighthouse, now $12. It lights the way home.mp4',
  ]);
  for (const [, size] of entries) expect(size).toBeGreaterThan(10_000);
  execFileSync('unzip', ['-q', '-o', zipPath, '001 Small lamp.mp4', '-d', testInfo.outputPath('zip')]);
  const probe = execFileSync('ffprobe', [
    ...['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height', '-of', 'csv=p=0'],
    testInfo.outputPath('zip', '001 Small lamp.mp4'),
  ]).toString();
  expect(probe.trim()).toBe('720,720');
});
