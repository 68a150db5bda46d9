import { apiAs, createAccount, expect, openSignedIn, test } from './fixtures';

/** The editor's "Where it may play" (issue 40) and the embed builder's tester, in Chromium against the real server. */

test('"Only these sites" is saved from the editor, and the embed builder\'s tester answers both ways', async ({ page, request }) => {
  const account = await createAccount(1);
  const api = await apiAs(request, account);
  const fileId = (await api.get('/files/?limit=1')).data.files[0].file_id as number;
  // A phone's width: the dialogs fit without scrolling sideways.
  await page.setViewportSize({ width: 360, height: 800 });
  await openSignedIn(page, account, `/files/${fileId}`);
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  await page.getByRole('button', { name: 'Where it may play' }).click();
  const accessDialog = page.getByRole('dialog', { name: 'Where it may play' });
  await expect(accessDialog.getByText('A site list is a speed bump')).toBeVisible();
  await accessDialog.getByRole('switch', { name: "Use the account's default" }).uncheck();
  await accessDialog.getByRole('radio', { name: 'Only these sites' }).check();
  const sites = accessDialog.getByRole('textbox', { name: 'Sites' });
  await sites.fill('https://school.example/');
  await accessDialog.getByRole('button', { name: 'Save' }).click();
  // Refused before a save, in the contract's words.
  await expect(accessDialog.getByText('Not a host name: "https://school.example/"')).toBeVisible();
  await sites.fill('School.example\n*.lessons.example');
  expect(await fits()).toBe(true);
  await accessDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('File updated successfully')).toBeVisible();
  await expect(accessDialog).toBeHidden();
  await expect
    .poll(async () => (await api.get(`/files/${fileId}`)).data.player_access)
    .toEqual({ embed: 'sites', sites: ['school.example', '*.lessons.example'], signed: false, allow_no_referrer: true });

  expect(await fits()).toBe(true);
  await page.getByRole('button', { name: 'Customize embed' }).click();
  const dialog = page.getByRole('dialog', { name: 'Embed options' });
  const tester = dialog.getByRole('textbox', { name: 'Would it play on this page?' });
  await tester.fill('https://a.lessons.example/course/1');
  await expect(dialog.getByRole('status').filter({ hasText: 'Would' })).toHaveText('Would play on a.lessons.example.');
  await tester.fill('elsewhere.example');
  await expect(dialog.getByRole('status').filter({ hasText: 'Would' })).toHaveText(
    'Would be refused on elsewhere.example, because the site is not one of those it may play on.',
  );
  expect(await fits()).toBe(true);
});
