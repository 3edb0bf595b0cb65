import { readFile } from 'node:fs/promises';
import { createUser, expect, signInThroughUi, test } from './support/fixtures';

test('generate a script, open it, edit and save it, export it, and make a video from it', async ({
  signedInPage: page,
}) => {
  await page.goto('/scripts');
  await expect(page.getByRole('heading', { name: 'Script generator', level: 1 })).toBeVisible();

  // Field errors come back before anything is charged.
  await page.getByRole('button', { name: 'Generate script' }).click();
  await expect(page.getByText('Describe the topic in at least 3 characters.')).toBeVisible();

  await page.getByLabel('Topic').fill('Home coffee brewing');
  await page.getByLabel('Audience').fill('students');
  await page.getByLabel('Tone').selectOption('energetic');
  await page.getByText('TikTok / Reels / Shorts (9:16)').click();
  await page.getByLabel('Target length').selectOption('45');
  await page.getByRole('textbox', { name: 'Key point 1' }).fill('Grind your beans fresh');
  await page.getByRole('button', { name: '+ Add a key point' }).click();
  await page.getByRole('textbox', { name: 'Key point 2' }).fill('Use water just off the boil');
  await page.getByLabel('Call to action').fill('Follow for more coffee tips');
  // No AI writer on this server: the template writer's script is a free preview, and the form says so before the click.
  await expect(page.getByTestId('studio-price')).toContainText('Offline preview · free: no AI writer is set up here');
  await expect(page.getByTestId('credits-balance')).toHaveText('100');
  await page.getByRole('button', { name: 'Generate script Offline preview · free' }).click();

  await expect(page).toHaveURL(/\/script\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('engine-badge').first()).toHaveText('Built-in writer');
  await expect(page.getByText('TikTok / Reels / Shorts (9:16)')).toBeVisible();
  await expect(page.getByTestId('credits-balance')).toHaveText('100');
  const scenes = page.getByTestId('scene');
  expect(await scenes.count()).toBeGreaterThanOrEqual(2);
  await expect(page.getByText(/Grind your beans fresh/i).first()).toBeVisible();

  // Edit the hook: timings follow at once, and the change survives a reload once saved.
  const hook = page.getByRole('textbox', { name: /^Hook/ });
  const newHook = 'Your morning coffee is about to get a serious upgrade, and it takes two minutes.';
  await hook.fill(newHook);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Script saved.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Saved' })).toBeDisabled();
  await page.reload();
  await expect(page.getByRole('textbox', { name: /^Hook/ })).toHaveValue(newHook);
  // 15 words at 150 wpm: the first scene starts at 0:06.
  await expect(scenes.first().getByRole('heading')).toContainText('0:06');

  const [srt] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export SRT outline' }).click(),
  ]);
  expect(srt.suggestedFilename()).toMatch(/\.srt$/);
  const outline = await readFile((await srt.path())!, 'utf8');
  expect(outline.startsWith(`1\n00:00:00,000 --> 00:00:06,000\n[Hook] ${newHook}`)).toBe(true);
  expect(outline).toContain('[Call to action] Follow for more coffee tips.');

  const [text] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export text' }).click(),
  ]);
  expect(await readFile((await text.path())!, 'utf8')).toContain(newHook);

  await page.getByRole('button', { name: 'Make a video' }).click();
  await expect(page).toHaveURL('/create?from=script');
  const narration = page.getByRole('textbox', { name: 'What should the narrator say?' });
  await expect(narration).toHaveValue(new RegExp(`^${newHook}\\n\\n`));
  await expect(narration).toHaveValue(/Follow for more coffee tips\.$/);

  // The script is in the history, newest first, and can be opened again.
  await page.goto('/script-generator');
  const history = page.getByRole('list', { name: 'Script history' });
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await history.getByRole('link').first().click();
  await expect(page.getByRole('textbox', { name: /^Hook/ })).toHaveValue(newHook);

  // Deleting asks first; cancelling keeps it.
  await page.getByRole('button', { name: 'Delete this script' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete this script?' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Delete this script' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL('/scripts');
  await expect(page.getByText('No scripts yet.')).toBeVisible();
});

test("another user's script answers not found", async ({ signedInPage: page, browser }) => {
  await page.goto('/scripts');
  await page.getByLabel('Topic').fill('Private topic');
  await page.getByRole('button', { name: 'Generate script' }).click();
  await expect(page).toHaveURL(/\/script\//);
  const url = page.url();

  const other = await browser.newPage();
  await signInThroughUi(other, await createUser());
  await other.goto(url);
  await expect(other.getByRole('heading', { name: 'Script not found' })).toBeVisible();
  await other.close();
});
