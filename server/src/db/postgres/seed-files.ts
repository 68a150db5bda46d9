import type { Queryable, SqlValue } from '../engine';
import type { FileRow } from '../files';
import { sampleFileRow, sampleFiles, SEEDED_COLUMNS, type SeedResult } from '../sample-data';
import type { PgQueries } from './pg-queries';
import { pgSearchWords } from './file-search';
import { PG_SEARCH_INDEX, PG_WORDS_INDEX, PG_WORDS_TITLE_INDEX, pgListIndexes } from './list-indexes';

/** From this many files on, the list and search indexes are built once after the insert. */
const BULK_THRESHOLD = 50_000;

/** Rows per INSERT statement: big enough to amortise the round trip, small enough to make the next while the database inserts. */
const ROWS_PER_INSERT = 2000;
const COLUMNS = SEEDED_COLUMNS;
/** Each seeded column's type: an INSERT takes one array a column (unnest), not one parameter a value. */
const COLUMN_TYPES = {
  file_id: 'bigint',
  account_id: 'bigint',
  file_server: 'text',
  file_title: 'text',
  file_slug: 'text',
  file_status: 'smallint',
  is_active: 'smallint',
  created_at: 'bigint',
  file_image: 'text',
  file_slide: 'text',
  views_30d: 'integer',
} as const satisfies Record<(typeof COLUMNS)[number], string>;
// 12 parameters whatever the rows: the statement is parsed in no time (2,000 rows of a parameter a value
// took as long to parse and bind as to insert).
const INSERT_ROWS = `INSERT INTO files (${COLUMNS.join(', ')}, search_words)
  SELECT ${COLUMNS.join(', ')}, array_to_tsvector(string_to_array(words, ' '))
  FROM unnest(${COLUMNS.map((c) => `?::${COLUMN_TYPES[c]}[]`).join(', ')}, ?::text[]) AS rows (${COLUMNS.join(', ')}, words)`;

/** One INSERT of sample files, their search words with them: its SQL and parameters. */
function insertStatement(rows: readonly FileRow[]): { sql: string; values: SqlValue[] } {
  const columns = COLUMNS.map((c) => rows.map((f) => f[c]));
  const words = rows.map((f) => pgSearchWords(f.account_id, f.file_title, f.file_slug));
  // node-postgres sends a JavaScript array as a PostgreSQL array (SqlValue names no array: SQLite takes none).
  return { sql: INSERT_ROWS, values: [...columns, words] as unknown as SqlValue[] };
}

function insertRows(tx: Queryable, rows: readonly FileRow[]): Promise<number> {
  const { sql, values } = insertStatement(rows);
  return tx.run(sql, values);
}

/**
 * Adds `count` sample files (see sampleFiles) to an account in one transaction, with multi-row
 * INSERTs; the counters and versions follow through the statement triggers. The seed takes a block
 * of consecutive ids from the identity sequence. A big seed drops the list, search and word indexes
 * and builds them once afterwards, several times faster than maintaining them row by row: the
 * fastest way, for a database no server uses (every request on files waits for the whole seed).
 */
export async function seedPgFiles(db: PgQueries, accountId: number, count: number, now: number, views: boolean): Promise<SeedResult> {
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
    // The next statement's rows are made while the database inserts the last one's: the two cores work
    // side by side (made in turn, a million files took 45 s, 17 of them making rows).
    let inserting: Promise<unknown> = Promise.resolve();
    let rows: FileRow[] = [];
    const send = async (batch: readonly FileRow[]) => {
      const { sql, values } = insertStatement(batch);
      await inserting;
      inserting = tx.run(sql, values);
    };
    for (const f of sampleFiles(accountId, first, count, now, views)) {
      rows.push(f);
      if (rows.length === ROWS_PER_INSERT) {
        await send(rows);
        rows = [];
      }
    }
    if (rows.length) await send(rows);
    await inserting;
    if (bulk) for (const index of indexes) await tx.run(index.sql);
    return { firstId: first, lastId: first + count - 1 };
  });
  // Fresh statistics for the planner, and (after a big seed) the visibility map index-only scans need.
  for (const table of ['files', 'file_words']) await db.run(bulk ? `VACUUM (ANALYZE) ${table}` : `ANALYZE ${table}`);
  return result;
}

/**
 * One short transaction of a seed beside serving servers: sample files `from` … of `count`, at most
 * `maxRows`, every index kept up to date; each takes its id from the identity sequence as a served
 * insert does. Readers never wait for it, and writers only on the account's own counter rows.
 */
export function insertPgSampleBatch(
  db: PgQueries,
  batch: { accountId: number; from: number; count: number; now: number; maxRows: number; views: boolean },
): Promise<SeedResult & { inserted: number }> {
  return db.transaction(async (tx) => {
    await tx.run("SET LOCAL vp.file_events = 'off'");
    const n = Math.min(batch.maxRows, batch.count - batch.from);
    const ids = await tx.all<{ id: number }>(
      "SELECT nextval(pg_get_serial_sequence('files', 'file_id')) AS id FROM generate_series(1, ?)",
      [n],
    );
    const rows = ids.map(({ id }, i) => sampleFileRow(batch.accountId, batch.from + i, Number(id), batch.count, batch.now, batch.views));
    await insertRows(tx, rows);
    return { firstId: rows[0]!.file_id, lastId: rows.at(-1)!.file_id, inserted: n };
  });
}

/** Fresh statistics for the planner after a seed beside serving servers (ANALYZE blocks no reader or writer). */
export async function analyzePgFiles(db: PgQueries): Promise<void> {
  for (const table of ['files', 'file_words']) await db.run(`ANALYZE ${table}`);
}
