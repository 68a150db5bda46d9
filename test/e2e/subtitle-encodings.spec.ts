import type { Page } from '@playwright/test';
import { encode } from '../../src/subtitle-text/test-support/encode';
import { animationsEnded, apiAs, expect, openSignedIn, test } from './fixtures';

/**
 * Subtitles that play right: files in legacy encodings and UTF-16 without a BOM, and an .ass, uploaded
 * through the editor, read correctly by Chromium from the player link; the original of each still
 * downloads byte for byte.
 */

const cue = (n: number, text: string) => `${n}\r\n00:00:0${2 * n - 1},000 --> 00:00:0${2 * n},000\r\n${text}\r\n`;
const RUSSIAN = ['Привет! Как дела?', 'Я не знаю, что сказать.'];
const VIETNAMESE = ['Xin chào! Bạn có khỏe không?', 'Tôi không biết phải nói gì.'];
const JAPANESE = ['こんにちは、元気ですか？', '今日はとても良い天気ですね。'];
const GREEK = ['Καλημέρα, τι κάνεις;', 'Δεν ξέρω τι να πω.'];
const ASS = `[Script Info]\r\nScriptType: v4.00+\r\n\r\n[Events]\r\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\r\nDialogue: 0,0:00:03.00,0:00:04.00,Default,,0,0,0,,{\\i1}${GREEK[1]}{\\i0}\r\nDialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,{\\an8}${GREEK[0]}\r\n`;

const UPLOADS = [
  {
    name: 'ru.srt',
    language: 'русский',
    lang: 'ru',
    bytes: encode(RUSSIAN.map((t, i) => cue(i + 1, t)).join('\r\n'), 'windows-1251'),
    shown: /SubRip.*WINDOWS-1251/,
    lines: RUSSIAN,
  },
  {
    name: 'vi.srt',
    language: 'Tiếng Việt',
    lang: 'vi',
    bytes: encode(VIETNAMESE.map((t, i) => cue(i + 1, t)).join('\r\n'), 'windows-1258'),
    shown: /SubRip.*WINDOWS-1258/,
    lines: VIETNAMESE,
  },
  {
    name: 'ja.vtt',
    language: '日本語',
    lang: 'ja',
    bytes: encode(`WEBVTT\n\n00:01.000 --> 00:02.000\n${JAPANESE[0]}\n\n00:03.000 --> 00:04.000\n${JAPANESE[1]}\n`, 'utf-16le'),
    shown: /WebVTT.*UTF-16LE/,
    lines: JAPANESE,
  },
  {
    name: 'el.ass',
    language: 'Ελληνικά',
    lang: 'el',
    bytes: encode(ASS, 'windows-1253'),
    shown: /Advanced SubStation.*WINDOWS-1253/,
    lines: GREEK,
  },
];

