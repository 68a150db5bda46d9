import type { Page } from '@playwright/test';
import { apiAs, expect, openSignedIn, signIn, test } from './fixtures';

/** The operator's experience: honest bulk results, failures as states, the phone layout, focus and keys. */

const rows = (page: Page) => page.locator('[role="row"][data-id]');
const row = (page: Page, id: number) => page.locator(`[role="row"][data-id="${id}"]`);
const ids = (page: Page) => rows(page).evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-id'))));
const focusedHeading = (page: Page) =>
  page.evaluate(() => {
    const root = document.querySelector('vp-admin-panel')?.shadowRoot;
    const active = root?.activeElement;
    return active?.tagName === 'H1' ? active.textContent : null;
  });

test('bulk Activate on rows that are already active: they count as done, nothing stays selected', async ({ page, account, request }) => {
  await openSignedIn(page, account, '/files?isActive=1');
  await expect(rows(page).first()).toBeVisible();
  const chosen = (await ids(page)).slice(0, 3);
  for (const id of chosen) await row(page, id).getByRole('checkbox').check();
  await page.getByRole('combobox', { name: 'Bulk action' }).click();
  await page.getByRole('option', { name: 'Activate', exact: true }).click();
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('3 files were already active.')).toBeVisible();
  await expect(page.getByText(/Failed to perform action/)).toHaveCount(0);
  for (const id of chosen) {
    await expect(row(page, id).getByRole('checkbox')).not.toBeChecked();
    await expect(row(page, id).getByRole('switch', { name: 'Active' })).toBeChecked();
  }
  await expect(page.getByRole('toolbar', { name: 'Bulk actions' })).toHaveCount(0);
  const api = await apiAs(request, account);
  for (const id of chosen) expect((await api.get(`/files/${id}`)).data.isActive).toBe(1);
});

test('a failed first load is an error state with the reason and a Retry that recovers', async ({ page, account }) => {
  await signIn(page, account);
  let failing = true;
  await page.route('**/api/files/?*', (route) =>
    failing
      ? route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ status: 'error', message: 'The file index is being rebuilt' }),
        })
      : route.continue(),
  );
  await page.goto('/files');
  const failure = page.getByRole('alert').filter({ hasText: 'The files could not be loaded' });
  await expect(failure).toContainText('The file index is being rebuilt');
  // Nothing that looks like an empty account.
  await expect(page.getByText('No files to display.')).toHaveCount(0);
  await expect(page.getByText('File List (0)')).toHaveCount(0);
  await expect(page.getByText('0-0 of 0')).toHaveCount(0);
  failing = false;
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(rows(page)).toHaveCount(10);
  await expect(page.getByRole('heading', { name: 'File List (40)' })).toBeVisible();
  await expect(failure).toHaveCount(0);
});

test("a list reply with status 'error' shows the server's message", async ({ page, account }) => {
  await signIn(page, account);
  await page.route('**/api/files/?*', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ status: 'error', message: 'Your plan does not include the file list' }),
    }),
  );
  await page.goto('/files');
  await expect(page.getByRole('alert').filter({ hasText: 'The files could not be loaded' })).toContainText(
    'Your plan does not include the file list',
  );
});

test('the editor: a failed load is a state with Retry; a file the server does not know goes back to the list', async ({
  page,
  account,
  request,
}) => {
  await signIn(page, account);
  const api = await apiAs(request, account);
  const id = (await api.get('/files/?limit=1')).data.files[0].file_id as number;
  let failing = true;
  await page.route(`**/api/files/${id}`, (route) => (failing ? route.abort('connectionrefused') : route.continue()));
  await page.goto(`/files/${id}`);
  const failure = page.getByRole('alert').filter({ hasText: 'This file could not be loaded' });
  await expect(failure).toContainText('The server could not be reached');
  await expect(page).toHaveURL(new RegExp(`/files/${id}$`));
  failing = false;
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('button', { name: 'Update File' })).toBeVisible();

  await page.goto('/files/999999999');
  await expect(page.getByText('File not found').first()).toBeVisible();
  await expect(page).toHaveURL(/\/files$/);
});

