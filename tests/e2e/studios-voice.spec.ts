import { execFileSync } from 'node:child_process';
import { expectNoViolations } from './support/axe';
import { expect, test } from './support/fixtures';

function probe(file: string) {
  const out = JSON.parse(
    execFileSync('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=codec_name,sample_rate:format=duration',
      '-of',
      'json',
      file,
    ]).toString(),
  ) as { streams: Array<{ codec_name: string; sample_rate: string }>; format: { duration: string } };
  return {
    codec: out.streams[0]!.codec_name,
    sampleRate: Number(out.streams[0]!.sample_rate),
    duration: Number(out.format.duration),
  };
}

test('synthesise speech, play it in the page and download WAV and MP3', async ({ signedInPage: page }) => {
  await page.goto('/voice');
  await expect(page.getByRole('heading', { name: 'Text to speech', level: 1 })).toBeVisible();

  const text = 'Welcome to the studio. This voice-over was made offline, and it plays right here in the page.';
  await page.getByLabel('Text', { exact: true }).fill(text);
  await expect(page.getByTestId('char-count')).toHaveText(
    `${text.length} / 5,000 characters · 2 credits (2 per started 1,000 characters)`,
  );

  // Find a voice with the filters and hear its preview.
  await page.getByLabel('Language').selectOption('English (UK)');
  await page.getByLabel('Gender').selectOption('female');
  await page.getByRole('searchbox', { name: 'Search voices' }).fill('amel');
  const voices = page.getByRole('radiogroup', { name: 'Voices' }).getByRole('radio');
  await expect(voices).toHaveCount(1);
  await page.getByText('Amelia', { exact: true }).click();
  await expect(voices.first()).toBeChecked();
  await page.getByRole('button', { name: 'Preview Amelia' }).click();
  await expect(page.getByRole('button', { name: 'Stop preview of Amelia' })).toBeVisible();

  await page.getByRole('button', { name: 'Generate speech' }).click();
  const result = page.getByTestId('speech-result').first();
  await expect(result.getByText('eSpeak NG (offline)')).toBeVisible();
  const play = result.getByRole('button', { name: 'Play speech by Amelia' });
  await expect(play).toBeVisible({ timeout: 45_000 });
  await expect(page.getByTestId('credits-balance')).toHaveText('98');

  await play.click();
  await expect(result.getByRole('button', { name: 'Pause speech by Amelia' })).toBeVisible();
  await expect(result.getByTestId('audio-time')).not.toHaveText(/^0:00 \//, { timeout: 5_000 });

  const [wav] = await Promise.all([
    page.waitForEvent('download'),
    result.getByRole('button', { name: 'Download WAV' }).click(),
  ]);
  const [mp3] = await Promise.all([
    page.waitForEvent('download'),
    result.getByRole('button', { name: 'Download MP3' }).click(),
  ]);
  const wavInfo = probe((await wav.path())!);
  const mp3Info = probe((await mp3.path())!);
  expect(wavInfo).toMatchObject({ codec: 'pcm_s16le', sampleRate: 22_050 });
  expect(mp3Info).toMatchObject({ codec: 'mp3', sampleRate: 22_050 });
  expect(wavInfo.duration).toBeGreaterThan(3);
  expect(Math.abs(mp3Info.duration - wavInfo.duration)).toBeLessThan(0.2);

  // The history keeps it across visits; deleting removes it.
  await page.reload();
  await expect(page.getByTestId('speech-result')).toHaveCount(1);
  await page.getByTestId('speech-result').getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete this voice-over?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByTestId('speech-result')).toHaveCount(0);
});

test('the editor refuses text over the limit before sending it', async ({ signedInPage: page }) => {
  await page.goto('/text-to-speech');
  await page.getByLabel('Text', { exact: true }).fill('a'.repeat(5001));
  await expect(page.getByTestId('char-count')).toContainText('5,001 / 5,000 characters');
  await expect(page.getByRole('button', { name: 'Generate speech' })).toBeDisabled();
});

test('the voice picker starts on the best voice the server has and labels every voice by how it sounds', async ({
  signedInPage: page,
}) => {
  // The default comes with the API's catalogue: wait for it rather than for a clock.
  const catalogue = page.waitForResponse((res) => new URL(res.url()).pathname === '/voices' && res.ok());
  await page.goto('/voice');
  await catalogue;
  const picker = page.getByRole('radiogroup', { name: 'Voices' });
  // Festival HTS is installed and no cloud key is set: Sally (Standard) is the default, above the eSpeak voices.
  await expect(picker.getByRole('radio', { name: /^Sally/ })).toBeChecked();
  const sally = picker.locator('label', { hasText: 'Sally' });
  await expect(sally.getByTestId('voice-quality')).toHaveText('Standard');
  await expect(sally).toContainText('Recommended');
  await expect(picker.locator('label', { hasText: 'Olivia' }).getByTestId('voice-quality')).toHaveText('Robotic');
  await expect(picker.getByTestId('voice-quality').first()).toHaveText('Standard');
  await expect(page.getByText('Sally · Standard · English (US) · engine: Festival HTS (offline)')).toBeVisible();
  // Listed without a key, a neural voice says what it would sound like.
  await page.getByRole('searchbox', { name: 'Search voices' }).fill('nova');
  await expect(picker.locator('label', { hasText: 'Nova' }).getByTestId('voice-quality')).toHaveText('Natural');
  await expectNoViolations(page);
});
