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

/**
 * The page's static copy of the form (demo/index.html) is painted with the HTML, before the kit's code
 * arrives: a visitor on a slow phone reads the form at once and may start typing; the kit's form then
 * takes over with what was typed, and the copy is gone (one Username field, not two).
 */
test('the sign-in form shows before the kit arrives, and keeps what was typed into it', async ({ page, account }) => {
  let releaseKit!: () => void;
  const kitHeld = new Promise<void>((resolve) => (releaseKit = resolve));
  await page.route('**/kit/vp-admin-kit.js', async (route) => {
    await kitHeld;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'commit' });
  await expect(page.getByText('Sign in to start your session')).toBeVisible();
  await page.getByLabel('Username').fill(account.username);
  await expect(page.locator('vp-admin-panel [data-vp-placeholder]')).toHaveCount(1);

  releaseKit();
  await expect(page.locator('vp-admin-panel [data-vp-placeholder]')).toHaveCount(0);
  await expect(page.getByLabel('Username')).toHaveValue(account.username);
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  // Signed in, a reload does not flash the form while the kit loads.
  let releaseAgain!: () => void;
  const heldAgain = new Promise<void>((resolve) => (releaseAgain = resolve));
  await page.unroute('**/kit/vp-admin-kit.js');
  await page.route('**/kit/vp-admin-kit.js', async (route) => {
    await heldAgain;
    await route.continue();
  });
  await page.reload({ waitUntil: 'commit' });
  await expect(page.locator('vp-admin-panel [data-vp-placeholder]')).toHaveCount(1);
  await expect(page.getByText('Sign in to start your session')).toBeHidden();
  releaseAgain();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});
