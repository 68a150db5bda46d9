import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { AccountsRepository } from '../src/db/accounts-repository';
import type { Db } from '../src/db/engine';
import { openDatabase } from '../src/db/open';
import { seedFiles } from '../src/db/seed';
import { cliOn } from './cli-support';
import { createTestDatabase, dropTestDatabase, ENGINE, START } from './helpers';

/** The bulk path's threshold (seed-files.ts): from this many files on, a seed drops the indexes and builds them again. */
const BULK_FILES = 50_000;

/** Every index of the two tables a big seed rebuilds, by name, with its definition. */
const INDEXES = `SELECT indexname, indexdef FROM pg_indexes WHERE tablename IN ('files', 'file_words') ORDER BY indexname`;
const PENDING = "SELECT value FROM settings WHERE name = 'seed_indexes_pending'";

/**
 * A big offline seed on PostgreSQL drops the list, search and word indexes, commits its files, and builds
 * them again two at a time; one stopped in between leaves a mark, and the next start builds what is missing.
 */
describe.skipIf(ENGINE !== 'postgres')('a big offline seed on PostgreSQL and its indexes', () => {
  let url: string;
  let dataDir: string;
  let db: Db | undefined;
  let before: { indexname: string; indexdef: string }[];

  beforeAll(async () => {
    url = await createTestDatabase({ migrated: true });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vp-pg-seed-'));
    db = await openDatabase({ dataDir, databaseUrl: url, list: { readWorkers: 0 } });
    before = await db.all(INDEXES);
  });
  afterAll(async () => {
    await db?.close();
    await dropTestDatabase(url);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(`seeds ${BULK_FILES} files and leaves every index as it found it, with no mark`, { timeout: 120_000 }, async () => {
    expect(before.map((index) => index.indexname)).toEqual(
      expect.arrayContaining(['files_search', 'file_words_title', 'files_list_file_id']),
    );
    const account = await new AccountsRepository(db!).upsert('big', 'x', START);
    const seeded = await seedFiles(db!, account, BULK_FILES, START, { offline: true });
    expect(seeded.lastId - seeded.firstId + 1).toBe(BULK_FILES);
    const files = await db!.get<{ n: number }>('SELECT count(*) AS n FROM files WHERE account_id = ?', [account]);
    expect(Number(files!.n)).toBe(BULK_FILES);
    expect(await db!.all(INDEXES)).toEqual(before);
    expect(await db!.get(PENDING)).toBeUndefined();
    // The words of every file are there for the search (the word index is read by the search's counts).
    const words = await db!.get<{ n: number }>('SELECT count(DISTINCT file_id) AS n FROM file_words');
    expect(Number(words!.n)).toBe(BULK_FILES);
  });

  it(
    'a seed stopped before its indexes were built: the next start builds the missing ones and clears the mark',
    { timeout: 120_000 },
    async () => {
      // As a seed killed after its commit leaves the database: some indexes dropped, the mark set.
      await db!.run('DROP INDEX files_search');
      await db!.run('DROP INDEX files_list_file_title_key_file_id');
      await db!.run("INSERT INTO settings (name, value) VALUES ('seed_indexes_pending', 'test')");
      await db!.close();
      db = undefined;
      db = await openDatabase({ dataDir, databaseUrl: url, list: { readWorkers: 0 } });
      expect(await db.all(INDEXES)).toEqual(before);
      expect(await db.get(PENDING)).toBeUndefined();
    },
  );

  it(
    'a server that starts while another process seeds waits until the seed has built its indexes, then opens with all of them',
    { timeout: 180_000 },
    async () => {
      const seeding = await createTestDatabase({ migrated: true });
      const seedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vp-pg-seed-race-'));
      const probe = new pg.Client({ connectionString: seeding });
      let opened: Db | undefined;
      try {
        await probe.connect();
        const args = ['seed', '--account', 'big', '--password', 'seed-race-password-42', '--files', String(BULK_FILES), '--offline'];
        const seed = cliOn(seedDir, seeding, args);
        let ended = false;
        // Ended either way (a CLI that could not start rejects, and is awaited below).
        const end = () => (ended = true);
        seed.then(end, end);
        // The seed has committed its files and builds the indexes it dropped: its mark is in the settings.
        while (!(await probe.query(PENDING)).rowCount) {
          if (ended) throw new Error(`the seed ended before it built its indexes: ${(await seed).out}`);
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        // A server starting now (this process, as a node starts: open, migrate) waits for the seed's lock.
        opened = await openDatabase({ dataDir: seedDir, databaseUrl: seeding, list: { readWorkers: 0 } });
        expect(await opened.all(INDEXES)).toEqual(before);
        expect(await opened.get(PENDING)).toBeUndefined();
        const files = await opened.get<{ n: number }>('SELECT count(*) AS n FROM files');
        expect(Number(files!.n)).toBe(BULK_FILES);
        const result = await seed;
        expect(result.status, result.out).toBe(0);
        expect(result.stdout).toMatch(new RegExp(`added ${BULK_FILES} files`));
      } finally {
        await opened?.close();
        await probe.end();
        await dropTestDatabase(seeding);
        fs.rmSync(seedDir, { recursive: true, force: true });
      }
    },
  );
});
