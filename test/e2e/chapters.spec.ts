import { addPlayableClip } from './clips';
import { apiAs, expect, expectWithin, openSignedIn, test } from './fixtures';

/**
 * Chapters (issue 43, decision D66): pasted in the editor as "00:00 Intro" lines, checked (a fault names
 * its line) and previewed before saving; the player page then shows them as marks on its time bar and
 * in its chapter menu, which seeks.
 */

test('paste chapter lines, see the fault named by its line, preview, save; the player shows the marks and the menu seeks', async ({
  page,
  account,
  request,
}) => {
  test.setTimeout(120_000);
  const api = await apiAs(request, account);
  const { fileId, slug } = await addPlayableClip(request, api.apiKey, { title: 'Chapters clip', seconds: 30 });
  await openSignedIn(page, account, `/files/${fileId}`);
  await page.getByRole('region', { name: 'Chapters' }).getByRole('button', { name: 'Manage chapters' }).click();
  const chaptersDialog = page.getByRole('dialog', { name: 'Chapters' });
  await expect(chaptersDialog.getByText('No chapters yet')).toBeVisible();
  await chaptersDialog.getByRole('button', { name: 'Paste chapters' }).click();

  const pasteDialog = page.getByRole('dialog', { name: 'Paste chapters' });
  const lines = pasteDialog.getByLabel('Chapter lines');
  await lines.fill('00:00 Intro\n00:10\n00:20 The end');
  await expect(pasteDialog.getByRole('alert')).toHaveText('Line 2: the chapter at 0:10 has no title');
  await expect(pasteDialog.getByRole('button', { name: 'Save chapters' })).toBeDisabled();
  await lines.fill('00:00 Intro\n00:10 The middle\n00:20 The end');
  const preview = pasteDialog.getByRole('list', { name: 'Preview' });
  await expect(preview.getByRole('listitem')).toHaveText(['0:00Intro', '0:10The middle', '0:20The end']);

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: test.info().outputPath(`chapters-preview-${scheme}-${width}.png`) });
    }
  }
  // At 360 px every control of the dialog fits: nothing runs past its edge.
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await pasteDialog.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });

  await pasteDialog.getByRole('button', { name: 'Save chapters' }).click();
  await expect(page.getByText('Chapters saved')).toBeVisible();
  await expect(chaptersDialog.getByRole('list', { name: 'Chapters of this video' }).getByRole('listitem')).toHaveCount(3);
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await chaptersDialog.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await chaptersDialog.screenshot({ path: test.info().outputPath('chapters-saved-light-360.png') });
  await page.setViewportSize({ width: 1280, height: 900 });
  await chaptersDialog.screenshot({ path: test.info().outputPath('chapters-saved-light-1280.png') });
  const stored = (await api.get(`/files/${fileId}/chapters`)).data;
  expect(stored.chapters.map((c: { start: number; title: string }) => [c.start, c.title])).toEqual([
    [0, 'Intro'],
    [10, 'The middle'],
    [20, 'The end'],
  ]);
  await chaptersDialog.getByRole('button', { name: 'Close' }).click();
  await expect(chaptersDialog).toBeHidden();

  // The embed builder starts a snippet at a chapter: the player's own start parameter (D66).
  await page.getByRole('button', { name: 'Customize embed' }).click();
  const builder = page.getByRole('dialog', { name: 'Embed options' });
  await builder.getByLabel('Start at a chapter').click();
  await page.getByRole('option', { name: '0:10 The middle' }).click();
  await expect(builder.getByLabel('Start at', { exact: true })).toHaveValue('10s');
  await builder.screenshot({ path: test.info().outputPath('embed-builder-chapter.png') });
  // At 360 px the chapter field fits, as the builder's others.
  await page.setViewportSize({ width: 360, height: 800 });
  await builder.getByLabel('Start at a chapter').scrollIntoViewIfNeeded();
  await expectWithin(360, [builder.getByLabel('Start at a chapter'), builder.getByLabel('Start at', { exact: true })]);
  expect(await builder.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await builder.screenshot({ path: test.info().outputPath('embed-builder-chapter-360.png') });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.keyboard.press('Escape');

  await page.goto(`/player/${slug}`);
  // The time bar's marks: media-chrome splits its range into a segment a chapter of the default chapters track
  // (and a sliver more when the played stream is a few ms longer than the duration the chapters end at).
  const timeRange = page.locator('media-time-range');
  await expect
    .poll(() => timeRange.evaluate((el) => (el as unknown as { mediaChaptersCues?: unknown[] }).mediaChaptersCues?.length ?? 0))
    .toBe(3);
  await expect
    .poll(() => timeRange.evaluate((el) => el.shadowRoot!.querySelectorAll('#segments-clipping rect').length))
    .toBeGreaterThanOrEqual(3);
  await page.screenshot({ path: test.info().outputPath('player-chapters-marks.png') });

  await expect(page.getByRole('button', { name: 'Chapters' }).locator('svg')).toBeVisible(); // its list icon
  await page.getByRole('button', { name: 'Chapters' }).click();
  const menu = page.getByRole('menu', { name: 'Chapters' });
  await expect(menu.getByRole('menuitemradio')).toHaveText(['0:00 Intro', '0:10 The middle', '0:20 The end']);
  await page.screenshot({ path: test.info().outputPath('player-chapters-menu.png') });
  await menu.getByRole('menuitemradio', { name: '0:20 The end' }).click();
  await expect.poll(() => page.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThanOrEqual(20);
});

