import { expect, test } from './fixtures';

/**
 * The sign-in page is the first screen on a phone: it must not wait for code only the signed-in
 * screens use. The Lighthouse figure is `npm run bench -- mobile`; this guards its cause cheaply.
 */
test('the panel signed out downloads neither its shell nor the screen widgets, and signs in', async ({ page, account }) => {
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
  expect(chunks).toContain('kit-shared');
  expect(chunks.filter((name) => /signed-in-area|kit-widgets|files-screen|toast-stack|confirm-dialog/.test(name))).toEqual([]);

  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account' })).toBeVisible();
});
