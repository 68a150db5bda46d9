import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { type Account, apiAs, expect, openSignedIn, test } from './fixtures';

/** Two operators change one subtitle track (issue 23): the second edit meets the first, and the operator decides. */

const SRT = '1\n00:00:01,000 --> 00:00:02,000\nHello\n';

/** A file of the account with one English track (and no other), uploaded through the API. */
async function fileWithTrack(request: APIRequestContext, account: Account) {
  const api = await apiAs(request, account);
  let file: { file_id: number } | undefined;
  for (const candidate of (await api.get('/files/?limit=20')).data.files as { file_id: number }[]) {
    if ((await api.get(`/subs?file_id=${candidate.file_id}`)).data.subs.length === 0) {
      file = candidate;
      break;
    }
  }
  if (!file) throw new Error('every listed file has subtitles');
  const reply = await request.post('/api/files/sub', {
    headers: { 'x-apikey': api.apiKey },
    multipart: {
      file_id: String(file.file_id),
      sub_lang: 'en',
      sub_tmp: `${'a'.repeat(16)}_track.srt`,
      subtitle_file: { name: 'track.srt', mimeType: 'text/plain', buffer: Buffer.from(SRT) },
    },
  });
  const sub = (await reply.json()).data.sub as { sub_id: number; sub_lang: string };
  return { api, file, sub };
}

/** The rows of the Subtitle card (the Activity card lists tracks too). */
const tracks = (page: Page) => page.getByRole('list', { name: 'Subtitle tracks' }).getByRole('listitem');

async function editorAs(browser: Browser, account: Account, fileId: number): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await openSignedIn(page, account, `/files/${fileId}`);
  await expect(tracks(page).filter({ hasText: 'English' })).toBeVisible();
  return page;
}

/** Opens Edit Subtitle on the track now shown as `shown` and picks `language`; returns the dialog. */
async function pickLanguage(page: Page, shown: string, language: string) {
  await page.getByRole('button', { name: `Edit ${shown} subtitle` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Subtitle' });
  await edit.getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name: language, exact: true }).click();
  return edit;
}

test('a second edit of the same language shows what changed and who; keep mine, then take theirs', async ({
  browser,
  account,
  request,
}) => {
  const { api, file, sub } = await fileWithTrack(request, account);
  const first = await editorAs(browser, account, file.file_id);
  const second = await editorAs(browser, account, file.file_id);
  const stored = async () => (await api.get(`/subs/${sub.sub_id}`)).data.sub_lang;

  // Both open the track's Edit dialog before either saves.
  const firstEdit = await pickLanguage(first, 'English', 'Deutsch');
  const secondEdit = await pickLanguage(second, 'English', 'français');
  await firstEdit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(first.getByText('Subtitle updated successfully')).toBeVisible();
  await secondEdit.getByRole('button', { name: 'Save Changes' }).click();

  const dialog = second.getByRole('dialog', { name: 'This subtitle was changed while you were editing it' });
  await expect(dialog).toContainText(`${account.username} saved a change just now (from the panel).`);
  const row = dialog.getByRole('row', { name: /^Language/ });
  await expect(row).toContainText('Deutsch');
  await expect(row).toContainText('français');
  // The edit dialog is still open behind it (hidden from the accessibility tree by the dialog on top), with what the operator chose.
  const behind = second.getByRole('dialog', { name: 'Edit Subtitle', includeHidden: true });
  await expect(behind.getByRole('combobox', { name: 'Language', includeHidden: true })).toHaveText('français');
  await dialog.getByRole('button', { name: 'Keep mine' }).click();
  await expect(second.getByText('Subtitle updated successfully')).toBeVisible();
  await expect(secondEdit).toBeHidden();
  expect(await stored()).toBe('fr');

  // The first tab still lists the track at the version it saved: its next edit meets the second's, and takes it.
  const again = await pickLanguage(first, 'Deutsch', 'English');
  await again.getByRole('button', { name: 'Save Changes' }).click();
  const second412 = first.getByRole('dialog', { name: 'This subtitle was changed while you were editing it' });
  await expect(second412.getByRole('row', { name: /^Language/ })).toContainText('français');
  await second412.getByRole('button', { name: 'Take theirs' }).click();
  await expect(again).toBeHidden();
  await expect(tracks(first).filter({ hasText: 'français' })).toBeVisible();
  expect(await stored()).toBe('fr');
});

test('a delete that meets an edit, and an edit that meets a delete, say what happened', async ({ browser, account, request }) => {
  const { api, file, sub } = await fileWithTrack(request, account);
  const page = await editorAs(browser, account, file.file_id);

  // The delete question is open when another operator changes the language: nothing is deleted.
  await page.getByRole('button', { name: 'Delete English subtitle' }).click();
  await api.put(`/subs/${sub.sub_id}`, { sub_lang: 'de' });
  await page.getByRole('dialog', { name: 'Delete subtitle?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(
    page.getByText(
      'The subtitle was not deleted: someone else changed it meanwhile (language English → Deutsch). The list now shows it as it is: delete it again if you still want to.',
    ),
  ).toBeVisible();
  await expect(tracks(page).filter({ hasText: 'Deutsch' })).toBeVisible();
  expect((await api.get(`/subs/${sub.sub_id}`)).data).toMatchObject({ sub_lang: 'de' });

  // The edit dialog is open when another operator deletes the track: the change is not saved, and said so.
  const edit = await pickLanguage(page, 'Deutsch', 'français');
  await api.delete(`/subs/${sub.sub_id}`);
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(
    page.getByText('This subtitle was deleted by someone else while you were editing it, so your change was not saved.'),
  ).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(tracks(page).filter({ hasText: 'Deutsch' })).toHaveCount(0);
  expect((await api.get(`/subs?file_id=${file.file_id}`)).data.subs).toEqual([]);
});

test('an encoding change merges with another operator’s language change, without a dialog', async ({ browser, account, request }) => {
  const { api, file, sub } = await fileWithTrack(request, account);
  const page = await editorAs(browser, account, file.file_id);
  await page.getByRole('button', { name: 'Edit English subtitle' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Subtitle' });
  await edit.getByRole('combobox', { name: 'Text encoding' }).click();
  await page.getByRole('option', { name: 'WINDOWS-1252', exact: true }).click();
  // Meanwhile another operator changes the language: a field this edit does not touch.
  await api.put(`/subs/${sub.sub_id}`, { sub_lang: 'de' });
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Subtitle updated successfully')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect((await api.get(`/subs/${sub.sub_id}`)).data).toMatchObject({ sub_lang: 'de', sub_charset: 'windows-1252' });
  await expect(tracks(page).filter({ hasText: 'Deutsch' })).toBeVisible();
});
