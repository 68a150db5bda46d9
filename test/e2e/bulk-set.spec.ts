import type { Page } from '@playwright/test';
import { apiAs, createAccount, expect, expectWithin, openSignedIn, signIn, test } from './fixtures';
import { serveHost } from './hosts';

/**
 * Bulk player access and schedules (issues 40 and 43, decision D63): two selected files given a
 * deactivation 10 s ahead in one bulk job turn inactive in the open list without a reload; a bulk
 * access change, undone, leaves each file with what it had before (as the server stores it); the
 * Scheduled filter lists the scheduled files.
 */

const row = (page: Page, id: number) => page.locator(`[role="row"][data-id="${id}"]`);

async function chooseBulk(page: Page, ids: number[], action: string) {
  for (const id of ids) await row(page, id).getByRole('checkbox').check();
  await page.getByRole('combobox', { name: 'Bulk action' }).click();
  await page.getByRole('option', { name: action, exact: true }).click();
  await page.getByRole('toolbar', { name: 'Bulk actions' }).getByRole('button', { name: 'Apply' }).click();
}

test('two selected files given a deactivation 10 s ahead in bulk turn inactive without a reload; the Scheduled filter lists them', async ({
  page,
  request,
}) => {
  const account = await createAccount(6);
  const api = await apiAs(request, account);
  const files = (await api.get('/files/?limit=2&sort_by=created_at&order=desc')).data.files as Array<{ file_id: number }>;
  const ids = files.map((f) => f.file_id);
  for (const id of ids) await api.put(`/files/${id}`, { isActive: 1 });
  await signIn(page, account);
  const streaming = page.waitForResponse((r) => r.url().endsWith('/api/files/events') && r.status() === 200);
  await page.goto('/files');
  await streaming;
  const marker = await page.evaluate(() => ((window as unknown as { vpMarker: number }).vpMarker = Math.random()));

  await chooseBulk(page, ids, 'Schedule…');
  const dialog = page.getByRole('dialog', { name: 'Schedule these files' });
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  await expect(dialog.getByText(`For 2 selected files. Times are in your time zone: ${zone}.`)).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Deactivate at', exact: true }).click();
  await page.getByRole('option', { name: 'Set to' }).click();
  // Ten seconds from now, in the browser's own time zone, to the second.
  const local = await page.evaluate(() => {
    const d = new Date(Date.now() + 10_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  });
  await dialog.getByLabel('Deactivate at: Time', { exact: true }).fill(local);
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog.getByRole('status')).toHaveText('2 changed', { timeout: 20_000 });
  const due = await page.evaluate((value) => new Date(value).toISOString(), local);
  for (const id of ids) expect((await api.get(`/files/${id}`)).data.deactivate_at).toBe(due);
  await dialog.getByRole('button', { name: 'Done' }).click();

  for (const id of ids) await expect(row(page, id).getByText(/^Scheduled /)).toBeVisible();
  // Due in 10 s, run within 5 s of it: 25 s leaves a busy machine its margin.
  for (const id of ids) await expect(row(page, id).getByRole('switch')).not.toBeChecked({ timeout: 25_000 });
  expect(await page.evaluate(() => (window as unknown as { vpMarker: number }).vpMarker)).toBe(marker); // no page reload

  // The Scheduled filter: nothing is scheduled any more; one scheduled file is listed alone.
  await api.put(`/files/${ids[0]}`, { activate_at: '2035-03-04T09:30:00Z' });
  await page.getByRole('combobox', { name: 'Schedule', exact: true }).click();
  await page.getByRole('option', { name: 'Scheduled', exact: true }).click();
  await expect(page).toHaveURL(/scheduled=1/);
  await expect(page.locator('[role="row"][data-id]')).toHaveCount(1);
  await expect(row(page, ids[0]!)).toBeVisible();
});

