import type { Page } from '@playwright/test';
import { type Account, apiAs, createAccount, expect, openSignedIn, refuseLiveStream, signIn, test } from './fixtures';

/** The file list (/files) against the real server: every action of docs/spec.md §2 / §5 / §8. */

interface ApiFile {
  file_id: number;
  file_title: string;
  file_status: number;
  isActive: 0 | 1;
}

const rows = (page: Page) => page.locator('[role="row"][data-id]');
const row = (page: Page, id: number) => page.locator(`[role="row"][data-id="${id}"]`);
const ids = async (page: Page) => await rows(page).evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-id'))));

async function openList(page: Page, account: Account, query = '') {
  await openSignedIn(page, account, `/files${query}`);
  await expect(page.getByRole('heading', { name: 'File Management' })).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
}

async function apiList(request: Parameters<typeof apiAs>[0], account: Account, query: string) {
  const api = await apiAs(request, account);
  const reply = await api.get(`/files/?${query}`);
  return { files: reply.data.files as ApiFile[], total: reply.data.pagination.total_records as number, api };
}

test('the default view: newest first, 10 rows, spec texts', async ({ page, account, request }) => {
  await openList(page, account);
  await expect(page.getByRole('heading', { name: 'File List (40)' })).toBeVisible();
  await expect(rows(page)).toHaveCount(10);
  await expect(page.getByText('Rows per page:')).toBeVisible();
  await expect(page.getByText('1-10 of 40')).toBeVisible();
  const { files } = await apiList(request, account, 'page=1&limit=10&sort_by=created_at&order=desc');
  expect(await ids(page)).toEqual(files.map((f) => f.file_id));
  const link = row(page, files[0]!.file_id).getByRole('link');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
});

test('filter by status and by active flag', async ({ page, account, request }) => {
  const { files } = await apiList(request, account, 'limit=100');
  const status = files[0]!.file_status;
  const statusName = [
    'Pending',
    'Received',
    'Downloading',
    'Downloaded',
    'Download Failed',
    'Uploading',
    'Uploaded',
    'Upload Failed',
    'Indexed',
    'Cleaned',
    'Completed',
  ][status]!;
  await openList(page, account, '?page=2');

  await page.getByRole('combobox', { name: 'File Status' }).click();
  await page.getByRole('option', { name: statusName, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`file_status=${status}\\b`));
  await expect(page).toHaveURL(/page=1\b/);
  const expected = files.filter((f) => f.file_status === status).length;
  await expect(page.getByRole('heading', { name: `File List (${expected})` })).toBeVisible();
  await expect(page.locator('[role="row"][data-id] [data-field="file_status"]')).toHaveText(Array(Math.min(expected, 10)).fill(statusName));

  await page.getByRole('combobox', { name: 'File Status' }).click();
  await page.getByRole('option', { name: 'All Status' }).click();
  await expect(page).not.toHaveURL(/file_status=/);

  await page.getByRole('combobox', { name: 'Active' }).click();
  await page.getByRole('option', { name: 'Inactive' }).click();
  await expect(page).toHaveURL(/isActive=0\b/);
  const inactive = files.filter((f) => f.isActive === 0).length;
  await expect(page.getByRole('heading', { name: `File List (${inactive})` })).toBeVisible();
  const switches = page.locator('[role="row"][data-id] [data-field="isActive"] [role="switch"]');
  await expect(switches).toHaveCount(Math.min(inactive, 10));
  expect(await switches.evaluateAll((els) => els.map((el) => (el as HTMLInputElement).checked))).toEqual(
    Array(Math.min(inactive, 10)).fill(false),
  );
});

