import type { Page } from '@playwright/test';
import { type Account, apiAs, collectConsoleErrors, expect, openSignedIn, refuseLiveStream, signIn, test } from './fixtures';
import { buildReactHost, serveHost, vueBrowserBuild } from './hosts';
import type { APIRequestContext } from '@playwright/test';

/** Host pages an integrator would write, in Chromium against the real server. */

const KIT = '<script type="module" src="/kit/vp-admin-kit.js"></script>';
const page$ = (head: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title>${head}</head><body>${body}</body></html>`;

async function firstFile(request: APIRequestContext, account: Account) {
  const api = await apiAs(request, account);
  const file = (await api.get('/files/?limit=1')).data.files[0] as { file_id: number; file_title: string };
  return { api, file };
}

/** Records every `apikey` attribute the page ever gets (a key in the DOM). */
async function watchKeyAttributes(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { keyAttributes: string[] };
    w.keyAttributes = [];
    new MutationObserver((records) => {
      for (const record of records) if (record.attributeName === 'apikey') w.keyAttributes.push((record.target as Element).localName);
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['apikey'] });
  });
  return () => page.evaluate(() => (window as unknown as { keyAttributes: string[] }).keyAttributes);
}

const titleBox = (page: Page) => page.getByRole('textbox', { name: 'Title', exact: true });

test('a page with the script and no element downloads the entry alone; an element added later loads its chunks and works', async ({
  page,
  account,
  request,
}) => {
  const { api, file } = await firstFile(request, account);
  const requested: string[] = [];
  page.on('request', (req) => requested.push(new URL(req.url()).pathname));
  await serveHost(page, '/hosts/script-only.html', page$(KIT, '<main><p>An article page of a CMS.</p></main>'));
  await page.goto('/hosts/script-only.html');
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => customElements.get('vp-file-editor') !== undefined)).toBe(true);
  expect(requested.filter((path) => path !== '/hosts/script-only.html')).toEqual(['/kit/vp-admin-kit.js']);
  expect(await page.locator('link[rel="modulepreload"]').count()).toBe(0);

  await page.evaluate(
    ({ apiKey, fileId }) => {
      const editor = document.createElement('vp-file-editor') as HTMLElement & { apiKey: string };
      editor.apiKey = apiKey;
      editor.setAttribute('file-id', String(fileId));
      document.querySelector('main')!.append(editor);
    },
    { apiKey: api.apiKey, fileId: file.file_id },
  );
  await expect(titleBox(page)).toHaveValue(file.file_title);
  const chunks = requested.filter((path) => path.startsWith('/kit/chunks/'));
  expect(chunks.some((path) => /\/kit-core-[\w-]+\.js$/.test(path))).toBe(true);
  // Every chunk the editor needs was hinted when it connected, not discovered one round trip later.
  const hinted = await page
    .locator('link[rel="modulepreload"]')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
  expect(hinted).toContain(chunks.find((path) => /\/vp-file-editor-[\w-]+\.js$/.test(path)));
  expect(hinted).toEqual(expect.arrayContaining(chunks.filter((path) => /\/kit-(core|shared)-/.test(path))));
});

test('React 19 host: plain JSX props set the key as a property, never an attribute; onvp-file-saved is heard', async ({
  page,
  account,
  request,
}) => {
  const { api, file } = await firstFile(request, account);
  const keyAttributes = await watchKeyAttributes(page);
  const errors = collectConsoleErrors(page);
  const setup = JSON.stringify({ apiKey: api.apiKey, fileId: file.file_id, clicks: 0 });
  await serveHost(
    page,
    '/hosts/react.html',
    page$(KIT, `<div id="root"></div><script>window.host = ${setup}</script><script type="module" src="/hosts/react-host.js"></script>`),
    {
      files: { '/hosts/react-host.js': await buildReactHost() },
    },
  );
  await page.goto('/hosts/react.html');

  await expect(titleBox(page)).toHaveValue(file.file_title);
  const editor = page.locator('vp-file-editor');
  await expect(editor).toHaveClass('host-editor');
  await expect(editor).toHaveAttribute('title', 'Video editor');
  await titleBox(page).fill('Saved from React');
  await page.getByRole('button', { name: 'Update File' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved:' })).toHaveText('Saved: Saved from React');
  expect((await api.get(`/files/${file.file_id}`)).data.file_title).toBe('Saved from React');
  expect(await page.evaluate(() => window.host.clicks)).toBeGreaterThan(0);
  expect(await keyAttributes()).toEqual([]);
  expect(errors).toEqual([]);
});

test('Vue 3 host: :apiKey and :file-id are properties, @vp-file-saved is heard, no key in the DOM', async ({ page, account, request }) => {
  const { api, file } = await firstFile(request, account);
  const keyAttributes = await watchKeyAttributes(page);
  const setup = JSON.stringify({ apiKey: api.apiKey, fileId: file.file_id });
  const app = `
    import { createApp, ref } from '/hosts/vue.js';
    const app = createApp({
      setup() {
        const saved = ref(null);
        return { host: ${setup}, saved, onSaved: (event) => (saved.value = event.detail.file.file_title) };
      },
      template: '<p role="status">{{ saved === null ? "Nothing saved yet" : "Saved: " + saved }}</p><vp-file-editor :apiKey="host.apiKey" :file-id="host.fileId" @vp-file-saved="onSaved"></vp-file-editor>',
    });
    app.config.compilerOptions.isCustomElement = (tag) => tag.startsWith('vp-');
    app.mount('#app');`;
  await serveHost(page, '/hosts/vue.html', page$(KIT, `<div id="app"></div><script type="module">${app}</script>`), {
    files: { '/hosts/vue.js': vueBrowserBuild() },
  });
  await page.goto('/hosts/vue.html');

  await expect(titleBox(page)).toHaveValue(file.file_title);
  await titleBox(page).fill('Saved from Vue');
  await page.getByRole('button', { name: 'Update File' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved:' })).toHaveText('Saved: Saved from Vue');
  expect(await keyAttributes()).toEqual([]);
  expect(await page.evaluate(() => 'apiKey' in document.querySelector('vp-file-editor')!)).toBe(true);
});

test('an apikey attribute written anyway is taken as the key, removed at once, with a warning', async ({ page, account, request }) => {
  const { api, file } = await firstFile(request, account);
  const warnings: string[] = [];
  page.on('console', (message) => void (message.type() === 'warning' && warnings.push(message.text())));
  await serveHost(
    page,
    '/hosts/attribute.html',
    page$(KIT, `<vp-file-editor file-id="${file.file_id}" apikey="${api.apiKey}"></vp-file-editor>`),
  );
  await page.goto('/hosts/attribute.html');
  await expect(titleBox(page)).toHaveValue(file.file_title);
  await expect(page.locator('vp-file-editor')).not.toHaveAttribute('apikey', /.*/);
  expect(warnings.join('\n')).toContain('set the apiKey property instead');
});

test('strict CSP (no unsafe-inline): every element and dialog open, 0 violations, the grid keeps its styles', async ({
  page,
  account,
  request,
}) => {
  const { api, file } = await firstFile(request, account);
  const nonce = 'e2e-nonce-4f9c';
  await page.addInitScript((key) => {
    localStorage.setItem('apiKey', key);
    const w = window as unknown as { violations: string[] };
    w.violations = [];
    document.addEventListener(
      'securitypolicyviolation',
      (event) => w.violations.push(`${event.violatedDirective}: ${event.sample || event.blockedURI}`),
      true,
    );
  }, api.apiKey);
  const policy = `default-src 'self'; script-src 'self' 'nonce-${nonce}'; style-src 'self' 'nonce-${nonce}'; img-src 'self' data: blob:; connect-src 'self'; frame-src 'self'; object-src 'none'; base-uri 'none'`;
  const body = `<vp-admin-panel routing="memory"></vp-admin-panel><vp-file-list url-state="memory"></vp-file-list><vp-file-editor file-id="${file.file_id}"></vp-file-editor>`;
  await serveHost(page, '/hosts/strict-csp.html', page$(`<meta name="csp-nonce" content="${nonce}">${KIT}`, body), {
    headers: { 'content-security-policy': policy },
  });
  await page.goto('/hosts/strict-csp.html');

  const list = page.locator('vp-file-list');
  const editor = page.locator('vp-file-editor');
  const panel = page.locator('vp-admin-panel');
  await expect(list.getByRole('row')).toHaveCount(11);
  await list
    .getByRole('button', { name: /^Delete file \d+$/ })
    .first()
    .click();
  await expect(list.getByRole('dialog')).toBeVisible();
  await list.getByRole('button', { name: 'Cancel' }).click();

  await expect(editor.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(file.file_title);
  await editor.getByRole('button', { name: 'Upload subtitle' }).first().click();
  await expect(editor.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await editor.getByRole('button', { name: 'Delete file' }).click();
  await expect(editor.getByRole('dialog')).toBeVisible();
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await editor.getByRole('textbox', { name: 'Title', exact: true }).fill('Saved under a strict policy');
  await editor.getByRole('button', { name: 'Update File' }).click();
  await expect(editor.getByText('File updated successfully')).toBeVisible();

  await panel.getByRole('link', { name: 'Files', exact: true }).click();
  await expect(panel.getByRole('row')).toHaveCount(11);
  await panel.getByRole('button', { name: 'Account' }).click();
  await expect(panel.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
  await page.keyboard.press('Escape');

  expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
  // The grid's CSS variables <style> carries the nonce and applies: the header has its background.
  const gridStyles = await list.evaluate((host) =>
    [...host.shadowRoot!.querySelectorAll('style[href*="MuiDataGridVariables"]')].map((style) => (style as HTMLStyleElement).nonce),
  );
  expect(gridStyles.length).toBeGreaterThan(0);
  expect(gridStyles.every((value) => value === nonce)).toBe(true);
  const header = await list
    .locator('.MuiDataGrid-columnHeader')
    .first()
    .evaluate((cell) => getComputedStyle(cell).backgroundColor);
  expect(header).not.toBe('rgba(0, 0, 0, 0)');
});

/** Counts the pixels that differ between two PNG screenshots of the same size (decoded in the page). */
async function differentPixels(page: Page, a: Buffer, b: Buffer): Promise<{ changed: number; total: number }> {
  return page.evaluate(
    async ([first, second]) => {
      const decode = async (base64: string) => {
        const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${base64}`)).blob());
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const context = canvas.getContext('2d')!;
        context.drawImage(bitmap, 0, 0);
        return context.getImageData(0, 0, bitmap.width, bitmap.height);
      };
      const [x, y] = [await decode(first!), await decode(second!)];
      if (x.width !== y.width || x.height !== y.height) return { changed: Number.POSITIVE_INFINITY, total: x.width * x.height };
      let changed = 0;
      for (let i = 0; i < x.data.length; i += 4)
        if (x.data[i] !== y.data[i] || x.data[i + 1] !== y.data[i + 1] || x.data[i + 2] !== y.data[i + 2]) changed++;
      return { changed, total: x.width * x.height };
    },
    [a.toString('base64'), b.toString('base64')],
  );
}

