import { apiAs, createAccount, expect, openSignedIn, signIn, test } from './fixtures';

/** Undo of a bulk job over every file a filter matches, and the select-all bar's delete, restore and purge. */

const rowsOf = (page: import('@playwright/test').Page) => page.locator('[role="row"][data-id]');

async function selectAllMatching(page: import('@playwright/test').Page, button: string, action: string) {
  await expect(rowsOf(page).first()).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select all' }).check();
  await page.getByRole('button', { name: button }).click();
  await page.getByRole('combobox', { name: 'Bulk action' }).click();
  await page.getByRole('option', { name: action, exact: true }).click();
}

test('select all matching under Active → Deactivate: the rows leave live, here and in another window, and the count follows → Undo brings them back', async ({
  page,
  browser,
  request,
}) => {
  const account = await createAccount(40);
  const api = await apiAs(request, account);
  const active = (await api.get('/files/?isActive=1&limit=1')).data.pagination.total_records as number;
  expect(active).toBeGreaterThan(10);

  // Another operator watches the same filter in another browser.
  const other = await browser.newContext();
  const watcher = await other.newPage();
  await signIn(watcher, account);
  await watcher.goto('/files?isActive=1');
  await expect(watcher.getByRole('heading', { name: `File List (${active})` })).toBeVisible();

  await openSignedIn(page, account, '/files?isActive=1');
  await selectAllMatching(page, `Select all ${active} files matching this filter`, 'Deactivate');
  // The job's reply reaches the page only after its files have left the list live (the stream can be
  // faster than the reply): the bar must stay from the moment Apply is pressed, not from the reply,
  // and still say how many files the action was applied to.
  await page.route('**/api/files/bulk', async (route) => {
    const reply = await route.fetch();
    await expect(rowsOf(page)).toHaveCount(0);
    await expect(page.getByText(`All ${active} files matching this filter are selected`, { exact: true })).toBeVisible();
    await expect(page.getByText(`Deactivate ${active} files matching Active`, { exact: true })).toBeVisible();
    await route.fulfill({ response: reply });
  });
  await page.getByRole('toolbar', { name: 'Bulk actions' }).getByRole('button', { name: 'Apply' }).click();

  await expect(page.getByRole('status').filter({ hasText: `${active} deactivated` })).toBeVisible({ timeout: 20_000 });
  await expect(rowsOf(page)).toHaveCount(0);
  await expect(watcher.getByRole('heading', { name: 'File List (0)' })).toBeVisible();
  await expect(rowsOf(watcher)).toHaveCount(0);
  expect((await api.get('/files/?isActive=1&limit=1')).data.pagination.total_records).toBe(0);

  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText(`Undo: Activate ${active} files`, { exact: true })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: `${active} activated` })).toBeVisible({ timeout: 20_000 });
  // An undo is not offered again.
  await expect(page.getByRole('button', { name: 'Undo' })).toHaveCount(0);
  await expect(rowsOf(page)).toHaveCount(10);
  await expect(watcher.getByRole('heading', { name: `File List (${active})` })).toBeVisible();
  await expect(rowsOf(watcher)).toHaveCount(10);
  expect((await api.get('/files/?isActive=1&limit=1')).data.pagination.total_records).toBe(active);

  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('heading', { name: `File List (${active})` })).toBeVisible();
  await other.close();
});

test('a bulk delete of every file to the trash → Undo restores the same set on the server', async ({ page, request }) => {
  const account = await createAccount(30);
  const api = await apiAs(request, account);
  const before = (await api.get('/files/?limit=100&sort_by=file_id&order=asc')).data.files.map((f: { file_id: number }) => f.file_id);
  expect(before).toHaveLength(30);

  await openSignedIn(page, account, '/files');
  await selectAllMatching(page, 'Select all 30 files', 'Delete');
  await expect(page.getByText('Move all 30 files to the trash', { exact: true })).toBeVisible();
  await page.getByRole('toolbar', { name: 'Bulk actions' }).getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('status').filter({ hasText: '30 moved to the trash' })).toBeVisible({ timeout: 20_000 });
  await expect(rowsOf(page)).toHaveCount(0);
  expect((await api.get('/files/?limit=1')).data.pagination.total_records).toBe(0);
  expect((await api.get('/files/?limit=1&trashed=1')).data.pagination.total_records).toBe(30);

  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('status').filter({ hasText: '30 restored' })).toBeVisible({ timeout: 20_000 });
  await expect(rowsOf(page)).toHaveCount(10);
  const after = (await api.get('/files/?limit=100&sort_by=file_id&order=asc')).data.files.map((f: { file_id: number }) => f.file_id);
  expect(after).toEqual(before);
  expect((await api.get('/files/?limit=1&trashed=1')).data.pagination.total_records).toBe(0);
});

test('in the trash, Delete forever over every file matching asks first, says it cannot be undone, and offers no Undo', async ({
  page,
  request,
}) => {
  const account = await createAccount(25);
  const api = await apiAs(request, account);
  const ids = (await api.get('/files/?limit=100')).data.files.map((f: { file_id: number }) => f.file_id) as number[];
  const trashing = await request.post('/api/files/bulk', {
    headers: { 'x-apikey': api.apiKey, 'idempotency-key': `e2e-${account.username}` },
    data: { action: 'delete', ids },
  });
  expect(trashing.status()).toBe(202);
  await expect.poll(async () => (await api.get('/files/?limit=1&trashed=1')).data.pagination.total_records).toBe(25);

  await openSignedIn(page, account, '/trash');
  await selectAllMatching(page, 'Select all 25 files', 'Delete forever');
  await page.getByRole('toolbar', { name: 'Bulk actions' }).getByRole('button', { name: 'Apply' }).click();
  // Fewer than the threshold, but a purge always asks.
  const dialog = page.getByRole('dialog', { name: 'Delete forever 25 files?' });
  await expect(dialog).toContainText(
    'Delete forever all 25 files. 25 files and their subtitles will be deleted for good. This cannot be undone.',
  );
  await dialog.getByRole('button', { name: 'Delete forever' }).click();
  await expect(page.getByRole('status').filter({ hasText: '25 deleted forever' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Undo' })).toHaveCount(0);
  expect((await api.get('/files/?limit=1&trashed=1')).data.pagination.total_records).toBe(0);
});
