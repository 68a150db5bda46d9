import { audit } from './axe';
import { apiAs, expect, signIn, test } from './fixtures';

/** Account → API keys (issue 42, decision D55): a key is shown once, works for its scope, and Revoke ends it. */

test('create a read key, see it once, use it, revoke it', async ({ page, account, request }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, account);
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'API keys' }).click();
  await expect(page.getByRole('heading', { name: 'API keys', level: 1 })).toBeVisible();
  await expect(page.getByText('No API keys yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Create key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create an API key' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('CMS sync');
  await dialog.getByRole('combobox', { name: 'Scope' }).click();
  await page.getByRole('option', { name: 'Read' }).click();
  await expect(dialog.getByText('lists, files, subtitles and statistics')).toBeVisible();
  await audit(page, 'API keys: create dialog');
  await dialog.getByRole('button', { name: 'Create key' }).click();
  await expect(dialog.getByText('Copy this key now: it is not shown again.')).toBeVisible();
  const secret = await dialog.getByRole('textbox', { name: 'New API key' }).inputValue();
  expect(secret).toMatch(/^vpk_/);
  await expect(dialog.getByRole('button', { name: 'Copy' })).toBeVisible();
  // Nothing of the screen is wider than a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await dialog.getByRole('button', { name: 'Done' }).click();

  const list = page.getByRole('list', { name: 'API keys of this account' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('CMS sync');
  await expect(list).toContainText('Never used');
  await audit(page, 'API keys: list');
  // Shown once: the list and a reload never show the key again.
  await page.reload();
  await expect(list).toContainText('CMS sync');
  await expect(page.getByText(secret)).toHaveCount(0);

  const headers = { 'x-apikey': secret };
  expect((await request.get('/api/files?limit=1', { headers })).status()).toBe(200);
  const [file] = (await (await apiAs(request, account)).get('/files/?limit=1')).data.files;
  const edit = await request.put(`/api/files/${file.file_id}`, { headers, data: { file_title: 'Not allowed' } });
  expect(edit.status()).toBe(403);
  expect((await edit.json()).message).toBe('This API key may not do this: it needs the "write" scope');

  await list.getByRole('button', { name: 'Revoke key CMS sync' }).click();
  await page.getByRole('dialog', { name: 'Revoke this key?' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('Key “CMS sync” revoked.')).toBeVisible();
  await expect(page.getByText('No API keys yet.')).toBeVisible();
  expect((await request.get('/api/files?limit=1', { headers })).status()).toBe(401);
});
