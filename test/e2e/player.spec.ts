import { addPlayableClip } from './clips';
import { apiAs, createAccount, expect, test } from './fixtures';
import { expectPlaysWithCue, SRT } from './player-checks';

test('a Completed file plays in its player page: time advances and a subtitle cue shows', async ({ page, request }) => {
  const api = await apiAs(request, await createAccount(0));
  const { slug } = await addPlayableClip(request, api.apiKey, { title: 'Player test clip', subtitles: { en: SRT } });
  await expectPlaysWithCue(page, `/player/${slug}`);
});

test('a paused player is still: nothing is drawn again while nothing moves, its bars keep no layers of their own, and the spinner turns only while the video waits', async ({
  page,
  request,
}) => {
  const api = await apiAs(request, await createAccount(1));
  const { slug } = await addPlayableClip(request, api.apiKey, { title: 'Still player clip' });
  await page.goto(`/player/${slug}`);
  await expect.poll(() => page.locator('video').evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
  // Chromium's own counters: media-chrome's default spinner turned by an SVG animation even while
  // hidden, so a paused page recalculated its style at every screen refresh (about 60 times a second).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const styleRecalcs = async () =>
    (await cdp.send('Performance.getMetrics')).metrics.find((metric) => metric.name === 'RecalcStyleCount')!.value;
  // Once the page has settled (on a busy machine it may still be laying out its controls), a whole
  // second passes with next to no style work: the style recalculations within each second, counted.
  let last: number | undefined;
  const recalcsInTheLastSecond = async () => {
    const now = await styleRecalcs();
    const moved = last === undefined ? Infinity : now - last;
    last = now;
    return moved;
  };
  await expect.poll(recalcsInTheLastSecond, { intervals: [1000], timeout: 15_000 }).toBeLessThan(5);

  const spinnerTurns = () => page.locator('media-loading-indicator svg[slot="icon"]').evaluate((svg) => svg.getAnimations().length > 0);
  expect(await spinnerTurns()).toBe(false);
  await page.locator('media-loading-indicator').evaluate((indicator) => {
    indicator.setAttribute('medialoading', '');
    indicator.removeAttribute('mediapaused');
  });
  expect(await spinnerTurns()).toBe(true);

  // media-chrome's bars ask for compositor layers (will-change), which each frame of a same-site page
  // embedding the player then sorts: the page drops them (src/player/range-layers.ts).
  const layerHints = await page.evaluate(() =>
    [...document.querySelectorAll('media-time-range, media-volume-range')].flatMap((range) =>
      ['#appearance', '#preview-rail', '#current-rail'].flatMap((part) => {
        const element = range.shadowRoot?.querySelector(part);
        return element ? [`${range.localName} ${part}: ${getComputedStyle(element).willChange}`] : [];
      }),
    ),
  );
  expect(layerHints).toEqual([
    'media-time-range #appearance: auto',
    'media-time-range #preview-rail: auto',
    'media-time-range #current-rail: auto',
    'media-volume-range #appearance: auto',
  ]);
});
