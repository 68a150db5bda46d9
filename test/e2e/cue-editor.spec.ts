import type { Browser, Locator, Page } from '@playwright/test';
import { audit } from './axe';
import { addPlayableClip } from './clips';
import { type Account, apiAs, createAccount, expect, openSignedIn, test } from './fixtures';

/** The cue editor (issue 27) against the real server and player, at a desktop and a phone width. */

const SRT = [
  '1\n00:00:00,500 --> 00:00:02,000\nFirst cue',
  '2\n00:00:02,000 --> 00:00:05,000\nSecond cue',
  '3\n00:00:05,000 --> 00:00:06,000\nThird cue',
].join('\n\n');

async function openEditor(browser: Browser, account: Account, fileId: number, viewport: { width: number; height: number }) {
  const page = await (await browser.newContext({ viewport })).newPage();
  await openSignedIn(page, account, `/files/${fileId}`);
  await page.getByRole('button', { name: 'Edit cues of the English subtitle' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit cues: English' });
  await expect(dialog.getByRole('group', { name: 'Cue 1', exact: true })).toBeVisible();
  return { page, dialog };
}

const cue = (dialog: Locator, number: number) => dialog.getByRole('group', { name: `Cue ${number}`, exact: true });
const playhead = (dialog: Locator) => dialog.getByRole('status', { name: 'Playhead' });

/** Plays from where the playhead is until it moves, pauses, and returns the playhead as shown (the player's paused time). */
async function playAWhile(dialog: Locator): Promise<string> {
  const from = (await playhead(dialog).textContent())!;
  await dialog.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(playhead(dialog)).not.toHaveText(from);
  await dialog.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect(dialog.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  // The player's last word after the pause settles the playhead: it shows the paused video's time.
  const video = dialog.locator('iframe').contentFrame().locator('video');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  const paused = clock(await video.evaluate((v: HTMLVideoElement) => v.currentTime));
  await expect(playhead(dialog)).toHaveText(paused);
  return paused;
}

/** Seconds as the playhead shows them: mm:ss.mmm. */
function clock(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(Math.floor(ms / 60_000))}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
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
      const account = await createAccount(0);
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
      const time = await playAWhile(dialog);
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

      // The draft survives a reload: once it holds the last edits (written a pause after them), opening the
      // track again offers it.
      const draft = () =>
        page.evaluate((subId) => JSON.parse(localStorage.getItem(`vpCueDraft:${subId}`) ?? 'null')?.text ?? '', sub!.sub_id);
      await expect.poll(draft).toContain(`00:00:02.000 --> 00:00:${time.slice(3)}\nSecond cue, <i>edited</i>\n`);
      await page.reload();
      await page.getByRole('button', { name: 'Edit cues of the English subtitle' }).click();
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
  const account = await createAccount(0);
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

test('a saved edit is version 2 in the track’s Versions; restoring version 1 brings the original text back to the player', async ({
  browser,
  request,
}) => {
  const account = await createAccount(0);
  const api = await apiAs(request, account);
  const { fileId, slug } = await addPlayableClip(request, api.apiKey, { title: 'Versions clip', seconds: 6, subtitles: { en: SRT } });
  const [sub] = (await api.get(`/subs?file_id=${fileId}`)).data.subs as { sub_id: number }[];
  const headers = { 'x-apikey': api.apiKey };
  const playerVtt = async () => (await request.get(`/player/${slug}/subtitles/${sub!.sub_id}.vtt`)).text();
  const original = await playerVtt();
  const { page, dialog } = await openEditor(browser, account, fileId, { width: 1280, height: 800 });
  await cue(dialog, 1).getByRole('textbox', { name: 'Text' }).fill('First cue, edited');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Cues saved')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  expect(await playerVtt()).toContain('First cue, edited');

  await page.getByRole('button', { name: 'Versions of the English subtitle' }).click();
  const versions = page.getByRole('dialog', { name: 'Versions of the English subtitle' });
  const rows = versions.getByRole('list', { name: 'Versions' }).getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Version 2 · current');
  await expect(rows.nth(0)).toContainText(/Edited · Just now · .+ · /);
  await expect(rows.nth(1)).toContainText('Version 1');
  await expect(rows.nth(1)).toContainText('Uploaded');
  await audit(page, 'subtitle versions');

  // The original upload's bytes, as uploaded (.srt), stay downloadable.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    versions.getByRole('button', { name: 'Download original' }).click(),
  ]);
  expect(await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'))).toBe(SRT);

  await versions.getByRole('button', { name: 'Restore version 1' }).click();
  const confirm = page.getByRole('dialog', { name: 'Restore version 1?' });
  await confirm.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText('Version 1 restored')).toBeVisible();
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('Version 3 · current');
  await expect(rows.nth(0)).toContainText('Restored');

  // What the server stored: the player and the editor's GET /vtt serve the original text again.
  expect(await playerVtt()).toBe(original);
  expect(await (await request.get(`/api/subs/${sub!.sub_id}/vtt`, { headers })).text()).toBe(original);
  await page.context().close();
});
