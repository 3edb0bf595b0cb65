import { sshPublicKey } from '../integration/support/ssh-key';
import { expectNoViolations } from './support/axe';
import { expect, test } from './support/fixtures';

test('rent a sandbox GPU, see it running with its SSH command, stop it and see what it cost', async ({
  signedInPage: page,
}) => {
  await page.goto('/rent-gpu');
  await expect(page.getByRole('heading', { name: 'Rent a GPU', level: 1 })).toBeVisible();
  const offers = page.getByTestId('gpu-offer');
  await expect(offers.first()).toBeVisible();
  await expect(offers.first().getByText('Sandbox: no real GPU')).toBeVisible();
  await expectNoViolations(page);

  // Cheapest first; the filters narrow the list.
  await page.getByLabel('Min VRAM (GB)').fill('80');
  await expect(offers.filter({ hasText: 'RTX 4090' })).toHaveCount(0);
  await page.getByLabel('Min VRAM (GB)').fill('');
  await page.getByLabel('GPU model').selectOption('RTX 4090');
  const rtx = offers.filter({ hasText: 'Community cloud' }).first();
  await expect(rtx.getByText('45 credits/h', { exact: true })).toBeVisible();
  await expect(rtx.getByText('≈ $0.45/h')).toBeVisible();
  await rtx.getByRole('button', { name: 'Rent · 45 credits/h' }).click();

  const form = page.getByRole('form', { name: /Rent 1× RTX 4090/ });
  await form.getByLabel('Key name').fill('Laptop');
  await form.getByLabel('Public key').fill('ssh-ed25519 not-a-key');
  await form.getByRole('button', { name: 'Save key' }).click();
  await expect(form.getByText('The key is cut short or damaged: copy the whole line again.')).toBeVisible();
  await form.getByLabel('Public key').fill(sshPublicKey('e2e@nxn'));
  await form.getByRole('button', { name: 'Save key' }).click();
  await expect(form.getByLabel('SSH key', { exact: true })).toContainText('Laptop');
  await expect(form.getByText('Starting needs 8 credits.')).toBeVisible();
  await expectNoViolations(page);
  await form.getByRole('button', { name: 'Rent · 45 credits/h' }).click();

  await expect(page).toHaveURL('/my-rentals');
  const rental = page.getByTestId('gpu-rental').first();
  await expect(rental.getByTestId('rental-status')).toHaveText('Running', { timeout: 20_000 });
  await expect(rental.getByText('Sandbox: no real GPU')).toBeVisible();
  await expect(rental.getByText(/^ssh root@127\.0\.0\.1 -p \d+$/)).toBeVisible();
  await expect(rental.getByText(/^https:\/\/\w+-8888\.proxy\.runpod\.net$/)).toBeVisible();
  await expect(rental.getByRole('button', { name: 'Copy SSH command' })).toBeVisible();
  // The sandbox's addresses are made up: it says so, and offers no Jupyter link to open.
  await expect(rental.getByRole('note')).toContainText('This is the sandbox: no real machine runs');
  await expect(rental.getByText('No Jupyter to open: this address is made up by the sandbox.')).toBeVisible();
  await expect(rental.getByRole('link', { name: /Open Jupyter/ })).toHaveCount(0);
  // Uptime counts while it runs, in seconds for the first minute (it used to read "0 min" all along).
  const uptime = rental.getByTestId('rental-uptime');
  await expect(uptime).toHaveText(/^\d+ s$/);
  const seconds = async () => Number((await uptime.textContent())?.replace(/\D/g, ''));
  const first = await seconds();
  await expect.poll(seconds, { timeout: 15_000 }).toBeGreaterThan(first);
  await expectNoViolations(page);

  // Stop asks first, like Terminate; cancelling leaves the machine running.
  await rental.getByRole('button', { name: 'Stop' }).click();
  const stopDialog = page.getByRole('alertdialog', { name: 'Stop this machine?' });
  await expect(stopDialog).toContainText('whatever is running on it ends');
  await expect(stopDialog).toContainText('Its disk is kept');
  await expectNoViolations(page);
  await stopDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(stopDialog).toBeHidden();
  await expect(rental.getByTestId('rental-status')).toHaveText('Running');
  await rental.getByRole('button', { name: 'Stop' }).click();
  await stopDialog.getByRole('button', { name: 'Stop' }).click();
  await expect(rental.getByTestId('rental-status')).toHaveText('Stopped', { timeout: 20_000 });
  await expect(rental.getByTestId('rental-cost')).toHaveText('1 credit'); // one started minute at 45 credits an hour

  await rental.getByRole('button', { name: 'Terminate' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Terminate this machine?' });
  await expect(dialog).toContainText('everything on its disk');
  await expectNoViolations(page);
  await dialog.getByRole('button', { name: 'Terminate' }).click();
  await expect(rental.getByTestId('rental-status')).toHaveText('Terminated');
  await expect(page.getByTestId('credits-balance')).toHaveText('99');

  // Analytics' GPU hours are the time the machine ran: the paid rental's uptime, not "0 h".
  const ran = await uptime.textContent();
  expect(ran).toMatch(/^\d+ s$/);
  await page.goto('/analytics');
  await expect(page.locator('[data-metric="gpuHours"]')).toContainText(`GPU hours${ran}`);
  await page.locator('[data-metric="gpuHours"]').screenshot({ path: test.info().outputPath('gpu-hours.png') });
});
