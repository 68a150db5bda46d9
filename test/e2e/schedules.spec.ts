import type { Page } from '@playwright/test';
import { apiAs, expect, expectWithin, openSignedIn, signIn, test } from './fixtures';

/**
 * Schedules (issue 43, decision D56): a file scheduled to deactivate turns inactive in the open list
 * within seconds of its time, without a reload; the editor's Schedule card saves a time typed in the
 * operator's own time zone, which it names.
 */

const row = (page: Page, id: number) => page.locator(`[role="row"][data-id="${id}"]`);

test('a file scheduled to deactivate in 10 s: its row shows the schedule, then turns inactive without a reload', async ({
  page,
  account,
  request,
}) => {
  const api = await apiAs(request, account);
  const files = (await api.get('/files/?limit=10&sort_by=created_at&order=desc')).data.files as Array<{
    file_id: number;
    isActive: number;
  }>;
  const file = files[0]!;
  if (file.isActive !== 1) await api.put(`/files/${file.file_id}`, { isActive: 1 });
  await signIn(page, account);
  const streaming = page.waitForResponse((r) => r.url().endsWith('/api/files/events') && r.status() === 200);
  await page.goto('/files');
  await streaming;
  const switchOf = row(page, file.file_id).getByRole('switch');
  await expect(switchOf).toBeChecked();
  const marker = await page.evaluate(() => ((window as unknown as { vpMarker: number }).vpMarker = Math.random()));

  const set = await api.put(`/files/${file.file_id}`, { deactivate_at: new Date(Date.now() + 10_000).toISOString() });
  expect(set.status).toBe('success');
  await expect(row(page, file.file_id).getByText(/^Scheduled /)).toBeVisible({ timeout: 5_000 });
  // Due in 10 s, run within 5 s of it (the sweep polls every second): 20 s leaves a busy machine its margin.
  await expect(switchOf).not.toBeChecked({ timeout: 20_000 });
  await expect(row(page, file.file_id).getByText(/^Scheduled /)).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { vpMarker: number }).vpMarker)).toBe(marker); // no page reload
});

test('the editor saves a schedule typed in the time zone it names, and clears it', async ({ page, account, request }) => {
  const api = await apiAs(request, account);
  const [file] = (await api.get('/files/?limit=1')).data.files as Array<{ file_id: number }>;
  // A time with seconds (the bulk dialog and the API take them) stays as it is when only the other one is saved.
  const withSeconds = '2035-03-04T07:15:45.000Z';
  await api.put(`/files/${file!.file_id}`, { activate_at: withSeconds, deactivate_at: null });
  await openSignedIn(page, account, `/files/${file!.file_id}`);
  const card = page.getByRole('region', { name: 'Schedule' });
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  await expect(card.getByText(`Times are in your time zone: ${zone}.`)).toBeVisible();
  await card.getByLabel('Deactivate at', { exact: true }).fill('2035-03-05T10:00');
  await card.getByRole('button', { name: 'Save schedule' }).click();
  const saved = page.getByRole('status').filter({ hasText: 'File updated successfully' });
  await expect(saved).toBeVisible();
  expect((await api.get(`/files/${file!.file_id}`)).data.activate_at).toBe(withSeconds);
  // Closed, so that the next save's toast is the one looked for (each save says so once).
  await saved.getByRole('button', { name: 'Close' }).click();
  await expect(saved).toBeHidden();

  await card.getByLabel('Activate at', { exact: true }).fill('2035-03-04T09:30');
  await card.getByRole('button', { name: 'Save schedule' }).click();
  await expect(saved).toBeVisible();
  const stored = (await api.get(`/files/${file!.file_id}`)).data;
  const expected = await page.evaluate(() => new Date('2035-03-04T09:30').toISOString());
  expect(stored.activate_at).toBe(expected);

  await card.getByLabel('Deactivate at', { exact: true }).fill('2035-03-04T08:00');
  await card.getByRole('button', { name: 'Save schedule' }).click();
  await expect(card.getByRole('alert')).toHaveText('Deactivate after the time it activates.');

  await card.getByRole('button', { name: 'Clear schedule' }).click();
  await expect.poll(async () => (await api.get(`/files/${file!.file_id}`)).data.activate_at).toBeUndefined();
});

test('at 360 px: the Schedule card fits, the list shows the chip, and its switch asks whether to keep the schedule', async ({
  page,
  account,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const api = await apiAs(request, account);
  const [file] = (await api.get('/files/?limit=1&sort_by=created_at&order=desc')).data.files as Array<{
    file_id: number;
    isActive: number;
  }>;
  const id = file!.file_id;
  await api.put(`/files/${id}`, { isActive: 1 });
  await api.put(`/files/${id}`, { deactivate_at: '2035-03-04T09:30:00Z' });
  await openSignedIn(page, account, `/files/${id}`);
  const card = page.getByRole('region', { name: 'Schedule' });
  await expectWithin(360, [
    card.getByRole('textbox', { name: 'Activate at', exact: true }),
    card.getByRole('textbox', { name: 'Deactivate at', exact: true }),
    card.getByRole('button', { name: 'Save schedule' }),
    card.getByRole('button', { name: 'Clear schedule' }),
  ]);

  await page.goto('/files');
  const item = page.locator(`li[data-id="${id}"]`);
  await expect(item.getByText(/^Scheduled /)).toBeVisible();
  await expectWithin(360, [item.getByText(/^Scheduled /), item.getByRole('switch')]);
  await item.getByRole('switch').click();
  const dialog = page.getByRole('dialog', { name: 'Keep the schedule?' });
  await expect(dialog).toBeVisible();
  await expectWithin(360, [
    dialog.getByRole('button', { name: 'Cancel' }),
    dialog.getByRole('button', { name: 'Clear it' }),
    dialog.getByRole('button', { name: 'Keep schedule' }),
  ]);
  await dialog.getByRole('button', { name: 'Clear it' }).click();
  await expect(item.getByRole('switch')).not.toBeChecked();
  const stored = (await api.get(`/files/${id}`)).data;
  expect(stored.isActive).toBe(0);
  expect(stored).not.toHaveProperty('deactivate_at');
});
