import type { SqlValue } from '../engine';
import { sampleFiles, type SeedResult } from '../sample-data';
import type { PgDb } from './connection';
import { pgSearchWords } from './file-search';
import { PG_SEARCH_INDEX, PG_WORDS_INDEX, PG_WORDS_TITLE_INDEX, pgListIndexes } from './migrations';

/** From this many files on, the list and search indexes are built once after the insert. */
const BULK_THRESHOLD = 50_000;

/** Rows per INSERT statement: big enough to amortise the round trip, small enough for the parameter limit. */
const ROWS_PER_INSERT = 2000;
const COLUMNS = [
  'file_id',
  'account_id',
  'file_server',
  'file_title',
  'file_slug',
  'file_status',
  'is_active',
  'created_at',
  'file_image',
  'file_slide',
];

/**
 * Adds `count` sample files (see sampleFiles) to an account in one transaction, with multi-row
 * INSERTs; the counters and versions follow through the statement triggers. Seeds take a block of
 * consecutive ids from the identity sequence one at a time (files are created only by seeding).
 * A big seed drops the list, search and word indexes and builds them once afterwards, several times
 * faster than maintaining them row by row; other requests on files wait for it to commit.
 */
export async function seedPgFiles(db: PgDb, accountId: number, count: number, now: number): Promise<SeedResult> {
  const bulk = count >= BULK_THRESHOLD;
  const indexes = [
    ...pgListIndexes(),
    { name: 'files_search', sql: PG_SEARCH_INDEX },
    { name: 'file_words_word', sql: PG_WORDS_INDEX },
    { name: 'file_words_title', sql: PG_WORDS_TITLE_INDEX },
  ];
  const result = await db.transaction(async (tx) => {
    await tx.get("SELECT pg_advisory_xact_lock(hashtext('vp-admin-kit seed'))");
    // Seeded files are not news: the file event trigger (migration 6) writes nothing in this transaction.
    await tx.run("SET LOCAL vp.file_events = 'off'");
    const first = (await tx.get<{ id: number }>("SELECT nextval(pg_get_serial_sequence('files', 'file_id')) AS id"))!.id;
    if (count > 1) await tx.get("SELECT setval(pg_get_serial_sequence('files', 'file_id'), ?)", [first + count - 1]);
    if (bulk) {
      await tx.run("SET LOCAL maintenance_work_mem = '256MB'");
      for (const index of indexes) await tx.run(`DROP INDEX IF EXISTS ${index.name}`);
    }
    const row = `(${COLUMNS.map(() => '?').join(', ')}, array_to_tsvector(string_to_array(?, ' ')))`;
    let batch: SqlValue[] = [];
    let inBatch = 0;
    const flush = async () => {
      if (!inBatch) return;
      await tx.run(
        `INSERT INTO files (${COLUMNS.join(', ')}, search_words) VALUES ${Array.from({ length: inBatch }, () => row).join(', ')}`,
        batch,
      );
      batch = [];
      inBatch = 0;
    };
    for (const f of sampleFiles(accountId, first, count, now)) {
      batch.push(
        f.file_id,
        f.account_id,
        f.file_server,
        f.file_title,
        f.file_slug,
        f.file_status,
        f.is_active,
        f.created_at,
        f.file_image,
        f.file_slide,
      );
      batch.push(pgSearchWords(accountId, f.file_title, f.file_slug));
      if (++inBatch === ROWS_PER_INSERT) await flush();
    }
    await flush();
    if (bulk) for (const index of indexes) await tx.run(index.sql);
    return { firstId: first, lastId: first + count - 1 };
  });
  // Fresh statistics for the planner, and (after a big seed) the visibility map index-only scans need.
  for (const table of ['files', 'file_words']) await db.run(bulk ? `VACUUM (ANALYZE) ${table}` : `ANALYZE ${table}`);
  return result;
}
