import { collectConsoleErrors, expect, test } from './fixtures';
import { E2E_PORT } from './environment.mjs';
import { servePage } from './other-origin';

/**
 * An integrator's page on another origin, with the kit it ships itself, signing in against an API that
 * does not list that origin in VP_CORS_ORIGINS (the test server lists none), or one that is down: the
 * form says where the API was looked for and why it may have failed, not only the generic line of docs/spec.md §8.
 */
for (const [what, apiBase] of [
  ['an API that does not allow the origin', `http://127.0.0.1:${E2E_PORT}/api`],
  ['an API that cannot be reached', 'http://127.0.0.1:9/api'],
] as const) {
  test(`sign-in from another origin against ${what} says where the API is and that the origin may not be allowed`, async ({ page }) => {
    const host = await servePage(
      `<!doctype html><html lang="en"><head><title>CMS</title><script type="module" src="/kit/vp-admin-kit.js"></script></head><body><vp-admin-panel routing="memory" api-base="${apiBase}"></vp-admin-panel></body></html>`,
    );
    try {
      collectConsoleErrors(page);
      const warnings: string[] = [];
      page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
      await page.goto(host.url);
      await page.getByLabel('Username').fill('demo');
      await page.getByLabel('Password').fill('demo-password');
      await page.getByRole('button', { name: 'Sign In' }).click();
      const origin = host.url.replace(/\/$/, '');
      await expect(page.getByRole('alert')).toHaveText(
        `An error occurred. Please try again. The API at ${apiBase}/ could not be reached from this page: it may be down, or it does not allow this page's origin (${origin}).`,
      );
      expect(warnings.join('\n')).toContain('VP_CORS_ORIGINS');
    } finally {
      host.close();
    }
  });
}
