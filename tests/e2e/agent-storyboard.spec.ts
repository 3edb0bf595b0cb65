/**
 * The storyboard in the browser: "Create video" turns a script into scenes to review; the user edits a scene's
 * words, swaps a picture, reorders, finds the draft in the history, reloads to see it all kept, listens to a
 * scene, renders, and plays the video. The e2e stack has no stock library key or image model, so the chooser
 * opens on a source it has, the missing ones say which key would add them and offer the illustration, and the
 * video's details say what its scenes used. Each scene says what its picture will be: without a stock library or image
 * model, an illustration of what its words name, or a designed background when they name nothing drawable.
 */
import type { Page } from '@playwright/test';
import { expectNoViolations } from './support/axe';
import { expect, test } from './support/fixtures';

const SCENES = [
  'The lighthouse keeper climbs the narrow stairs every evening at dusk to light the lamp.',
  'Far out at sea, the fishing boats look for the bright beam to find their way home.',
  'By morning the harbour is full again, and the keeper finally sleeps until the afternoon.',
];
const EDITED = 'The old lighthouse keeper climbs the narrow stairs every evening to light the great lamp.';

/** A plain PNG drawn by the browser, big enough for the upload's minimum size. */
async function pngBytes(page: Page, fill: string): Promise<Buffer> {
  const base64 = await page.evaluate((colour) => {
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 360;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = colour;
    ctx.fillRect(0, 0, 640, 360);
    return canvas.toDataURL('image/png').split(',')[1]!;
  }, fill);
  return Buffer.from(base64, 'base64');
}

const sceneTexts = (page: Page) =>
  page
    .getByTestId('scene')
    .locator('textarea')
    .evaluateAll((areas) => areas.map((a) => (a as HTMLTextAreaElement).value));