test('at 390 px each file is a card whose title, status, switch and actions are on screen', async ({ page, account }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openSignedIn(page, account, '/files');
  const card = page.locator('li[data-id]').first();
  await expect(card).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.clientWidth);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  const targets = [
    card.getByRole('button', { name: /^Edit file/ }),
    card.getByRole('button', { name: /^Delete file/ }),
    card.getByRole('switch', { name: 'Active' }),
    card.getByRole('checkbox'),
  ];
  for (const target of targets) {
    const box = (await target.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
  }
  // Selecting shows the bulk bar on screen too.
  await card.getByRole('checkbox').check();
  const apply = page.getByRole('button', { name: 'Apply' });
  await expect(apply).toBeInViewport();
  // The editor's header actions fit without a lonely wrapped button.
  await card.getByRole('button', { name: /^Edit file/ }).click();
  const back = page.getByRole('button', { name: 'Back to Files' });
  const del = page.getByRole('button', { name: 'Delete file' });
  await expect(del).toBeVisible();
  const [b, d] = [(await back.boundingBox())!, (await del.boundingBox())!];
  expect(Math.abs(b.y - d.y)).toBeLessThan(4);
  expect(d.x + d.width).toBeLessThanOrEqual(width);
});

test('focus goes to the page heading after sign-in and after each navigation; the skip link reaches the content', async ({
  page,
  account,
}) => {
  await signIn(page, account);
  await expect.poll(() => focusedHeading(page)).toBe('Dashboard');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Files', exact: true }).click();
  await expect.poll(() => focusedHeading(page)).toBe('File Management');
  await page
    .getByRole('button', { name: /^Edit file/ })
    .first()
    .click();
  await expect.poll(() => focusedHeading(page)).toBe('Update File');
  await page.getByRole('button', { name: 'Back to Files' }).click();
  await expect.poll(() => focusedHeading(page)).toBe('File Management');

  // The skip link is the first stop of the tab order: walk back to it from the heading.
  const skip = page.getByRole('link', { name: 'Skip to content' });
  for (let i = 0; i < 10 && !(await skip.evaluate((el) => el.matches(':focus'))); i++) await page.keyboard.press('Shift+Tab');
  await expect(skip).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(skip).not.toBeFocused();
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect.poll(() => focusedHeading(page)).toBe('File Management');
});

test('Enter on the drop zone opens the file picker', async ({ page, account, request }) => {
  // Listened for first: Chromium intercepts the picker only once Playwright has asked it to, a request
  // that is then long answered when Enter is pressed.
  const chooser = page.waitForEvent('filechooser');
  await signIn(page, account);
  const api = await apiAs(request, account);
  const id = (await api.get('/files/?limit=1')).data.files[0].file_id as number;
  await page.goto(`/files/${id}`);
  await page
    .getByRole('button', { name: /Upload subtitle|Add First Subtitle/ })
    .first()
    .click();
  const zone = page.getByRole('dialog', { name: 'Upload Subtitle' }).getByRole('button', { name: /Drop a subtitle file/ });
  await expect(zone).toBeVisible();
  for (let i = 0; i < 10 && !(await zone.evaluate((el) => el.matches(':focus'))); i++) await page.keyboard.press('Tab');
  await expect(zone).toBeFocused();
  await page.keyboard.press('Enter');
  await chooser;
});

test('a screen that fails to render keeps the shell, with Reload and Go to Files', async ({ page, account }) => {
  await signIn(page, account);
  // A reply that passes the schema but breaks rendering would be a bug; simulate one by breaking a built-in the list uses.
  await page.goto('/files');
  await expect(rows(page).first()).toBeVisible();
  await page.evaluate(() => {
    const w = window as unknown as { realFormat?: PropertyDescriptor };
    w.realFormat = Object.getOwnPropertyDescriptor(Intl.DateTimeFormat.prototype, 'format');
    Object.defineProperty(Intl.DateTimeFormat.prototype, 'format', {
      configurable: true,
      get: () => () => {
        throw new Error('render exploded');
      },
    });
  });
  await page.getByRole('button', { name: 'Go to next page' }).click();
  const box = page.getByRole('alert').filter({ hasText: 'Lỗi xảy ra!' });
  await expect(box).toContainText('render exploded');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account' })).toBeVisible();
  await page.evaluate(() =>
    Object.defineProperty(Intl.DateTimeFormat.prototype, 'format', (window as unknown as { realFormat: PropertyDescriptor }).realFormat),
  );
  await box.getByRole('button', { name: 'Reload' }).click();
  await expect(rows(page).first()).toBeVisible();
  await expect(box).toHaveCount(0);
});
