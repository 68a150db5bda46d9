import type { Database } from 'better-sqlite3';
import type { FileRow } from '../files';
import { sampleFileRow, sampleFiles, SEEDED_COLUMNS, type SeedResult } from '../sample-data';
import { listIndexStatements } from './list-indexes';
import { BUMP_ACCOUNT_VERSION, FILE_TRIGGERS, FILE_TRIGGER_NAMES, VERSION_TRIGGERS } from './list-triggers';
import { NEXT_FILE_ID } from './next-file-id';

/** Above this many files the FTS index and the counters are rebuilt once instead of row by row. */
const BULK_THRESHOLD = 5000;

const INSERT_FILE = `INSERT INTO files (${SEEDED_COLUMNS.join(', ')}) VALUES (${SEEDED_COLUMNS.map(() => '?').join(', ')})`;
const fileValues = (f: FileRow) => SEEDED_COLUMNS.map((c) => f[c]);

/**
 * Adds `count` sample files (see sampleFiles) to an account in one transaction, dropping and rebuilding
 * the list indexes past a few thousand files: the fastest way, for a database no server has open
 * (every write waits for the whole seed, and every read plans without the indexes meanwhile).
 */
export function seedSqliteFiles(db: Database, accountId: number, count: number, now: number, views: boolean): SeedResult {
  if (count >= 100_000) db.pragma('cache_size = -1048576'); // building the indexes sorts in memory
  const insert = db.prepare(INSERT_FILE);
  return db
    .transaction((): SeedResult => {
      // Seeded files are not news: no event for any of them (file-event-triggers.ts).
      db.exec('INSERT OR IGNORE INTO file_events_paused (id) VALUES (1)');
      const start = db.prepare(NEXT_FILE_ID).pluck().get() as number;
      const bulk = count >= BULK_THRESHOLD;
      const indexes = listIndexStatements();
      if (bulk) {
        // Row-by-row maintenance of 17 indexes, the FTS index and the counters is what makes a big
        // insert slow; building them once afterwards is several times faster.
        for (const name of FILE_TRIGGER_NAMES) db.exec(`DROP TRIGGER IF EXISTS ${name}`);
        for (const sql of indexes) db.exec(`DROP INDEX IF EXISTS ${/INDEX IF NOT EXISTS (\w+)/.exec(sql)![1]}`);
      }
      for (const f of sampleFiles(accountId, start, count, now, views)) insert.run(...fileValues(f));
      const lastId = start + count - 1;
      if (bulk) {
        db.prepare(
          'INSERT INTO files_search (rowid, words) SELECT file_id, vp_search_words(account_id, file_title, file_slug) FROM files WHERE file_id BETWEEN ? AND ?',
        ).run(start, lastId);
        db.prepare('DELETE FROM file_counts WHERE account_id = ?').run(accountId);
        db.prepare(
          `INSERT INTO file_counts (account_id, file_status, is_active, n)
         SELECT account_id, file_status, is_active, count(*) FROM files WHERE account_id = ? GROUP BY file_status, is_active`,
        ).run(accountId);
        for (const sql of indexes) db.exec(sql);
        db.exec(FILE_TRIGGERS);
        db.exec(VERSION_TRIGGERS);
        db.prepare(BUMP_ACCOUNT_VERSION).run(accountId);
      }
      db.exec('DELETE FROM file_events_paused');
      return { firstId: start, lastId };
    })
    .immediate();
}

/**
 * One short write transaction of a seed beside a serving server: sample files `from`, `from + 1`, … of
 * `count` until `maxMs` have passed or `maxRows` are in, with every index, counter and search row kept
 * up to date as a served insert keeps them. Ids follow the highest one at that moment, so files the
 * server adds between two batches keep theirs.
 */
export function insertSqliteSampleBatch(
  db: Database,
  batch: { accountId: number; from: number; count: number; now: number; maxRows: number; maxMs: number; views: boolean },
): SeedResult & { inserted: number } {
  const insert = db.prepare(INSERT_FILE);
  return db
    .transaction(() => {
      db.exec('INSERT OR IGNORE INTO file_events_paused (id) VALUES (1)');
      const start = db.prepare(NEXT_FILE_ID).pluck().get() as number;
      const deadline = performance.now() + batch.maxMs;
      const last = Math.min(batch.count, batch.from + batch.maxRows);
      let index = batch.from;
      while (index < last && (index === batch.from || performance.now() < deadline)) {
        insert.run(...fileValues(sampleFileRow(batch.accountId, index, start + index - batch.from, batch.count, batch.now, batch.views)));
        index++;
      }
      db.exec('DELETE FROM file_events_paused');
      const inserted = index - batch.from;
      return { firstId: start, lastId: start + inserted - 1, inserted };
    })
    .immediate();
}
