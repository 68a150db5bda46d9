import type { Browser, Locator, Page } from '@playwright/test';
import { audit } from './axe';
import { addPlayableClip } from './clips';
import { apiAs, createAccount, expect, signIn, test, type Account } from './fixtures';

/** The cue editor (issue 27) against the real server and player, at a desktop and a phone width. */

const SRT = [
  '1\n00:00:00,500 --> 00:00:02,000\nFirst cue',
  '2\n00:00:02,000 --> 00:00:05,000\nSecond cue',
  '3\n00:00:05,000 --> 00:00:06,000\nThird cue',
].join('\n\n');

async function openEditor(browser: Browser, account: Account, fileId: number, viewport: { width: number; height: number }) {
  const page = await (await browser.newContext({ viewport })).newPage();
  await signIn(page, account);
  await page.goto(`/files/${fileId}`);
  await page.getByRole('button', { name: 'Edit the cues of the English subtitle' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit cues: English' });
  await expect(dialog.getByRole('group', { name: 'Cue 1', exact: true })).toBeVisible();
  return { page, dialog };
}

const cue = (dialog: Locator, number: number) => dialog.getByRole('group', { name: `Cue ${number}`, exact: true });
const playhead = (dialog: Locator) => dialog.getByRole('status', { name: 'Playhead' });

/** Plays from where the playhead is for a moment, pauses, and returns the playhead as shown (the player's paused time). */
async function playAWhile(page: Page, dialog: Locator): Promise<string> {
  await dialog.getByRole('button', { name: 'Play', exact: true }).click();
  await page.waitForTimeout(700);
  await dialog.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect(dialog.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  // The player's last word after the pause settles the playhead.
  await page.waitForTimeout(300);
  return (await playhead(dialog).textContent())!;
}

/** On a phone: nothing scrolls sideways, every control of the editor is at least 24 × 24 px, and the video is in view. */
async function fitsAPhone(page: Page, dialog: Locator) {
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
  const small = await dialog.evaluate((root) =>
    [...root.querySelectorAll('button, input, textarea')]
      .filter((control) => control.getAttribute('aria-hidden') !== 'true')
      // A text field's target is its whole box, which a tap anywhere focuses.
      .map((control) => ({ control, box: (control.closest('.MuiInputBase-root') ?? control).getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && (box.width < 24 || box.height < 24))
      .map(({ control }) => control.getAttribute('aria-label') ?? control.textContent),
  );
  expect(small).toEqual([]);
  await expect(dialog.locator('iframe')).toBeInViewport();
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 360, height: 740 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test('edit a cue’s text and its end from the playhead, undo and redo, save: the player serves the change', async ({
      browser,
      request,
    }) => {
      const account = createAccount(0);
      const api = await apiAs(request, account);
      const { fileId, slug } = await addPlayableClip(request, api.apiKey, { title: 'Cue editor clip', seconds: 6, subtitles: { en: SRT } });
      const [sub] = (await api.get(`/subs?file_id=${fileId}`)).data.subs as { sub_id: number }[];
      const { page, dialog } = await openEditor(browser, account, fileId, viewport);
      await expect(dialog.getByRole('status').filter({ hasText: '3 cues' })).toBeVisible();
      await audit(page, `cue editor at ${viewport.width} px`);

      // The playhead follows the player; a cue's number seeks to it, and the cue under the playhead is the current one.
      await cue(dialog, 2).getByRole('button', { name: 'Go to cue 2' }).click();
      await expect(playhead(dialog)).toHaveText('00:02.000');
      await expect(cue(dialog, 2)).toHaveAttribute('aria-current', 'true');
      const time = await playAWhile(page, dialog);
      expect(time > '00:02.000' && time < '00:05.000').toBe(true);
      await expect(cue(dialog, 2)).toHaveAttribute('aria-current', 'true');

      const text = cue(dialog, 2).getByRole('textbox', { name: 'Text' });
      await text.fill('Second cue, <i>edited</i>');
      await cue(dialog, 2).getByRole('button', { name: 'Set end from playhead' }).click();
      const end = cue(dialog, 2).getByRole('textbox', { name: 'End' });
      await expect(end).toHaveValue(time);
      if (viewport.width < 600) await fitsAPhone(page, dialog);

      // Undo the end (by its key), then the text; redo both.
      await page.keyboard.press('Control+KeyZ');
      await expect(end).toHaveValue('00:05.000');
      await dialog.getByRole('button', { name: 'Undo' }).click();
      await expect(text).toHaveValue('Second cue');
      await dialog.getByRole('button', { name: 'Redo' }).click();
      await dialog.getByRole('button', { name: 'Redo' }).click();
      await expect(text).toHaveValue('Second cue, <i>edited</i>');
      await expect(end).toHaveValue(time);

      // The draft survives a reload: opening the track again offers it.
      await page.waitForTimeout(600);
      await page.reload();
      await page.getByRole('button', { name: 'Edit the cues of the English subtitle' }).click();
      await expect(dialog.getByText(/^You have unsaved cues from/)).toBeVisible();
      await expect(text).toHaveValue('Second cue');
      await dialog.getByRole('button', { name: 'Resume' }).click();
      await expect(text).toHaveValue('Second cue, <i>edited</i>');
      await expect(end).toHaveValue(time);
      // The resumed draft is one step: undo it to get back to the track as saved, then redo it.
      await dialog.getByRole('button', { name: 'Undo' }).click();
      await expect(text).toHaveValue('Second cue');
      await dialog.getByRole('button', { name: 'Redo' }).click();
      await expect(text).toHaveValue('Second cue, <i>edited</i>');

      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Cues saved')).toBeVisible();
      // What the player serves, and what the API gives the next editor.
      const served = await (await request.get(`/player/${slug}/subtitles/${sub!.sub_id}.vtt`)).text();
      expect(served).toContain(`00:00:02.000 --> 00:00:${time.slice(3)}\nSecond cue, <i>edited</i>\n`);
      expect(served).toContain('First cue');
      const stored = await (await request.get(`/api/subs/${sub!.sub_id}/vtt`, { headers: { 'x-apikey': api.apiKey } })).text();
      expect(stored).toBe(served);
      await page.context().close();
    });
  });
}

test('a save that meets another tab’s save gets the conflict dialog with the cue both changed; keep mine', async ({ browser, request }) => {
  const account = createAccount(0);
  const api = await apiAs(request, account);
  const { fileId } = await addPlayableClip(request, api.apiKey, { title: 'Conflict clip', seconds: 6, subtitles: { en: SRT } });
  const [sub] = (await api.get(`/subs?file_id=${fileId}`)).data.subs as { sub_id: number }[];
  const viewport = { width: 1280, height: 800 };
  const first = await openEditor(browser, account, fileId, viewport);
  const second = await openEditor(browser, account, fileId, viewport);

  await cue(first.dialog, 1).getByRole('textbox', { name: 'Text' }).fill('Theirs');
  await first.dialog.getByRole('button', { name: 'Save' }).click();
  await expect(first.page.getByText('Cues saved')).toBeVisible();

  await cue(second.dialog, 1).getByRole('textbox', { name: 'Text' }).fill('Mine');
  await second.dialog.getByRole('button', { name: 'Save' }).click();
  const conflict = second.page.getByRole('dialog', { name: 'This subtitle was changed while you were editing it' });
  const row = conflict.getByRole('row', { name: /^Cue 1/ });
  await expect(row).toContainText('Theirs');
  await expect(row).toContainText('Mine');
  await expect(conflict.getByRole('row', { name: /^Cue 2/ })).toHaveCount(0);
  await conflict.getByRole('button', { name: 'Keep mine' }).click();
  await expect(second.page.getByText('Cues saved')).toBeVisible();
  const stored = await (await request.get(`/api/subs/${sub!.sub_id}/vtt`, { headers: { 'x-apikey': api.apiKey } })).text();
  expect(stored).toContain('\nMine\n');
  expect(stored).not.toContain('Theirs');
});