test('a bulk access change, undone, gives each file back what it had (as the server stores it)', async ({ page, request }) => {
  const account = await createAccount(6);
  const api = await apiAs(request, account);
  const files = (await api.get('/files/?limit=2&sort_by=created_at&order=desc')).data.files as Array<{ file_id: number }>;
  const [own, inherits] = files.map((f) => f.file_id) as [number, number];
  const nowhere = { embed: 'nowhere', sites: [], signed: false, allow_no_referrer: true };
  await api.put(`/files/${own}`, { player_access: nowhere });
  await openSignedIn(page, account, '/files');

  await chooseBulk(page, [own, inherits], 'Where they may play…');
  const dialog = page.getByRole('dialog', { name: 'Where these files may play' });
  await dialog.getByRole('switch', { name: "Use the account's default" }).uncheck();
  await dialog.getByRole('radio', { name: 'Only these sites' }).check();
  await dialog.getByRole('textbox', { name: 'Sites' }).fill('school.example');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog.getByRole('status')).toHaveText('2 changed', { timeout: 20_000 });
  const sites = { embed: 'sites', sites: ['school.example'], signed: false, allow_no_referrer: true };
  expect((await api.get(`/files/${own}`)).data.player_access).toEqual(sites);
  expect((await api.get(`/files/${inherits}`)).data.player_access).toEqual(sites);

  await dialog.getByRole('button', { name: 'Undo' }).click();
  await expect(dialog.getByText('Undo: back to the previous values of 2 files')).toBeVisible();
  await expect(dialog.getByRole('status')).toHaveText('2 changed', { timeout: 20_000 });
  await expect(dialog.getByRole('button', { name: 'Undo' })).toHaveCount(0);
  expect((await api.get(`/files/${own}`)).data.player_access).toEqual(nowhere);
  expect((await api.get(`/files/${inherits}`)).data).not.toHaveProperty('player_access');
});

const KIT = '<script type="module" src="/kit/vp-admin-kit.js"></script>';
const host = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title>${KIT}</head><body style="margin:0">${body}</body></html>`;

for (const theme of ['light', 'dark'] as const) {
  test(`${theme}: the Schedule filter and both bulk dialogs fit at 360 px (and at 1280)`, async ({ page, request, account }, info) => {
    const api = await apiAs(request, account);
    const ids = ((await api.get('/files/?limit=2&sort_by=created_at&order=desc')).data.files as Array<{ file_id: number }>).map(
      (f) => f.file_id,
    );
    await page.addInitScript((key) => localStorage.setItem('apiKey', key), api.apiKey);
    await serveHost(page, '/hosts/bulk-set.html', host(`<vp-file-list url-state="memory" theme="${theme}"></vp-file-list>`));
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/hosts/bulk-set.html');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const filter = page.getByRole('combobox', { name: 'Schedule', exact: true });
      await expectWithin(width, [
        filter,
        page.getByRole('combobox', { name: 'Active' }),
        page.getByRole('combobox', { name: 'File Status' }),
      ]);
      await page.screenshot({ path: info.outputPath(`list-${width}-${theme}.png`), fullPage: true });

      const item = (id: number) => page.locator(`[data-id="${id}"]`);
      for (const id of ids) await item(id).getByRole('checkbox').check();
      for (const [action, title] of [
        ['Schedule…', 'Schedule these files'],
        ['Where they may play…', 'Where these files may play'],
      ] as const) {
        await page.getByRole('combobox', { name: 'Bulk action' }).click();
        await page.getByRole('option', { name: action, exact: true }).click();
        await page.getByRole('toolbar', { name: 'Bulk actions' }).getByRole('button', { name: 'Apply' }).click();
        const dialog = page.getByRole('dialog', { name: title });
        await expect(dialog).toBeVisible();
        if (action === 'Schedule…') {
          await dialog.getByRole('combobox', { name: 'Activate at', exact: true }).click();
          await page.getByRole('option', { name: 'Set to' }).click();
          await expectWithin(width, [
            dialog.getByRole('combobox', { name: 'Activate at', exact: true }),
            dialog.getByLabel('Activate at: Time', { exact: true }),
            dialog.getByRole('combobox', { name: 'Deactivate at', exact: true }),
          ]);
        } else {
          await dialog.getByRole('switch', { name: "Use the account's default" }).uncheck();
          await expectWithin(width, [dialog.getByRole('radio', { name: 'Only these sites' })]);
        }
        await expectWithin(width, [dialog.getByRole('button', { name: 'Cancel' }), dialog.getByRole('button', { name: 'Apply' })]);
        await page.screenshot({
          path: info.outputPath(`${action === 'Schedule…' ? 'schedule' : 'access'}-${width}-${theme}.png`),
          animations: 'disabled',
        });
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await expect(dialog).toHaveCount(0);
        for (const id of ids) await item(id).getByRole('checkbox').check();
      }
    }
  });
}
