import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SRT, startServer, uploadForm, type TestServer } from './helpers';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('the activity log of a file', () => {
  let s: TestServer;
  let key: string;
  let fileId: number;
  beforeAll(async () => {
    s = await startServer({ activityDays: 30 });
    await s.addAccount('auditor', 'auditor-password', 3);
    await s.addAccount('outsider', 'outsider-password', 1);
    key = await s.login('auditor', 'auditor-password');
    fileId = (await s.request('GET', '/api/files/?limit=1', { key })).body.data.files[0].file_id;
  });
  afterAll(() => s.close());

  const activity = async () => (await s.request('GET', `/api/files/${fileId}/activity`, { key })).body.data.activity;

  it('says who changed what, when, from where: edits before → after, subtitles with language, format and hash, trash and restore', async () => {
    const before = (await s.request('GET', `/api/files/${fileId}`, { key })).body.data;
    await s.request('PUT', `/api/files/${fileId}`, {
      key,
      json: { file_title: 'Audited title', isActive: before.isActive ? 0 : 1 },
      headers: { 'x-vp-source': 'panel' },
    });
    const up = await s.request('POST', '/api/files/sub', {
      key,
      body: uploadForm({ file: { name: 'talk.SRT', content: SRT }, file_id: fileId, sub_lang: 'en' }),
    });
    const subId = up.body.data.sub.sub_id;
    // A request cannot pass for the server's own trash retention: its source is 'api'.
    await s.request('PUT', `/api/subs/${subId}`, { key, json: { sub_lang: 'de' }, headers: { 'x-vp-source': 'retention' } });
    await s.request('DELETE', `/api/subs/${subId}`, { key });
    await s.request('POST', `/api/subs/${subId}/restore`, { key });
    await s.request('DELETE', `/api/files/${fileId}`, { key });
    // the log of a trashed file can still be read
    expect((await s.request('GET', `/api/files/${fileId}/activity`, { key })).status).toBe(200);
    await s.request('POST', `/api/files/${fileId}/restore`, { key });

    const log = await activity();
    expect(log.map((e: { action: string }) => e.action)).toEqual([
      'restore',
      'trash',
      'subtitle_restore',
      'subtitle_trash',
      'subtitle_update',
      'subtitle_add',
      'update',
    ]);
    const track = { sub_id: subId, format: 'srt', sha256: sha256(SRT) };
    expect(log[5]).toMatchObject({ actor: 'auditor', source: 'api', detail: { ...track, sub_lang: 'en' } });
    expect(log[4]).toMatchObject({ source: 'api', detail: { ...track, language: { before: 'en', after: 'de' } } });
    expect(log[3].detail).toMatchObject({ ...track, sub_lang: 'de' });
    expect(log[6]).toMatchObject({
      actor: 'auditor',
      source: 'panel',
      at: new Date(s.now.value).toISOString(),
      detail: {
        file_title: { before: before.file_title, after: 'Audited title' },
        isActive: { before: before.isActive, after: before.isActive ? 0 : 1 },
      },
    });
  });

  it('has no route that changes or deletes an entry, and is the account’s own', async () => {
    for (const method of ['PUT', 'DELETE', 'POST']) {
      expect((await s.request(method, `/api/files/${fileId}/activity`, { key, json: {} })).status).toBe(404);
    }
    const outsider = await s.login('outsider', 'outsider-password');
    expect((await s.request('GET', `/api/files/${fileId}/activity`, { key: outsider })).status).toBe(404);
  });

  it('drops entries past VP_ACTIVITY_DAYS', async () => {
    s.advance(31 * 86_400_000);
    await s.app.activity.prune(s.now.value - 30 * 86_400_000);
    const fresh = await s.login('auditor', 'auditor-password');
    expect((await s.request('GET', `/api/files/${fileId}/activity`, { key: fresh })).body.data.activity).toEqual([]);
  });
});