test('create a storyboard, edit it, keep it across a reload, render it and play the video', async ({
  signedInPage: page,
}, testInfo) => {
  test.setTimeout(300_000);
  await page.goto('/create');
  await page.getByLabel('What should the narrator say?').fill(SCENES.join('\n\n'));
  await page.getByText('720p HD').click();
  await page.getByRole('button', { name: 'Create video' }).click();

  await expect(page).toHaveURL(/\/nxn-agent\/storyboard\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Storyboard' })).toBeVisible();
  const scenes = page.getByTestId('scene');
  await expect(scenes).toHaveCount(3);
  expect(await sceneTexts(page)).toEqual(SCENES);
  await expect(page.getByTestId('storyboard-scenes')).toHaveText('3');
  await expect(page.getByTestId('storyboard-cost')).toHaveText('10 credits');
  await expect(page.getByTestId('save-status')).toHaveText('All changes saved');
  // Each scene shows the picture the render would use.
  await expect
    .poll(
      () =>
        scenes
          .nth(0)
          .getByTestId('scene-preview-image')
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      { timeout: 30_000 },
    )
    .toBe(true);
  await expectNoViolations(page);

  // Edit the words: saved in the background.
  await page.getByLabel('Scene 1 text').fill(EDITED);
  await expect(page.getByTestId('save-status')).toHaveText('All changes saved');

  // Swap scene 2's picture. Without keys the chooser opens on a source this server has.
  await page.getByRole('button', { name: 'Change visual of scene 2' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change the visual of scene 2' });
  await expect(dialog.getByRole('tab', { name: 'Illustration' })).toHaveAttribute('aria-selected', 'true');
  await expectNoViolations(page);
  await dialog.getByRole('tab', { name: 'Designed' }).click();
  await dialog.getByRole('button', { name: 'Use a designed background' }).click();
  await expect(dialog).toBeHidden();
  await expect(scenes.nth(1).getByTestId('scene-visual')).toHaveText('Designed background');

  // And scene 1 shows the user's own picture.
  await page.getByRole('button', { name: 'Change visual of scene 1' }).click();
  const first = page.getByRole('dialog', { name: 'Change the visual of scene 1' });
  await first.getByRole('tab', { name: 'Upload' }).click();
  await first
    .getByLabel('Upload an image or a clip')
    .setInputFiles({ name: 'harbour.png', mimeType: 'image/png', buffer: await pngBytes(page, '#2980b9') });
  await expect(first).toBeHidden();
  await expect(scenes.nth(0).getByTestId('scene-visual')).toHaveText('Your upload');
  await expect(page.getByTestId('save-status')).toHaveText('All changes saved');
  // The preview is the uploaded picture: a flat blue.
  await expect
    .poll(
      () =>
        scenes
          .nth(0)
          .getByTestId('scene-preview-image')
          .evaluate((img: HTMLImageElement) => {
            if (!img.complete || img.naturalWidth === 0) return null;
            const canvas = document.createElement('canvas');
            canvas.width = 1;
            canvas.height = 1;
            canvas.getContext('2d')!.drawImage(img, img.naturalWidth / 2, img.naturalHeight / 2, 1, 1, 0, 0, 1, 1);
            return [...canvas.getContext('2d')!.getImageData(0, 0, 1, 1).data.slice(0, 3)];
          }),
      { timeout: 30_000 },
    )
    .toEqual([expect.closeTo(41, -1.3), expect.closeTo(128, -1.3), expect.closeTo(185, -1.3)]);

  // Reorder: the third scene moves up to second place; its transition is chosen too.
  await page.getByRole('button', { name: 'Move scene 3 up' }).click();
  expect(await sceneTexts(page)).toEqual([EDITED, SCENES[2], SCENES[1]]);
  await page.getByLabel('Transition into scene 3').selectOption({ label: 'Dip to black' });
  await expect(page.getByTestId('save-status')).toHaveText('All changes saved');

  // The draft is in the history, and opens the storyboard again.
  await page.goto('/history');
  const draft = page.getByTestId('history-item').first();
  await expect(draft.getByTestId('video-status')).toHaveText('Draft');
  await draft.getByRole('link', { name: 'Edit storyboard' }).click();
  await expect(page).toHaveURL(/\/nxn-agent\/storyboard\/[^/]+$/);

  // Everything survived: words, order, picture, transition.
  await page.reload();
  await expect(scenes).toHaveCount(3);
  expect(await sceneTexts(page)).toEqual([EDITED, SCENES[2], SCENES[1]]);
  await expect(scenes.nth(0).getByTestId('scene-visual')).toHaveText('Your upload');
  await expect(scenes.nth(2).getByTestId('scene-visual')).toHaveText('Designed background');
  await expect(page.getByLabel('Transition into scene 3')).toHaveValue('dip');

  // Listen to a scene: the narration of its saved words.
  await page.getByRole('button', { name: 'Listen to scene 1' }).click();
  await expect(page.getByRole('button', { name: 'Stop narration of scene 1' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Stop narration of scene 1' }).click();
  await expect(scenes.nth(0).getByTestId('scene-length')).toHaveText(/narrated$/);

  await page.screenshot({ path: testInfo.outputPath('storyboard-desktop.png'), fullPage: true });
  await page.setViewportSize({ width: 360, height: 760 });
  await expect(page.getByRole('button', { name: 'Render video' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('storyboard-phone.png'), fullPage: true });
  await expectNoViolations(page);
  await page.getByRole('button', { name: 'Change visual of scene 1' }).click();
  await page.screenshot({ path: testInfo.outputPath('storyboard-phone-dialog.png') });
  await page.getByRole('button', { name: 'Close' }).click();
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('button', { name: 'Render video' }).click();
  await expect(page).toHaveURL(/\/nxn-agent\/video\/[0-9a-f-]{36}$/);
  // While it is made, the details say the plan on this server: no stock or AI, which it lacks.
  const visuals = page.getByTestId('video-visuals');
  if ((await page.getByTestId('video-status').first().textContent()) !== 'Ready') {
    await expect(visuals).toHaveText(
      "Illustrations drawn from each scene's words, or a designed background where none has a picture",
    );
    await page.screenshot({ path: testInfo.outputPath('video-in-progress.png'), fullPage: true });
  }
  await expect(page.getByTestId('video-status').first()).toHaveText('Ready', { timeout: 240_000 });
  const video = page.getByTestId('video-player');
  await video.evaluate((el: HTMLVideoElement) => {
    el.muted = true;
    return el.play();
  });
  await expect
    .poll(() => video.evaluate((el: HTMLVideoElement) => el.duration), { timeout: 20_000 })
    .toBeGreaterThan(10);
  await expect
    .poll(() => video.evaluate((el: HTMLVideoElement) => el.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(0.3);
  // The details say what each scene showed.
  const pictures = page.getByTestId('video-pictures').getByRole('listitem');
  await expect(pictures).toHaveCount(3);
  await expect(pictures.nth(0)).toHaveText('Scene 1: Your upload');
  await expect(pictures.nth(2)).toHaveText('Scene 3: Designed background: nothing matched');
  // And once made, what its scenes used, not the order's "Stock clips and photos first".
  await expect(visuals).toContainText(/your upload \(1( scene)?\)/i);
  await expect(visuals).toContainText(/designed background/i);
  await expect(visuals).not.toContainText(/stock|AI/i);
  await page.getByTestId('video-pictures').scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('video-pictures.png'), fullPage: true });

  // The video leads back to its storyboard.
  await page.getByRole('link', { name: 'Edit storyboard' }).click();
  await expect(page).toHaveURL(/\/nxn-agent\/storyboard\/[^/]+$/);
  await expect.poll(() => sceneTexts(page)).toEqual([EDITED, SCENES[2], SCENES[1]]);
});

test('a storyboard saved in another tab is not overwritten: the editor says so and reloads', async ({
  signedInPage: page,
  context,
}) => {
  // Every saved edit redraws the scene's preview (illustrations follow the words): slow on a busy machine.
  test.setTimeout(120_000);
  await page.goto('/create');
  await page.getByLabel('What should the narrator say?').fill(SCENES.join('\n\n'));
  await page.getByRole('button', { name: 'Create video' }).click();
  await expect(page).toHaveURL(/\/nxn-agent\/storyboard\/[^/]+$/);
  await expect(page.getByTestId('scene')).toHaveCount(3);

  const other = await context.newPage();
  await other.goto(page.url());
  await other.getByLabel('Scene 2 text').fill('Changed in the other tab, with enough words to read.');
  await expect(other.getByTestId('save-status')).toHaveText('All changes saved');
  await other.close();

  await page.getByLabel('Scene 1 text').fill('Changed here as well.');
  await expect(page.getByRole('alert').filter({ hasText: 'changed in another tab' })).toBeVisible();
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByLabel('Scene 2 text')).toHaveValue('Changed in the other tab, with enough words to read.');
  await expect(page.getByTestId('save-status')).toHaveText('All changes saved');

  // A scene left empty is refused at that scene, before anything is sent.
  await page.getByLabel('Scene 3 text').fill('');
  await expect(page.getByTestId('scene').nth(2).getByRole('alert')).toHaveText(/Write what this scene says/);
  await expect(page.getByTestId('save-status')).toHaveText('Not saved: check the highlighted scenes');
  await page.getByLabel('Scene 3 text').fill('By morning the harbour is full again.');
  await expect(page.getByTestId('save-status')).toHaveText('All changes saved');

  // Short of credits: the refusal opens the top-up dialog over the storyboard, which stays as it is.
  await page.route('**/storyboards/*/render', (route) =>
    route.fulfill({ status: 402, json: { error: 'Not enough credits.', needed: 150, available: 100 } }),
  );
  await page.getByRole('button', { name: 'Render video' }).click();
  const topUp = page.getByRole('dialog', { name: 'Top up credits' });
  await expect(topUp.getByText('This needs 50 more credits than you have.')).toBeVisible();
  await topUp.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/nxn-agent\/storyboard\/[^/]+$/);
  await expect(page.getByLabel('Scene 3 text')).toHaveValue('By morning the harbour is full again.');
});

test('a deleted scene comes back from its toast, and Undo and Redo step through the edits, by button and keyboard', async ({
  signedInPage: page,
}) => {
  // Every saved edit redraws the scene's preview (illustrations follow the words): slow on a busy machine.
  test.setTimeout(120_000);
  await page.goto('/create');
  await page.getByLabel('What should the narrator say?').fill(SCENES.join('\n\n'));
  await page.getByRole('button', { name: 'Create video' }).click();
  await expect(page).toHaveURL(/\/nxn-agent\/storyboard\/[^/]+$/);
  await expect(page.getByTestId('scene')).toHaveCount(3);
  const undo = page.getByRole('button', { name: 'Undo', exact: true });
  const redo = page.getByRole('button', { name: 'Redo', exact: true });
  await expect(undo).toBeDisabled();
  await expect(redo).toBeDisabled();

  // Deleting asks nothing; the toast offers the scene back, at its place.
  await page.getByRole('button', { name: 'Delete scene 2' }).click();
  expect(await sceneTexts(page)).toEqual([SCENES[0], SCENES[2]]);
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Scene 2 deleted' });
  await toast.getByRole('button', { name: 'Undo' }).click();
  expect(await sceneTexts(page)).toEqual(SCENES);

  // Merge, then Ctrl+Z outside any text field takes it back, and Redo does it again.
  await page.getByRole('button', { name: 'Merge with next, scene 1' }).click();
  await expect(page.getByTestId('scene')).toHaveCount(2);
  await page.getByRole('heading', { name: 'Scenes' }).click();
  await page.keyboard.press('Control+z');
  expect(await sceneTexts(page)).toEqual(SCENES);
  await expect(redo).toBeEnabled();
  await redo.click();
  await expect(page.getByTestId('scene')).toHaveCount(2);
  await expect(page.getByTestId('save-status')).toHaveText('All changes saved');

  // Typing in a scene is one step: one Undo brings back the words as they were.
  await page.getByLabel('Scene 2 text').pressSequentially(' Then the gulls.', { delay: 20 });
  await undo.click();
  await expect(page.getByLabel('Scene 2 text')).toHaveValue(SCENES[2]!);

  // What is saved is what is on screen; the history starts again with the page.
  await expect(page.getByTestId('save-status')).toHaveText('All changes saved');
  await page.reload();
  await expect(page.getByTestId('scene')).toHaveCount(2);
  await expect(page.getByLabel('Scene 2 text')).toHaveValue(SCENES[2]!);
  await expect(undo).toBeDisabled();
  await expectNoViolations(page);
});

// A beat per sentence: one sentence, one scene.
const FARM = 'Coffee begins its journey on a small farm in Ethiopia.';
const NOTHING = 'Honestly, it depends on who you ask.';
const MISSING = /no stock library \(Pexels or Pixabay key\) and no image model connected, so scenes get illustrations/;

test('each scene says what its picture will be, the settings say what is missing, and a scene can be an illustration', async ({
  signedInPage: page,
}, testInfo) => {
  test.setTimeout(240_000);
  await page.goto('/create');
  // The create form: without a stock library or image model, the default order says what scenes get instead.
  const order = page.getByRole('group', { name: 'Where the pictures come from' });
  await expect(
    order.getByRole('radio', { name: 'Stock clips and photos first, then AI images, then illustrations' }),
  ).toBeChecked();
  await expect(page.getByTestId('visual-order-note')).toHaveText(MISSING);
  await expect(order).toHaveAccessibleDescription(MISSING);
  await order.getByRole('radio', { name: "Illustrations drawn from each scene's words" }).check();
  await expect(page.getByTestId('visual-order-note')).toBeHidden();
  await order.getByRole('radio', { name: 'Designed backgrounds only' }).check();
  await expect(page.getByTestId('visual-order-note')).toBeHidden();
  await order.getByRole('radio', { name: 'Stock clips and photos first, then AI images, then illustrations' }).check();
  await expect(page.getByTestId('visual-order-note')).toHaveText(MISSING);
  await page.getByLabel('What should the narrator say?').fill(`${FARM}\n\n${NOTHING}`);
  await page.getByRole('button', { name: 'Create video' }).click();

  await expect(page).toHaveURL(/\/nxn-agent\/storyboard\/[^/]+$/);
  const scenes = page.getByTestId('scene');
  await expect(scenes).toHaveCount(2);
  await expect(scenes.nth(0).getByTestId('scene-visual')).toHaveText(
    /^Chosen for you · Illustration: Coffee, .*Ethiopia/,
  );
  await expect(scenes.nth(1).getByTestId('scene-visual')).toHaveText(/^Chosen for you · Illustration: Honestly/);
  await expect(scenes.nth(0).getByTestId('scene-preview-image')).toHaveAttribute(
    'alt',
    /^Scene 1: Chosen for you · Illustration: Coffee/,
  );
  const settings = page.getByRole('region', { name: 'Video settings' });
  await expect(settings.getByTestId('visual-order-note')).toHaveText(MISSING);
  await expect(
    settings.getByRole('group', { name: 'Pictures for “Chosen for you” scenes' }),
  ).toHaveAccessibleDescription(MISSING);
  await expect
    .poll(
      () =>
        scenes
          .nth(0)
          .getByTestId('scene-preview-image')
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      { timeout: 30_000 },
    )
    .toBe(true);
  await page.screenshot({ path: testInfo.outputPath('pictures-storyboard-desktop.png'), fullPage: true });
  await expectNoViolations(page);

  // New words that name something drawable: the scene says so once they are saved.
  await page.getByLabel('Scene 2 text').fill('Most of the coffee in your cup was grown on family farms in Brazil.');
  await expect(page.getByTestId('save-status')).toHaveText('All changes saved');
  await expect(scenes.nth(1).getByTestId('scene-visual')).toHaveText(/^Chosen for you · Illustration: .*Brazil/);
  await page.getByLabel('Scene 2 text').fill(NOTHING);
  await expect(page.getByTestId('save-status')).toHaveText('All changes saved');
  await expect(scenes.nth(1).getByTestId('scene-visual')).toHaveText(/^Chosen for you · Illustration: Honestly/);

  // No keys: the dialog opens on the Illustration tab, a source this server has, which says what it can draw.
  await page.getByRole('button', { name: 'Change visual of scene 2' }).click();
  const second = page.getByRole('dialog', { name: 'Change the visual of scene 2' });
  const illustrationTab = second.getByRole('tab', { name: 'Illustration' });
  await expect(illustrationTab).toHaveAttribute('aria-selected', 'true');
  // Every sentence gets a composition: with nothing sure to draw, its words in type.
  await expect(second.getByTestId('illustration-outlook')).toHaveText(
    /^Nothing in this scene is sure to draw, so its words are set in large type: Honestly/,
  );
  // The sources it lacks are marked, reached by the arrow keys like the other tabs, and say why: never a prompt
  // or a search that cannot work, and no claim that an AI image works for every scene.
  await illustrationTab.focus();
  await page.keyboard.press('ArrowLeft');
  const aiTab = second.getByRole('tab', { name: 'AI image, not on this server' });
  await expect(aiTab).toBeFocused();
  await expect(aiTab).toHaveAttribute('aria-selected', 'true');
  await expect(second.getByTestId('missing-source')).toContainText(
    'AI images need an image model, and none is connected to this server (OPENAI_API_KEY or FAL_KEY',
  );
  await expect(second.getByRole('button', { name: 'Use this prompt' })).toHaveCount(0);
  await expect(second).not.toContainText(/works for every scene|falls back/);
  await page.screenshot({ path: testInfo.outputPath('pictures-dialog-no-model.png') });
  await expectNoViolations(page);
  await page.keyboard.press('ArrowLeft');
  await expect(second.getByRole('tab', { name: 'Stock, not on this server' })).toHaveAttribute('aria-selected', 'true');
  await expect(second.getByTestId('missing-source')).toContainText(
    'this server has no key for either (PEXELS_API_KEY or PIXABAY_API_KEY',
  );
  await expect(second.getByLabel('Search stock photos and videos')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('pictures-dialog-no-stock.png') });
  // One click gives the scene the illustration instead.
  await second.getByRole('button', { name: 'Use an illustration instead' }).click();
  await expect(second).toBeHidden();
  await expect(page.getByRole('button', { name: 'Change visual of scene 2' })).toBeFocused();
  await expect(scenes.nth(1).getByTestId('scene-visual')).toHaveText(/^Illustration: Honestly/);
  await expect(page.getByTestId('save-status')).toHaveText('All changes saved');

  await page.getByRole('button', { name: 'Change visual of scene 1' }).click();
  const first = page.getByRole('dialog', { name: 'Change the visual of scene 1' });
  await first.getByRole('tab', { name: 'Illustration' }).click();
  await expect(first.getByTestId('illustration-outlook')).toHaveText(
    /^For this scene it draws: Coffee, .*Ethiopia, begins its journey\.$/,
  );
  await expect(first.getByRole('button', { name: 'Use an illustration' })).toHaveAttribute('aria-pressed', 'false');
  await page.screenshot({ path: testInfo.outputPath('pictures-dialog-desktop.png') });
  await expectNoViolations(page);
  await first.getByRole('button', { name: 'Use an illustration' }).click();
  await expect(first).toBeHidden();
  await expect(page.getByTestId('save-status')).toHaveText('All changes saved');
  await expect(scenes.nth(0).getByTestId('scene-visual')).toHaveText(
    /^Illustration: Coffee, .*Ethiopia, begins its journey$/,
  );
  await expect
    .poll(
      () =>
        scenes
          .nth(0)
          .getByTestId('scene-preview-image')
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.alt),
      { timeout: 30_000 },
    )
    .toMatch(/^Scene 1: Illustration: Coffee/);
  // Kept across a reload, and the tab opens where the choice is.
  await page.reload();
  await expect(scenes.nth(0).getByTestId('scene-visual')).toHaveText(
    /^Illustration: Coffee, .*Ethiopia, begins its journey$/,
  );
  await page.getByRole('button', { name: 'Change visual of scene 1' }).click();
  await expect(first.getByRole('tab', { name: 'Illustration' })).toHaveAttribute('aria-selected', 'true');
  await expect(first.getByRole('button', { name: 'Use an illustration' })).toHaveAttribute('aria-pressed', 'true');

  await page.setViewportSize({ width: 360, height: 760 });
  await page.screenshot({ path: testInfo.outputPath('pictures-dialog-phone.png') });
  await expectNoViolations(page);
  await first.getByRole('button', { name: 'Close' }).click();
  await page.screenshot({ path: testInfo.outputPath('pictures-storyboard-phone.png'), fullPage: true });
  await page.goto('/create');
  await expect(page.getByTestId('visual-order-note')).toBeVisible();
  await page.getByTestId('visual-order-note').scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('pictures-create-phone.png') });
});
