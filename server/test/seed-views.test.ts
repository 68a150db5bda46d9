import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleViews30d } from '../src/db/sample-data';
import { seedFiles } from '../src/db/seed';
import { startServer, type TestServer } from './helpers';

/**
 * `seed --views` (issue 41): the API benchmark's files get a long tail of views_30d, so its Views sort
 * orders them (a column of zeros sorted as file_id order); without the flag every seeded file has none.
 */
describe('sample views of a seed', () => {
  let s: TestServer;
  let key: string;

  beforeAll(async () => {
    s = await startServer();
    await s.addAccount('plain', 'plain-password', 50);
    key = await s.login('plain', 'plain-password');
  });
  afterAll(() => s.close());

  const viewsOf = async (accountId: number) =>
    (await s.app.db.all<{ views_30d: number }>('SELECT views_30d FROM files WHERE account_id = ? ORDER BY file_id', [accountId])).map(
      (r) => r.views_30d,
    );

  it('gives the files a skewed views_30d in short batches and offline alike, the same for the same index', async () => {
    const now = s.now.value;
    const batched = await s.addAccount('batched', 'batched-password', 0);
    await seedFiles(s.app.db, batched, 3000, now, { views: true });
    // 6,000 files: SQLite's offline seed drops and rebuilds the list indexes (from 5,000 on).
    const offline = await s.addAccount('offline', 'offline-password', 0);
    await seedFiles(s.app.db, offline, 6000, now, { offline: true, views: true });

    const expected = Array.from({ length: 6000 }, (_, i) => sampleViews30d(i));
    expect(await viewsOf(batched)).toEqual(expected.slice(0, 3000));
    expect(await viewsOf(offline)).toEqual(expected);
    const none = expected.filter((v) => v === 0).length / expected.length;
    expect(none).toBeGreaterThan(0.65);
    expect(none).toBeLessThan(0.75);
    expect(Math.max(...expected)).toBeGreaterThan(10_000);
    expect(new Set(expected).size).toBeGreaterThan(100);

    // The list sorts by them through its views_30d indexes, ties in file_id order.
    const login = await s.login('offline', 'offline-password');
    const ids = await s.app.db.all<{ file_id: number; views_30d: number }>(
      'SELECT file_id, views_30d FROM files WHERE account_id = ? ORDER BY views_30d DESC, file_id DESC LIMIT 20',
      [offline],
    );
    const page = await s.request('GET', '/api/files/?sort_by=views_30d&order=desc&limit=20', { key: login });
    expect(page.body.data.files.map((f: { file_id: number; views_30d: number }) => [f.file_id, f.views_30d])).toEqual(
      ids.map((r) => [r.file_id, r.views_30d]),
    );
  });

  it('gives none without --views', async () => {
    const { files } = (await s.request('GET', '/api/files/?limit=100', { key })).body.data;
    expect(files).toHaveLength(50);
    expect(files.every((f: { views_30d: number }) => f.views_30d === 0)).toBe(true);
  });
});
