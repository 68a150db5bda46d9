import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { serveHost } from './hosts';
import { servePage } from './other-origin';

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
  await page.getByLabel('Password').focus();
  await expect(page.locator('vp-admin-panel [data-vp-placeholder]')).toHaveCount(1);

  releaseKit();
  await expect(page.locator('vp-admin-panel [data-vp-placeholder]')).toHaveCount(0);
  await expect(page.getByLabel('Username')).toHaveValue(account.username);
  // The cursor stays in the field the visitor was in.
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

/** Holds back every request matching `pattern` until the returned function is called. */
async function holdBack(page: Page, pattern: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The kit's chunk with the sign-in form: the entry runs (the element is defined), the form's code does not. */
const KIT_CORE = '**/kit/chunks/kit-core-*.js';

/**
 * The parts of the sign-in form where a visitor sees them: the page's copy while it is there, else the
 * kit's form in the element's shadow root. Boxes to the tenth of a pixel, and the colours that would
 * flash if the copy were painted in another theme.
 */
function formParts(page: Page) {
  return page.evaluate(() => {
    const copy = document.querySelector<HTMLElement>('vp-admin-panel > [data-vp-placeholder]');
    const root: ParentNode = copy ?? document.querySelector('vp-admin-panel')!.shadowRoot!;
    const pick = (copySelector: string, kitSelector: string, index = 0) =>
      [...root.querySelectorAll<HTMLElement>(copy ? copySelector : kitSelector)][index]!;
    const card = pick('.vp-shell-card', '.MuiCard-root');
    const parts: Record<string, HTMLElement> = {
      page: copy ?? (card.parentElement as HTMLElement),
      card,
      brand: pick('h1 .vp-shell-brand > span', 'h1 span.MuiTypography-root'),
      intro: pick('.vp-shell-intro', 'h1 + p'),
      username: pick('input[name=username]', 'input[name=username]'),
      usernameLabel: pick('.vp-shell-field > span', 'label', 0),
      password: pick('input[name=password]', 'input[name=password]'),
      passwordLabel: pick('.vp-shell-field > span', 'label', 1),
      button: pick('.vp-shell-button', 'button'),
      line: copy ? pick('.vp-shell-line', '') : pick('', 'p', 1),
    };
    return Object.fromEntries(
      Object.entries(parts).map(([name, element]) => {
        const box = element.getBoundingClientRect();
        const style = getComputedStyle(element);
        const whole = name === 'page' || name === 'card';
        return [
          name,
          {
            text: element instanceof HTMLInputElement ? element.name : whole ? '' : element.textContent!.replace(/\s+/g, ' ').trim(),
            box: [box.x, box.y, box.width, box.height].map((value) => Math.round(value * 10) / 10),
            colours: [style.backgroundColor, style.color, ...(name === 'card' ? [style.borderTopColor] : [])],
          },
        ];
      }),
    );
  });
}

/**
 * Layout shifts and largest-contentful-paint candidates the page has recorded, from its first paint.
 * A shift is told by what moved (its element and its box before and after), so a failure names it.
 */
async function recordPaints(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: string[]; largest: { time: number; text: string }[] };
    w.shifts = [];
    w.largest = [];
    const box = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      })[]) {
        const moved = entry.sources.map(({ node, previousRect, currentRect }) => {
          const name = node instanceof Element ? `${node.localName}.${node.className}` : String(node?.nodeName);
          return `${name} ${box(previousRect)} → ${box(currentRect)}`;
        });
        w.shifts.push(`${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ${moved.join('; ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { element: Element | null })[])
        w.largest.push({ time: entry.startTime, text: entry.element?.textContent ?? '' });
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
}
const paints = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { shifts: string[]; largest: { time: number; text: string }[] };
    return { shifts: w.shifts, largest: w.largest };
  });

async function signInPage(browser: Browser, theme: 'light' | 'dark', width: number) {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 800 } });
  if (theme === 'dark') await context.addInitScript(() => localStorage.setItem('theme', 'dark'));
  const page = await context.newPage();
  await recordPaints(page);
  return page;
}

/**
 * The copy stays painted while the kit's code is on its way (the entry alone defines the element, which
 * must not hide it), and the kit's form replaces it where it stands: same texts, same boxes, same colours,
 * light and dark, on a desktop and a phone, with no layout shift and no new largest paint (the kit's
 * heading must not become the page's LCP element: that is what made a phone's LCP wait for the code).
 */
for (const theme of ['light', 'dark'] as const) {
  for (const width of [1280, 390]) {
    test(`the sign-in copy is replaced in place, ${theme}, ${width} px`, async ({ browser }) => {
      const page = await signInPage(browser, theme, width);
      const releaseCore = await holdBack(page, KIT_CORE);
      await page.goto('/');
      await expect.poll(() => page.evaluate(() => customElements.get('vp-admin-panel') !== undefined)).toBe(true);
      // The spec's texts, painted by the page alone.
      for (const text of ['VP Admin', 'Sign in to start your session', 'Username', 'Password', '© 2025 VP Admin · Version 1.0'])
        await expect(page.getByText(text, { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
      await expect.poll(async () => (await paints(page)).largest.length).toBeGreaterThan(0);
      const copy = await formParts(page);
      expect(copy.page!.colours[0]).toBe(theme === 'dark' ? 'rgb(18, 20, 23)' : 'rgb(244, 246, 249)');

      const released = await page.evaluate(() => performance.now());
      releaseCore();
      await expect(page.locator('vp-admin-panel [data-vp-placeholder]')).toHaveCount(0);
      await expect(page.locator('form')).toHaveCount(1);
      await expect(page.getByLabel('Username')).toHaveCount(1);
      await expect(page.getByLabel('Username')).toBeFocused();
      await page.getByLabel('Username').blur();
      const animations = () => page.evaluate(() => document.querySelector('vp-admin-panel')!.shadowRoot!.getAnimations().length);
      await expect.poll(animations).toBe(0);
      const kit = await formParts(page);
      for (const part of Object.keys(copy)) expect(kit[part], part).toEqual(copy[part]);

      const { shifts, largest } = await paints(page);
      expect(shifts).toEqual([]);
      // Every LCP candidate came before the kit's code: the copy's heading stays the page's largest paint.
      expect(largest.filter(({ time }) => time >= released)).toEqual([]);
      await page.context().close();
    });
  }
}

/**
 * On a slow line the page arrives in pieces, and the browser paints what it has parsed when a piece is
 * late: the copy is painted whole or not at all, so nothing moves as the rest of it comes (a first paint
 * of half the card grew into the whole one, a layout shift on a busy machine). Here the page, as the
 * server sends it, comes in two pieces 300 ms apart from a site of its own; its form's code is held back.
 */
for (const [where, before] of [
  ['inside the card', '<label class="vp-shell-field">'],
  ['before the line under the card', '<p class="vp-shell-line">'],
] as const) {
  test(`the sign-in copy is painted whole when the page arrives in pieces, cut ${where}`, async ({ browser, request }) => {
    const html = await (await request.get('/')).text();
    const cut = html.indexOf(before);
    expect(cut, 'the cut in the page').toBeGreaterThan(0);
    const site = await servePage([html.slice(0, cut), html.slice(cut)]);
    try {
      // A desktop's width, where the card stands in the middle of the page: a card that grows moves its top.
      const page = await signInPage(browser, 'light', 1280);
      await holdBack(page, KIT_CORE);
      await page.goto(site.url);
      await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
      await expect.poll(async () => (await paints(page)).largest.length).toBeGreaterThan(0);
      expect((await paints(page)).shifts).toEqual([]);
      await page.context().close();
    } finally {
      site.close();
    }
  });
}

/** Sign In pressed in the copy (here Enter) before the kit's code arrived is not lost: the kit's form sends it when it takes over. */
test('a sign-in asked for in the copy is sent by the kit when it arrives', async ({ page, account }) => {
  const releaseCore = await holdBack(page, KIT_CORE);
  await page.goto('/');
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password').fill(account.password);
  await page.getByLabel('Password').press('Enter');
  await expect(page.locator('vp-admin-panel [data-vp-placeholder]')).toHaveAttribute('data-vp-submit', '');
  expect(await page.evaluate(() => localStorage.getItem('apiKey'))).toBeNull();
  releaseCore();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});

/** A page with no copy in the element is left as it always was: its shadow root is there as soon as the entry ran. */
test('an element with no copy in it gets its shadow root at once', async ({ page }) => {
  await holdBack(page, KIT_CORE);
  await serveHost(
    page,
    '/hosts/no-copy.html',
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title><script type="module" src="/kit/vp-admin-kit.js"></script></head><body><vp-admin-panel routing="memory"></vp-admin-panel></body></html>',
  );
  await page.goto('/hosts/no-copy.html');
  await expect.poll(() => page.evaluate(() => customElements.get('vp-admin-panel') !== undefined)).toBe(true);
  expect(await page.evaluate(() => document.querySelector('vp-admin-panel')!.shadowRoot !== null)).toBe(true);
});
