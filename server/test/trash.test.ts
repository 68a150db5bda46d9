import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRASH_FIRST } from '../src/routes/files';
import { SRT, startServer, uploadForm, type TestServer } from './helpers';
import { NOT_IN_TRASH } from '../src/schemas/messages';

const DAY = 86_400_000;
/** The tests move the clock by weeks: sessions must outlive that. */
const LONG_SESSIONS = { sessionIdleSeconds: 1e9, sessionMaxSeconds: 1e9 };
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
type Listed = { file_id: number; file_title: string; deleted_at: string | null; purge_at: string | null };

describe('the trash', () => {
  let s: TestServer;
  let key: string;
  let otherKey: string;
  beforeAll(async () => {
    s = await startServer({ trashDays: 30, ...LONG_SESSIONS });
    await s.addAccount('binner', 'binner-password', 40);
    await s.addAccount('neighbour', 'neighbour-password', 5);
    key = await s.login('binner', 'binner-password');
    otherKey = await s.login('neighbour', 'neighbour-password');
  });
  afterAll(() => s.close());

  const list = async (query: string, k = key) => (await s.request('GET', `/api/files/?${query}`, { key: k })).body.data;
  const ids = (files: Listed[]) => files.map((f) => f.file_id);

  async function fileWithSubtitle(): Promise<{ file: Listed & { file_slug: string }; subId: number }> {
    const [file] = (await list('limit=1&sort_by=file_id&order=asc')).files;
    const up = await s.request('POST', '/api/files/sub', {
      key,
      body: uploadForm({ file: { name: 'talk.srt', content: SRT }, file_id: file.file_id, sub_lang: 'en' }),
    });
    return { file, subId: up.body.data.sub.sub_id };
  }

  it('moves a file to the trash and brings it back as it was: id, slug, subtitles byte for byte', async () => {
    const { file, subId } = await fileWithSubtitle();
    const before = (await list('')).pagination.total_records;

    const del = await s.request('DELETE', `/api/files/${file.file_id}`, { key });
    expect(del.status).toBe(200);
    expect(del.body.message).toBe('File deleted successfully!');
    const deletedAt = new Date(s.now.value).toISOString();
    expect(del.body.data.file).toMatchObject({
      file_id: file.file_id,
      deleted_at: deletedAt,
      purge_at: new Date(s.now.value + 30 * DAY).toISOString(),
    });

    const live = await list('limit=100');
    expect(live.pagination.total_records).toBe(before - 1);
    expect(ids(live.files)).not.toContain(file.file_id);
    expect((await s.request('GET', `/api/files/${file.file_id}`, { key })).status).toBe(404);
    expect((await s.request('GET', `/api/subs/?file_id=${file.file_id}`, { key })).status).toBe(404);
    const trash = await list('trashed=1');
    expect(trash.pagination.total_records).toBe(1);
    expect(trash.files[0]).toMatchObject({ file_id: file.file_id, deleted_at: deletedAt });

    const restored = await s.request('POST', `/api/files/${file.file_id}/restore`, { key });
    expect(restored.status).toBe(200);
    expect(restored.body.data).toMatchObject({ file_id: file.file_id, file_slug: file.file_slug, deleted_at: null, purge_at: null });
    expect((await list('')).pagination.total_records).toBe(before);
    expect((await list('trashed=1')).pagination.total_records).toBe(0);
    const subs = (await s.request('GET', `/api/subs/?file_id=${file.file_id}`, { key })).body.data.subs;
    expect(subs.map((sub: { sub_id: number }) => sub.sub_id)).toEqual([subId]);
    const content = await s.request('GET', `/api/subs/${subId}/content`, { key });
    expect(sha256(content.text)).toBe(sha256(SRT));
  });

  it('lists the trash with the same filters, sort, search and paging, and only the account’s own', async () => {
    const { files } = await list('limit=12&sort_by=file_id&order=asc');
    const binned = files.slice(1, 12) as Listed[];
    for (const f of binned) expect((await s.request('DELETE', `/api/files/${f.file_id}`, { key })).status).toBe(200);
    const page2 = await list('trashed=1&limit=5&page=2&sort_by=file_id&order=asc');
    expect(page2.pagination).toEqual({ page: 2, limit: 5, total_records: 11, total_pages: 3 });
    expect(ids(page2.files)).toEqual(ids(binned.slice(5, 10)));
    const byTitle = await list('trashed=1&limit=100&sort_by=file_title&order=desc');
    // Titles sort by ASCII case-folded bytes, ties by file_id, as the live list does.
    const key_ = (f: Listed) => [f.file_title.toLowerCase(), f.file_id] as const;
    const expected = [...binned].sort((a, b) => {
      const [ta, ia] = key_(a);
      const [tb, ib] = key_(b);
      return ta === tb ? ib - ia : ta < tb ? 1 : -1;
    });
    expect(ids(byTitle.files)).toEqual(ids(expected));
    const word = binned[0]!.file_title.split(' ')[0]!;
    const found = await list(`trashed=1&limit=100&search=${encodeURIComponent(word)}`);
    expect(ids(found.files)).toContain(binned[0]!.file_id);
    for (const f of found.files as Listed[]) expect(ids(binned)).toContain(f.file_id);
    const liveSearch = await list(`limit=100&search=${encodeURIComponent(word)}`);
    for (const f of liveSearch.files as Listed[]) expect(ids(binned)).not.toContain(f.file_id);
    const inactive = await list('trashed=1&isActive=0&limit=100');
    expect(inactive.pagination.total_records).toBe(binned.filter((f) => !(f as unknown as { isActive: number }).isActive).length);
    expect((await list('trashed=1', otherKey)).pagination.total_records).toBe(0);
    expect((await s.request('POST', `/api/files/${binned[0]!.file_id}/restore`, { key: otherKey })).status).toBe(404);
  });

  it('deletes a trashed file for good with permanent=1, and refuses a live one', async () => {
    const { files } = await list('trashed=1&limit=1&sort_by=file_id&order=asc');
    const purged = files[0] as Listed;
    expect((await s.request('DELETE', `/api/files/${purged.file_id}?permanent=1`, { key })).status).toBe(200);
    expect((await s.request('POST', `/api/files/${purged.file_id}/restore`, { key })).body.message).toBe(NOT_IN_TRASH);
    const [live] = (await list('limit=1')).files;
    const refused = await s.request('DELETE', `/api/files/${live.file_id}?permanent=1`, { key });
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe(TRASH_FIRST);
  });

  it('answers 410 on a trashed file’s player link, and plays it again after restore', async () => {
    const [file] = (await list('isActive=1&limit=1')).files;
    expect((await s.request('GET', `/player/${file.file_slug}`)).status).toBe(200);
    await s.request('DELETE', `/api/files/${file.file_id}`, { key });
    const gone = await s.request('GET', `/player/${file.file_slug}`);
    expect(gone.status).toBe(410);
    expect(gone.text).toContain('This video has been deleted');
    await s.request('POST', `/api/files/${file.file_id}/restore`, { key });
    expect((await s.request('GET', `/player/${file.file_slug}`)).status).toBe(200);
  });

  it('trashes and restores a subtitle on its own', async () => {
    const { file, subId } = await fileWithSubtitle();
    expect((await s.request('DELETE', `/api/subs/${subId}`, { key })).body.message).toBe('Subtitle deleted successfully');
    const listed = (await s.request('GET', `/api/subs/?file_id=${file.file_id}`, { key })).body.data.subs;
    expect(listed.map((sub: { sub_id: number }) => sub.sub_id)).not.toContain(subId);
    expect((await s.request('GET', `/api/subs/${subId}`, { key })).status).toBe(404);
    const restored = await s.request('POST', `/api/subs/${subId}/restore`, { key });
    expect(restored.status).toBe(200);
    expect(sha256((await s.request('GET', `/api/subs/${subId}/content`, { key })).text)).toBe(sha256(SRT));
    expect((await s.request('POST', `/api/subs/${subId}/restore`, { key })).status).toBe(404);
  });

  it('refuses every subtitle write on a trashed file as for a missing one, and takes them again after restore', async () => {
    const [file] = (await list('limit=1&sort_by=file_id&order=desc')).files;
    const upload = (name: string) =>
      s.request('POST', '/api/files/sub', {
        key,
        body: uploadForm({ file: { name, content: SRT }, file_id: file.file_id, sub_lang: 'en' }),
      });
    const live = (await upload('live.srt')).body.data.sub;
    const binned = (await upload('binned.srt')).body.data.sub;
    expect((await s.request('DELETE', `/api/subs/${binned.sub_id}`, { key })).status).toBe(200);
    const etag = (await s.request('GET', `/api/subs/${live.sub_id}`, { key })).headers.get('etag')!;
    const text = (await s.request('GET', `/api/subs/${live.sub_id}/vtt`, { key })).text;
    expect((await s.request('DELETE', `/api/files/${file.file_id}`, { key })).status).toBe(200);

    const writes = {
      upload: () => upload('late.srt'),
      language: () => s.request('PUT', `/api/subs/${live.sub_id}`, { key, json: { sub_lang: 'de' } }),
      encoding: () => s.request('PUT', `/api/subs/${live.sub_id}`, { key, json: { sub_charset: 'windows-1252' } }),
      text: () =>
        s.request('PUT', `/api/subs/${live.sub_id}/content`, {
          key,
          body: text.replace('Second line', 'Edited in the trash'),
          headers: { 'content-type': 'text/vtt', 'if-match': etag },
        }),
      versionRestore: () => s.request('POST', `/api/subs/${live.sub_id}/versions/1/restore`, { key, headers: { 'if-match': etag } }),
      trash: () => s.request('DELETE', `/api/subs/${live.sub_id}`, { key }),
      purge: () => s.request('DELETE', `/api/subs/${binned.sub_id}?permanent=1`, { key }),
      restore: () => s.request('POST', `/api/subs/${binned.sub_id}/restore`, { key }),
    };
    const answers: Record<string, [number, string]> = {};
    for (const [name, write] of Object.entries(writes)) {
      const reply = await write();
      answers[name] = [reply.status, reply.body.message];
    }
    expect(answers).toEqual({
      upload: [404, 'File not found'],
      language: [404, 'Subtitle not found'],
      encoding: [404, 'Subtitle not found'],
      text: [404, 'Subtitle not found'],
      versionRestore: [404, 'Subtitle not found'],
      trash: [404, 'Subtitle not found'],
      purge: [404, 'Subtitle not found in the trash'],
      restore: [404, 'Subtitle not found in the trash'],
    });
    // Reads too: the file's tracks are in the trash with it.
    expect((await s.request('GET', `/api/subs/${live.sub_id}`, { key })).status).toBe(404);
    expect((await s.request('GET', `/api/subs/${live.sub_id}/vtt`, { key })).status).toBe(404);

    // Restored, the file has its tracks exactly as they were, and takes writes again.
    expect((await s.request('POST', `/api/files/${file.file_id}/restore`, { key })).status).toBe(200);
    const subs = (await s.request('GET', `/api/subs/?file_id=${file.file_id}`, { key })).body.data.subs;
    expect(subs).toEqual([live]);
    expect((await writes.language()).body.data).toMatchObject({ sub_id: live.sub_id, sub_lang: 'de', version: live.version + 1 });
    expect((await writes.restore()).status).toBe(200);
  });

  it('purges what passed its retention, with its stored content, and nothing younger', async () => {
    const { file, subId } = await fileWithSubtitle();
    const keysBefore = await s.storedKeys();
    await s.request('DELETE', `/api/files/${file.file_id}`, { key });
    s.advance(29 * DAY);
    await s.app.purgeExpiredTrash();
    expect(ids((await list('trashed=1&limit=100')).files)).toContain(file.file_id);
    s.advance(DAY);
    expect(await s.app.purgeExpiredTrash()).toBeGreaterThan(0);
    expect((await list('trashed=1&limit=100')).pagination.total_records).toBe(0);
    // The file's log keeps the purge, by the retention (no request can claim that source).
    const account = await s.app.accounts.findByUsername('binner');
    const [last] = await s.app.activity.list(account!.account_id, file.file_id, 1);
    expect(last).toMatchObject({ actor: 'retention', source: 'retention', action: 'purge', detail: { trash_days: 30 } });
    expect((await s.request('POST', `/api/files/${file.file_id}/restore`, { key })).status).toBe(404);
    expect((await s.request('GET', `/api/subs/${subId}/content`, { key })).status).toBe(404);
    expect((await s.storedKeys()).length).toBeLessThan(keysBefore.length);
  });
});

describe('a trash that keeps files for ever (VP_TRASH_DAYS=0)', () => {
  it('never purges, and says so with a null purge_at', async () => {
    const s = await startServer({ trashDays: 0, ...LONG_SESSIONS });
    try {
      await s.addAccount('keeper', 'keeper-password', 3);
      const key = await s.login('keeper', 'keeper-password');
      const [file] = (await s.request('GET', '/api/files/?limit=1', { key })).body.data.files;
      const del = await s.request('DELETE', `/api/files/${file.file_id}`, { key });
      expect(del.body.data.file.purge_at).toBeNull();
      s.advance(10_000 * DAY);
      expect(await s.app.purgeExpiredTrash()).toBe(0);
      expect((await s.request('GET', '/api/files/?trashed=1', { key })).body.data.pagination.total_records).toBe(1);
    } finally {
      await s.close();
    }
  });
});
