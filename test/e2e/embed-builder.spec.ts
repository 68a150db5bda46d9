import type { Frame, Locator, Page } from '@playwright/test';
import { addPlayableClip } from './clips';
import { type Account, apiAs, createAccount, expect, openSignedIn, test } from './fixtures';
import { E2E_PORT } from './environment.mjs';
import { servePage } from './other-origin';

/** The Embed & Link card's preview and embed builder, on a vertical clip, against the real player. */

const SRT = '1\n00:00:00,000 --> 00:00:03,000\nVertical hello\n';
const PLAYER = `http://127.0.0.1:${E2E_PORT}/player/`;

/** What the player's video is doing inside a frame (nothing while the frame navigates to a new src). */
const video = (frame: Frame) =>
  frame
    .locator('video')
    .evaluate((v: HTMLVideoElement) => ({
      time: v.currentTime,
      paused: v.paused,
      ended: v.ended,
      muted: v.muted,
      loop: v.loop,
      showing: [...v.textTracks].filter((t) => t.kind === 'subtitles' && t.mode === 'showing').map((t) => t.language),
    }))
    .catch(() => undefined);

async function frameOf(iframe: Locator): Promise<Frame> {
  const frame = await (await iframe.elementHandle())!.contentFrame();
  await frame!.waitForLoadState();
  return frame!;
}

