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

// Decision D36: the log outlives a purged file, for its own account only, and no new file takes its id.
describe('the activity log of a purged file', () => {
  let s: TestServer;
  let key: string;
  let keeperId: number;
  beforeAll(async () => {
    s = await startServer({ activityDays: 30 });
    await s.addAccount('stranger', 'stranger-password', 1);
    // Added last: its newest file has the highest id of the database (the one SQLite would give again).
    keeperId = await s.addAccount('keeper', 'keeper-password', 2);
    key = await s.login('keeper', 'keeper-password');
  });
  afterAll(() => s.close());

  it('stays readable by the owner with the purge on top; another account gets 404; a new file never takes its id', async () => {
    const file = (await s.request('GET', '/api/files/?limit=1&sort_by=file_id&order=desc', { key })).body.data.files[0];
    await s.request('PUT', `/api/files/${file.file_id}`, { key, json: { file_title: 'Soon gone' } });
    await s.request('DELETE', `/api/files/${file.file_id}`, { key });
    expect((await s.request('DELETE', `/api/files/${file.file_id}?permanent=1`, { key, headers: { 'x-vp-source': 'panel' } })).status).toBe(
      200,
    );
    expect((await s.request('GET', `/api/files/${file.file_id}`, { key })).status).toBe(404);

    const read = await s.request('GET', `/api/files/${file.file_id}/activity`, { key });
    expect(read.status).toBe(200);
    expect(read.body.data.purged).toBe(true);
    expect(read.body.data.activity.map((e: { action: string }) => e.action)).toEqual(['purge', 'trash', 'update']);
    expect(read.body.data.activity[0]).toMatchObject({
      actor: 'keeper',
      source: 'panel',
      detail: { file_title: 'Soon gone', file_slug: file.file_slug },
    });

    const stranger = await s.login('stranger', 'stranger-password');
    const refused = await s.request('GET', `/api/files/${file.file_id}/activity`, { key: stranger });
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ status: 'error', message: 'File not found' });

    // A live file's reply says it is not purged; a new file gets an id of its own, with an empty log.
    const created = await s.app.files.create(
      keeperId,
      { file_title: 'Newcomer', file_slug: 'newcomer', created_at: s.now.value },
      async () => {},
    );
    if (created.kind !== 'created') throw new Error(created.kind);
    expect(created.file.file_id).toBeGreaterThan(file.file_id);
    const fresh = await s.request('GET', `/api/files/${created.file.file_id}/activity`, { key });
    expect(fresh.body.data).toEqual({ activity: [], purged: false });
    expect((await s.request('GET', `/api/files/${file.file_id}/activity`, { key })).body.data.activity).toHaveLength(3);
  });

  it('keeps the retention: past VP_ACTIVITY_DAYS a purged file is a 404 like any unknown file', async () => {
    const file = (await s.request('GET', '/api/files/?limit=1&sort_by=file_id&order=asc', { key })).body.data.files[0];
    await s.request('DELETE', `/api/files/${file.file_id}`, { key });
    await s.request('DELETE', `/api/files/${file.file_id}?permanent=1`, { key });
    expect((await s.request('GET', `/api/files/${file.file_id}/activity`, { key })).status).toBe(200);
    s.advance(31 * 86_400_000);
    await s.app.activity.prune(s.now.value - 30 * 86_400_000);
    const again = await s.login('keeper', 'keeper-password');
    expect((await s.request('GET', `/api/files/${file.file_id}/activity`, { key: again })).status).toBe(404);
  });
});
