import { useAzureSpeech } from './support/azure-speech';
import { expect, test } from './support/fixtures';

const azure = useAzureSpeech();

test('choose an Azure voice from the live list, preview it and make speech with it', async ({ signedInPage: page }) => {
  await page.goto('/voice');
  await page.getByLabel('Text', { exact: true }).fill('Good evening from the lighthouse, where the lamp is lit.');
  await page.getByLabel('Language').selectOption('English (UK)');
  await page.getByRole('searchbox', { name: 'Search voices' }).fill('emma19');
  const voices = page.getByRole('radiogroup', { name: 'Voices' }).getByRole('radio');
  await expect(voices).toHaveCount(1);
  await expect(page.getByRole('radiogroup', { name: 'Voices' })).toContainText('English (UK) · Female · Azure');
  await page.getByText('Emma19', { exact: true }).click();
  await expect(voices.first()).toBeChecked();

  await page.getByRole('button', { name: 'Preview Emma19' }).click();
  await expect(page.getByRole('button', { name: 'Stop preview of Emma19' })).toBeVisible();

  await page.getByRole('button', { name: 'Generate speech' }).click();
  const result = page.getByTestId('speech-result').first();
  await expect(result.getByText('Azure AI Speech')).toBeVisible();
  await expect(result.getByRole('button', { name: 'Play speech by Emma19' })).toBeVisible({ timeout: 45_000 });
  expect(
    azure.cloud.requests
      .filter((r) => r.url === '/cognitiveservices/v1')
      .some((r) => r.body.includes("name='en-GB-Emma19Neural'")),
  ).toBe(true);
});
