import type { Page } from '@playwright/test';
import { type Account, apiAs, expect, openSignedIn, signIn, test } from './fixtures';
import { E2E_PORT } from './environment.mjs';
import { analyze, axeOn } from './axe';

/** The Update File page (/files/{id} and <vp-file-editor>) against the real server: docs/spec.md §2, §5, §8. */

interface ApiFile {
  file_id: number;
  file_title: string;
  file_slug: string;
  isActive: 0 | 1;
  file_image: string | null;
  file_slide: string | null;
}

async function firstFile(request: Parameters<typeof apiAs>[0], account: Account) {
  const api = await apiAs(request, account);
  const reply = await api.get('/files/?page=1&limit=10&sort_by=created_at&order=desc');
  return { api, file: reply.data.files[0] as ApiFile };
}

async function openEditor(page: Page, account: Account, fileId: number) {
  await openSignedIn(page, account, `/files/${fileId}`);
  await expect(page.getByRole('heading', { name: 'Update File' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).not.toHaveValue('');
}

const srt = '1\n00:00:01,000 --> 00:00:02,500\nHello <b>world</b>\n\n2\n00:00:03,000 --> 00:00:04,000\nSecond line\n';
const vtt = 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nBonjour\n';

async function chooseLanguage(page: Page, label: string) {
  await page.getByRole('dialog').getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

async function upload(page: Page, name: string, content: string | Buffer, language: string) {
  await page
    .getByRole('button', { name: /Upload subtitle|Add First Subtitle/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Upload Subtitle' });
  await expect(dialog).toBeVisible();
  await chooseLanguage(page, language);
  await dialog.locator('input[type="file"]').setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(content) });
  return dialog;
}

test('loads the file, copies both fields', async ({ page, context, account, request }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { file } = await firstFile(request, account);
  await openEditor(page, account, file.file_id);
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(file.file_title);
  await expect(page.getByRole('textbox', { name: 'Slug', exact: true })).toHaveValue(file.file_slug);
  const link = `http://127.0.0.1:${E2E_PORT}/player/${encodeURIComponent(file.file_slug)}`;
  await expect(page.getByRole('textbox', { name: 'Player link' })).toHaveValue(link);

  await page.getByRole('textbox', { name: 'Player link' }).click();
  await expect(page.getByText('Player link copied to clipboard!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  await page.getByRole('button', { name: 'Copy embed code' }).click();
  await expect(page.getByText('Embed code copied to clipboard!')).toBeVisible();
  const snippet = await page.evaluate(() => navigator.clipboard.readText());
  expect(snippet).toContain(`<iframe src="${link}" width="100%" height="100%" frameborder="0" allowfullscreen title="`);
});

test('saves title, slug and status; validation messages; a failed save keeps the input', async ({ page, account, request }) => {
  const { api, file } = await firstFile(request, account);
  await openEditor(page, account, file.file_id);

  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('   ');
  await page.getByRole('button', { name: 'Update File' }).click();
  await expect(page.getByText('File title is required')).toBeVisible();
  await page.getByRole('textbox', { name: 'Slug', exact: true }).fill('');
  await page.getByRole('button', { name: 'Update File' }).click();
  await expect(page.getByText('Slug is required')).toBeVisible();

  const slug = `e2e-slug-${Date.now()}`;
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Edited by e2e');
  await page.getByRole('textbox', { name: 'Slug', exact: true }).fill(slug);
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: file.isActive ? 'Inactive' : 'Active' }).click();
  await page.getByRole('button', { name: 'Update File' }).click();
  await expect(page.getByText('File updated successfully')).toBeVisible();
  const stored = (await api.get(`/files/${file.file_id}`)).data as ApiFile;
  expect(stored).toMatchObject({ file_title: 'Edited by e2e', file_slug: slug, isActive: file.isActive ? 0 : 1 });
  await expect(page.getByRole('textbox', { name: 'Player link' })).toHaveValue(new RegExp(`/player/${slug}$`));

  await page.getByRole('button', { name: 'Update File' }).click();
  await expect(page.getByText('No changes to save')).toBeVisible();

  // Another file's slug: 409 from the server, and the typed values stay.
  const other = (await api.get('/files/?page=1&limit=10&sort_by=created_at&order=desc')).data.files[1] as ApiFile;
  await page.getByRole('textbox', { name: 'Slug', exact: true }).fill(other.file_slug);
  await page.getByRole('button', { name: 'Update File' }).click();
  await expect(page.getByText('Slug already in use')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Slug', exact: true })).toHaveValue(other.file_slug);

  // Leaving with unsaved edits asks first.
  await page.getByRole('button', { name: 'Back to Files' }).click();
  await expect(page.getByRole('dialog', { name: 'Leave without saving?' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(new RegExp(`/files/${file.file_id}$`));
});

test('uploads .srt and .vtt, refuses .txt and 5 MB + 1 byte, edits and deletes', async ({ page, account, request }) => {
  const { api, file } = await firstFile(request, account);
  for (const sub of (await api.get(`/subs?file_id=${file.file_id}`)).data.subs as { sub_id: number }[])
    await api.delete(`/subs/${sub.sub_id}`);
  await openEditor(page, account, file.file_id);
  await expect(page.getByText('No subtitles available')).toBeVisible();
  await expect(page.getByText('Add subtitles to make your content more accessible')).toBeVisible();

  // Validation texts of docs/spec.md §5.
  await page.getByRole('button', { name: 'Add First Subtitle' }).click();
  let dialog = page.getByRole('dialog', { name: 'Upload Subtitle' });
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  // Submitted empty: every missing field is flagged at once.
  await expect(dialog.getByText('Please select a subtitle file')).toBeVisible();
  await expect(dialog.getByText('Please select a language')).toBeVisible();
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(dialog.getByText('Please select a valid subtitle file (.srt, .vtt, .ass, .ssa, .sub)')).toBeVisible();
  await dialog.getByRole('button', { name: /^Remove/ }).click();
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'big.srt', mimeType: 'text/plain', buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 0x61) });
  await expect(dialog.getByText('File size must be less than 5MB')).toBeVisible();
  await dialog.getByRole('button', { name: /^Remove/ }).click();
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'ok.srt', mimeType: 'text/plain', buffer: Buffer.from(srt) });
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog.getByText('Please select a language')).toBeVisible();
  // The check's report: cue count, cue text shown as text.
  await expect(dialog.getByText(/2 cues/)).toBeVisible();
  await expect(dialog.getByText('Hello world')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  dialog = await upload(page, 'movie.en.srt', srt, 'English');
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('listitem').filter({ hasText: 'English' })).toBeVisible();

  dialog = await upload(page, 'film.vtt', vtt, 'français');
  await expect(dialog.getByText(/1 cue\b/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('listitem').filter({ hasText: 'français' })).toBeVisible();
  let subs = (await api.get(`/subs?file_id=${file.file_id}`)).data.subs as { sub_id: number; sub_lang: string }[];
  expect(subs.map((s) => s.sub_lang).sort()).toEqual(['en', 'fr']);

  // Edit: unchanged → warning; changed → stored.
  await page.getByRole('button', { name: 'Edit français subtitle' }).click();
  let edit = page.getByRole('dialog', { name: 'Edit Subtitle' });
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('No changes to save')).toBeVisible();
  await expect(edit).toBeHidden();
  await page.getByRole('button', { name: 'Edit français subtitle' }).click();
  edit = page.getByRole('dialog', { name: 'Edit Subtitle' });
  await chooseLanguage(page, 'Deutsch');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Subtitle updated successfully')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Deutsch' })).toBeVisible();
  subs = (await api.get(`/subs?file_id=${file.file_id}`)).data.subs;
  expect(subs.map((s) => s.sub_lang).sort()).toEqual(['de', 'en']);

  // Delete with confirmation.
  await page.getByRole('button', { name: 'Delete English subtitle' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete subtitle?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Subtitle deleted successfully')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'English' })).toHaveCount(0);
  subs = (await api.get(`/subs?file_id=${file.file_id}`)).data.subs;
  expect(subs.map((s) => s.sub_lang)).toEqual(['de']);
});

