import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finished, listTotal, postBulk } from './bulk-support';
import { ENGINE, startServer, type TestServer } from './helpers';

/**
 * A search finds a file by its words after every kind of change, single or bulk, and only where it
 * now is (the files or the trash). On PostgreSQL the words live twice (files.search_words and the
 * file_words table searches count with), kept together by triggers: after each step the table holds
 * exactly the words of every file.
 */
describe('search words follow every change of a file', () => {
  let s: TestServer;
  let key: string;
  let fileId: number;
  beforeAll(async () => {
    s = await startServer({ bulkWorker: { batchSize: 50, pollMs: 50 } });
    await s.addAccount('searcher', 'searcher-password', 60);
    key = await s.login('searcher', 'searcher-password');
    fileId = (await s.request('GET', '/api/files/?limit=1&sort_by=file_id&order=asc', { key })).body.data.files[0].file_id;
  });
  afterAll(() => s.close());

  /** Files found by `word` in the files list and in the trash. */
  const found = async (word: string) => ({
    live: await listTotal(s, key, `search=${word}`),
    trashed: await listTotal(s, key, `search=${word}&trashed=1`),
  });

  /** PostgreSQL: the word rows that file_words lacks or has too many, against every file's search_words. */
  async function wordsOutOfStep(): Promise<number> {
    if (ENGINE !== 'postgres') return 0;
    const row = await s.app.db.get<{ n: number }>(
      `SELECT count(*) AS n FROM (
         (SELECT unnest(tsvector_to_array(search_words)) AS word, file_title_key AS title_key, file_id FROM files
          EXCEPT SELECT word, title_key, file_id FROM file_words)
         UNION ALL
         (SELECT word, title_key, file_id FROM file_words
          EXCEPT SELECT unnest(tsvector_to_array(search_words)), file_title_key, file_id FROM files)) d`,
    );
    return Number(row!.n);
  }

  const bulk = async (body: unknown) => {
    const posted = await postBulk(s, key, body);
    expect(posted.status).toBe(202);
    expect((await finished(s, key, posted.body.data.job.id)).counts).toMatchObject({ done: 1, failed: 0 });
  };

  it('through a rename, a flip, the trash and back, one at a time and as bulk jobs', async () => {
    expect(await wordsOutOfStep()).toBe(0);

    const renamed = await s.request('PUT', `/api/files/${fileId}`, { key, json: { file_title: 'Zebra crossing at dusk' } });
    expect(renamed.status).toBe(200);
    expect(await found('zebra')).toEqual({ live: 1, trashed: 0 });
    expect(await wordsOutOfStep()).toBe(0);

    await s.request('PUT', `/api/files/${fileId}`, { key, json: { file_title: 'Okapi at dawn' } });
    expect(await found('zebra')).toEqual({ live: 0, trashed: 0 });
    expect(await found('okapi')).toEqual({ live: 1, trashed: 0 });

    await s.request('PUT', `/api/files/${fileId}`, { key, json: { isActive: 0 } });
    await bulk({ action: 'activate', ids: [fileId] });
    expect(await found('okapi')).toEqual({ live: 1, trashed: 0 });
    expect(await wordsOutOfStep()).toBe(0);

    expect((await s.request('DELETE', `/api/files/${fileId}`, { key })).status).toBe(200);
    expect(await found('okapi')).toEqual({ live: 0, trashed: 1 });
    expect(await wordsOutOfStep()).toBe(0);
    expect((await s.request('POST', `/api/files/${fileId}/restore`, { key })).status).toBe(200);
    expect(await found('okapi')).toEqual({ live: 1, trashed: 0 });

    await bulk({ action: 'delete', filter: { search: 'okapi' }, expected_count: 1 });
    expect(await found('okapi')).toEqual({ live: 0, trashed: 1 });
    expect(await wordsOutOfStep()).toBe(0);
    await bulk({ action: 'restore', filter: { search: 'okapi' }, expected_count: 1 });
    expect(await found('okapi')).toEqual({ live: 1, trashed: 0 });
    expect(await wordsOutOfStep()).toBe(0);
  });
});