test('search applies on Enter and with the search button', async ({ page, account, request }) => {
  const { files } = await apiList(request, account, 'limit=100');
  const word = files[5]!.file_title.split(' ')[0]!;
  const { total, files: found } = await apiList(request, account, `search=${encodeURIComponent(word)}&limit=10`);
  await openList(page, account);
  const box = page.getByRole('searchbox', { name: 'Search files' });
  await box.fill(word);
  await expect(page).not.toHaveURL(/search=/);
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(word)}`));
  await expect(page.getByRole('heading', { name: `File List (${total})` })).toBeVisible();
  expect(await ids(page)).toEqual(found.map((f) => f.file_id));

  await box.fill('');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).not.toHaveURL(/search=/);
  await expect(page.getByRole('heading', { name: 'File List (40)' })).toBeVisible();
});

test('sort by a column follows the server order', async ({ page, account, request }) => {
  await openList(page, account);
  await page.getByRole('columnheader', { name: 'Title' }).click();
  await expect(page).toHaveURL(/sort_by=file_title&order=asc/);
  const asc = await apiList(request, account, 'sort_by=file_title&order=asc&limit=10');
  await expect.poll(() => ids(page)).toEqual(asc.files.map((f) => f.file_id));
  await page.getByRole('columnheader', { name: 'Title' }).click();
  await expect(page).toHaveURL(/sort_by=file_title&order=desc/);
  const desc = await apiList(request, account, 'sort_by=file_title&order=desc&limit=10');
  await expect.poll(() => ids(page)).toEqual(desc.files.map((f) => f.file_id));
});

test('change page and page size; back restores the view', async ({ page, account, request }) => {
  await openList(page, account);
  await page.getByRole('button', { name: 'Go to next page' }).click();
  await expect(page).toHaveURL(/page=2\b/);
  await expect(page.getByText('11-20 of 40')).toBeVisible();
  const second = await apiList(request, account, 'page=2&limit=10');
  await expect.poll(() => ids(page)).toEqual(second.files.map((f) => f.file_id));

  await page.getByRole('combobox', { name: 'Rows per page:' }).click();
  await page.getByRole('option', { name: '20' }).click();
  await expect(page).toHaveURL(/page=1\b/);
  await expect(page).toHaveURL(/limit=20\b/);
  await expect(rows(page)).toHaveCount(20);
  await expect(page.getByText('1-20 of 40')).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/page=2\b/);
  await expect(page.getByText('11-20 of 40')).toBeVisible();
  await expect(rows(page)).toHaveCount(10);
});

test('toggle a row: the Active switch flips and the server stores it', async ({ page, account, request }) => {
  await openList(page, account);
  const id = (await ids(page))[0]!;
  const { api } = await apiList(request, account, 'limit=1');
  const before = (await api.get(`/files/${id}`)).data.isActive as 0 | 1;
  const toggle = row(page, id).getByRole('switch', { name: 'Active' });
  await (before === 1 ? expect(toggle).toBeChecked() : expect(toggle).not.toBeChecked());
  await toggle.click();
  await expect(page.getByText('File updated successfully')).toBeVisible();
  await (before === 1 ? expect(toggle).not.toBeChecked() : expect(toggle).toBeChecked());
  expect((await api.get(`/files/${id}`)).data.isActive).toBe(before === 1 ? 0 : 1);
});

test('bulk deactivate three rows under Active: they leave the list and the count follows', async ({ page, account, request }) => {
  await openList(page, account, '?isActive=1');
  const { total } = await apiList(request, account, 'isActive=1&limit=1');
  await expect(page.getByRole('heading', { name: `File List (${total})` })).toBeVisible();
  const apply = page.getByRole('button', { name: 'Apply' });
  const toolbar = page.getByRole('toolbar', { name: 'Bulk actions' });
  // The bulk toolbar appears at the top of the table once rows are selected.
  await expect(toolbar).toHaveCount(0);
  const chosen = (await ids(page)).slice(0, 3);
  for (const id of chosen) await row(page, id).getByRole('checkbox').check();
  await expect(toolbar.getByText('3 selected')).toBeVisible();
  await expect(apply).toBeDisabled();
  await page.getByRole('combobox', { name: 'Bulk action' }).click();
  await page.getByRole('option', { name: 'Deactivate' }).click();
  await expect(apply).toBeEnabled();
  await apply.click();
  await expect(page.getByText('Action performed successfully!')).toBeVisible();
  // No longer Active: out of the view at once, without a reload.
  for (const id of chosen) await expect(row(page, id)).toHaveCount(0);
  // Selection and action are cleared: the toolbar gives way to the list header again.
  await expect(toolbar).toHaveCount(0);
  await expect(page.getByRole('heading', { name: `File List (${total - 3})` })).toBeVisible();
  await rows(page).first().getByRole('checkbox').check();
  await expect(page.getByRole('combobox', { name: 'Bulk action' })).toHaveText('Select Action');
  const { api } = await apiList(request, account, 'limit=1');
  for (const id of chosen) expect((await api.get(`/files/${id}`)).data.isActive).toBe(0);
});

test('delete asks first: cancel keeps the file, Delete removes it', async ({ page, account, request }) => {
  await openList(page, account);
  const id = (await ids(page))[0]!;
  const title = await row(page, id).locator('[data-field="file_title"]').innerText();
  await page.getByRole('button', { name: `Delete file ${id}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Deletion' });
  await expect(dialog.getByText('Are you sure you want to delete this file?')).toBeVisible();
  await expect(dialog).toContainText(`“${title}” (ID ${id}) will be moved to the trash. You can restore it from there for 30 days.`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, id)).toBeVisible();

  await page.getByRole('button', { name: `Delete file ${id}` }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('File deleted successfully!')).toBeVisible();
  await expect(row(page, id)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'File List (39)' })).toBeVisible();
  const { total } = await apiList(request, account, 'limit=1');
  expect(total).toBe(39);

  // Undo is a restore on the server: the file is back in the list, the same id.
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('File restored')).toBeVisible();
  await expect(row(page, id)).toBeVisible();
  expect((await apiList(request, account, 'limit=1')).total).toBe(40);
});

test('edit opens the update-file page', async ({ page, account }) => {
  await openList(page, account);
  const id = (await ids(page))[0]!;
  await page.getByRole('button', { name: `Edit file ${id}` }).click();
  await expect(page).toHaveURL(new RegExp(`/files/${id}$`));
});