test('start chapters from nothing in the cue editor: one chapter over the whole video, split and titled there, saved', async ({
  page,
  account,
  request,
}) => {
  test.setTimeout(120_000);
  const api = await apiAs(request, account);
  const { fileId } = await addPlayableClip(request, api.apiKey, { title: 'Chapters from the cue editor', seconds: 30 });
  await openSignedIn(page, account, `/files/${fileId}`);
  const manage = page.getByRole('region', { name: 'Chapters' }).getByRole('button', { name: 'Manage chapters' });
  const chaptersDialog = page.getByRole('dialog', { name: 'Chapters' });
  // Both ways to begin, in either theme, on a desktop and at 360 px: nothing runs past the dialog's edge.
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    await page.reload();
    await manage.click();
    await expect(chaptersDialog.getByText('No chapters yet')).toBeVisible();
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 800 });
      // The dialog's opening transition ends first: the screenshot shows it as it stands.
      await expect.poll(() => page.evaluate(() => document.querySelector('vp-admin-panel')!.shadowRoot!.getAnimations().length)).toBe(0);
      expect(await chaptersDialog.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      await page.screenshot({ path: test.info().outputPath(`chapters-empty-${theme}-${width}.png`) });
    }
    await chaptersDialog.getByRole('button', { name: 'Close' }).click();
    await expect(chaptersDialog).toBeHidden();
  }
  await page.evaluate(() => localStorage.setItem('theme', 'light'));
  await page.setViewportSize({ width: 1280, height: 900 });
  await manage.click();
  await chaptersDialog.getByRole('button', { name: 'Start in the cue editor' }).click();

  const editor = page.getByRole('dialog', { name: 'Edit chapters' });
  const cue = (n: number) => editor.getByRole('group', { name: `Cue ${n}`, exact: true });
  await expect(cue(1).getByRole('textbox', { name: 'Text' })).toHaveValue('Intro');
  await page.screenshot({ path: test.info().outputPath('chapters-cue-editor-started.png') });
  await cue(1).getByRole('button', { name: 'Split cue 1' }).click();
  await cue(2).getByRole('textbox', { name: 'Text' }).fill('The rest');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect
    .poll(async () => ((await api.get(`/files/${fileId}/chapters`)).data?.chapters ?? []).map((c: { title: string }) => c.title))
    .toEqual(['Intro', 'The rest']);
  const [first, second] = (await api.get(`/files/${fileId}/chapters`)).data.chapters as { start: number; end: number }[];
  expect(first!.start).toBe(0);
  expect(second!.start).toBeGreaterThan(0);
  expect(second!.start).toBe(first!.end);
  // Saved, the editor closes and the list shows the chapters as saved.
  await expect(editor).toBeHidden();
  await expect(chaptersDialog.getByRole('list', { name: 'Chapters of this video' }).getByRole('listitem')).toHaveCount(2);
});