test("an upload past the storage quota shows the server's message as an error toast and keeps the dialog", async ({
  page,
  account,
  request,
}) => {
  const { file } = await firstFile(request, account);
  await openEditor(page, account, file.file_id);
  // 2 MiB of real cues: the first upload and its player copy (~2 MiB more) fit the e2e server's 6 MiB
  // quota, the second pair does not (the quota counts originals and player copies).
  const cue = (i: number) => `${i}\n00:00:01,000 --> 00:00:02,000\nLine ${i} of a long subtitle file\n\n`;
  let big = '';
  for (let i = 1; big.length < 2 * 1024 * 1024; i++) big += cue(i);
  for (const [name, language] of [
    ['first.srt', 'English'],
    ['second.srt', 'Deutsch'],
  ] as const) {
    const dialog = await upload(page, name, big.slice(0, 2 * 1024 * 1024), language);
    await expect(dialog.getByText(/cues/)).toBeVisible({ timeout: 15_000 });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    if (name === 'first.srt') await expect(dialog).toBeHidden({ timeout: 15_000 });
  }
  await expect(
    page.getByText(/^Storage quota exceeded \(used [\d.]+ MB of 6\.0 MB, counting each original file and its player copy\)$/),
  ).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('dialog', { name: 'Upload Subtitle' })).toBeVisible(); // the file and language stay
});

