import type { Locator } from '@playwright/test';
import { addPlayableClip } from './clips';
import { apiAs, createAccount, expect, test } from './fixtures';

const EN = '1\n00:00:00,000 --> 00:00:06,000\nHello in English\n';
const VI = '1\n00:00:00,000 --> 00:00:06,000\nXin chào\n';

/** What the video element is doing, as a visitor would notice it. */
const state = (video: Locator) =>
  video.evaluate((v: HTMLVideoElement) => ({
    time: v.currentTime,
    paused: v.paused,
    muted: v.muted,
    loop: v.loop,
    showing: [...v.textTracks].filter((t) => t.kind === 'subtitles' && t.mode === 'showing').map((t) => t.language),
    cue:
      ([...v.textTracks].find((t) => t.mode === 'showing' && t.kind === 'subtitles')?.activeCues?.[0] as VTTCue | undefined)?.text ?? null,
  }));

test.describe('player URL parameters, in the browser', () => {
  test.describe.configure({ mode: 'serial' });
  let slug = '';

  test.beforeAll(async ({ request }) => {
    const api = await apiAs(request, await createAccount(0));
    ({ slug } = await addPlayableClip(request, api.apiKey, { title: 'Parameters clip', seconds: 6, subtitles: { en: EN, vi: VI } }));
  });

  test('start: the video is at that time before it plays, written as seconds, a clock or units', async ({ page }) => {
    for (const start of ['3', '0:03', '3s']) {
      await page.goto(`/player/${slug}?start=${start}`);
      const video = page.locator('video');
      await expect.poll(async () => (await state(video)).time, { message: start }).toBeCloseTo(3, 0);
      expect((await state(video)).paused).toBe(true);
    }
  });

  test('autoplay plays at once, muted; muted alone stays paused and silent', async ({ page }) => {
    await page.goto(`/player/${slug}?autoplay=1`);
    const video = page.locator('video');
    await expect.poll(async () => (await state(video)).time, { timeout: 15_000 }).toBeGreaterThan(0.5);
    expect(await state(video)).toMatchObject({ paused: false, muted: true });
    await page.goto(`/player/${slug}?muted=1`);
    await expect.poll(async () => (await state(video)).muted).toBe(true);
    expect((await state(video)).paused).toBe(true);
  });

  test('loop: past the end the video plays again from the start', async ({ page }) => {
    await page.goto(`/player/${slug}?start=5&autoplay=1&loop=1`);
    const video = page.locator('video');
    await expect.poll(async () => (await state(video)).time, { timeout: 15_000 }).toBeGreaterThan(5.2);
    await expect.poll(async () => (await state(video)).time, { timeout: 15_000 }).toBeLessThan(2);
    expect(await state(video)).toMatchObject({ paused: false, loop: true });
  });

  test('subtitles=<lang> shows that track without a click; a language the file lacks shows none', async ({ page }) => {
    await page.goto(`/player/${slug}?subtitles=vi&autoplay=1`);
    const video = page.locator('video');
    await expect.poll(async () => (await state(video)).showing).toEqual(['vi']);
    await expect.poll(async () => (await state(video)).cue, { timeout: 15_000 }).toBe('Xin chào');
    await page.goto(`/player/${slug}?subtitles=fr`);
    await expect.poll(async () => (await state(video)).time).toBe(0);
    expect((await state(video)).showing).toEqual([]);
  });

  test('controls=0 and title=0: only the video; invalid values play as without them', async ({ page }) => {
    await page.goto(`/player/${slug}?controls=0&title=0`);
    await expect(page.locator('video')).toBeVisible();
    await expect(page.locator('media-play-button')).toHaveCount(0);
    await expect(page.getByRole('heading')).toHaveCount(0);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`/player/${slug}?start=soon&autoplay=maybe&controls=2&subtitles=%3Cb%3E`);
    await expect(page.getByRole('heading', { name: 'Parameters clip' })).toBeVisible();
    await page.locator('media-play-button').click();
    await expect.poll(async () => (await state(page.locator('video'))).time, { timeout: 15_000 }).toBeGreaterThan(0.5);
    expect(errors).toEqual([]);
  });
});
