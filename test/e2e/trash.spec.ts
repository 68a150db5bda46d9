import type { Browser, Page } from '@playwright/test';
import { audit } from './axe';
import { type Account, apiAs, expect, openSignedIn, signIn, test } from './fixtures';

/** The Trash view (issue 23): a delete survives a reload as a file in the trash, and Restore brings back the same file. */

const VTT = 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nStill here\n';
const gridRow = (page: Page, id: number) => page.locator(`[role="row"][data-id="${id}"]`);

test('delete, reload, restore from the Trash: same id, slug and subtitle; the player link answers again', async ({
  page,
  account,
  request,
}) => {
  const api = await apiAs(request, account);
  const headers = { 'x-apikey': api.apiKey };
  const file = (await api.get('/files/?limit=1&isActive=1')).data.files[0];
  const uploaded = await request.post('/api/files/sub', {
    headers,
    multipart: {
      file_id: String(file.file_id),
      sub_lang: 'en',
      subtitle_file: { name: 'still.vtt', mimeType: 'text/vtt', buffer: Buffer.from(VTT) },
    },
  });
  const subId = (await uploaded.json()).data.sub.sub_id;
  const content = async () => (await request.get(`/api/subs/${subId}/content`, { headers })).body();
  const original = await content();
  const player = `/player/${file.file_slug}`;
  expect((await request.get(player)).status()).toBe(200);

  await openSignedIn(page, account, `/files?search=${file.file_id}`);
  await page.getByRole('button', { name: `Delete file ${file.file_id}` }).click();
  await page.getByRole('dialog', { name: 'Confirm Deletion' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('File deleted successfully!')).toBeVisible();
  expect((await request.get(player)).status()).toBe(410);

  // After a reload the toast and its Undo are gone: the trash keeps the file.
  await page.reload();
  await page.getByRole('link', { name: 'Trash' }).click();
  await expect(page.getByRole('heading', { name: 'Trash', level: 1 })).toBeVisible();
  await expect(page.getByText('Deleted files stay here for 30 days, then they are deleted for good.', { exact: false })).toBeVisible();
  const trashed = gridRow(page, file.file_id);
  await expect(trashed).toContainText(file.file_title);
  await expect(trashed).toContainText('just now');
  await trashed.getByRole('button', { name: `Restore file ${file.file_id}` }).click();
  await expect(page.getByText('1 file restored.')).toBeVisible();
  await expect(page.getByText('The trash is empty.')).toBeVisible();

  await page.getByRole('link', { name: 'Files' }).click();
  await page.getByRole('searchbox').fill(String(file.file_id));
  await page.getByRole('searchbox').press('Enter');
  await expect(gridRow(page, file.file_id)).toContainText(file.file_slug);
  const restored = (await api.get(`/files/${file.file_id}`)).data;
  expect(restored).toMatchObject({ file_id: file.file_id, file_slug: file.file_slug, deleted_at: null });
  expect((await api.get(`/subs?file_id=${file.file_id}`)).data.subs.map((s: { sub_id: number }) => s.sub_id)).toEqual([subId]);
  expect((await content()).equals(original)).toBe(true);
  expect((await request.get(player)).status()).toBe(200);
});

test('the selection in bulk: Delete forever asks first, then the files are gone for good', async ({ page, account, request }) => {
  const api = await apiAs(request, account);
  const files = (await api.get('/files/?limit=2')).data.files as { file_id: number }[];
  for (const { file_id } of files) await api.delete(`/files/${file_id}`);

  await openSignedIn(page, account, '/trash');
  await expect(page.getByRole('heading', { name: 'Deleted files (2)' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select all rows' }).check();
  await page.getByRole('combobox', { name: 'Bulk action' }).click();
  await page.getByRole('option', { name: 'Delete forever' }).click();
  await page.getByRole('button', { name: 'Apply' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete forever?' });
  await expect(dialog).toContainText('2 files and their subtitles will be deleted for good. This cannot be undone.');
  await dialog.getByRole('button', { name: 'Delete forever' }).click();
  await expect(page.getByText('2 files deleted forever.')).toBeVisible();
  await expect(page.getByText('The trash is empty.')).toBeVisible();
  expect((await api.get('/files/?trashed=1&limit=10')).data.pagination.total_records).toBe(0);
  for (const { file_id } of files) expect((await api.get(`/files/${file_id}`)).status).toBe('error');
});

async function signedInPage(browser: Browser, account: Account, path: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await openSignedIn(page, account, path);
  return page;
}

test('an open Trash follows deletes, restores and purges made elsewhere, with its count', async ({ browser, account, request }) => {
  const api = await apiAs(request, account);
  const [file, other] = (await api.get('/files/?limit=2')).data.files as { file_id: number; file_title: string }[];
  const watcher = await signedInPage(browser, account, '/trash');
  await expect(watcher.getByText('The trash is empty.')).toBeVisible();

  // Another operator deletes a file in Files: it appears in the open Trash, and the count follows.
  const operator = await signedInPage(browser, account, `/files?search=${file!.file_id}`);
  await operator.getByRole('button', { name: `Delete file ${file!.file_id}` }).click();
  await operator.getByRole('dialog', { name: 'Confirm Deletion' }).getByRole('button', { name: 'Delete' }).click();
  await expect(operator.getByText('File deleted successfully!')).toBeVisible();
  await expect(gridRow(watcher, file!.file_id)).toContainText(file!.file_title, { timeout: 5000 });
  await expect(watcher.getByRole('heading', { name: 'Deleted files (1)' })).toBeVisible();

  // A second one deleted through the API (another node, a script) comes too.
  await api.delete(`/files/${other!.file_id}`);
  await expect(watcher.getByRole('heading', { name: 'Deleted files (2)' })).toBeVisible({ timeout: 5000 });

  // Restored in the operator's Trash: gone from the watcher's.
  await operator.goto('/trash');
  await gridRow(operator, file!.file_id)
    .getByRole('button', { name: `Restore file ${file!.file_id}` })
    .click();
  await expect(operator.getByText('1 file restored.')).toBeVisible();
  await expect(gridRow(watcher, file!.file_id)).toHaveCount(0, { timeout: 5000 });
  await expect(watcher.getByRole('heading', { name: 'Deleted files (1)' })).toBeVisible();

  // Deleted for good in the operator's Trash: gone from the watcher's, which is empty again.
  await gridRow(operator, other!.file_id)
    .getByRole('button', { name: `Delete forever file ${other!.file_id}` })
    .click();
  await operator.getByRole('dialog', { name: 'Delete forever?' }).getByRole('button', { name: 'Delete forever' }).click();
  await expect(watcher.getByText('The trash is empty.')).toBeVisible({ timeout: 5000 });
  await expect(watcher.getByRole('heading', { name: 'Deleted files (0)' })).toBeVisible();
  expect((await api.get('/files/?trashed=1&limit=10')).data.pagination.total_records).toBe(0);
});

for (const theme of ['light', 'dark'] as const) {
  test(`axe on the Trash (${theme}): rows, the Delete forever question, the phone cards`, async ({ page, account, request }) => {
    test.setTimeout(120_000);
    const api = await apiAs(request, account);
    const files = (await api.get('/files/?limit=3')).data.files as { file_id: number }[];
    for (const { file_id } of files) await api.delete(`/files/${file_id}`);
    await signIn(page, account);
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    await page.goto('/trash');
    await expect(page.getByRole('heading', { name: 'Deleted files (3)' })).toBeVisible();
    await audit(page, `trash (${theme})`);
    await page.getByRole('button', { name: `Delete forever file ${files[0]!.file_id}` }).click();
    await expect(page.getByRole('dialog', { name: 'Delete forever?' })).toBeVisible();
    await audit(page, `trash purge question (${theme})`);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('button', { name: `Restore file ${files[0]!.file_id}` })).toHaveText('Restore');
    await audit(page, `trash cards (${theme})`);
  });
}