async function uploadThroughDialog(page: Page, upload: (typeof UPLOADS)[number]) {
  await page
    .getByRole('button', { name: /Upload subtitle|Add First Subtitle/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Upload Subtitle' });
  await dialog.getByRole('combobox', { name: 'Language' }).click();
  // The list grows open (a transition): a press and release during it once landed on two rows, the
  // list having moved between them, and chose nothing.
  await animationsEnded(page);
  await page.getByRole('option', { name: upload.language, exact: true }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: upload.name, mimeType: 'text/plain', buffer: Buffer.from(upload.bytes) });
  // What the dialog shows is what the server is told (sub_charset), and the preview reads right.
  await expect(dialog.getByRole('status', { name: 'Subtitle check' })).toContainText(upload.shown);
  await expect(dialog.getByText(upload.lines[0]!)).toBeVisible();
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('four encodings and formats uploaded in the editor play right from the player link; originals download unchanged', async ({
  page,
  account,
  request,
}) => {
  const api = await apiAs(request, account);
  // A Completed file: the player page shows its tracks with the video (seeded accounts share the demo video).
  const file = (await api.get('/files/?page=1&limit=1&sort_by=created_at&order=desc&file_status=10')).data.files[0] as {
    file_id: number;
    file_slug: string;
  };
  await api.put(`/files/${file.file_id}`, { isActive: 1 });
  for (const sub of (await api.get(`/subs?file_id=${file.file_id}`)).data.subs as { sub_id: number }[])
    await api.delete(`/subs/${sub.sub_id}`);

  await openSignedIn(page, account, `/files/${file.file_id}`);
  for (const upload of UPLOADS) await uploadThroughDialog(page, upload);

  const subs = (await api.get(`/subs?file_id=${file.file_id}`)).data.subs as { sub_id: number; sub_lang: string; sub_charset: string }[];
  expect(subs.map((s) => [s.sub_lang, s.sub_charset]).sort()).toEqual([
    ['el', 'windows-1253'],
    ['ja', 'utf-16le'],
    ['ru', 'windows-1251'],
    ['vi', 'windows-1258'],
  ]);

  // The player page as a viewer opens it: Chromium loads every track and parses its cues.
  await page.goto(`/player/${encodeURIComponent(file.file_slug)}`);
  const tracks = await page.evaluate(() =>
    Promise.all(
      [...document.querySelectorAll('track')].map(
        (element) =>
          new Promise<{ lang: string; cues: string[] }>((resolve, reject) => {
            element.addEventListener(
              'load',
              () =>
                resolve({
                  lang: element.srclang,
                  cues: [...(element.track.cues ?? [])].map((c) => (c as VTTCue).getCueAsHTML().textContent ?? ''),
                }),
              { once: true },
            );
            element.addEventListener('error', () => reject(new Error(`track ${element.srclang} failed to load`)), { once: true });
            element.track.mode = 'hidden';
          }),
      ),
    ),
  );
  expect(Object.fromEntries(tracks.map((t) => [t.lang, t.cues]))).toEqual(
    Object.fromEntries(UPLOADS.map((u) => [u.lang, u.lines.map((l) => l.normalize('NFC'))])),
  );

  for (const upload of UPLOADS) {
    const sub = subs.find((s) => s.sub_lang === upload.lang)!;
    const original = await request.get(`/api/subs/${sub.sub_id}/content`, { headers: { 'x-apikey': api.apiKey } });
    expect(Buffer.compare(await original.body(), Buffer.from(upload.bytes)), upload.name).toBe(0);
  }
});

test('Edit Subtitle shows the encoding and rebuilds the player copy with another one', async ({ page, account, request }) => {
  const api = await apiAs(request, account);
  // A Completed file: the player page shows its tracks with the video (seeded accounts share the demo video).
  const file = (await api.get('/files/?page=1&limit=1&sort_by=created_at&order=desc&file_status=10')).data.files[0] as {
    file_id: number;
    file_slug: string;
  };
  await api.put(`/files/${file.file_id}`, { isActive: 1 });
  for (const sub of (await api.get(`/subs?file_id=${file.file_id}`)).data.subs as { sub_id: number }[])
    await api.delete(`/subs/${sub.sub_id}`);
  // Uploaded by an API client that named the wrong encoding.
  const bytes = encode(RUSSIAN.map((t, i) => cue(i + 1, t)).join('\r\n'), 'windows-1251');
  const uploaded = await request.post('/api/files/sub', {
    headers: { 'x-apikey': api.apiKey },
    multipart: {
      file_id: String(file.file_id),
      sub_lang: 'ru',
      sub_charset: 'koi8-r',
      subtitle_file: { name: 'wrong.srt', mimeType: 'text/plain', buffer: Buffer.from(bytes) },
    },
  });
  const subId = (await uploaded.json()).data.sub.sub_id as number;

  await openSignedIn(page, account, `/files/${file.file_id}`);
  await page.getByRole('button', { name: 'Edit русский subtitle' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Subtitle' });
  const encoding = edit.getByRole('combobox', { name: 'Text encoding' });
  await expect(encoding).toHaveText('KOI8-R');
  await encoding.click();
  await page.getByRole('option', { name: 'WINDOWS-1251', exact: true }).click();
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Subtitle updated successfully')).toBeVisible();

  const vtt = await (await request.get(`/player/${encodeURIComponent(file.file_slug)}/subtitles/${subId}.vtt`)).text();
  expect(vtt).toContain(RUSSIAN[0]);
  expect((await api.get(`/subs?file_id=${file.file_id}`)).data.subs[0].sub_charset).toBe('windows-1251');
});