test('an account without files shows the empty state', async ({ page }) => {
  await signIn(page, await createAccount(0));
  await page.goto('/files');
  await expect(page.getByText('No files to display.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'File List (0)' })).toBeVisible();
});

test('a failed view change shows the failure in place of the rows, with Retry', async ({ page, account, request }) => {
  await openList(page, account);
  await page.route('**/api/files/?*', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ status: 'error', message: 'boom' }) }),
  );
  // A sort change needs a new request (the next page may already be fetched ahead).
  await page.getByRole('columnheader', { name: 'Title' }).click();
  await expect(page.getByText('Error fetching file list')).toBeVisible();
  const failure = page.getByRole('alert').filter({ hasText: 'The files could not be loaded' });
  await expect(failure).toContainText('boom');
  // No old rows under the new sort, and no count that looks like data.
  await expect(rows(page)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'File List', exact: true })).toBeVisible();
  await expect(page).toHaveURL(/sort_by=file_title&order=asc/);
  await page.unroute('**/api/files/?*');
  await failure.getByRole('button', { name: 'Retry' }).click();
  const asc = await apiList(request, account, 'sort_by=file_title&order=asc&limit=10');
  await expect.poll(() => ids(page)).toEqual(asc.files.map((f) => f.file_id));
  await expect(page.getByRole('heading', { name: 'File List (40)' })).toBeVisible();
});

test('the next page is fetched ahead: paging forward needs no request for it', async ({ page, account }) => {
  await refuseLiveStream(page); // the page must reach 'networkidle' below
  await openList(page, account);
  await page.waitForLoadState('networkidle');
  const pagesAsked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/files/?')) pagesAsked.push(new URL(request.url()).searchParams.get('page') ?? '1');
  });
  const first = await ids(page);
  await page.getByRole('button', { name: 'Go to next page' }).click();
  await expect.poll(() => ids(page)).not.toEqual(first);
  await expect(page.getByText('11-20 of 40')).toBeVisible();
  expect(pagesAsked).not.toContain('2');
});

test('bulk with a failing request: says how many failed and keeps that row selected', async ({ page, account, request }) => {
  await openList(page, account, '?isActive=1');
  const chosen = (await ids(page)).slice(0, 3);
  const failing = chosen[1]!;
  await page.route(`**/api/files/${failing}`, (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"status":"error","message":"disk full"}' })
      : route.continue(),
  );
  for (const id of chosen) await row(page, id).getByRole('checkbox').check();
  await page.getByRole('combobox', { name: 'Bulk action' }).click();
  await page.getByRole('option', { name: 'Deactivate' }).click();
  await page.getByRole('button', { name: 'Apply' }).click();
  const failingTitle = (await apiList(request, account, 'limit=1')).api.get(`/files/${failing}`);
  await expect(
    page.getByText(
      `Failed to perform action. 1 of 3 files could not be updated (“${(await failingTitle).data.file_title}”): disk full. It stays selected. 2 files deactivated.`,
    ),
  ).toBeVisible();
  await expect(row(page, failing).getByRole('checkbox')).toBeChecked();
  await expect(row(page, failing).getByRole('switch', { name: 'Active' })).toBeChecked();
  // The two deactivated ones left the Active view.
  for (const id of [chosen[0]!, chosen[2]!]) await expect(row(page, id)).toHaveCount(0);
  const { api } = await apiList(request, account, 'limit=1');
  expect((await api.get(`/files/${failing}`)).data.isActive).toBe(1);
  expect((await api.get(`/files/${chosen[0]}`)).data.isActive).toBe(0);
});

test('<vp-file-list> standalone: state in the page query string, cancelable vp-file-open', async ({ page, account }) => {
  await openSignedIn(page, account, '/cms.html?tab=videos');
  await page.evaluate(() => {
    const w = window as unknown as { opened: number[] };
    w.opened = [];
    document.querySelector('vp-file-editor')?.remove();
    const list = document.createElement('vp-file-list');
    list.setAttribute('edit-href', '/files/{id}');
    list.addEventListener('vp-file-open', (event) => {
      w.opened.push((event as CustomEvent<{ fileId: number }>).detail.fileId);
      event.preventDefault();
    });
    document.querySelector('main')!.append(list);
  });
  await expect(rows(page)).toHaveCount(10);
  const firstPage = await ids(page);
  await page.getByRole('button', { name: 'Go to next page' }).click();
  await expect(page).toHaveURL(/\/cms\.html\?tab=videos&page=2/);
  // The URL changes before page 2's rows arrive: wait for them, or the id read is of a vanished row.
  await expect.poll(() => ids(page)).not.toEqual(firstPage);
  const id = (await ids(page))[0]!;
  await page.getByRole('button', { name: `Edit file ${id}` }).click();
  expect(await page.evaluate(() => (window as unknown as { opened: number[] }).opened)).toEqual([id]);
  await expect(page).toHaveURL(/\/cms\.html/);
});
