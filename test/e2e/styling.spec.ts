import { CSS_PARTS, PARTS_BY_TAG } from '../../src/app/shell/styling';
import type { Locator, Page } from '@playwright/test';
import { expect, openSignedIn, test } from './fixtures';

/** A host page's theme: custom properties on <html> and ::part rules, in place before the kit renders. */
const HOST_THEME = `
  :root { --vp-primary-color: rgb(200, 0, 100); --vp-surface-color: #fdf6e3; --vp-text-color: rgb(40, 40, 90);
          --vp-radius: 12px; --vp-font-family: "Liberation Mono", monospace; --vp-density: compact; }
  vp-admin-panel::part(card) { outline: 3px solid rgb(1, 2, 3); }
  vp-admin-panel::part(topbar) { outline: 3px solid rgb(4, 5, 6); }
`;

/** Every page the test opens gets the host's stylesheet in its <head>, as a real host page would have it. */
async function hostStylesheet(page: Page, css: string) {
  await page.route(
    (url) => !/^\/(api|kit|player|images)\//.test(url.pathname),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const html = (await response.text()).replace('</head>', `<style>${css}</style></head>`);
      await route.fulfill({ response, body: html, headers: { ...response.headers(), 'content-encoding': 'identity' } });
    },
  );
}

/** The demo page paints its own copy of the sign-in form first (decision D72): these styles are the kit's form's. */
const kitFormShown = (page: Page) => expect(page.locator('vp-admin-panel [data-vp-placeholder]')).toHaveCount(0);

const style = (selector: Locator, property: string) =>
  selector.evaluate((el, name) => getComputedStyle(el).getPropertyValue(name), property);

test.describe('styling API', () => {
  test('the --vp-* properties theme the sign-in screen and ::part rules reach its card', async ({ page }) => {
    await hostStylesheet(page, HOST_THEME);
    await page.goto('/auth/login');
    await kitFormShown(page);
    const button = page.getByRole('button', { name: 'Sign In' });
    await expect(button).toBeVisible();
    expect(await style(button, 'background-color')).toBe('rgb(200, 0, 100)');
    expect(await style(button, 'font-family')).toContain('Liberation Mono');
    const card = page.locator(`[part~="${CSS_PARTS.card.name}"]`);
    expect(await style(card, 'background-color')).toBe('rgb(253, 246, 227)');
    expect(await style(card, 'border-top-left-radius')).toBe('12px');
    expect(await style(card, 'outline-color')).toBe('rgb(1, 2, 3)');
    expect(await style(page.getByText('Sign in to start your session'), 'color')).not.toBe('');
    expect(await style(page.locator(`[part~="${CSS_PARTS.form.name}"]`), 'display')).not.toBe('');
    // compact density: small fields
    await expect(page.locator('vp-admin-panel .MuiInputBase-sizeSmall')).toHaveCount(2);
  });

  test('every part the panel names is on the page, and ::part styles the top bar', async ({ page, account }) => {
    await hostStylesheet(page, HOST_THEME);
    await openSignedIn(page, account, '/files');
    await expect(page.getByRole('grid')).toBeVisible();
    for (const name of PARTS_BY_TAG['vp-admin-panel'].filter((n) => n !== 'form')) {
      await expect(page.locator(`[part~="${name}"]`).first(), `part ${name}`).toBeAttached();
    }
    expect(await style(page.locator('[part~="topbar"]'), 'outline-color')).toBe('rgb(4, 5, 6)');
    await page
      .getByRole('button', { name: /^Edit file/ })
      .first()
      .click();
    await expect(page.locator('[part~="form"]')).toBeAttached();
  });

  test('text colour applies to the screen and an invalid value is ignored', async ({ page }) => {
    await hostStylesheet(page, `${HOST_THEME} :root { --vp-primary-color: not-a-colour; }`);
    await page.goto('/auth/login');
    await kitFormShown(page);
    const button = page.getByRole('button', { name: 'Sign In' });
    await expect(button).toBeVisible();
    expect(await style(button, 'background-color')).toBe('rgb(21, 101, 192)'); // the kit's own primary
    expect(await style(page.getByText('Sign in to start your session'), 'color')).toMatch(/^rgba?\(/);
    expect(await style(page.locator('[part~="card"]').locator('..'), 'color')).toBe('rgb(40, 40, 90)');
  });
});
