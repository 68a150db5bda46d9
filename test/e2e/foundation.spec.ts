import { apiAs, collectConsoleErrors, expect, openSignedIn, refuseLiveStream, signIn, test } from './fixtures';

test.describe('sign-in', () => {
  test('empty fields are refused without a request', async ({ page }) => {
    let loginCalls = 0;
    page.on('request', (request) => void (request.url().includes('/api/auth/login') && loginCalls++));
    await page.goto('/auth/login');
    await expect(page).toHaveTitle(/Login/);
    await expect(page.getByText('Sign in to start your session')).toBeVisible();
    await page.getByLabel('Username').fill('   ');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText('Username and password cannot be empty.');
    expect(loginCalls).toBe(0);
  });

  test('a wrong password shows the server message inline', async ({ page, account }) => {
    await page.goto('/auth/login');
    await page.getByLabel('Username').fill(account.username);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid username or password');
    await expect(page.getByLabel('Username')).toBeEnabled();
  });

  test('the button shows a spinner and the inputs are disabled while signing in', async ({ page, account }) => {
    // The sign-in request is held until the form has been seen waiting for it, then let through.
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/auth/login', async (route) => {
      await answered;
      await route.continue();
    });
    await page.goto('/auth/login');
    await page.getByLabel('Username').fill(account.username);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('button', { name: 'Signing In...' })).toBeDisabled();
    await expect(page.getByLabel('Username')).toBeDisabled();
    await expect(page.getByLabel('Password')).toBeDisabled();
    answer();
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  });

  test('a network failure shows the generic message and where the API was not reached', async ({ page }) => {
    await page.route('**/api/auth/login', (route) => route.abort('connectionrefused'));
    await page.goto('/auth/login');
    await page.getByLabel('Username').fill('demo');
    await page.getByLabel('Password').fill('whatever');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      /^An error occurred\. Please try again\. The API could not be reached at http:\/\/127\.0\.0\.1:\d+\/api\/\.$/,
    );
  });

  test('success lands on the dashboard, loads config and stores the key', async ({ page, account }) => {
    const configLoaded = page.waitForResponse((response) => response.url().endsWith('/api/config') && response.ok());
    await signIn(page, account);
    await configLoaded;
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.evaluate(() => localStorage.getItem('apiKey'))).toMatch(/.{20,}/);
    const cached = JSON.parse((await page.evaluate(() => localStorage.getItem('configData'))) ?? '{}');
    expect(cached.player.domain).toContain('/player/');
    expect(cached).not.toHaveProperty('apiKey');
    await expect(page.getByText('All rights reserved.')).toBeVisible();
    await expect(page.getByText('Version 1.0')).toBeVisible();
  });
});

test.describe('guard and session', () => {
  test('signed out, every protected route goes to the sign-in page', async ({ page }) => {
    for (const path of ['/', '/files', '/files/3', '/nowhere']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/auth\/login$/);
    }
  });

  test('signed in, the sign-in page sends you to the dashboard and unknown routes say so', async ({ page, account }) => {
    await openSignedIn(page, account, '/auth/login');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/nowhere');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to Files' }).click();
    await expect(page).toHaveURL(/\/files$/);
    await expect(page.getByRole('link', { name: 'Files', exact: true })).toHaveAttribute('aria-current', 'page');
  });

  test('sign out revokes the key on the server and clears the four keys', async ({ page, account, request }) => {
    await signIn(page, account);
    await page.evaluate(() => localStorage.setItem('auth_token', 'legacy'));
    const key = await page.evaluate(() => localStorage.getItem('apiKey'));
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    const stored = await page.evaluate(() => ['apiKey', 'configData', 'theme', 'auth_token'].map((k) => localStorage.getItem(k)));
    expect(stored).toEqual([null, null, null, null]);
    const probe = await request.get('/api/config', { headers: { 'x-apikey': key! } });
    expect(probe.status()).toBe(401);
  });

  test('a key revoked elsewhere sends the user to sign in with a clear message', async ({ page, account, request }) => {
    await signIn(page, account);
    const key = await page.evaluate(() => localStorage.getItem('apiKey'));
    // The panel is closed while the key is revoked, so that its next load meets the dead key: an open
    // panel may notice first (a 401 of its own), and a reload after that showed the bare form.
    const dashboard = page.url();
    await page.goto('about:blank');
    await request.post('/api/auth/logout', { headers: { 'x-apikey': key! } });
    await page.goto(dashboard);
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByText('Your session has ended. Please sign in again.')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('apiKey'))).toBeNull();
  });

  test('signing out in one tab signs out the other within a second', async ({ page, account, context }) => {
    await signIn(page, account);
    const other = await context.newPage();
    await other.goto('/');
    await expect(other.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(other).toHaveURL(/\/auth\/login$/, { timeout: 1000 });
  });
});

