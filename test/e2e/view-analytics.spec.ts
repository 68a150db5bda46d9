import { readFile } from 'node:fs/promises';
import type { Locator } from '@playwright/test';
import { addPlayableClip } from './clips';
import { apiAs, createAccount, expect, openSignedIn, test } from './fixtures';
import { E2E_PORT } from './environment.mjs';
import { servePage } from './other-origin';

/** The stated definition's start, under the stats. */
const VIEW_DEFINITION = 'A view is one page load of the player that played at least 3 seconds or reached the end.';

/**
 * View analytics end to end (issue 41): the real player, embedded in a page of another loopback origin,
 * plays 5 s and sends its beats; the server counts one view from that site, and the list sorts by it.
 */
test('an embed played for 5 s on another origin is one view from that site, and the Views column sorts the list', async ({
  page,
  context,
  request,
}) => {
  const account = await createAccount(3);
  const api = await apiAs(request, account);
  const { fileId, slug } = await addPlayableClip(request, api.apiKey, { title: 'Watched clip', seconds: 8 });

  const host = await servePage(
    `<!doctype html><html lang="en"><head><title>Blog</title></head><body><iframe src="http://127.0.0.1:${E2E_PORT}/player/${slug}" width="640" height="360" title="Watched clip"></iframe></body></html>`,
  );
  const blog = await context.newPage();
  await blog.goto(host.url);
  const frame = (await (await blog.locator('iframe').elementHandle())!.contentFrame())!;
  // The viewer presses play (not autoplay: media-chrome would store no preference of a muted video).
  await frame.getByRole('button', { name: 'play', exact: true }).click();
  const time = () => frame.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect.poll(time, { timeout: 30_000 }).toBeGreaterThan(5);
  // A pause sends the beat with the seconds played since the page loaded.
  await frame.locator('video').evaluate((v: HTMLVideoElement) => v.pause());
  // The viewer mutes, unmutes and lowers the volume: the player remembers none of it in the browser.
  const mute = frame.locator('media-mute-button');
  await mute.click();
  await expect.poll(() => frame.locator('video').evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
  await mute.click();
  await frame.locator('media-volume-range input').fill('0.4');
  await expect.poll(() => frame.locator('video').evaluate((v: HTMLVideoElement) => v.volume)).toBe(0.4);
  expect(await frame.evaluate(() => ({ stored: { ...localStorage }, cookie: document.cookie }))).toEqual({ stored: {}, cookie: '' });
  expect(await context.cookies()).toEqual([]);

  const stats = () => api.get(`/files/${fileId}/stats`);
  await expect.poll(async () => (await stats()).data.totals.views, { timeout: 30_000 }).toBe(1);
  const { data } = await stats();
  expect(data.totals.watch_seconds).toBeGreaterThan(4);
  expect(data.sites).toEqual([{ host: new URL(host.url).host, views: 1 }]);
  await blog.close();
  host.close();

  // The list, sorted by Views (30 days): the watched clip first.
  await openSignedIn(page, account, '/files?sort_by=views_30d&order=desc');
  const firstRow = page.getByRole('row').nth(1);
  await expect(firstRow).toContainText('Watched clip');
  await expect(firstRow.locator('[data-field="views_30d"]')).toHaveText('1');
  await expect(page.getByRole('columnheader', { name: /Views \(30 days\)/ })).toHaveAttribute('aria-sort', 'descending');

  // The editor's Audience card, opened: the view, and the site it came from.
  await page.goto(`/files/${fileId}`);
  const audience = page.getByRole('region', { name: 'Audience' });
  await audience.getByRole('button', { name: 'Show views and watch time' }).click();
  await expect(audience.getByRole('definition').first()).toHaveText('1');
  await expect(audience.getByRole('listitem').first()).toContainText(new URL(host.url).host);
  await expect(audience.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');
  await expect(audience.getByRole('img', { name: /^Views per day, .*: 1 in all/ })).toBeVisible();
  await expect(audience).toContainText(VIEW_DEFINITION);

  // Its CSV over a range of days: the day of the view (the form starts with the period's days).
  const day = data.days.find((d: { views: number }) => d.views === 1).date as string;
  const csvLine = `date,views,watch_seconds\r\n${day},1,${data.totals.watch_seconds}\r\n`;
  const fileExport = audience.getByRole('form', { name: 'Export views as CSV' });
  await expect(fileExport.getByLabel('To')).toHaveValue(day);
  await audience.getByRole('button', { name: '7 days' }).click();
  await expect(fileExport.getByLabel('From')).toHaveValue(new Date(Date.parse(day) - 6 * 86_400_000).toISOString().slice(0, 10));
  expect(await exportCsv(fileExport, day)).toEqual({ name: `views-${fileId}-${day}-${day}.csv`, text: csvLine });

  // The dashboard: the account's views and its most watched file, a way into its editor.
  await page.goto('/');
  const views = page.getByRole('region', { name: 'Views, last 30 days' });
  await expect(views.getByRole('definition').first()).toHaveText('1');
  await expect(views.getByRole('listitem').first()).toContainText('Watched clip');
  await expect(views.getByRole('link', { name: 'Watched clip' })).toHaveAttribute('href', new RegExp(`/files/${fileId}$`));
  await expect(views).toContainText(VIEW_DEFINITION);
  // The account's CSV over the same day: its only watched file's view.
  const accountExport = views.getByRole('form', { name: 'Export views as CSV' });
  expect(await exportCsv(accountExport, day)).toEqual({ name: `views-${day}-${day}.csv`, text: csvLine });
});

/** Fills From and To with `day`, presses Export CSV and reads the file the browser saves. */
async function exportCsv(form: Locator, day: string): Promise<{ name: string; text: string }> {
  await form.getByLabel('From').fill(day);
  await form.getByLabel('To').fill(day);
  const formatted = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(day));
  await expect(form).toContainText(`UTC days ${formatted}.`);
  const saved = form.page().waitForEvent('download');
  await form.getByRole('button', { name: 'Export CSV' }).click();
  const download = await saved;
  return { name: download.suggestedFilename(), text: await readFile(await download.path(), 'utf8') };
}
