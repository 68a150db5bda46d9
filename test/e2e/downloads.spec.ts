import { addPlayableClip } from './clips';
import { apiAs, expect, expectWithin, openSignedIn, test } from './fixtures';

/**
 * Downloads (issue 43, decision D67): an operator allows downloads on a processed file in the editor's
 * Downloads dialog, sees the MP4's and the M4A's links with their sizes once the job has made them, and
 * the player page offers the download button; not allowed, the page has none. At 360 px the card, the
 * dialog and the player's control bar (with its chapter menu beside the download button) fit.
 */

test('allow downloads on a file: the editor lists the MP4 and the M4A with their sizes, and the player page shows the button', async ({
  page,
  account,
  request,
}) => {
  const api = await apiAs(request, account);
  const { fileId, slug } = await addPlayableClip(request, api.apiKey, { title: 'Download clip', seconds: 4 });
  await page.goto(`/player/${slug}`);
  await expect(page.locator('video')).toBeAttached();
  await expect(page.getByRole('link', { name: 'Download video' })).toHaveCount(0);

  await openSignedIn(page, account, `/files/${fileId}`);
  const section = page.getByRole('region', { name: 'Downloads' });
  await expect(section.getByText('No downloads are stored.')).toBeVisible();
  await section.getByRole('button', { name: 'Manage downloads' }).click();
  const card = page.getByRole('dialog', { name: 'Downloads' });
  await card.getByLabel('Downloads of this file').click();
  await page.getByRole('option', { name: 'Allowed', exact: true }).click();
  await expect(page.getByText('File updated successfully')).toBeVisible();
  // The job remuxes the top rung; its file events bring the stored downloads to the open dialog (D70).
  const video = card.getByRole('link', { name: 'MP4 video' });
  await expect(video).toBeVisible({ timeout: 30_000 });
  await expect(card.getByRole('link', { name: 'Audio only (M4A)' })).toBeVisible();
  const stored = (await api.get(`/files/${fileId}`)).data;
  await expect(video).toHaveAttribute('href', new RegExp(`/player/${slug}/download\\.mp4$`));
  await expect(card.getByText(/^\d+(\.\d)? KB$/)).toHaveCount(2);
  expect(stored.download_video.bytes).toBeGreaterThan(0);
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    await page.reload();
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(section.getByText('Viewers can download an MP4 of this video and its sound (M4A).')).toBeVisible();
      await section.scrollIntoViewIfNeeded();
      await expectWithin(width, [section, section.getByRole('button', { name: 'Manage downloads' })]);
      await section.screenshot({ path: test.info().outputPath(`editor-downloads-card-${width}-${theme}.png`) });
      await section.getByRole('button', { name: 'Manage downloads' }).click();
      await expect(video).toBeVisible();
      // The dialog's opening transition ends first: the boxes and the screenshot show it as it stands.
      const running = () => page.evaluate(() => document.querySelector('vp-admin-panel')!.shadowRoot!.getAnimations().length);
      await expect.poll(running).toBe(0);
      await expectWithin(width, [
        card.getByRole('combobox', { name: 'Downloads of this file' }),
        video,
        card.getByRole('link', { name: 'Audio only (M4A)' }),
        card.getByRole('button', { name: 'Close' }),
      ]);
      expect(await card.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      await page.screenshot({ path: test.info().outputPath(`editor-downloads-dialog-${width}-${theme}.png`) });
      await card.getByRole('button', { name: 'Close' }).click();
      await expect(card).toBeHidden();
    }
  }
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.goto(`/player/${slug}`);
  const button = page.getByRole('link', { name: 'Download video' });
  await expect(button).toBeVisible();
  await expect(button).toHaveAttribute('href', `/player/${slug}/download.mp4`);
  await page.screenshot({ path: test.info().outputPath('player-download-1280.png') });
  const download = await request.get(`/player/${slug}/download.mp4`);
  expect(download.status()).toBe(200);
  expect(download.headers()['content-disposition']).toBe(`attachment; filename="${slug}.mp4"`);

  // At 360 px, with chapters too, the control bar runs past neither its own edge nor the page's.
  const chapters = await request.put(`/api/files/${fileId}/chapters`, {
    headers: { 'x-apikey': api.apiKey, 'content-type': 'text/plain' },
    data: '00:00 Intro\n00:02 The end',
  });
  expect(chapters.status()).toBe(200);
  await page.setViewportSize({ width: 360, height: 640 });
  await page.goto(`/player/${slug}`);
  const chaptersButton = page.getByRole('button', { name: 'Chapters' });
  await expect(chaptersButton.locator('svg')).toBeVisible(); // its icon shows (an unslotted one did not)
  await expect(button).toBeVisible();
  const bar = page.locator('media-control-bar');
  await expectWithin(360, [bar, page.getByRole('button', { name: /^(play|pause)$/i }), chaptersButton, button]);
  expect(await bar.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: test.info().outputPath('player-download-chapters-360.png') });
});
