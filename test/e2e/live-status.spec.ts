import type { Page } from '@playwright/test';
import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { apiAs, expect, openSignedIn, refuseLiveStream, signIn, test } from './fixtures';
import { E2E_DATA_DIR } from './environment.mjs';

/**
 * Live status: a pipeline (any process) writes a file's status into the database; the open list
 * repaints that row in place, without reloading the page or the list, and a file that completes
 * raises a toast. Here the test itself is that other process, writing the e2e server's SQLite file.
 */
function writeStatus(fileId: number, status: number): void {
  const db = new BetterSqlite3(join(E2E_DATA_DIR, 'vp.db'));
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare('UPDATE files SET file_status = ? WHERE file_id = ?').run(status, fileId);
  } finally {
    db.close();
  }
}

const row = (page: Page, id: number) => page.locator(`[role="row"][data-id="${id}"]`);

test('a status written by the pipeline repaints its row live, and Completed raises a toast', async ({ page, account, request }) => {
  const api = await apiAs(request, account);
  const [first, second] = (await api.get('/files/?limit=10&sort_by=created_at&order=desc')).data.files as Array<{
    file_id: number;
    file_title: string;
  }>;
  await signIn(page, account);
  const streaming = page.waitForResponse((r) => r.url().endsWith('/api/files/events') && r.status() === 200);
  await page.goto('/files');
  await streaming; // the stream opens after the first paint; changes before it are the list's own load
  await expect(row(page, first!.file_id)).toBeVisible();
  writeStatus(first!.file_id, 2); // a known state before the stream is watched
  await row(page, second!.file_id).getByRole('checkbox').check();
  const listLoads: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/files\/?\?/.test(r.url())) listLoads.push(r.url());
  });
  const marker = await page.evaluate(() => ((window as unknown as { vpMarker: number }).vpMarker = Math.random()));

  writeStatus(first!.file_id, 5);
  await expect(row(page, first!.file_id).getByText('Uploading')).toBeVisible({ timeout: 5_000 });
  writeStatus(first!.file_id, 10);
  await expect(row(page, first!.file_id).getByText('Completed')).toBeVisible({ timeout: 5_000 });
  await expect(page.getByText(`“${first!.file_title}” — Completed`)).toBeVisible();

  expect(listLoads).toEqual([]); // the row changed in place: no list request
  expect(await page.evaluate(() => (window as unknown as { vpMarker: number }).vpMarker)).toBe(marker); // no page reload
  await expect(row(page, second!.file_id).getByRole('checkbox')).toBeChecked(); // selection kept
});

test('where a proxy refuses the stream, the list polls its page: a status written meanwhile shows, selection and page kept', async ({
  page,
  account,
  request,
}) => {
  const api = await apiAs(request, account);
  const [first, second] = (await api.get('/files/?limit=10&sort_by=created_at&order=desc')).data.files as Array<{ file_id: number }>;
  await refuseLiveStream(page); // 204, as a proxy that does not pass event streams
  await openSignedIn(page, account, '/files');
  await expect(row(page, first!.file_id)).toBeVisible();
  await row(page, second!.file_id).getByRole('checkbox').check();
  const marker = await page.evaluate(() => ((window as unknown as { vpMarker: number }).vpMarker = Math.random()));

  writeStatus(first!.file_id, 5);
  await expect(row(page, first!.file_id).getByText('Uploading')).toBeVisible({ timeout: 15_000 }); // within one 10 s poll
  expect(await page.evaluate(() => (window as unknown as { vpMarker: number }).vpMarker)).toBe(marker);
  await expect(row(page, second!.file_id).getByRole('checkbox')).toBeChecked();
});
