import { expect, test } from './fixtures';

/**
 * The sign-in page is the first screen on a phone: it must not wait for code only the signed-in
 * screens use. The Lighthouse figure is `npm run bench -- mobile`; this guards its cause cheaply.
 */
test('the panel signed out downloads the entry and kit-core only, and signs in', async ({ page, account }) => {
  const scripts: string[] = [];
  page.on('request', (req) => void (req.resourceType() === 'script' && scripts.push(new URL(req.url()).pathname)));
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const chunks = scripts.map((path) =>
    path
      .split('/')
      .pop()!
      .replace(/-[\w-]{8}\.js$/, ''),
  );
  // The entry, then one chunk with all the form needs: on a slow network a second request would share the
  // bandwidth with it, and a chunk that only another chunk imports would wait for that one to arrive.
  expect(chunks).toEqual(['vp-admin-kit.js', 'kit-core']);

  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account' })).toBeVisible();
});