test('gallery: failed image and no images', async ({ page, account, request }) => {
  const { file } = await firstFile(request, account);
  await page.route('**/images/**', (route) => route.fulfill({ status: 404, body: '' }));
  await page.route(`**/api/files/${file.file_id}`, async (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    const reply = await (await route.fetch()).json();
    reply.data.file_image = 'missing/x.jpg';
    reply.data.file_slide = null;
    await route.fulfill({ json: reply });
  });
  await openEditor(page, account, file.file_id);
  await expect(page.getByText('Image failed to load')).toBeVisible();

  await page.unroute(`**/api/files/${file.file_id}`);
  await page.route(`**/api/files/${file.file_id}`, async (route) => {
    const reply = await (await route.fetch()).json();
    reply.data.file_image = null;
    reply.data.file_slide = null;
    await route.fulfill({ json: reply });
  });
  await page.reload();
  await expect(page.getByText('No images available')).toBeVisible();
});

test('standalone editor in the CMS page: loads, and a missing file shows Retry', async ({ page, account, request }) => {
  const { file } = await firstFile(request, account);
  await openSignedIn(page, account, `/cms.html?file=${file.file_id}`);
  await expect(page.getByRole('heading', { name: 'Update File' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(file.file_title);
  await page.goto('/cms.html?file=999999999');
  await expect(page.getByText('File not found').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
});

test('copy falls back to the hidden textarea when the Clipboard API refuses', async ({ page, account, request }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) }, configurable: true });
    const original = document.execCommand.bind(document);
    (window as unknown as { copied: string[] }).copied = [];
    document.execCommand = (command: string, ...rest: unknown[]) => {
      if (command === 'copy') {
        const root = (document.querySelector('vp-admin-panel, vp-file-editor')?.shadowRoot ?? document) as DocumentOrShadowRoot &
          ParentNode;
        (window as unknown as { copied: string[] }).copied.push(
          root.querySelector('textarea[aria-hidden="true"]') ? 'in-shadow' : 'outside',
        );
        return true;
      }
      return original(command, ...(rest as [boolean, string]));
    };
  });
  const { file } = await firstFile(request, account);
  await openEditor(page, account, file.file_id);
  await page.getByRole('button', { name: 'Copy player link' }).click();
  await expect(page.getByText('Player link copied to clipboard!')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { copied: string[] }).copied)).toEqual(['in-shadow']);
});

