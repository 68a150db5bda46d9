import type { Browser, Page } from '@playwright/test';
import { type Account, apiAs, expect, openSignedIn, test } from './fixtures';

/** Two operators edit one file's title (issue 23): the second save meets the first, and the operator decides. */

async function editorAs(browser: Browser, account: Account, fileId: number): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await openSignedIn(page, account, `/files/${fileId}`);
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).not.toHaveValue('');
  return page;
}

async function saveTitle(page: Page, title: string) {
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await page.getByRole('button', { name: 'Update File' }).click();
}

test('a second save of the same title shows what changed and who; keep mine, then take theirs', async ({ browser, account, request }) => {
  const api = await apiAs(request, account);
  const file = (await api.get('/files/?limit=1')).data.files[0];
  const first = await editorAs(browser, account, file.file_id);
  const second = await editorAs(browser, account, file.file_id);

  await saveTitle(first, 'Title from the first tab');
  await expect(first.getByText('File updated successfully')).toBeVisible();
  await saveTitle(second, 'Title from the second tab');
  const dialog = second.getByRole('dialog', { name: 'This file was changed while you were editing it' });
  await expect(dialog).toContainText(`${account.username} saved a change just now (from the panel).`);
  const row = dialog.getByRole('row', { name: /^Title/ });
  await expect(row).toContainText('Title from the first tab');
  await expect(row).toContainText('Title from the second tab');
  await dialog.getByRole('button', { name: 'Keep mine' }).click();
  await expect(second.getByText('File updated successfully')).toBeVisible();
  expect((await api.get(`/files/${file.file_id}`)).data.file_title).toBe('Title from the second tab');

  // The first tab's version is stale now: its next save meets the second's, and takes it.
  await saveTitle(first, 'First tab again');
  await first.getByRole('dialog').getByRole('button', { name: 'Take theirs' }).click();
  await expect(first.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('Title from the second tab');
  expect((await api.get(`/files/${file.file_id}`)).data.file_title).toBe('Title from the second tab');
});

test('edits of different fields merge without a dialog; five saves in a row never conflict', async ({ browser, account, request }) => {
  const api = await apiAs(request, account);
  const file = (await api.get('/files/?limit=1')).data.files[0];
  const page = await editorAs(browser, account, file.file_id);
  // Another operator changes the slug after this tab read the file.
  await api.put(`/files/${file.file_id}`, { file_slug: `merged-${file.file_id}` });

  for (let n = 1; n <= 5; n++) {
    await saveTitle(page, `Save ${n}`);
    await expect(page.getByText('File updated successfully').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Update File' })).toBeEnabled();
  }
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const stored = (await api.get(`/files/${file.file_id}`)).data;
  expect(stored).toMatchObject({ file_title: 'Save 5', file_slug: `merged-${file.file_id}` });
  // The form shows the merged file: their slug, my title.
  await expect(page.getByRole('textbox', { name: 'Slug', exact: true })).toHaveValue(`merged-${file.file_id}`);
});