test.describe('embed builder', () => {
  test.describe.configure({ mode: 'serial' });
  let account: Account;
  let fileId = 0;
  let slug = '';

  test.beforeAll(async ({ request }) => {
    account = await createAccount(0);
    const api = await apiAs(request, account);
    ({ fileId, slug } = await addPlayableClip(request, api.apiKey, {
      title: 'Vertical clip',
      width: 180,
      height: 320,
      seconds: 4,
      subtitles: { en: SRT },
    }));
  });

  async function openBuilder(page: Page, { signedIn = false } = {}) {
    if (signedIn) await page.goto(`/files/${fileId}`);
    else await openSignedIn(page, account, `/files/${fileId}`);
    await expect(page.getByRole('heading', { name: 'Update File' })).toBeVisible();
    await page.getByRole('button', { name: 'Customize embed' }).click();
    return page.getByRole('dialog', { name: 'Embed options' });
  }

  test('the card previews the real player in the 9:16 shape of a vertical clip; the fields of docs/spec.md keep the default snippet', async ({
    page,
  }) => {
    await openSignedIn(page, account, `/files/${fileId}`);
    const preview = page.getByTitle('Preview of Vertical clip');
    await expect(preview).toHaveAttribute('src', `${PLAYER}${slug}?vp_kit=1`);
    await expect(preview).toHaveAttribute('loading', 'lazy');
    expect(await preview.evaluate((el) => getComputedStyle(el).aspectRatio)).toBe('9 / 16');
    const box = (await preview.boundingBox())!;
    expect(box.height / box.width).toBeCloseTo(16 / 9, 1);
    await expect(page.getByRole('textbox', { name: 'Embed code' })).toHaveValue(
      `<iframe src="${PLAYER}${slug}" width="100%" height="100%" frameborder="0" allowfullscreen title="Vertical clip"></iframe>`,
    );
    const frame = await frameOf(preview);
    await expect(frame.getByRole('heading', { name: 'Vertical clip' })).toBeVisible();
  });

  test('each option changes the URL parameter, and the live preview plays it that way', async ({ page }) => {
    const dialog = await openBuilder(page);
    const link = dialog.getByRole('textbox', { name: 'Link', exact: true });
    const preview = dialog.getByTitle('Preview of Vertical clip');
    const iframeSnippet = dialog.getByRole('textbox', { name: 'Iframe', exact: true });
    await expect(iframeSnippet).toHaveValue(/style="width:100%;max-width:calc\(90vh \* 9 \/ 16\);aspect-ratio:9 \/ 16;border:0"/);

    await dialog.getByRole('textbox', { name: 'Start at' }).fill('0:02');
    await expect(link).toHaveValue(`${PLAYER}${slug}?start=2s`);
    await expect(preview).toHaveAttribute('src', `${PLAYER}${slug}?start=2s&vp_kit=1`, { timeout: 1000 }); // within 300 ms, give or take the machine
    await expect.poll(async () => (await video(await frameOf(preview)))?.time).toBeCloseTo(2, 0);

    await dialog.getByLabel('Autoplay', { exact: true }).check();
    await expect(dialog.getByText('Starts muted: browsers play a video on their own only without sound.')).toBeVisible();
    await expect(dialog.getByLabel('Muted', { exact: true })).toBeChecked();
    await dialog.getByLabel('Loop', { exact: true }).check();
    await dialog.getByRole('combobox', { name: 'Subtitles shown' }).click();
    await page.getByRole('option', { name: /\(en\)$/ }).click();
    await expect(link).toHaveValue(`${PLAYER}${slug}?start=2s&autoplay=1&loop=1&subtitles=en`);
    await expect(preview).toHaveAttribute('src', `${PLAYER}${slug}?start=2s&autoplay=1&loop=1&subtitles=en&vp_kit=1`);
    const playing = await frameOf(preview);
    await expect.poll(async () => (await video(playing))?.time, { timeout: 15_000 }).toBeGreaterThan(2.3);
    expect(await video(playing)).toMatchObject({ paused: false, muted: true, loop: true, showing: ['en'] });

    await dialog.getByLabel('Show controls', { exact: true }).uncheck();
    await dialog.getByLabel('Show title', { exact: true }).uncheck();
    await expect(link).toHaveValue(`${PLAYER}${slug}?start=2s&autoplay=1&loop=1&controls=0&subtitles=en&title=0`);
    await expect(preview).toHaveAttribute('src', /controls=0&subtitles=en&title=0&vp_kit=1$/);
    const bare = await frameOf(preview);
    await expect(bare.locator('video')).toBeVisible();
    await expect(bare.locator('media-control-bar')).toHaveCount(0);
    await expect(bare.getByRole('heading')).toHaveCount(0);

    await dialog.getByRole('combobox', { name: 'Size' }).click();
    await page.getByRole('option', { name: 'Fixed' }).click();
    await expect(iframeSnippet).toHaveValue(/ width="360" height="640" style="border:0"/);
  });

  test('a generated snippet is valid HTML and plays when pasted into a blank page of another origin; pasted back, it round-trips', async ({
    page,
    context,
  }) => {
    const dialog = await openBuilder(page);
    await dialog.getByRole('textbox', { name: 'Start at' }).fill('1');
    await dialog.getByLabel('Autoplay', { exact: true }).check();
    await dialog.getByLabel('Show title', { exact: true }).uncheck();
    const iframe = await dialog.getByRole('textbox', { name: 'Iframe', exact: true }).inputValue();
    const element = await dialog.getByRole('textbox', { name: 'Web component', exact: true }).inputValue();

    for (const [name, snippet] of [
      ['iframe', iframe],
      ['web component', element],
    ] as const) {
      const blank = await context.newPage();
      const errors: string[] = [];
      blank.on('pageerror', (error) => errors.push(error.message));
      // A real page on another origin (another port): Chromium refuses a page it got from no address (a
      // Playwright route) framing a loopback one.
      const host = await servePage(`<!doctype html><html lang="en"><head><title>Blank</title></head><body>${snippet}</body></html>`);
      await blank.goto(host.url);
      // Valid: the parser keeps every attribute as written and leaves no stray text.
      const parsed = await blank.evaluate(() => ({
        text: document.body.innerText.trim(),
        frames: document.querySelectorAll('iframe, vp-embed').length,
      }));
      expect(parsed, name).toEqual({ text: '', frames: 1 });
      const frame = await frameOf(blank.locator('iframe'));
      // Past 1.3 s from its start at 1 s: it plays on its own. Only 3 s of the clip are left from there, and
      // on a busy machine a read may come after its end: paused then because it ended, which is no failure.
      await expect.poll(async () => (await video(frame))?.time, { timeout: 15_000, message: name }).toBeGreaterThan(1.3);
      const played = (await video(frame))!;
      expect(played, name).toMatchObject({ muted: true });
      expect(played.paused && !played.ended, `${name}: paused before its end`).toBe(false);
      const box = (await blank.locator('iframe').boundingBox())!;
      expect(box.height / box.width, name).toBeCloseTo(16 / 9, 1);
      expect(errors, name).toEqual([]);
      await blank.close();
      host.close();
    }

    // A fresh builder reads the pasted snippet back into the same options.
    const fresh = await openBuilder(page, { signedIn: true });
    await expect(fresh.getByRole('textbox', { name: 'Link', exact: true })).toHaveValue(`${PLAYER}${slug}`);
    await fresh.getByRole('textbox', { name: 'Paste a snippet or link' }).fill(element);
    await expect(fresh.getByRole('textbox', { name: 'Iframe', exact: true })).toHaveValue(iframe);
    await expect(fresh.getByRole('textbox', { name: 'Start at' })).toHaveValue('1s');
    await expect(fresh.getByLabel('Autoplay', { exact: true })).toBeChecked();
    await expect(fresh.getByLabel('Show title', { exact: true })).not.toBeChecked();
  });

  test("'Save as default': every new snippet of the account starts from the saved options", async ({ page, request }) => {
    const dialog = await openBuilder(page);
    await dialog.getByLabel('Loop', { exact: true }).check();
    await dialog.getByRole('button', { name: 'Save as default' }).click();
    await expect(page.getByText('Saved: new embed snippets of this account start from these options.')).toBeVisible();
    const api = await apiAs(request, account);
    expect((await api.get('/config')).data.player.embed).toEqual({ loop: true });

    await page.goto(`/files/${fileId}`);
    await expect(page.getByTitle('Preview of Vertical clip')).toHaveAttribute('src', `${PLAYER}${slug}?loop=1&vp_kit=1`);
    const fresh = await openBuilder(page, { signedIn: true });
    await expect(fresh.getByRole('textbox', { name: 'Link', exact: true })).toHaveValue(`${PLAYER}${slug}?loop=1`);
    await expect(fresh.getByLabel('Loop', { exact: true })).toBeChecked();
    await api.put('/config', { player: { embed: {} } });
  });
});
