import { addSubtitles } from './clips';
import { apiAs, expect, refuseLiveStream, signIn, test } from './fixtures';
import { auditLabelsInNames, expectNoneFound, type Findings } from './label-in-name';

/**
 * Label in Name (WCAG 2.5.3, issue 37) on every screen, dialog and menu of the panel, each in English
 * and in Vietnamese: no control names itself with words other than the ones it shows (./label-in-name.ts).
 * Every screen is read before the test fails, so one run lists them all.
 */

const SRT = '1\n00:00:00,500 --> 00:00:02,000\nFirst cue\n\n2\n00:00:02,000 --> 00:00:04,000\nSecond cue\n';

test('every control shows words that are part of its name, in English and in Vietnamese', async ({ page, request, account }) => {
  test.setTimeout(240_000);
  const found: Findings = new Map();
  const audit = (screen: string) => auditLabelsInNames(page, screen, found);
  const api = await apiAs(request, account);
  const [file, trashed] = (await api.get('/files/?limit=2&sort_by=created_at&order=desc')).data.files as { file_id: number }[];
  await addSubtitles(request, api.apiKey, file!.file_id, { en: SRT });
  await api.delete(`/files/${trashed!.file_id}`);
  await refuseLiveStream(page);

  await page.goto('/auth/login');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await audit('sign-in');
  await signIn(page, account);
  await audit('dashboard');
  await page.getByRole('button', { name: 'Account' }).click();
  await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
  await audit('account menu');
  await page.keyboard.press('Escape');
  await page.goto('/nowhere');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await audit('not found');

  await page.goto('/files');
  const rows = page.locator('[role="row"][data-id]');
  await expect(rows.first()).toBeVisible();
  await audit('files list');
  await rows.first().getByRole('checkbox').check();
  await expect(page.getByRole('toolbar', { name: 'Bulk actions' })).toBeVisible();
  await audit('bulk bar');
  await page.getByRole('checkbox', { name: 'Select all' }).check();
  await page.getByRole('button', { name: /^Select all \d+ files/ }).click();
  await page.getByRole('combobox', { name: 'Bulk action' }).click();
  await expect(page.getByRole('option', { name: 'Deactivate' })).toBeVisible();
  await audit('bulk actions of every matching file');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Clear' }).click();
  await page.getByRole('button', { name: 'Add video' }).click();
  await expect(page.getByRole('dialog', { name: 'Add video' })).toBeVisible();
  await audit('add video dialog');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: `Delete file ${file!.file_id}` }).click();
  await expect(page.getByRole('dialog', { name: 'Confirm Deletion' })).toBeVisible();
  await audit('delete dialog');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.locator('li[data-id]').first()).toBeVisible();
  await audit('files list as cards (390 px)');
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto('/trash');
  await expect(page.locator(`[role="row"][data-id="${trashed!.file_id}"]`)).toBeVisible();
  await audit('trash');
  await page.getByRole('button', { name: `Delete forever file ${trashed!.file_id}` }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await audit('delete forever dialog');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: `Restore file ${trashed!.file_id}` })).toContainText('Restore');
  await audit('trash as cards (390 px)');
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto(`/files/${file!.file_id}`);
  await expect(page.getByRole('heading', { name: 'Update File' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Subtitle tracks' })).toBeVisible();
  await page.getByRole('button', { name: 'Show activity' }).click();
  await expect(page.getByRole('list', { name: 'Changes of this file, newest first' })).toBeVisible();
  await audit('file editor');

  await page.getByRole('button', { name: 'Upload subtitle' }).first().click();
  const upload = page.getByRole('dialog', { name: 'Upload Subtitle' });
  await upload.locator('input[type="file"]').setInputFiles({ name: 'cues.srt', mimeType: 'text/plain', buffer: Buffer.from(SRT) });
  await expect(upload.getByRole('status', { name: 'Subtitle check' })).toBeVisible();
  await audit('upload subtitle dialog with a file');
  await upload.getByRole('button', { name: 'Cancel' }).click();

  // The track's buttons are found by their words alone here: the names are what this test checks.
  const track = page.getByRole('list', { name: 'Subtitle tracks' }).getByRole('listitem').first();
  await track.getByRole('button', { name: /^Edit\b(?!.*cues)/ }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Subtitle' })).toBeVisible();
  await audit('edit subtitle dialog');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

  await track.getByRole('button', { name: /Versions/ }).click();
  await expect(
    page
      .getByRole('dialog')
      .getByRole('button', { name: /^Download/ })
      .first(),
  ).toBeVisible();
  await audit('subtitle versions dialog');
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

  await track.getByRole('button', { name: /^Delete/ }).click();
  await expect(page.getByRole('dialog', { name: 'Delete subtitle?' })).toBeVisible();
  await audit('delete subtitle dialog');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

  await track.getByRole('button', { name: /cues/ }).click();
  const cues = page.getByRole('dialog', { name: 'Edit cues: English' });
  await expect(cues.getByRole('group', { name: 'Cue 1', exact: true })).toBeVisible();
  await audit('cue editor');
  await cues.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(cues).toHaveCount(0);

  await page.getByRole('button', { name: 'Customize embed' }).click();
  const builder = page.getByRole('dialog', { name: 'Embed options' });
  await expect(builder).toBeVisible();
  await audit('embed builder');
  await builder.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(builder).toHaveCount(0);

  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Not saved yet');
  await page.getByRole('button', { name: 'Back to Files' }).click();
  await expect(page.getByRole('dialog', { name: 'Leave without saving?' })).toBeVisible();
  await audit('leave question');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

  expectNoneFound(found);
});
