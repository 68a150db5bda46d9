import path from 'node:path';
import BetterSqlite3, { type Database } from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_FILE_NAME } from '../src/db/sqlite/connection';
import { SqliteListPlanner } from '../src/db/sqlite/list-planner';
import { ENGINE, startServer, type TestServer } from './helpers';

/**
 * SQLite's deep-page position cache is valid per account (files_version has a row per account id):
 * a change in one account, a bulk job's batch for instance, does not send the list workers to walk
 * every big account's listings again, as one global version did.
 */
describe.runIf(ENGINE === 'sqlite')('the list position cache, per account', () => {
  let s: TestServer;
  let big: number;
  let small: number;
  let reader: Database;
  let walks = 0;
  let planner: SqliteListPlanner;
  beforeAll(async () => {
    s = await startServer({ list: { positionStep: 4 } });
    big = await s.addAccount('big', 'big-password', 40); // ≥ 4 × positionStep: warmed ahead of requests
    small = await s.addAccount('small', 'small-password', 3);
    reader = new BetterSqlite3(path.join(s.dataDir, DB_FILE_NAME), { readonly: true });
    // Each listing the warm-up looks at is one read transaction: counting them counts its work.
    const counted = new Proxy(reader, {
      get(target, key) {
        if (key === 'transaction') walks++;
        const value = Reflect.get(target, key) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    planner = new SqliteListPlanner(counted, { positionStep: 4 });
  });
  afterAll(async () => {
    reader.close();
    await s.close();
  });

  const versions = async () =>
    Object.fromEntries(
      (await s.app.db.all<{ account_id: number; v: number }>('SELECT account_id, v FROM files_version')).map((r) => [r.account_id, r.v]),
    );
  const fileOf = async (accountId: number) =>
    (await s.app.db.get<{ file_id: number }>('SELECT file_id FROM files WHERE account_id = ? ORDER BY file_id LIMIT 1', [accountId]))!
      .file_id;
  const warm = () => {
    walks = 0;
    while (!planner.warmPositions());
    return walks;
  };

  it('counts the changes of each account id; a move to the trash changes both', async () => {
    const before = await versions();
    await s.app.db.run('UPDATE files SET file_title = ? WHERE file_id = ?', ['Renamed', await fileOf(small)]);
    const renamed = await versions();
    expect(renamed[small]).toBe(before[small]! + 1);
    expect(renamed[big]).toBe(before[big]);
    await s.app.db.run('UPDATE files SET account_id = ?, deleted_at = 1 WHERE file_id = ?', [-small, await fileOf(small)]);
    const trashed = await versions();
    expect(trashed[small]).toBe(renamed[small]! + 1);
    expect(trashed[-small]).toBe((renamed[-small] ?? 0) + 1);
    expect(trashed[big]).toBe(before[big]);
  });

  it('warms a big account once, and again only after its own files change', async () => {
    expect(warm()).toBeGreaterThan(100); // every filter, sort and direction of the big account
    expect(warm()).toBe(0);
    await s.app.db.run('UPDATE files SET is_active = 1 - is_active WHERE file_id = ?', [await fileOf(small)]);
    expect(warm()).toBe(0); // another account's change
    await s.app.db.run('UPDATE files SET is_active = 1 - is_active WHERE file_id = ?', [await fileOf(big)]);
    expect(warm()).toBeGreaterThan(100);
  });

  it('pages as before through positions kept across another account’s change', async () => {
    const all = (await s.app.db.all<{ file_id: number }>('SELECT file_id FROM files WHERE account_id = ? ORDER BY file_id', [big])).map(
      (r) => r.file_id,
    );
    const page = (n: number) => planner.list(big, { page: n, limit: 5, sort_by: 'file_id', order: 'asc' }).files.map((f) => f.file_id);
    expect(page(5)).toEqual(all.slice(20, 25));
    await s.app.db.run('UPDATE files SET file_title = ? WHERE file_id = ?', ['Again', await fileOf(small)]);
    expect(page(6)).toEqual(all.slice(25, 30));
    await s.app.db.run('DELETE FROM files WHERE file_id = ?', [all[2]!]); // the big account's own change: positions move
    expect(page(5)).toEqual(all.filter((_, i) => i !== 2).slice(20, 25));
  });
});
