import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SRT, startServer, uploadForm, type TestServer } from './helpers';

describe('isolation between accounts', () => {
  let s: TestServer;
  let mine: string;
  let theirs: string;
  let theirFile: number;
  let theirSub: number;
  beforeAll(async () => {
    s = await startServer();
    await s.addAccount('mine', 'mine-password', 5);
    await s.addAccount('theirs', 'theirs-password', 5);
    mine = await s.login('mine', 'mine-password');
    theirs = await s.login('theirs', 'theirs-password');
    theirFile = (await s.request('GET', '/api/files/', { key: theirs })).body.data.files[0].file_id;
    const up = await s.request('POST', '/api/files/sub', {
      key: theirs,
      body: uploadForm({ file: { name: 't.srt', content: SRT }, file_id: theirFile, sub_lang: 'en' }),
    });
    theirSub = up.body.data.sub.sub_id;
  });
  afterAll(() => s.close());

  it('never lists, reads, changes or deletes another account’s files or subtitles (404, not 403)', async () => {
    const list = await s.request('GET', '/api/files/?limit=100', { key: mine });
    expect(list.body.data.pagination.total_records).toBe(5);
    expect(list.body.data.files.map((f: any) => f.file_id)).not.toContain(theirFile);
    expect((await s.request('GET', `/api/files/?search=${theirFile}`, { key: mine })).body.data.files).toEqual([]);

    const fileNotFound = { status: 'error', message: 'File not found' };
    const subNotFound = { status: 'error', message: 'Subtitle not found' };
    const attempts: [string, string, unknown, object][] = [
      ['GET', `/api/files/${theirFile}`, undefined, fileNotFound],
      ['PUT', `/api/files/${theirFile}`, { file_title: 'hijacked' }, fileNotFound],
      ['PUT', `/api/files/${theirFile}`, { isActive: 0 }, fileNotFound],
      ['DELETE', `/api/files/${theirFile}`, undefined, fileNotFound],
      ['GET', `/api/subs?file_id=${theirFile}`, undefined, fileNotFound],
      ['PUT', `/api/subs/${theirSub}`, { sub_lang: 'fr' }, subNotFound],
      ['GET', `/api/subs/${theirSub}/content`, undefined, subNotFound],
      ['DELETE', `/api/subs/${theirSub}`, undefined, subNotFound],
    ];
    for (const [method, url, json, expected] of attempts) {
      const res = await s.request(method, url, { key: mine, json });
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(res.body).toEqual(expected);
    }
    const upload = await s.request('POST', '/api/files/sub', {
      key: mine,
      body: uploadForm({ file: { name: 'x.srt', content: SRT }, file_id: theirFile, sub_lang: 'en' }),
    });
    expect(upload.status).toBe(404);
    expect(upload.body).toEqual(fileNotFound);

    // Their data is untouched.
    const file = await s.request('GET', `/api/files/${theirFile}`, { key: theirs });
    expect(file.body.data.file_title).not.toBe('hijacked');
    const subs = await s.request('GET', `/api/subs?file_id=${theirFile}`, { key: theirs });
    expect(subs.body.data.subs).toHaveLength(1);
    expect(subs.body.data.subs[0].sub_lang).toBe('en');
  });

  it('an idempotency key of another account does not return their subtitle', async () => {
    const tmp = 'SHAREDkey0000001_a.srt';
    const a = await s.request('POST', '/api/files/sub', {
      key: theirs,
      body: uploadForm({ file: { name: 'a.srt', content: SRT }, file_id: theirFile, sub_lang: 'en', sub_tmp: tmp }),
    });
    const myFile = (await s.request('GET', '/api/files/', { key: mine })).body.data.files[0].file_id;
    const b = await s.request('POST', '/api/files/sub', {
      key: mine,
      body: uploadForm({ file: { name: 'a.srt', content: SRT }, file_id: myFile, sub_lang: 'en', sub_tmp: tmp }),
    });
    expect(b.status).toBe(200);
    expect(b.body.data.sub.sub_id).not.toBe(a.body.data.sub.sub_id);
    expect(b.body.data.sub.file_id).toBe(myFile);
  });
});