test.describe('theme', () => {
  test('the theme toggle is saved, survives a reload and follows into other tabs', async ({ page, account, context }) => {
    await signIn(page, account);
    const other = await context.newPage();
    await other.goto('/');
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await expect(other.getByRole('button', { name: 'Switch to light theme' })).toBeVisible({ timeout: 1000 });
    await page.reload();
    await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
    const background = await page
      .locator('vp-admin-panel')
      .evaluate((el) => getComputedStyle(el.shadowRoot!.querySelector('main')!.parentElement!.parentElement!).backgroundColor);
    expect(background).toBe('rgb(18, 20, 23)');
  });
});

test.describe('shell', () => {
  test('below 768 px the sidebar collapses after choosing Files', async ({ page, account }) => {
    await page.setViewportSize({ width: 600, height: 800 });
    await signIn(page, account);
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await page.getByRole('link', { name: 'Files', exact: true }).click();
    await expect(page).toHaveURL(/\/files$/);
    await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();

    // The open sidebar covers its toggle: Escape and a click beside it close it.
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect(page.getByRole('link', { name: 'Files', exact: true })).toBeInViewport();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await page.mouse.click(350, 400);
    await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
  });

  test('the element dispatches vp-navigate and vp-signed-in to the host page', async ({ page, account }) => {
    await page.goto('/auth/login');
    await page.evaluate(() => {
      (window as unknown as { heard: string[] }).heard = [];
      for (const name of ['vp-signed-in', 'vp-navigate'])
        document.addEventListener(name, (e) =>
          (window as unknown as { heard: string[] }).heard.push(name + JSON.stringify((e as CustomEvent).detail)),
        );
    });
    await page.getByLabel('Username').fill(account.username);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { heard: string[] }).heard)).toEqual([
      'vp-signed-in{}',
      'vp-navigate{"path":"/"}',
    ]);
  });
});

test.describe('demo pages', () => {
  for (const path of ['/', '/cms.html?file=', '/portal/admin/videos/files']) {
    test(`${path} loads without console errors`, async ({ page, account, request }) => {
      const errors = collectConsoleErrors(page);
      await refuseLiveStream(page); // the page must reach 'networkidle' below
      await signIn(page, account);
      // The CMS page edits one of this account's files.
      const firstFile = (await (await apiAs(request, account)).get('/files/?limit=1')).data.files[0].file_id;
      await page.goto(path.endsWith('=') ? `${path}${firstFile}` : path);
      await expect(page.locator('vp-admin-panel, vp-file-editor').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(errors).toEqual([]);
    });
  }

  test('the portal mounts the panel under its base path and keeps its own layout', async ({ page, account }) => {
    await openSignedIn(page, account, '/portal/');
    await page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Video files' }).click();
    await expect(page).toHaveURL(/\/portal\/admin\/videos\/files$/);
    await expect(page.getByText('Contoso Portal')).toBeVisible();
    await page.getByRole('link', { name: 'VP Admin home' }).click();
    await expect(page).toHaveURL(/\/portal\/admin\/videos\/?$/);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  });
});

test.describe('routing modes', () => {
  for (const routing of ['hash', 'memory'] as const) {
    test(`routing="${routing}" keeps the host page's path`, async ({ page, account }) => {
      await openSignedIn(page, account, '/cms.html?keep=1');
      await page.evaluate((mode) => {
        document.querySelector('vp-file-editor')?.remove();
        const panel = document.createElement('vp-admin-panel');
        panel.setAttribute('routing', mode);
        document.querySelector('main')!.append(panel);
      }, routing);
      await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
      await page.getByRole('link', { name: 'Files', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'File Management' })).toBeVisible();
      const url = new URL(page.url());
      expect(url.pathname).toBe('/cms.html');
      expect(url.hash).toBe(routing === 'hash' ? '#/files' : '');
      if (routing === 'memory') expect(url.search).toBe('?keep=1');
    });
  }
});

test('the API answers the signed-in account only', async ({ request, account }) => {
  const api = await apiAs(request, account);
  const config = await api.get('/config');
  expect(config.status).toBe('success');
});
