import { apiAs, createAccount, expect, openSignedIn, refuseLiveStream, test } from './fixtures';

/** Select every file a filter matches (Gmail's pattern) → a server-side bulk job → its summary. */

const number = (n: number) => new Intl.NumberFormat('en').format(n);

test('select all files matching a filter, deactivate them: every one is inactive on the server, and the summary says how many', async ({
  page,
  request,
}) => {
  const account = await createAccount(260);
  const api = await apiAs(request, account);
  const matching = (await api.get('/files/?isActive=1&limit=1')).data.pagination.total_records as number;
  expect(matching).toBeGreaterThan(100); // past the page, and past the threshold that asks first

  await openSignedIn(page, account, '/files?isActive=1');
  await expect(page.getByRole('heading', { name: 'File Management' })).toBeVisible();
  await expect(page.locator('[role="row"][data-id]').first()).toBeVisible();

  await page.getByRole('checkbox', { name: 'Select all' }).check();
  await page.getByRole('button', { name: `Select all ${number(matching)} files matching this filter` }).click();
  const toolbar = page.getByRole('toolbar', { name: 'Bulk actions' });
  await expect(toolbar.getByText(`All ${number(matching)} files matching this filter are selected`)).toBeVisible();
  await page.getByRole('combobox', { name: 'Bulk action' }).click();
  await page.getByRole('option', { name: 'Deactivate' }).click();
  await expect(page.getByText(`Deactivate ${number(matching)} files matching Active`, { exact: true })).toBeVisible();
  await toolbar.getByRole('button', { name: 'Apply' }).click();

  // More than 100 files: it asks first, in words.
  const dialog = page.getByRole('dialog', { name: `Deactivate ${number(matching)} files?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Deactivate' }).click();

  await expect(page.getByRole('status').filter({ hasText: `${number(matching)} deactivated` })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Download results (CSV)' })).toBeVisible();
  expect((await api.get('/files/?isActive=1&limit=1')).data.pagination.total_records).toBe(0);
  expect((await api.get(`/files/?isActive=0&limit=1`)).data.pagination.total_records).toBeGreaterThanOrEqual(matching);

  // The CSV has one line per file.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download results (CSV)' }).click();
  const csv = await (await download).path().then((p) => import('node:fs').then((fs) => fs.readFileSync(p, 'utf8')));
  expect(csv.trimEnd().split('\r\n')).toHaveLength(matching + 1);

  await page.getByRole('button', { name: 'Done' }).click();
  await expect(toolbar).toHaveCount(0);
});

test('where the event stream is blocked, the job is followed by polling and still ends with its summary', async ({ page, request }) => {
  const account = await createAccount(60);
  const api = await apiAs(request, account);
  const active = (await api.get('/files/?isActive=1&limit=1')).data.pagination.total_records as number;
  expect(active).toBeGreaterThan(10);
  await refuseLiveStream(page);

  await openSignedIn(page, account, '/files?isActive=1');
  await expect(page.locator('[role="row"][data-id]').first()).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select all' }).check();
  await page.getByRole('button', { name: `Select all ${active} files matching this filter` }).click();
  await page.getByRole('combobox', { name: 'Bulk action' }).click();
  await page.getByRole('option', { name: 'Deactivate', exact: true }).click();
  await page.getByRole('toolbar', { name: 'Bulk actions' }).getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${active} deactivated` })).toBeVisible({ timeout: 20_000 });
  expect((await api.get('/files/?isActive=1&limit=1')).data.pagination.total_records).toBe(0);
});