for (const theme of ['light', 'dark'] as const) {
  test(`no serious or critical axe violation (${theme})`, async ({ page, account, request }) => {
    const { file } = await firstFile(request, account);
    await signIn(page, account);
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    await page.goto(`/files/${file.file_id}`);
    await expect(page.getByRole('textbox', { name: 'Title', exact: true })).not.toHaveValue('');
    // The editor's opening transition (a transform) ends first: axe reads the page as it stands.
    const running = () => page.evaluate(() => document.querySelector('vp-admin-panel')!.shadowRoot!.getAnimations().length);
    await expect.poll(running).toBe(0);
    // The editor's part of the page (the shell's sidebar and bar are the shell's own tests' concern).
    const results = await analyze(axeOn(page).include({ fromShadowDom: ['vp-admin-panel', 'main'] }));
    expect(results.passes.length).toBeGreaterThan(0);
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(
      bad.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html} ${n.failureSummary ?? ''}`).join(', ')}`),
    ).toEqual([]);

    // The upload dialog with a checked file (it lives in the portal node, outside <main>).
    await page.getByRole('button', { name: 'Upload subtitle' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Subtitle' });
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'a.srt', mimeType: 'text/plain', buffer: Buffer.from(srt + '\n3\n00:00:05,000 -> 00:00:06,000\nBroken\n') });
    await expect(dialog.getByText(/· 2 cues/)).toBeVisible();
    const inDialog = await analyze(axeOn(page).include({ fromShadowDom: ['vp-admin-panel', '[role="dialog"]'] }));
    const badInDialog = inDialog.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(badInDialog.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.html} ${n.failureSummary ?? ''}`).join(', ')}`)).toEqual([]);
  });
}

test('the subtitle check: legacy encoding, cue markup shown as text, a non-subtitle refused', async ({ page, account, request }) => {
  const { file } = await firstFile(request, account);
  await openEditor(page, account, file.file_id);
  await page.getByRole('button', { name: 'Upload subtitle' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Subtitle' });
  // Polish in windows-1250, with markup in a cue.
  const text =
    '1\n00:00:01,000 --> 00:00:02,000\n<img src=x onerror=alert(1)>Żółć gęślą jaźń\n\n2\n00:00:03,000 --> 00:00:04,000\nZażółć\n';
  const cp1250: Record<string, number> = { Ż: 0xaf, ó: 0xf3, ł: 0xb3, ć: 0xe6, ę: 0xea, ś: 0x9c, ą: 0xb9, ź: 0x9f, ń: 0xf1, ż: 0xbf };
  const bytes = Buffer.from([...text].map((c) => cp1250[c] ?? c.charCodeAt(0)));
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'pl.srt', mimeType: 'text/plain', buffer: bytes });
  await expect(dialog.getByText(/WINDOWS-1250.*2 cues/)).toBeVisible();
  await expect(dialog.getByText('Żółć gęślą jaźń')).toBeVisible();
  await expect(dialog.locator('img')).toHaveCount(0);
  await dialog.getByRole('button', { name: /^Remove/ }).click();
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'fake.srt',
    mimeType: 'text/plain',
    buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d, 1, 2, 3, 0, 0, 0, 0, 0]),
  });
  await expect(dialog.getByRole('alert')).toContainText('not a subtitle file');
});

test('deleting the file from the editor: confirm first, then back to the list; the server no longer has it', async ({
  page,
  account,
  request,
}) => {
  const { api, file } = await firstFile(request, account);
  await openEditor(page, account, file.file_id);
  await page.getByRole('button', { name: 'Delete file' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Deletion' });
  await expect(dialog.getByText('Are you sure you want to delete this file?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  expect((await api.get(`/files/${file.file_id}`)).status).toBe('success');

  await page.getByRole('button', { name: 'Delete file' }).click();
  await page.getByRole('dialog', { name: 'Confirm Deletion' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('File deleted successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/files$/);
  expect((await api.get(`/files/${file.file_id}`)).message).toBe('File not found');
});

test('standalone: deleting tells the host (vp-file-deleted) and the editor says the file is gone', async ({ page, account, request }) => {
  const { file } = await firstFile(request, account);
  await openSignedIn(page, account, `/cms.html?file=${file.file_id}`);
  await page.getByRole('button', { name: 'Delete file' }).click();
  await page.getByRole('dialog', { name: 'Confirm Deletion' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('This file has been deleted.')).toBeVisible();
  await expect(page.getByText(`CMS heard vp-file-deleted {"fileId":${file.file_id}}`)).toBeVisible();
});
