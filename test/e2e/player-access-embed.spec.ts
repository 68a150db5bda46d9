import type { Frame, Page } from '@playwright/test';
import { addPlayableClip } from './clips';
import { audit } from './axe';
import { apiAs, createAccount, expect, signIn, test } from './fixtures';
import { E2E_PORT } from './environment.mjs';
import { servePage } from './other-origin';

/**
 * Where a video may play (issue 40), end to end in Chromium: the real player embedded in pages of other
 * loopback origins (127.0.0.1 and localhost on one port are two sites to it), against the real server.
 */

const PLAYER = `http://127.0.0.1:${E2E_PORT}/player/`;
const embedPage = (src: string) =>
  `<!doctype html><html lang="en"><head><title>Course</title></head><body><iframe src="${src}" width="320" height="180" title="Lesson"></iframe></body></html>`;

async function playerFrame(page: Page): Promise<Frame> {
  return (await (await page.locator('iframe').elementHandle())!.contentFrame())!;
}

const currentTime = (frame: Frame) => frame.locator('video').evaluate((video: HTMLVideoElement) => video.currentTime);

test("the account's default, set in the panel, lets an allowed site play the embed and refuses another", async ({
  page,
  context,
  request,
}) => {
  const account = await createAccount(0);
  const api = await apiAs(request, account);
  const { fileId, slug } = await addPlayableClip(request, api.apiKey, { title: 'Lesson one', seconds: 6 });
  // Its own setting is null (absent from the reply): it follows the account's default.
  expect((await api.get(`/files/${fileId}`)).data.player_access ?? null).toBeNull();

  // Account → Where videos may play: only 127.0.0.1 may embed the account's videos.
  await signIn(page, account);
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Where videos may play' }).click();
  await expect(page.getByRole('heading', { name: 'Where videos may play', level: 1 })).toBeVisible();
  await expect(page.getByText('A site list is a speed bump')).toBeVisible();
  await page.getByRole('radio', { name: 'Only these sites' }).check();
  await page.getByRole('textbox', { name: 'Sites' }).fill('127.0.0.1');
  await audit(page, 'Where videos may play');
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await audit(page, 'Where videos may play (dark)');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Where videos may play saved.')).toBeVisible();
  await expect
    .poll(async () => (await api.get('/config')).data.player.access)
    .toEqual({ embed: 'sites', sites: ['127.0.0.1'], signed: false, allow_no_referrer: true });

  // The file's own dialog says it follows that default.
  await page.goto(`/files/${fileId}`);
  await page.getByRole('button', { name: 'Where it may play' }).click();
  const dialog = page.getByRole('dialog', { name: 'Where it may play' });
  await expect(dialog.getByRole('switch', { name: "Use the account's default" })).toBeChecked();
  await expect(dialog.getByText("It follows the account's default, now: Only these sites.")).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  const site = await servePage(embedPage(`${PLAYER}${slug}?autoplay=1`));
  try {
    // An allowed site: the embed plays.
    const allowed = await context.newPage();
    await allowed.goto(site.url);
    const playing = await playerFrame(allowed);
    await expect.poll(() => currentTime(playing), { timeout: 30_000 }).toBeGreaterThan(1);
    await allowed.close();

    // The same page on localhost: another site, refused in words, not a black box.
    const refused = await context.newPage();
    await refused.goto(site.url.replace('127.0.0.1', 'localhost'));
    const refusal = await playerFrame(refused);
    await expect(refusal.getByRole('alert')).toHaveText("This video can't be played on this site");
    await expect(refusal.locator('video')).toHaveCount(0);
    await refused.close();
  } finally {
    site.close();
  }
});

test('a signed embed whose link lives 20 s plays on past 60 s, its link expired meanwhile', async ({ context, request }) => {
  test.setTimeout(240_000);
  const account = await createAccount(0);
  const api = await apiAs(request, account);
  // 66 s at 160×90: the pipeline makes it quickly.
  const { fileId, slug } = await addPlayableClip(request, api.apiKey, {
    title: 'Long lesson',
    seconds: 66,
    width: 160,
    height: 90,
    processedWithin: 150_000,
  });
  const saved = await api.put(`/files/${fileId}`, {
    player_access: { embed: 'anywhere', sites: [], signed: true, allow_no_referrer: true },
  });
  expect(saved.status).toBe('success');
  // Unsigned, the player does not open.
  expect((await request.get(`${PLAYER}${slug}`)).status()).toBe(403);

  const minted = await api.post(`/files/${fileId}/player-token`, { expires_in: 20 });
  const expiresAt = Date.parse(minted.data.expires_at);
  const site = await servePage(embedPage(`${minted.data.url}&autoplay=1`));
  try {
    const viewer = await context.newPage();
    // Every playlist, segment and grant renewal the player asks for, with when it was answered.
    const answers: { url: string; status: number; at: number }[] = [];
    viewer.on('response', (response) => {
      if (response.url().includes('grant=')) answers.push({ url: response.url(), status: response.status(), at: Date.now() });
    });
    // hls.js buffers a small film whole within a second; a long film's later segments are fetched as it
    // plays. So the film's segments from 20 s on stay unanswered until the link has expired, as a slow
    // network would have it: the player times each request out (10 s) and asks again, with its grant.
    let held = 0;
    await viewer.route(/\/seg(\d+)\.ts\?/, (route) => {
      const segment = Number(/\/seg(\d+)\.ts\?/.exec(route.request().url())![1]);
      if (segment < 5 || Date.now() > expiresAt) return route.continue();
      held += 1; // never answered: the player gives up on it
      return undefined;
    });
    await viewer.goto(site.url);
    const player = await playerFrame(viewer);
    const video = player.locator('video');
    await expect.poll(() => currentTime(player), { timeout: 30_000 }).toBeGreaterThan(0);
    await video.evaluate((element: HTMLVideoElement) => (element.playbackRate = 4));
    await expect.poll(() => currentTime(player), { timeout: 30_000 }).toBeGreaterThan(10);

    // A viewer's pause until the link (and the page's first grant, 10 s) has expired.
    await video.evaluate((element: HTMLVideoElement) => element.pause());
    await expect.poll(() => Date.now(), { timeout: 30_000 }).toBeGreaterThan(expiresAt + 1_000);
    const linkExpired = await request.get(minted.data.url);
    expect(linkExpired.status()).toBe(403);
    expect(await linkExpired.text()).toContain('This link has expired');

    await video.evaluate((element: HTMLVideoElement) => {
      element.playbackRate = 4;
      return element.play();
    });
    await expect.poll(() => currentTime(player), { timeout: 60_000 }).toBeGreaterThan(60);
    expect(await video.evaluate((element: HTMLVideoElement) => element.error)).toBeNull();
    // After the link expired, the player renewed its lapsed grant and fetched the rest of the film with it.
    const afterExpiry = answers.filter((answer) => answer.at > expiresAt);
    expect(afterExpiry.some((answer) => /\/grant\?/.test(answer.url) && answer.status === 200)).toBe(true);
    expect(afterExpiry.some((answer) => !/\/grant\?/.test(answer.url) && answer.status === 200)).toBe(true);
    expect(afterExpiry.filter((answer) => answer.status !== 200)).toEqual([]);
    expect(held).toBeGreaterThan(0);
    await viewer.close();
  } finally {
    site.close();
  }
});
