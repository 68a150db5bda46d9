import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeTestClip } from '../../server/src/media/renditions';
import { apiAs, expect, openSignedIn, test } from './fixtures';
import { addSubtitles } from './clips';
import { expectPlaysWithCue, SRT } from './player-checks';

/**
 * Add video end to end: the dialog uploads a real clip, the row appears at once and goes to
 * Completed live, without a reload; its player link then plays it with a subtitle cue. It needs the server's ingest and pipeline (POST /api/files and
 * the worker, with the server's ffmpeg, which also makes the clip): on a server without them it is skipped.
 */
/** The folder of the clip this test makes (the file input reads it while the upload runs). */
let clipDir: string | undefined;
test.afterAll(() => {
  if (clipDir) rmSync(clipDir, { recursive: true, force: true });
});

test('add a video through the dialog, watch its row go to Completed without a reload, play it from its player link; its log starts with it', async ({
  page,
  account,
  request,
}, info) => {
  test.setTimeout(180_000);
  const openapi = (await (await request.get('/api/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
  test.skip(!openapi.paths['/api/files/']?.post && !openapi.paths['/api/files']?.post, 'the server has no POST /api/files (video ingest)');

  clipDir = mkdtempSync(join(tmpdir(), 'vp-e2e-clip-'));
  const clip = join(clipDir, 'e2e-clip.mp4');
  await makeTestClip(clip, { seconds: 3, width: 320, height: 240 });

  await openSignedIn(page, account, '/files');
  await page.getByRole('button', { name: 'Add video' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add video' });
  await dialog.getByLabel('Video file').setInputFiles(clip);
  await expect(dialog.getByText('e2e-clip.mp4')).toBeVisible();
  await dialog.getByLabel('Title').fill('Harbour at dawn (e2e)');
  await dialog.getByRole('button', { name: 'Add video' }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });

  const row = page.locator('[role="row"][data-id]', { hasText: 'Harbour at dawn (e2e)' });
  await expect(row).toBeVisible();
  const marker = await page.evaluate(() => ((window as unknown as { vpMarker: number }).vpMarker = Math.random()));
  await expect(row.getByText('Completed')).toBeVisible({ timeout: 150_000 });
  await expect(page.getByText('“Harbour at dawn (e2e)” — Completed')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { vpMarker: number }).vpMarker)).toBe(marker);

  const fileId = Number(await row.getAttribute('data-id'));
  await addSubtitles(request, (await apiAs(request, account)).apiKey, fileId, { en: SRT });
  const [player] = await Promise.all([page.context().waitForEvent('page'), row.locator('[data-field="file_slug"] a').click()]);
  await expect(player).toHaveURL(/\/player\/harbour-at-dawn-e2e$/);
  await expectPlaysWithCue(player);

  // The file's whole life is in its log: added from the panel, processed, then the subtitle added through the API.
  await page.goto(`/files/${fileId}`);
  // The log loads when asked for, below the other cards.
  await page.getByRole('region', { name: 'Activity' }).getByRole('button', { name: 'Show activity' }).click();
  const log = page.getByRole('list', { name: 'Changes of this file, newest first' });
  await log.scrollIntoViewIfNeeded();
  await expect(log.getByRole('listitem')).toHaveText([
    /^Subtitle added: English \(srt\)/,
    /^Processing completed.+ · pipeline · /,
    new RegExp(`^Added by ${account.username} \\(upload\\)${account.username} · panel · `),
  ]);
  await page.getByRole('region', { name: 'Activity' }).screenshot({ path: info.outputPath('activity-card.png'), animations: 'disabled' });
});
