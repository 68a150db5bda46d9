import type pg from 'pg';
import type { Queryable, SqlValue } from '../engine';
import type { FileRow } from '../files';
import { sampleFileRow, sampleFiles, SEEDED_COLUMNS, type SeedResult } from '../sample-data';
import type { PgQueries } from './pg-queries';
import { pgSearchWords } from './file-search';
import { PG_SEARCH_INDEX, PG_WORDS_INDEX, PG_WORDS_TITLE_INDEX, pgListIndexes } from './list-indexes';
import { MIGRATION_LOCK } from './migrations';

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
 * The indexes a big seed drops and builds again: the list, search and word indexes, the longest to
 * build first (so that the last to start in a lane is a short one).
 */
function seedRebuiltIndexes(): { name: string; sql: string }[] {
  return [
    { name: 'file_words_title', sql: PG_WORDS_TITLE_INDEX },
    { name: 'files_search', sql: PG_SEARCH_INDEX },
    { name: 'file_words_word', sql: PG_WORDS_INDEX },
    ...pgListIndexes(),
  ];
}

/** Set, in the settings, from a big seed's commit until the indexes it dropped are built again. */
const INDEXES_PENDING = 'seed_indexes_pending';
/** Index builds side by side: each CREATE INDEX ends in a tail its leader runs alone (the merge, the write), which the other lane fills. */
const INDEX_LANES = 2;

/**
 * Builds the indexes a big seed dropped, INDEX_LANES at a time (each a connection taking the next index
 * of one queue), then clears the pending mark. A lane that fails leaves the mark for the next start.
 */
async function buildSeedIndexes(db: PgQueries): Promise<void> {
  const queue = seedRebuiltIndexes();
  const lane = () =>
    db.withClient(
      async (client) => {
        await client.query("SET maintenance_work_mem = '256MB'");
        for (let next = queue.shift(); next; next = queue.shift()) await client.query(next.sql);
        await client.query('RESET maintenance_work_mem');
      },
      { unlimited: true },
    );
  await Promise.all(Array.from({ length: INDEX_LANES }, lane));
  await db.run('DELETE FROM settings WHERE name = ?', [INDEXES_PENDING]);
}

/**
 * A start's part of a big seed that stopped after its commit (killed while it built its indexes): the
 * indexes still missing are built, one after another, and the mark cleared. Called under the schema lock.
 */
export async function finishSeedIndexes(client: Pick<pg.ClientBase, 'query'>): Promise<void> {
  const pending = await client.query('SELECT 1 FROM settings WHERE name = $1', [INDEXES_PENDING]);
  if (!pending.rowCount) return;
  for (const index of seedRebuiltIndexes()) await client.query(index.sql);
  await client.query('DELETE FROM settings WHERE name = $1', [INDEXES_PENDING]);
}

/**
 * Adds `count` sample files (see sampleFiles) to an account in one transaction, with multi-row
 * INSERTs; the counters and versions follow through the statement triggers. The seed takes a block
 * of consecutive ids from the identity sequence. A big seed drops the list, search and word indexes
 * and builds them after the insert, several times faster than maintaining them row by row, and after
 * its commit, two at a time (one transaction builds one at a time: 34 s of a 1 M seed, 29 s so). It
 * holds the schema lock throughout, so a server starting meanwhile waits for the indexes; a seed
 * stopped before they are all built leaves a mark its next start finishes (finishSeedIndexes).
 * The fastest way, for a database no server uses (every request on files waits for the whole seed).
 */
export async function seedPgFiles(db: PgQueries, accountId: number, count: number, now: number, views: boolean): Promise<SeedResult> {
  const bulk = count >= BULK_THRESHOLD;
  const result = bulk
    ? await holdingSchemaLock(db, async () => {
        const seeded = await insertSeedFiles(db, { accountId, count, now, views, bulk });
        await buildSeedIndexes(db);
        return seeded;
      })
    : await insertSeedFiles(db, { accountId, count, now, views, bulk });
  // Fresh statistics for the planner, and (after a big seed) the visibility map index-only scans need.
  await Promise.all(['files', 'file_words'].map((table) => db.runUnlimited(bulk ? `VACUUM (ANALYZE) ${table}` : `ANALYZE ${table}`)));
  return result;
}

/** `fn` holding the lock a starting server migrates under (openPostgres), on a connection of its own. */
function holdingSchemaLock<T>(db: PgQueries, fn: () => Promise<T>): Promise<T> {
  return db.withClient(
    async (lock) => {
      await lock.query(`SELECT pg_advisory_lock(${MIGRATION_LOCK})`);
      try {
        return await fn();
      } finally {
        await lock.query(`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`);
      }
    },
    { unlimited: true },
  );
}

/** The seed's one transaction; `bulk` drops the indexes it rebuilds and sets the pending mark with the files. */
function insertSeedFiles(
  db: PgQueries,
  { accountId, count, now, views, bulk }: { accountId: number; count: number; now: number; views: boolean; bulk: boolean },
): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    await tx.get("SELECT pg_advisory_xact_lock(hashtext('vp-admin-kit seed'))");
    // Seeded files are not news: the file event trigger (migration 6) writes nothing in this transaction.
    await tx.run("SET LOCAL vp.file_events = 'off'");
    const first = (await tx.get<{ id: number }>("SELECT nextval(pg_get_serial_sequence('files', 'file_id')) AS id"))!.id;
    if (count > 1) await tx.get("SELECT setval(pg_get_serial_sequence('files', 'file_id'), ?)", [first + count - 1]);
    if (bulk) {
      for (const index of seedRebuiltIndexes()) await tx.run(`DROP INDEX IF EXISTS ${index.name}`);
      await tx.run('INSERT INTO settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value', [
        INDEXES_PENDING,
        new Date(now).toISOString(),
      ]);
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
    return { firstId: first, lastId: first + count - 1 };
  });
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
