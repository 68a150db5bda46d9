import { test as base, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { runServerCli } from '../support/server.mjs';
import { signInByApi } from '../support/sign-in.mjs';
import { E2E_DATA_DIR, E2E_PORT } from './environment.mjs';

export { expect };

/**
 * The kit's live file stream (GET …/files/events) is a request that stays open by design: a page with it
 * never reaches Playwright's 'networkidle', and a route that passes it through with route.fetch never
 * ends. Tests that need either refuse it (204: no failed load in the console); the kit takes a 204 for a
 * proxy that blocks streaming: it polls every 10 s and retries the stream after 4, 8, 16 s…
 */
export const refuseLiveStream = (page: Page) => page.route('**/files/events', (route) => route.fulfill({ status: 204 }));

export interface Account {
  username: string;
  password: string;
}

/**
 * A fresh account with `files` seeded files, made through the server's own CLI against the running
 * server's data folder: every test gets data no other test touches, so specs run in parallel.
 */
export async function createAccount(files = 40): Promise<Account> {
  const account = { username: `e2e-${randomBytes(5).toString('hex')}`, password: `pw-${randomBytes(8).toString('hex')}` };
  await runServerCli(['seed', '--account', account.username, '--password', account.password, '--files', String(files)], {
    dataDir: E2E_DATA_DIR,
  });
  return account;
}

/** Signs in through the real form of the panel (of the server at `base`, else Playwright's). */
export async function signIn(page: Page, account: Account, base = '') {
  await page.goto(`${base}/auth/login`);
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
}

/**
 * Waits until every transition and animation the page started has ended (spinners, which loop forever,
 * aside), in the document and in the elements' shadow roots: two frames first, so that one just
 * triggered has started.
 */
export async function animationsEnded(page: Page) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.waitForFunction(() =>
    [document, ...[...document.querySelectorAll('*')].flatMap((el) => (el.shadowRoot ? [el.shadowRoot] : []))]
      .flatMap((root) => root.getAnimations())
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
}

/**
 * Opens `path` signed in as `account` with a session the API made: for tests whose subject is not the
 * sign-in (the form has its own tests, and flows that begin at the form keep it). One page load where
 * the form took three (the form, the dashboard it leads to, then `path`): about 1.2 s and 0.5 s of
 * Chromium's CPU a test. The key, and any other `storage` given (the theme), is stored before the
 * page's first script runs, at the first load only: a sign-out later in the test stays signed out.
 */
export async function openSignedIn(page: Page, account: Account, path: string, storage: Record<string, string> = {}) {
  const origin = `http://127.0.0.1:${E2E_PORT}`;
  const apiKey = await signInByApi(origin, account.username, account.password);
  await page.addInitScript(
    ({ origin, items }) => {
      if (location.origin !== origin || sessionStorage.getItem('vp-e2e-session-stored')) return;
      sessionStorage.setItem('vp-e2e-session-stored', '1');
      for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
    },
    { origin, items: { apiKey, ...storage } },
  );
  await page.goto(path);
}

/** Each control's box lies within the viewport's width (nothing cut off or scrolled sideways). */
export async function expectWithin(width: number, controls: Locator[]) {
  for (const control of controls) {
    const box = (await control.boundingBox())!;
    expect(box.x, String(control)).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, String(control)).toBeLessThanOrEqual(width);
  }
}

/** Calls the API as an account (to check what the server stored, or to prepare state). */
export async function apiAs(request: APIRequestContext, account: Account) {
  const apiKey = await signInByApi(`http://127.0.0.1:${E2E_PORT}`, account.username, account.password);
  const headers = { 'x-apikey': apiKey };
  return {
    apiKey,
    get: async (path: string) => (await request.get(`/api${path}`, { headers })).json(),
    put: async (path: string, data: unknown) => (await request.put(`/api${path}`, { headers, data })).json(),
    post: async (path: string, data?: unknown) => (await request.post(`/api${path}`, { headers, data })).json(),
    delete: async (path: string) => (await request.delete(`/api${path}`, { headers })).json(),
  };
}

/** Collects console errors and page errors, for "loads without console errors" checks. */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** `account`: a fresh account (40 files) per test. */
export const test = base.extend<{ account: Account }>({
  account: async ({}, use) => {
    await use(await createAccount());
  },
});
