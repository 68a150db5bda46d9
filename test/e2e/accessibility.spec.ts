import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

/**
 * axe-core on every screen and dialog, light and dark, inside the elements' shadow roots (axe
 * follows open shadow roots). `target-size` (WCAG 2.2 AA) is off by default in axe: switched on.
 *
 * Known DataGrid faults that cannot be fixed from outside, each with its upstream issue:
 */
const DATAGRID_ALLOWLIST: { rule: string; target: RegExp; issue: string }[] = [
  // MUI X DataGrid: "Certain ARIA roles must contain particular children" on the grid while it has no rows.
  { rule: 'aria-required-children', target: /MuiDataGrid/, issue: 'https://github.com/mui/mui-x/issues/13685' },
  // DataGrid's roving tabindex makes the focused cell itself focusable (tabindex=0), so axe sees a
  // target wrapped around the cell's own buttons once one of them was clicked. The buttons are 28 px.
  { rule: 'target-size', target: /^<div class="MuiDataGrid-cell/, issue: 'https://github.com/mui/mui-x/issues/1291' },
];

async function audit(page: Page, screen: string) {
  // Colours are only final once fade-ins end. Let transitions that were just triggered start (two
  // frames), then wait for every finite running animation to finish (spinners loop forever).
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.waitForFunction(() =>
    [document, ...[...document.querySelectorAll('*')].flatMap((el) => (el.shadowRoot ? [el.shadowRoot] : []))]
      .flatMap((root) => root.getAnimations())
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .options({ rules: { 'target-size': { enabled: true } } })
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ ...v, nodes: v.nodes.filter((n) => !DATAGRID_ALLOWLIST.some((a) => a.rule === v.id && a.target.test(n.html))) }))
    .filter((v) => v.nodes.length > 0)
    .map(
      (v) =>
        `${screen}: ${v.id} (${v.impact}) — ${v.help}\n    ${v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(' ')}  ${n.html.slice(0, 120)}  ${n.failureSummary ?? ''}`)
          .join('\n    ')}`,
    );
  expect(serious, serious.join('\n')).toEqual([]);
}

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
      await signIn(page, account);
      await setTheme(page, theme);
      // 30 rows: every status family and both switch states are on screen.
      await page.goto('/files?limit=30');
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
      await signIn(page, account);
      await setTheme(page, theme);
      await page.goto('/files?limit=30');
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
      await signIn(page, account);
      await setTheme(page, theme);
      await page.goto('/files');
      await page
        .getByRole('button', { name: /^Edit file/ })
        .first()
        .click();
      await expect(page.getByRole('button', { name: 'Update File' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await audit(page, 'file editor');
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
  await signIn(page, account);
  await page.goto('/files');
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
