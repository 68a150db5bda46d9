import type { Page } from '@playwright/test';
import { audit } from './axe';
import { expect, openSignedIn, refuseLiveStream, signIn, test } from './fixtures';

/** axe-core (./axe.ts) on every screen and dialog, light and dark. */
async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((t) => localStorage.setItem('theme', t), theme);
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test('sign-in page', async ({ page }) => {
      await page.goto('/auth/login');
      await setTheme(page, theme);
      await page.reload();
      await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
      await audit(page, 'login');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page.getByRole('alert')).toBeVisible();
      await audit(page, 'login with error');
    });

    test('dashboard, account menu and not-found', async ({ page, account }) => {
      await signIn(page, account);
      await setTheme(page, theme);
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Views, last 30 days' }).getByRole('definition').first()).toHaveText('0');
      await audit(page, 'dashboard');
      await page.getByRole('button', { name: 'Account' }).click();
      await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
      await audit(page, 'account menu');
      await page.keyboard.press('Escape');
      await page.goto('/nowhere');
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
      await audit(page, 'not found');
    });

    test('file list with 30 rows, its bulk toolbar and delete dialog', async ({ page, account }) => {
      // axe walks 30 rows of cells inside the shadow root three times: slow on a shared 2-core machine.
      test.setTimeout(180_000);
      // 30 rows: every status family and both switch states are on screen.
      await openSignedIn(page, account, '/files?limit=30', { theme });
      await expect(page.getByRole('heading', { name: 'File Management' })).toBeVisible();
      await expect(page.locator('[role="row"][data-id]')).toHaveCount(30);
      await audit(page, 'file list (30 rows)');
      await page.locator('[role="row"][data-id]').first().getByRole('checkbox').check();
      await expect(page.getByRole('toolbar', { name: 'Bulk actions' })).toBeVisible();
      await audit(page, 'bulk toolbar');
      await page
        .getByRole('button', { name: /^Delete file/ })
        .first()
        .click();
      await expect(page.getByRole('dialog', { name: 'Confirm Deletion' })).toBeVisible();
      await audit(page, 'delete dialog');
    });

    test('file list at 390 px (cards) and the failed-load state', async ({ page, account }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width: 390, height: 844 });
      await openSignedIn(page, account, '/files?limit=30', { theme });
      await expect(page.locator('li[data-id]')).toHaveCount(30);
      await audit(page, 'file cards (30)');
      await page.route('**/api/files/?*', (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: '{"status":"error","message":"boom"}' }),
      );
      await page.reload();
      await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
      await audit(page, 'failed load');
    });

    test('file editor and its subtitle dialogs', async ({ page, account }) => {
      await refuseLiveStream(page); // the page must reach 'networkidle' below
      await openSignedIn(page, account, '/files', { theme });
      await page
        .getByRole('button', { name: /^Edit file/ })
        .first()
        .click();
      await expect(page.getByRole('button', { name: 'Update File' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await audit(page, 'file editor');
      const audience = page.getByRole('region', { name: 'Audience' });
      await audience.getByRole('button', { name: 'Show views and watch time' }).click();
      await expect(audience.getByRole('img', { name: /^Views per day/ })).toBeVisible();
      await audit(page, 'file editor, Audience card open');
      await page
        .getByRole('button', { name: /Upload subtitle|Add First Subtitle/ })
        .first()
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await audit(page, 'upload dialog');
    });
  });
}

test('the list and the editor can be used with the keyboard alone', async ({ page, account }) => {
  await openSignedIn(page, account, '/files');
  await expect(page.getByRole('row').nth(1)).toBeVisible();

  // Search by keyboard: focus the search box, type, Enter.
  const search = page.getByRole('searchbox', { name: 'Search files' });
  await search.focus();
  await page.keyboard.type('zzzz-no-such-title');
  await page.keyboard.press('Enter');
  await expect(page.getByText('No files to display.')).toBeVisible();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('row').nth(1)).toBeVisible();

  // Tab from the search box to the first Edit button and open it with Enter.
  const edit = page.getByRole('button', { name: /^Edit file/ }).first();
  for (let i = 0; i < 80 && !(await edit.evaluate((el) => el.matches(':focus'))); i++) await page.keyboard.press('Tab');
  await expect(edit).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Update File' })).toBeVisible();

  // Change the title by keyboard and save with Enter on the button.
  const title = page.getByRole('textbox', { name: /title/i });
  await title.focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('Keyboard title');
  const update = page.getByRole('button', { name: 'Update File' });
  for (let i = 0; i < 20 && !(await update.evaluate((el) => el.matches(':focus'))); i++) await page.keyboard.press('Tab');
  await expect(update).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('File updated successfully')).toBeVisible();
});
