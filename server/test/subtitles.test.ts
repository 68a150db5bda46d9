import fs from 'node:fs';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subtitleSchema } from '../../src/contract/subtitle';
import { SUBTITLE_MAX_BYTES } from '../../src/contract/subtitles';
import { ENGINE, SRT, startServer, uploadForm, type TestServer } from './helpers';

const TMP = (name: string, prefix = 'AbCdEfGh12345678') => `${prefix}_${name}`;
const BAD_EXT = 'Please select a valid subtitle file (.srt, .vtt, .ass, .ssa, .sub)';

describe('subtitles', () => {
  let s: TestServer;
  let key: string;
  let fileId: number;
  const upload = (form: FormData) => s.request('POST', '/api/files/sub', { key, body: form });
  const storedFiles = async () => (await s.storedKeys()).length;
  const tempFiles = () => s.tempFiles().length;
  const subtitleRows = async () => (await s.app.db.all('SELECT sub_id FROM subtitles')).length;

  beforeAll(async () => {
    s = await startServer();
    await s.addAccount('subber', 'subber-password', 3);
    key = await s.login('subber', 'subber-password');
    fileId = (await s.request('GET', '/api/files/', { key })).body.data.files[0].file_id;
  });
  afterAll(() => s.close());

  it('uploads with the fields before or after the file', async () => {
    for (const fileFirst of [false, true]) {
      const res = await upload(
        uploadForm({
          file: { name: 'movie.en.srt', content: SRT },
          file_id: fileId,
          sub_lang: 'en',
          sub_tmp: TMP(`movie${fileFirst}.srt`),
          fileFirst,
        }),
      );
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'success', message: 'Subtitle uploaded successfully' });
      expect(res.body.data.sub).toMatchObject({
        file_id: fileId,
        sub_lang: 'en',
        sub_size: Buffer.byteLength(SRT),
        sub_name: 'movie.en.srt',
      });
      expect(res.body.data.sub.created_at).toMatch(/Z$/);
    }
    expect(tempFiles()).toBe(0);
  });

  it('accepts exactly 5,242,880 bytes and refuses one byte more with 413', async () => {
    // A real subtitle of exactly the limit: one cue whose text fills the rest.
    const head = '1\n00:00:01,000 --> 00:00:02,000\n';
    const big = Buffer.from(head + 'a'.repeat(SUBTITLE_MAX_BYTES - head.length));
    const ok = await upload(
      uploadForm({ file: { name: 'big.srt', content: big }, file_id: fileId, sub_lang: 'fr', sub_tmp: TMP('big.srt', 'BIGBIGBIGBIG0001') }),
    );
    expect(ok.status).toBe(200);
    expect(ok.body.data.sub.sub_size).toBe(SUBTITLE_MAX_BYTES);
    const { storage_name } = (await s.app.db.get<{ storage_name: string }>('SELECT storage_name FROM subtitles WHERE sub_id = ?', [
      ok.body.data.sub.sub_id,
    ]))!;
    expect((await s.app.store.get(storage_name)).byteLength).toBe(SUBTITLE_MAX_BYTES);

    const before = await storedFiles();
    const tooBig = await upload(
      uploadForm({
        file: { name: 'big.srt', content: Buffer.alloc(SUBTITLE_MAX_BYTES + 1, 'a') },
        file_id: fileId,
        sub_lang: 'fr',
        sub_tmp: TMP('big2.srt', 'BIGBIGBIGBIG0002'),
      }),
    );
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toEqual({ status: 'error', message: 'File size must be less than 5MB' });
    expect(await storedFiles()).toBe(before);
    expect(tempFiles()).toBe(0);
  });

  it.each([
    ['no file', { file_id: 1, sub_lang: 'en' }, 400, 'Please select a subtitle file'],
    ['a bad extension', { file: { name: 'movie.mp4', content: SRT }, sub_lang: 'en' }, 400, BAD_EXT],
    ['no extension', { file: { name: 'srt', content: SRT }, sub_lang: 'en' }, 400, BAD_EXT],
    ['a NUL trick', { file: { name: 'x.srt\u0000.exe', content: SRT }, sub_lang: 'en' }, 400, BAD_EXT],
    ['no language', { file: { name: 'a.srt', content: SRT } }, 400, 'Please select a language'],
    ['an unknown language', { file: { name: 'a.srt', content: SRT }, sub_lang: 'xx' }, 400, 'Please select a language'],
    [
      'a bad sub_tmp',
      { file: { name: 'a.srt', content: SRT }, sub_lang: 'en', sub_tmp: 'short_a.srt' },
      400,
      'sub_tmp must be 16 letters or digits, an underscore and the file name',
    ],
    [
      'binary content',
      { file: { name: 'a.srt', content: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d, 1, 2, 3]) }, sub_lang: 'en' },
      400,
      'This file is not a subtitle file',
    ],
    ['an empty file', { file: { name: 'a.srt', content: '' }, sub_lang: 'en' }, 400, 'The subtitle file is empty'],
  ])('refuses %s', async (_what, fields: any, status, message) => {
    const before = await storedFiles();
    const res = await upload(uploadForm({ file_id: fileId, ...fields, ...(fields.file_id ? { file_id: fileId } : {}) }));
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ status: 'error', message });
    expect(await storedFiles()).toBe(before);
    expect(tempFiles()).toBe(0);
  });

  it('404s an upload to a file that does not exist', async () => {
    const res = await upload(uploadForm({ file: { name: 'a.srt', content: SRT }, file_id: 987654, sub_lang: 'en' }));
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ status: 'error', message: 'File not found' });
  });

  it('accepts UTF-16 text (with or without BOM)', async () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(SRT, 'utf16le')]);
    const noBom = Buffer.from(SRT, 'utf16le');
    for (const content of [le, noBom]) {
      const res = await upload(uploadForm({ file: { name: 'utf16.srt', content }, file_id: fileId, sub_lang: 'de' }));
      expect(res.status).toBe(200);
    }
  });

  it('is idempotent on sub_tmp: the same upload twice is one track', async () => {
    const form = () =>
      uploadForm({
        file: { name: 'twice.vtt', content: 'WEBVTT\n\n00:01.000 --> 00:02.000\nhi\n' },
        file_id: fileId,
        sub_lang: 'ja',
        sub_tmp: TMP('twice.vtt', 'TWICE00000000001'),
      });
    const first = await upload(form());
    const rows = await subtitleRows();
    const stored = await storedFiles();
    const [second, third] = await Promise.all([upload(form()), upload(form())]);
    for (const res of [second, third]) {
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('success');
      expect(res.body.data.sub).toEqual(first.body.data.sub);
    }
    expect(await subtitleRows()).toBe(rows);
    expect(await storedFiles()).toBe(stored);
  });

  it('keeps a sub_tmp key per file: the same key on another file is a new track there', async () => {
    const [first, second] = (await s.request('GET', '/api/files/', { key })).body.data.files as { file_id: number }[];
    const form = (file: number) =>
      uploadForm({
        file: { name: 'shared.srt', content: SRT },
        file_id: file,
        sub_lang: 'en',
        sub_tmp: TMP('shared.srt', 'SHAREDKEY0000001'),
      });
    const onFirst = await upload(form(first!.file_id));
    const onSecond = await upload(form(second!.file_id));
    expect(onFirst.status).toBe(200);
    expect(onSecond.status).toBe(200);
    expect(onSecond.body.data.sub.file_id).toBe(second!.file_id);
    expect(onSecond.body.data.sub.sub_id).not.toBe(onFirst.body.data.sub.sub_id);
    // And each file's retry still finds its own track.
    expect((await upload(form(second!.file_id))).body.data.sub).toEqual(onSecond.body.data.sub);
  });

  it('treats path-traversal and control characters in the file name as metadata only', async () => {
    for (const [name, expected] of [
      ['../../etc/passwd.srt', 'passwd.srt'],
      ['..\\..\\windows\\evil.vtt', 'evil.vtt'],
      ['bad\u0001\u001fname\u007f.srt', 'badname.srt'],
      ['<script>alert(1)</script>.srt', 'script_.srt'],
      ['<b onload=x>.srt', '_b onload=x_.srt'],
    ] as const) {
      const res = await upload(uploadForm({ file: { name, content: SRT }, file_id: fileId, sub_lang: 'en' }));
      expect(res.status).toBe(200);
      expect(res.body.data.sub.sub_name).toBe(expected);
    }
    // Nothing was written outside the store, and stored names are server-generated.
    for (const f of await s.storedKeys()) expect(f).toMatch(/^[A-Za-z0-9]{32}$/);
    const expected = ENGINE === 'sqlite' ? ['media', 'subtitles', 'tmp', 'vp.db', 'vp.db-shm', 'vp.db-wal'] : ['media', 'tmp'];
    expect(fs.readdirSync(s.dataDir).sort()).toEqual(expected.filter((n) => fs.existsSync(`${s.dataDir}/${n}`)).sort());
  });

  it('lists a file’s subtitles newest first', async () => {
    s.advance(60_000);
    const latest = await upload(uploadForm({ file: { name: 'latest.srt', content: SRT }, file_id: fileId, sub_lang: 'vi' }));
    const res = await s.request('GET', `/api/subs?file_id=${fileId}`, { key });
    expect(res.status).toBe(200);
    const subs = res.body.data.subs;
    expect(subs[0].sub_id).toBe(latest.body.data.sub.sub_id);
    const times = subs.map((x: any) => x.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await s.request('GET', '/api/subs?file_id=987654', { key })).body).toEqual({ status: 'error', message: 'File not found' });
    expect((await s.request('GET', '/api/subs', { key })).status).toBe(400);
  });

  it('changes the language, warns when unchanged, refuses unknown codes', async () => {
    const sub = (await s.request('GET', `/api/subs?file_id=${fileId}`, { key })).body.data.subs[0];
    const res = await s.request('PUT', `/api/subs/${sub.sub_id}`, { key, json: { sub_lang: 'pt-br' } });
    expect(res.body).toMatchObject({
      status: 'success',
      message: 'Subtitle updated successfully',
      data: { sub_id: sub.sub_id, sub_lang: 'pt-br' },
    });
    const same = await s.request('PUT', `/api/subs/${sub.sub_id}`, { key, json: { sub_lang: 'pt-br' } });
    expect(same.body).toMatchObject({ status: 'warning', message: 'No changes to save' });
    const bad = await s.request('PUT', `/api/subs/${sub.sub_id}`, { key, json: { sub_lang: 'xx' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ status: 'error', message: 'Unknown language code: xx' });
    expect((await s.request('PUT', `/api/subs/${sub.sub_id}`, { key, json: {} })).body.message).toBe('Please select a language');
    expect((await s.request('PUT', '/api/subs/987654', { key, json: { sub_lang: 'en' } })).status).toBe(404);
  });

  it('serves the stored bytes as an attachment with a sanitised name', async () => {
    const up = await upload(uploadForm({ file: { name: '../x/sub;title é.srt', content: SRT }, file_id: fileId, sub_lang: 'en' }));
    const res = await fetch(`${s.base}/api/subs/${up.body.data.sub.sub_id}/content`, { headers: { 'x-apikey': key } });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(SRT);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="sub_title _.srt"; filename*=UTF-8''sub%3Btitle%20%C3%A9.srt`,
    );
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await s.request('GET', '/api/subs/987654/content', { key })).status).toBe(404);
  });

  it('deletes a subtitle to the trash, and its stored content with it for good', async () => {
    const up = await upload(uploadForm({ file: { name: 'gone.srt', content: SRT }, file_id: fileId, sub_lang: 'en' }));
    const before = await storedFiles();
    const res = await s.request('DELETE', `/api/subs/${up.body.data.sub.sub_id}`, { key });
    expect(res.body).toEqual({ status: 'success', message: 'Subtitle deleted successfully' });
    expect(await storedFiles()).toBe(before); // in the trash
    expect((await s.request('DELETE', `/api/subs/${up.body.data.sub.sub_id}`, { key })).status).toBe(404);
    expect((await s.request('DELETE', `/api/subs/${up.body.data.sub.sub_id}?permanent=1`, { key })).status).toBe(200);
    expect(await storedFiles()).toBe(before - 2); // the original and the player's rendition
  });

  it("writes every subtitle as the contract's Subtitle, its keys in the contract's order", async () => {
    const form = uploadForm({
      file: { name: 'contract.srt', content: SRT },
      file_id: fileId,
      sub_lang: 'en',
      sub_tmp: TMP('contract.srt'),
    });
    expect((await upload(form)).status).toBe(200);
    const { subs } = (await s.request('GET', `/api/subs?file_id=${fileId}`, { key })).body.data;
    for (const sub of subs) {
      expect(v.parse(subtitleSchema, sub)).toEqual(sub);
      expect(Object.keys(sub)).toEqual(Object.keys(subtitleSchema.entries));
    }
  });
});