test('a host\'s direction: rtl stays outside; dir="rtl" on the element gives a right-to-left layout', async ({
  page,
  account,
  request,
}) => {
  const { api, file } = await firstFile(request, account);
  await refuseLiveStream(page); // each page must reach 'networkidle' below
  await page.addInitScript((key) => localStorage.setItem('apiKey', key), api.apiKey);
  await page.setViewportSize({ width: 1280, height: 900 });
  const editor = (attributes = '') =>
    `<vp-file-editor file-id="${file.file_id}" player-domain="https://player.example/" ${attributes}></vp-file-editor>`;
  await serveHost(page, '/hosts/plain.html', page$(KIT, editor()));
  await serveHost(page, '/hosts/rtl-host.html', page$(`${KIT}<style>html, body { direction: rtl; }</style>`, editor()));
  await serveHost(page, '/hosts/rtl-element.html', page$(KIT, editor('dir="rtl"')));

  const shot = async (path: string) => {
    await page.goto(path);
    await expect(titleBox(page)).toHaveValue(file.file_title);
    await page.waitForLoadState('networkidle');
    return page.locator('vp-file-editor').screenshot({ animations: 'disabled', caret: 'hide' });
  };
  const plain = await shot('/hosts/plain.html');
  const underRtlHost = await shot('/hosts/rtl-host.html');
  const { changed, total } = await differentPixels(page, plain, underRtlHost);
  test.info().annotations.push({ type: 'pixels changed by the host direction', description: `${changed} of ${total}` });
  expect(changed / total).toBeLessThan(0.001);

  await shot('/hosts/rtl-element.html');
  const element = await page.locator('vp-file-editor').boundingBox();
  const back = await page.getByRole('button', { name: 'Back to Files' }).boundingBox();
  // Right-to-left: 'Back to Files' starts the row on the right.
  expect(back!.x + back!.width / 2).toBeGreaterThan(element!.x + element!.width / 2);
  expect(await titleBox(page).evaluate((input) => getComputedStyle(input).direction)).toBe('rtl');
});

test('two elements on two API bases each keep their own session; an element without api-base changes neither', async ({
  page,
  account,
  request,
}) => {
  const other = await import('./fixtures').then(({ createAccount }) => createAccount(3));
  const mine = await firstFile(request, account);
  const theirs = await firstFile(request, other);
  // A second base on the same server: /api-b/* is answered by /api/*.
  const basesSeen: Record<string, string[]> = { '/api/': [], '/api-b/': [] };
  await page.route('**/api-b/**', async (route) => {
    const url = route.request().url().replace('/api-b/', '/api/');
    basesSeen['/api-b/']!.push(route.request().headers()['x-apikey'] ?? '');
    await route.fulfill({ response: await route.fetch({ url }) });
  });
  await refuseLiveStream(page); // registered last, so it takes /api-b/files/events before the route above
  page.on(
    'request',
    (req) => void (new URL(req.url()).pathname.startsWith('/api/') && basesSeen['/api/']!.push(req.headers()['x-apikey'] ?? '')),
  );
  const body = `<vp-file-editor id="mine" file-id="${mine.file.file_id}" api-base="/api"></vp-file-editor>
    <vp-file-editor id="theirs" file-id="${theirs.file.file_id}" api-base="/api-b"></vp-file-editor>`;
  await serveHost(page, '/hosts/two-bases.html', page$(KIT, body));
  await page.goto('/hosts/two-bases.html');
  await page.evaluate(
    ([a, b]) => {
      (document.getElementById('mine') as HTMLElement & { apiKey: string }).apiKey = a!;
      (document.getElementById('theirs') as HTMLElement & { apiKey: string }).apiKey = b!;
    },
    [mine.api.apiKey, theirs.api.apiKey],
  );
  await expect(page.locator('#mine').getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(mine.file.file_title);
  await expect(page.locator('#theirs').getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(theirs.file.file_title);

  // A third element without api-base (the default /api) arrives: the /api-b element keeps its base.
  await page.evaluate((id) => {
    const late = document.createElement('vp-file-editor');
    late.setAttribute('file-id', String(id));
    document.body.append(late);
  }, mine.file.file_id);
  await expect(page.locator('vp-file-editor').nth(2).getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(
    mine.file.file_title,
  );
  basesSeen['/api-b/'] = [];
  await page.locator('#theirs').getByRole('textbox', { name: 'Title', exact: true }).fill('Saved on base B');
  await page.locator('#theirs').getByRole('button', { name: 'Update File' }).click();
  await expect(page.locator('#theirs').getByText('File updated successfully')).toBeVisible();
  // The save, and what the editor reads after it (its activity), all on base B with B's key.
  expect(basesSeen['/api-b/']!.length).toBeGreaterThan(0);
  expect(basesSeen['/api-b/']!.every((key) => key === theirs.api.apiKey)).toBe(true);
  expect(basesSeen['/api/']!.every((key) => key === mine.api.apiKey)).toBe(true);
  expect((await theirs.api.get(`/files/${theirs.file.file_id}`)).data.file_title).toBe('Saved on base B');
  expect(
    await page.evaluate(() => [localStorage.getItem('apiKey'), Object.keys(localStorage).some((key) => key.includes('/api-b]:apiKey'))]),
  ).toEqual([mine.api.apiKey, true]);
});

test.describe('Back and Forward with unsaved edits ask first', () => {
  for (const routing of ['path', 'hash'] as const) {
    test(`in the panel, ${routing} routing: cancel keeps the edit and the URL; confirm navigates`, async ({ page, account, request }) => {
      const { file } = await firstFile(request, account);
      await signIn(page, account);
      const at = (path: string) => (routing === 'path' ? path : `/cms.html#${path}`);
      if (routing === 'hash') {
        await page.goto('/cms.html');
        await page.evaluate(() => {
          document.querySelector('vp-file-editor')?.remove();
          const panel = document.createElement('vp-admin-panel');
          panel.setAttribute('routing', 'hash');
          document.querySelector('main')!.append(panel);
        });
      }
      await page.getByRole('link', { name: 'Files', exact: true }).click();
      await page.getByRole('button', { name: `Edit file ${file.file_id}` }).click();
      await expect(titleBox(page)).toHaveValue(file.file_title);
      const editorUrl = page.url();
      expect(editorUrl).toContain(at(`/files/${file.file_id}`));

      // Back, then Cancel: the edit and the URL stay.
      await titleBox(page).fill('Unsaved title');
      const questions: string[] = [];
      page.once('dialog', (dialog) => void (questions.push(dialog.message()), dialog.dismiss()));
      await page.evaluate(() => history.back());
      await expect.poll(() => questions).toEqual(['You have unsaved changes. Leave this page and lose them?']);
      await expect(page).toHaveURL(editorUrl);
      await expect(titleBox(page)).toHaveValue('Unsaved title');

      // Back, then OK: the list.
      page.once('dialog', (dialog) => void dialog.accept());
      await page.evaluate(() => history.back());
      await expect(page.getByRole('heading', { name: 'File Management' })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${at('/files').replace(/[.#]/g, '\\$&')}$`));

      // Forward into the editor (nothing unsaved: no question), Back, Forward, then edit and Back again.
      await page.evaluate(() => history.forward());
      await expect(titleBox(page)).toHaveValue(file.file_title);
      await page.evaluate(() => history.back());
      await expect(page.getByRole('heading', { name: 'File Management' })).toBeVisible();
      await page.evaluate(() => history.forward());
      await titleBox(page).fill('Edited before Back');
      page.once('dialog', (dialog) => void dialog.dismiss());
      await page.evaluate(() => history.back());
      await expect(page).toHaveURL(editorUrl);
      await expect(titleBox(page)).toHaveValue('Edited before Back');

      // Forward with unsaved edits: from the list, 'Back to Files' then Back gives the editor a Forward entry.
      page.once('dialog', (dialog) => void dialog.accept());
      await page.evaluate(() => history.back());
      await expect(page.getByRole('heading', { name: 'File Management' })).toBeVisible();
      await page.evaluate(() => history.forward());
      await expect(titleBox(page)).toHaveValue(file.file_title);
      await page.getByRole('button', { name: 'Back to Files' }).click();
      await expect(page.getByRole('heading', { name: 'File Management' })).toBeVisible();
      await page.evaluate(() => history.back());
      await expect(titleBox(page)).toHaveValue(file.file_title);
      await titleBox(page).fill('Edited before Forward');
      page.once('dialog', (dialog) => void dialog.dismiss());
      await page.evaluate(() => history.forward());
      await expect(page).toHaveURL(editorUrl);
      await expect(titleBox(page)).toHaveValue('Edited before Forward');
    });
  }

  test('<vp-file-editor> in a host that navigates with the History API', async ({ page, account, request }) => {
    const { api, file } = await firstFile(request, account);
    await page.addInitScript((key) => localStorage.setItem('apiKey', key), api.apiKey);
    // A tiny single-page host: a list of videos and an editor page, routed with pushState/popstate.
    const router = `
      const main = document.querySelector('main');
      function render() {
        const match = location.pathname.match(/^\\/host\\/videos\\/(\\d+)$/);
        main.replaceChildren();
        if (match) {
          const editor = document.createElement('vp-file-editor');
          editor.setAttribute('file-id', match[1]);
          main.append(editor);
        } else {
          const link = Object.assign(document.createElement('a'), { href: '/host/videos/${file.file_id}', textContent: 'Edit video ${file.file_id}' });
          link.addEventListener('click', (event) => { event.preventDefault(); history.pushState(null, '', link.href); render(); });
          const heading = Object.assign(document.createElement('h1'), { textContent: 'Host video list' });
          main.append(heading, link);
        }
      }
      addEventListener('popstate', render);
      render();`;
    await serveHost(page, '/host/videos**', page$(KIT, `<main></main><script type="module">${router}</script>`));
    await page.goto('/host/videos');
    await page.getByRole('link', { name: `Edit video ${file.file_id}` }).click();
    await expect(titleBox(page)).toHaveValue(file.file_title);
    await titleBox(page).fill('Unsaved in the host');

    page.once('dialog', (dialog) => void dialog.dismiss());
    await page.evaluate(() => history.back());
    await expect(page).toHaveURL(new RegExp(`/host/videos/${file.file_id}$`));
    await expect(titleBox(page)).toHaveValue('Unsaved in the host');

    page.once('dialog', (dialog) => void dialog.accept());
    await page.evaluate(() => history.back());
    await expect(page.getByRole('heading', { name: 'Host video list' })).toBeVisible();
    await expect(page).toHaveURL(/\/host\/videos$/);
  });

  test('a dirty <vp-file-editor> does not make an unrelated panel ask', async ({ page, account, request }) => {
    const { file } = await firstFile(request, account);
    await openSignedIn(page, account, '/cms.html?file=' + file.file_id);
    await page.evaluate(() => {
      const panel = document.createElement('vp-admin-panel');
      panel.setAttribute('routing', 'memory');
      document.querySelector('main')!.append(panel);
    });
    const editor = page.locator('vp-file-editor');
    const panel = page.locator('vp-admin-panel');
    await editor.getByRole('textbox', { name: 'Title', exact: true }).fill('Unsaved in the editor');
    let asked = 0;
    page.on('dialog', (dialog) => void (asked++, dialog.dismiss()));
    await panel.getByRole('link', { name: 'Files', exact: true }).click();
    await expect(panel.getByRole('heading', { name: 'File Management' })).toBeVisible();
    expect(asked).toBe(0);
  });
});

test.describe('smaller points', () => {
  test("path routing keeps the host's own query string on navigation", async ({ page, account }) => {
    await openSignedIn(page, account, '/portal/admin/videos?keep=1');
    await page.getByRole('link', { name: 'Files', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'File Management' })).toBeVisible();
    const url = new URL(page.url());
    expect(url.pathname).toBe('/portal/admin/videos/files');
    expect(url.searchParams.get('keep')).toBe('1');
  });

  test('a relative image-host is resolved against the page', async ({ page, account, request }) => {
    const { api, file } = await firstFile(request, account);
    const withImage = (await api.get('/files/?limit=100')).data.files.find((f: { file_image: string | null }) => f.file_image) ?? file;
    await page.addInitScript((key) => localStorage.setItem('apiKey', key), api.apiKey);
    await serveHost(
      page,
      '/hosts/image-host.html',
      page$(KIT, `<vp-file-editor file-id="${withImage.file_id}" image-host="/images/"></vp-file-editor>`),
    );
    await page.goto('/hosts/image-host.html');
    const image = page.getByRole('img', { name: /^Image of / });
    await expect(image).toBeVisible();
    expect(await image.getAttribute('src')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/images\//);
    await expect(page.getByText('Image failed to load')).toHaveCount(0);
  });

  test('a signed-out <vp-file-list> shows the sign-in form without downloading the grid', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (req) => void (req.resourceType() === 'script' && scripts.push(new URL(req.url()).pathname)));
    await serveHost(page, '/hosts/list.html', page$(KIT, '<vp-file-list></vp-file-list>'));
    await page.goto('/hosts/list.html');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    // `columnHeaders` is a key of the grid's own state: its code, not the theme's defaults naming the grid.
    const grid = await Promise.all(scripts.map(async (path) => (await (await page.request.get(path)).text()).includes('columnHeaders')));
    expect(scripts.filter((_, i) => grid[i])).toEqual([]);
  });
});
