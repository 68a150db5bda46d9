import type pg from 'pg';
import { SORT_COLUMNS } from '../files';

/** The column each sort reads: titles sort case-insensitively (ASCII case, as SQLite's NOCASE does). */
export const PG_SORT_COLUMNS = { ...SORT_COLUMNS, file_title: 'file_title_key' } as const;
export type PgSortColumn = (typeof PG_SORT_COLUMNS)[keyof typeof PG_SORT_COLUMNS];
export type PgFilterFamily = 'all' | 'active' | 'status';

/**
 * One btree per (filter family, sort column), led by the account and the filter column, carrying the
 * other filter columns, so that every sort and filter is an index-only range read in order.
 */
export function pgListIndex(family: PgFilterFamily, column: PgSortColumn): { name: string; sql: string } {
  const lead = family === 'active' ? 'is_active' : family === 'status' ? 'file_status' : null;
  const keys = ['account_id', ...(lead ? [lead] : []), ...(column !== 'file_id' && column !== lead ? [column] : []), 'file_id'];
  const include = ['is_active', 'file_status'].filter((c) => !keys.includes(c));
  const name = `files_list_${keys.slice(1).join('_')}`;
  return {
    name,
    sql: `CREATE INDEX IF NOT EXISTS ${name} ON files (${keys.join(', ')})${include.length ? ` INCLUDE (${include.join(', ')})` : ''}`,
  };
}

export function pgListIndexes(): { name: string; sql: string }[] {
  const seen = new Map<string, { name: string; sql: string }>();
  for (const family of ['all', 'active', 'status'] as const) {
    for (const column of Object.values(PG_SORT_COLUMNS)) {
      const index = pgListIndex(family, column);
      seen.set(index.name, index);
    }
  }
  return [...seen.values()];
}

export const PG_SEARCH_INDEX = 'CREATE INDEX IF NOT EXISTS files_search ON files USING gin (search_words)';

/**
 * Per-account counters (total_records without counting) and a per-account version of the files.
 * Statement-level triggers with transition tables: a 2,000-row INSERT updates each counter once, not
 * 2,000 times (row-level updates of one counter row within a transaction grow a chain of versions).
 */
export const PG_FILE_TRIGGERS = `
CREATE OR REPLACE FUNCTION vp_files_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE file_counts c SET n = c.n - o.n
      FROM (SELECT account_id, file_status, is_active, count(*) AS n FROM old_rows GROUP BY 1, 2, 3) o
      WHERE c.account_id = o.account_id AND c.file_status = o.file_status AND c.is_active = o.is_active;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO file_counts (account_id, file_status, is_active, n)
      SELECT account_id, file_status, is_active, count(*) FROM new_rows GROUP BY 1, 2, 3
      ON CONFLICT (account_id, file_status, is_active) DO UPDATE SET n = file_counts.n + excluded.n;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO files_version (account_id, v) SELECT DISTINCT account_id, 1 FROM new_rows
      ON CONFLICT (account_id) DO UPDATE SET v = files_version.v + 1;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO files_version (account_id, v) SELECT DISTINCT account_id, 1 FROM old_rows
      ON CONFLICT (account_id) DO UPDATE SET v = files_version.v + 1;
  ELSE
    INSERT INTO files_version (account_id, v) SELECT account_id, 1 FROM old_rows UNION SELECT account_id, 1 FROM new_rows
      ON CONFLICT (account_id) DO UPDATE SET v = files_version.v + 1;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER files_inserted AFTER INSERT ON files REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vp_files_changed();
CREATE TRIGGER files_deleted AFTER DELETE ON files REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vp_files_changed();
CREATE TRIGGER files_updated AFTER UPDATE ON files REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vp_files_changed();
`;

export const PG_WORDS_INDEX = 'CREATE UNIQUE INDEX IF NOT EXISTS file_words_word ON file_words (word, file_id)';

/**
 * Each word's files in title order (the files' title sort key, then the id): a search of one word
 * sorted by title reads its page from here, index-only, wherever the word's matches sit in the titles.
 */
export const PG_WORDS_TITLE_INDEX = 'CREATE INDEX IF NOT EXISTS file_words_title ON file_words (word, title_key, file_id)';

/**
 * `file_words` follows `files.search_words` and `files.file_title_key` (one row per word of a file,
 * carrying the title's sort key): statement-level triggers, so a 2,000-row INSERT of a seed writes
 * its words in one statement. A file whose words or title change has its words written again.
 */
const PG_WORDS_FUNCTION = `
CREATE OR REPLACE FUNCTION vp_file_words_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM file_words w USING (SELECT unnest(tsvector_to_array(search_words)) AS word, file_id FROM old_rows) o
      WHERE w.word = o.word AND w.file_id = o.file_id;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO file_words (word, title_key, file_id) SELECT unnest(tsvector_to_array(search_words)), file_title_key, file_id FROM new_rows;
  ELSE
    DELETE FROM file_words w USING (
        SELECT unnest(tsvector_to_array(o.search_words)) AS word, o.file_id
        FROM old_rows o JOIN new_rows n USING (file_id)
        WHERE o.search_words <> n.search_words OR o.file_title_key <> n.file_title_key) o
      WHERE w.word = o.word AND w.file_id = o.file_id;
    INSERT INTO file_words (word, title_key, file_id)
      SELECT unnest(tsvector_to_array(n.search_words)), n.file_title_key, n.file_id
      FROM old_rows o JOIN new_rows n USING (file_id)
      WHERE o.search_words <> n.search_words OR o.file_title_key <> n.file_title_key;
  END IF;
  RETURN NULL;
END $$;
`;

/** Migrations in order; `schema_migrations` records how many have run. Never edit a shipped one. */
const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE accounts (
    account_id    bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    username      text NOT NULL,
    password_hash text NOT NULL,
    created_at    bigint NOT NULL
  );
  CREATE UNIQUE INDEX accounts_username ON accounts (lower(username));
  -- API keys are stored only as their SHA-256 hash.
  CREATE TABLE sessions (
    key_hash     bytea PRIMARY KEY,
    account_id   bigint NOT NULL REFERENCES accounts ON DELETE CASCADE,
    created_at   bigint NOT NULL,
    last_used_at bigint NOT NULL,
    revoked_at   bigint
  );
  CREATE INDEX sessions_account ON sessions (account_id);
  -- Failed sign-ins of every node, kept for an hour.
  CREATE TABLE login_failures (
    id       bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    username text NOT NULL,
    ip       text NOT NULL,
    at       bigint NOT NULL
  );
  CREATE INDEX login_failures_username ON login_failures (username, at);
  CREATE INDEX login_failures_ip ON login_failures (ip, at);
  CREATE INDEX login_failures_at ON login_failures (at);
  CREATE TABLE files (
    file_id        bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    account_id     bigint NOT NULL REFERENCES accounts ON DELETE CASCADE,
    file_server    text COLLATE "C" NOT NULL,
    file_title     text COLLATE "C" NOT NULL,
    file_title_key text COLLATE "C" GENERATED ALWAYS AS (lower(file_title)) STORED,
    file_slug      text COLLATE "C" NOT NULL UNIQUE,
    file_status    smallint NOT NULL CHECK (file_status BETWEEN 0 AND 10),
    is_active      smallint NOT NULL CHECK (is_active IN (0, 1)),
    created_at     bigint NOT NULL,
    file_image     text,
    file_slide     text,
    -- The words of title and slug, each prefixed with "<account_id>x" (written by the server).
    search_words   tsvector NOT NULL DEFAULT ''
  );
  ${PG_SEARCH_INDEX};
  CREATE TABLE file_counts (
    account_id  bigint NOT NULL,
    file_status smallint NOT NULL,
    is_active   smallint NOT NULL,
    n           bigint NOT NULL,
    PRIMARY KEY (account_id, file_status, is_active)
  );
  CREATE TABLE files_version (
    account_id bigint PRIMARY KEY,
    v          bigint NOT NULL
  );
  -- Deep-page positions of the file list, shared by every node (see the PostgreSQL lister).
  CREATE TABLE list_positions (
    listing  text NOT NULL,
    version  bigint NOT NULL,
    position integer NOT NULL,
    sort_key text,
    file_id  bigint NOT NULL,
    PRIMARY KEY (listing, position)
  );
  CREATE TABLE subtitles (
    sub_id       bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    file_id      bigint NOT NULL REFERENCES files ON DELETE CASCADE,
    account_id   bigint NOT NULL,
    sub_lang     text NOT NULL,
    sub_size     integer NOT NULL,
    sub_name     text NOT NULL,
    storage_name text NOT NULL UNIQUE,
    sub_tmp      text,
    created_at   bigint NOT NULL
  );
  CREATE INDEX subtitles_file ON subtitles (file_id, created_at);
  CREATE UNIQUE INDEX subtitles_idempotency ON subtitles (account_id, sub_tmp) WHERE sub_tmp IS NOT NULL;
  -- Subtitle content (at most 5 MB each), so that every node serves every subtitle.
  CREATE TABLE subtitle_contents (
    storage_name text PRIMARY KEY,
    content      bytea NOT NULL
  );
  CREATE TABLE settings (
    name  text PRIMARY KEY,
    value text NOT NULL
  );
  ${pgListIndexes()
    .map((i) => `${i.sql};`)
    .join('\n  ')}
  ${PG_FILE_TRIGGERS}
  `,
  // 2: the encoding a subtitle is read with and the store key of its WebVTT rendition for the player.
  // Both stay NULL for tracks stored before: the server builds their renditions when it starts.
  `ALTER TABLE subtitles ADD COLUMN sub_charset text, ADD COLUMN rendition_name text`,
  // 3: the tables of sign-in throttling, crash-clean storage and the shared rate limit. Servers before
  // this migration created them at start (hence IF NOT EXISTS). The rate-limit counters are UNLOGGED:
  // a hit is counted on every API request, and a counter lost in a crash only forgives a minute of
  // hits, so they skip the WAL flush that a logged commit waits for. login_failures was never read.
  `
  CREATE TABLE IF NOT EXISTS sign_in_failures (
    scope           text NOT NULL,
    subject         text NOT NULL,
    failures        integer NOT NULL,
    last_failure_at bigint NOT NULL,
    PRIMARY KEY (scope, subject)
  );
  CREATE INDEX IF NOT EXISTS sign_in_failures_age ON sign_in_failures (last_failure_at);
  CREATE TABLE IF NOT EXISTS sign_in_known_addresses (
    username        text NOT NULL,
    address         text NOT NULL,
    last_success_at bigint NOT NULL,
    PRIMARY KEY (username, address)
  );
  CREATE INDEX IF NOT EXISTS sign_in_known_addresses_age ON sign_in_known_addresses (last_success_at);
  CREATE TABLE IF NOT EXISTS storage_journal (
    storage_name text PRIMARY KEY,
    owner        text NOT NULL,
    created_at   bigint NOT NULL
  );
  CREATE UNLOGGED TABLE IF NOT EXISTS rate_limit_hits (
    bucket         text PRIMARY KEY,
    hits           integer NOT NULL,
    window_ends_at bigint NOT NULL
  );
  ALTER TABLE rate_limit_hits SET UNLOGGED;
  CREATE INDEX IF NOT EXISTS rate_limit_hits_age ON rate_limit_hits (window_ends_at);
  DROP TABLE IF EXISTS login_failures;
  `,
  // 4: the words of every file in a btree, so that a search's match count is an index-only range read
  // per word (a count over the GIN index reads a heap page for nearly every match).
  `
  CREATE TABLE file_words (
    word    text COLLATE "C" NOT NULL,
    file_id bigint NOT NULL
  );
  INSERT INTO file_words (word, file_id) SELECT unnest(tsvector_to_array(search_words)), file_id FROM files;
  CREATE UNIQUE INDEX IF NOT EXISTS file_words_word ON file_words (word, file_id);
  CREATE OR REPLACE FUNCTION vp_file_words_changed() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'DELETE' THEN
      DELETE FROM file_words w USING (SELECT unnest(tsvector_to_array(search_words)) AS word, file_id FROM old_rows) o
        WHERE w.word = o.word AND w.file_id = o.file_id;
    ELSIF TG_OP = 'INSERT' THEN
      INSERT INTO file_words (word, file_id) SELECT unnest(tsvector_to_array(search_words)), file_id FROM new_rows;
    ELSE
      DELETE FROM file_words w USING (
          SELECT unnest(tsvector_to_array(o.search_words)) AS word, o.file_id
          FROM old_rows o JOIN new_rows n USING (file_id) WHERE o.search_words <> n.search_words) o
        WHERE w.word = o.word AND w.file_id = o.file_id;
      INSERT INTO file_words (word, file_id)
        SELECT unnest(tsvector_to_array(n.search_words)), n.file_id
        FROM old_rows o JOIN new_rows n USING (file_id) WHERE o.search_words <> n.search_words;
    END IF;
    RETURN NULL;
  END $$;
  CREATE TRIGGER files_words_inserted AFTER INSERT ON files REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION vp_file_words_changed();
  CREATE TRIGGER files_words_deleted AFTER DELETE ON files REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION vp_file_words_changed();
  CREATE TRIGGER files_words_updated AFTER UPDATE ON files REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION vp_file_words_changed();
  `,
  // 5: file_words carries the title's sort key, with a btree of each word's files in title order: a
  // search sorted by title walked the files' title index to the page's last match, and a word's
  // matches need not sit near the start of the titles. The table is rebuilt (faster than updating
  // every row), then vacuumed (see REWRITTEN_TABLES); the triggers of migration 4 stay, their
  // function is replaced.
  `
  DROP TABLE file_words;
  CREATE TABLE file_words (
    word      text COLLATE "C" NOT NULL,
    title_key text COLLATE "C" NOT NULL,
    file_id   bigint NOT NULL
  );
  INSERT INTO file_words (word, title_key, file_id) SELECT unnest(tsvector_to_array(search_words)), file_title_key, file_id FROM files;
  ${PG_WORDS_INDEX};
  ${PG_WORDS_TITLE_INDEX};
  ${PG_WORDS_FUNCTION}
  `,
  // The per-account counters and versions are written in key order, each counter row once per statement
  // (an UPDATE's -1 and +1 summed): the function before locked them in data order, decrements first, so
  // two opposite isActive flips of one account locked the same two rows in opposite orders and deadlocked.
  // Frozen text: never edit it, replace the function in a later migration.
  `
  CREATE OR REPLACE FUNCTION vp_files_changed() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      INSERT INTO file_counts (account_id, file_status, is_active, n)
        SELECT account_id, file_status, is_active, count(*) FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
        ON CONFLICT (account_id, file_status, is_active) DO UPDATE SET n = file_counts.n + excluded.n;
      INSERT INTO files_version (account_id, v)
        SELECT account_id, 1 FROM new_rows GROUP BY 1 ORDER BY 1
        ON CONFLICT (account_id) DO UPDATE SET v = files_version.v + 1;
    ELSIF TG_OP = 'DELETE' THEN
      INSERT INTO file_counts (account_id, file_status, is_active, n)
        SELECT account_id, file_status, is_active, -count(*) FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
        ON CONFLICT (account_id, file_status, is_active) DO UPDATE SET n = file_counts.n + excluded.n;
      INSERT INTO files_version (account_id, v)
        SELECT account_id, 1 FROM old_rows GROUP BY 1 ORDER BY 1
        ON CONFLICT (account_id) DO UPDATE SET v = files_version.v + 1;
    ELSE
      INSERT INTO file_counts (account_id, file_status, is_active, n)
        SELECT account_id, file_status, is_active, sum(d) FROM (
            SELECT account_id, file_status, is_active, -1 AS d FROM old_rows
            UNION ALL SELECT account_id, file_status, is_active, 1 FROM new_rows) c
          GROUP BY 1, 2, 3 HAVING sum(d) <> 0 ORDER BY 1, 2, 3
        ON CONFLICT (account_id, file_status, is_active) DO UPDATE SET n = file_counts.n + excluded.n;
      INSERT INTO files_version (account_id, v)
        SELECT account_id, 1 FROM (SELECT account_id FROM old_rows UNION SELECT account_id FROM new_rows) a ORDER BY 1
        ON CONFLICT (account_id) DO UPDATE SET v = files_version.v + 1;
    END IF;
    RETURN NULL;
  END $$;
  `,
  // Subtitles: the size of the player rendition (the quota counts original + rendition; null until the
  // server measures the renditions stored before, at start), and a sub_tmp idempotency key per file
  // (it was per account, so file 501 reusing file 500's key got file 500's track).
  `
  ALTER TABLE subtitles ADD COLUMN rendition_size bigint;
  DROP INDEX IF EXISTS subtitles_idempotency;
  CREATE UNIQUE INDEX subtitles_idempotency ON subtitles (account_id, file_id, sub_tmp) WHERE sub_tmp IS NOT NULL;
  `,
  // The media pipeline: what a file's processing reports (progress of the current stage, why a stage
  // failed, what the probe found, the media key of its streaming rendition), and the jobs table with
  // leases that workers claim with FOR UPDATE SKIP LOCKED (run_at is also the end of a claimed job's lease).
  `
  ALTER TABLE files
    ADD COLUMN file_progress smallint,
    ADD COLUMN file_reason text,
    ADD COLUMN file_duration double precision,
    ADD COLUMN file_width integer,
    ADD COLUMN file_height integer,
    ADD COLUMN file_rendition text;
  CREATE TABLE jobs (
    job_id       bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    kind         text NOT NULL,
    payload      text NOT NULL,
    attempts     integer NOT NULL DEFAULT 0,
    max_attempts integer NOT NULL,
    run_at       bigint NOT NULL,
    lease_token  text,
    leased_by    text,
    last_error   text,
    created_at   bigint NOT NULL
  );
  CREATE INDEX jobs_due ON jobs (run_at);
  `,
  // Which accounts the seed command created: seed may replace only their passwords. Frozen text.
  `ALTER TABLE accounts ADD COLUMN seeded smallint NOT NULL DEFAULT 0`,
  // The append-only log of file changes that GET /api/files/events streams (ids are the SSE ids),
  // written by statement triggers on files: an insert is 'added', a delete 'deleted', an update of a
  // watched column 'changed' with the changed columns (read generically from the rows, so a column
  // added later needs no new trigger), and a deleted_at (the trash) set or cleared 'deleted' or
  // 'added' (a trashed row keeps its account negated, decision D31: the event goes to abs(account_id)).
  // Every node LISTENs on vp_file_events. A seed sets vp.file_events = 'off' locally.
  `
  CREATE TABLE file_events (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    account_id bigint NOT NULL,
    file_id    bigint NOT NULL,
    kind       text NOT NULL CHECK (kind IN ('added', 'changed', 'deleted')),
    changes    jsonb,
    created_at bigint NOT NULL
  );
  CREATE INDEX file_events_account ON file_events (account_id, id);
  CREATE INDEX file_events_age ON file_events (created_at);
  CREATE FUNCTION vp_file_events() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    watched text[] := ARRAY['file_status', 'file_progress', 'file_reason', 'file_server', 'file_title', 'file_slug', 'is_active',
      'file_image', 'file_slide', 'file_duration', 'file_width', 'file_height', 'deleted_at'];
    at bigint := (extract(epoch FROM clock_timestamp()) * 1000)::bigint;
    written bigint;
  BEGIN
    IF current_setting('vp.file_events', true) = 'off' THEN
      RETURN NULL;
    END IF;
    IF TG_OP = 'INSERT' THEN
      INSERT INTO file_events (account_id, file_id, kind, created_at) SELECT account_id, file_id, 'added', at FROM new_rows n
        WHERE to_jsonb(n) ->> 'deleted_at' IS NULL ORDER BY file_id;
    ELSIF TG_OP = 'DELETE' THEN
      INSERT INTO file_events (account_id, file_id, kind, created_at) SELECT account_id, file_id, 'deleted', at FROM old_rows o
        WHERE to_jsonb(o) ->> 'deleted_at' IS NULL ORDER BY file_id;
    ELSE
      INSERT INTO file_events (account_id, file_id, kind, changes, created_at)
        SELECT c.account_id, c.file_id,
          CASE WHEN c.o ->> 'deleted_at' IS NULL AND c.n ->> 'deleted_at' IS NOT NULL THEN 'deleted'
               WHEN c.o ->> 'deleted_at' IS NOT NULL AND c.n ->> 'deleted_at' IS NULL THEN 'added'
               ELSE 'changed' END,
          d.changes, at
        FROM (SELECT abs(n.account_id) AS account_id, n.file_id, to_jsonb(o) AS o, to_jsonb(n) AS n FROM old_rows o JOIN new_rows n USING (file_id)) c
        CROSS JOIN LATERAL (
          SELECT jsonb_object_agg(e.key, e.value) AS changes FROM jsonb_each(c.n) e
          WHERE e.key = ANY (watched) AND e.value IS DISTINCT FROM c.o -> e.key) d
        WHERE d.changes IS NOT NULL
        ORDER BY c.file_id;
    END IF;
    GET DIAGNOSTICS written = ROW_COUNT;
    IF written > 0 THEN
      PERFORM pg_notify('vp_file_events', '');
    END IF;
    RETURN NULL;
  END $$;
  CREATE TRIGGER files_events_inserted AFTER INSERT ON files REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION vp_file_events();
  CREATE TRIGGER files_events_deleted AFTER DELETE ON files REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION vp_file_events();
  CREATE TRIGGER files_events_updated AFTER UPDATE ON files REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION vp_file_events();
  `,
  // Versions of files and subtitles (ETag / If-Match): every change bumps them; existing rows start at 1
  // (a constant default: no table rewrite).
  `
  ALTER TABLE files ADD COLUMN version integer NOT NULL DEFAULT 1;
  ALTER TABLE subtitles ADD COLUMN version integer NOT NULL DEFAULT 1;
  `,
  // The trash. A trashed file keeps its row with deleted_at set and its account_id negated, so the
  // list's covering indexes (all led by account_id), its counters and its search words keep the
  // account's live files and its trash apart with no new index: the trash is the same range reads
  // under -account_id. Hence no foreign key from files.account_id (no account is ever deleted).
  // A trashed subtitle only gets deleted_at (a file's tracks are few and read by file_id).
  `
  ALTER TABLE files DROP CONSTRAINT IF EXISTS files_account_id_fkey;
  ALTER TABLE files ADD COLUMN deleted_at bigint;
  ALTER TABLE subtitles ADD COLUMN deleted_at bigint;
  CREATE INDEX files_trashed ON files (deleted_at) WHERE deleted_at IS NOT NULL;
  CREATE INDEX subtitles_trashed ON subtitles (deleted_at) WHERE deleted_at IS NOT NULL;
  `,
  // Slugs are unique whatever their ASCII case (slugs are ASCII: lower() is enough), and a slug freed
  // by a rename or a purge is held for its account for a while (player URLs on customers' sites).
  `
  CREATE UNIQUE INDEX files_slug_key ON files (lower(file_slug));
  CREATE TABLE slug_holds (
    slug_key   text COLLATE "C" PRIMARY KEY,
    account_id bigint NOT NULL,
    file_id    bigint NOT NULL,
    held_until bigint NOT NULL
  );
  `,
  // The activity log of each file: append-only (no route changes or deletes a row; only the
  // retention purge removes old ones).
  `
  CREATE TABLE file_activity (
    activity_id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    file_id     bigint NOT NULL,
    account_id  bigint NOT NULL,
    at          bigint NOT NULL,
    actor       text NOT NULL,
    source      text NOT NULL,
    action      text NOT NULL,
    detail      text NOT NULL
  );
  CREATE INDEX file_activity_file ON file_activity (file_id, activity_id);
  CREATE INDEX file_activity_at ON file_activity (at);
  `,
  // Each account's embed defaults: the player parameters every new snippet of its files starts from,
  // as the query string the player reads ("autoplay=1&loop=1"); no row: the player's own defaults.
  `
  CREATE TABLE IF NOT EXISTS account_embed_defaults (
    account_id bigint PRIMARY KEY,
    params     text NOT NULL
  );
  `,
  // A file deleted for good from the trash is a 'deleted' event of its account too (abs(account_id): a
  // trashed row keeps its account negated), so an open Trash view drops it live; the function of the
  // event log's migration is replaced, its triggers stay. Frozen text.
  `
  CREATE OR REPLACE FUNCTION vp_file_events() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    watched text[] := ARRAY['file_status', 'file_progress', 'file_reason', 'file_server', 'file_title', 'file_slug', 'is_active',
      'file_image', 'file_slide', 'file_duration', 'file_width', 'file_height', 'deleted_at'];
    at bigint := (extract(epoch FROM clock_timestamp()) * 1000)::bigint;
    written bigint;
  BEGIN
    IF current_setting('vp.file_events', true) = 'off' THEN
      RETURN NULL;
    END IF;
    IF TG_OP = 'INSERT' THEN
      INSERT INTO file_events (account_id, file_id, kind, created_at) SELECT account_id, file_id, 'added', at FROM new_rows n
        WHERE to_jsonb(n) ->> 'deleted_at' IS NULL ORDER BY file_id;
    ELSIF TG_OP = 'DELETE' THEN
      INSERT INTO file_events (account_id, file_id, kind, created_at) SELECT abs(account_id), file_id, 'deleted', at FROM old_rows o
        ORDER BY file_id;
    ELSE
      INSERT INTO file_events (account_id, file_id, kind, changes, created_at)
        SELECT c.account_id, c.file_id,
          CASE WHEN c.o ->> 'deleted_at' IS NULL AND c.n ->> 'deleted_at' IS NOT NULL THEN 'deleted'
               WHEN c.o ->> 'deleted_at' IS NOT NULL AND c.n ->> 'deleted_at' IS NULL THEN 'added'
               ELSE 'changed' END,
          d.changes, at
        FROM (SELECT abs(n.account_id) AS account_id, n.file_id, to_jsonb(o) AS o, to_jsonb(n) AS n FROM old_rows o JOIN new_rows n USING (file_id)) c
        CROSS JOIN LATERAL (
          SELECT jsonb_object_agg(e.key, e.value) AS changes FROM jsonb_each(c.n) e
          WHERE e.key = ANY (watched) AND e.value IS DISTINCT FROM c.o -> e.key) d
        WHERE d.changes IS NOT NULL
        ORDER BY c.file_id;
    END IF;
    GET DIAGNOSTICS written = ROW_COUNT;
    IF written > 0 THEN
      PERFORM pg_notify('vp_file_events', '');
    END IF;
    RETURN NULL;
  END $$;
  `,
  // Bulk jobs (POST /api/files/bulk): one row per job, found again by its account's Idempotency-Key,
  // and one row per file it touches with that file's outcome (NULL until done). The file's version
  // when the job took it: a file edited since is a 'conflict', as an If-Match would be. The event
  // log gets the kind 'job' (a job's progress).
  `
  CREATE TABLE bulk_jobs (
    job_id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    account_id      bigint NOT NULL,
    idempotency_key text NOT NULL,
    request_hash    text NOT NULL,
    action          text NOT NULL,
    filter          text,
    actor           text NOT NULL,
    source          text NOT NULL,
    state           text NOT NULL,
    total           integer NOT NULL,
    reason          text,
    created_at      bigint NOT NULL,
    finished_at     bigint,
    UNIQUE (account_id, idempotency_key)
  );
  CREATE TABLE bulk_job_files (
    job_id  bigint NOT NULL,
    file_id bigint NOT NULL,
    version integer NOT NULL,
    outcome text,
    reason  text,
    PRIMARY KEY (job_id, file_id)
  );
  ALTER TABLE file_events DROP CONSTRAINT file_events_kind_check;
  ALTER TABLE file_events ADD CONSTRAINT file_events_kind_check CHECK (kind IN ('added', 'changed', 'deleted', 'job'));
  `,
  // Saved versions of a track's text (the cue editor, D38): each an object of the subtitle store of
  // its own; the row's rendition_name points at the newest one while it is what the player serves.
  // Version 1 is the upload itself and has no row.
  `
  CREATE TABLE subtitle_versions (
    sub_id       bigint NOT NULL REFERENCES subtitles ON DELETE CASCADE,
    version_no   integer NOT NULL,
    storage_name text NOT NULL UNIQUE,
    size         integer NOT NULL,
    kind         text NOT NULL CHECK (kind IN ('edit', 'restore')),
    created_at   bigint NOT NULL,
    actor        text NOT NULL,
    PRIMARY KEY (sub_id, version_no)
  );
  `,
  // The file event log's function again, with the same events: an UPDATE's changes are read from the
  // watched columns by name, not by turning both whole rows (search words included) into jsonb and
  // walking every key, which cost ~250 µs a row and was most of a bulk job's batch (its 200-row UPDATE
  // spent 50 ms in this trigger). Frozen text.
  `
  CREATE OR REPLACE FUNCTION vp_file_events() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    at bigint := (extract(epoch FROM clock_timestamp()) * 1000)::bigint;
    written bigint;
  BEGIN
    IF current_setting('vp.file_events', true) = 'off' THEN
      RETURN NULL;
    END IF;
    IF TG_OP = 'INSERT' THEN
      INSERT INTO file_events (account_id, file_id, kind, created_at) SELECT account_id, file_id, 'added', at FROM new_rows n
        WHERE n.deleted_at IS NULL ORDER BY file_id;
    ELSIF TG_OP = 'DELETE' THEN
      INSERT INTO file_events (account_id, file_id, kind, created_at) SELECT abs(account_id), file_id, 'deleted', at FROM old_rows o
        ORDER BY file_id;
    ELSE
      INSERT INTO file_events (account_id, file_id, kind, changes, created_at)
        SELECT abs(n.account_id), n.file_id,
          CASE WHEN o.deleted_at IS NULL AND n.deleted_at IS NOT NULL THEN 'deleted'
               WHEN o.deleted_at IS NOT NULL AND n.deleted_at IS NULL THEN 'added'
               ELSE 'changed' END,
          d.changes, at
        FROM old_rows o JOIN new_rows n USING (file_id)
        CROSS JOIN LATERAL (
          SELECT jsonb_object_agg(c.k, c.v) AS changes FROM (VALUES
          ('file_status', to_jsonb(n.file_status), n.file_status IS DISTINCT FROM o.file_status),
          ('file_progress', to_jsonb(n.file_progress), n.file_progress IS DISTINCT FROM o.file_progress),
          ('file_reason', to_jsonb(n.file_reason), n.file_reason IS DISTINCT FROM o.file_reason),
          ('file_server', to_jsonb(n.file_server), n.file_server IS DISTINCT FROM o.file_server),
          ('file_title', to_jsonb(n.file_title), n.file_title IS DISTINCT FROM o.file_title),
          ('file_slug', to_jsonb(n.file_slug), n.file_slug IS DISTINCT FROM o.file_slug),
          ('is_active', to_jsonb(n.is_active), n.is_active IS DISTINCT FROM o.is_active),
          ('file_image', to_jsonb(n.file_image), n.file_image IS DISTINCT FROM o.file_image),
          ('file_slide', to_jsonb(n.file_slide), n.file_slide IS DISTINCT FROM o.file_slide),
          ('file_duration', to_jsonb(n.file_duration), n.file_duration IS DISTINCT FROM o.file_duration),
          ('file_width', to_jsonb(n.file_width), n.file_width IS DISTINCT FROM o.file_width),
          ('file_height', to_jsonb(n.file_height), n.file_height IS DISTINCT FROM o.file_height),
          ('deleted_at', to_jsonb(n.deleted_at), n.deleted_at IS DISTINCT FROM o.deleted_at)
          ) c(k, v, changed) WHERE c.changed) d
        WHERE d.changes IS NOT NULL
        ORDER BY n.file_id;
    END IF;
    GET DIAGNOSTICS written = ROW_COUNT;
    IF written > 0 THEN
      PERFORM pg_notify('vp_file_events', '');
    END IF;
    RETURN NULL;
  END $$;
  `,
];

/**
 * Tables a migration (by its number) writes whole: vacuumed once it has committed (VACUUM cannot run
 * in a transaction), so that index-only scans find their visibility map set from the first request.
 */
const REWRITTEN_TABLES: Readonly<Record<number, string>> = { 5: 'file_words' };

/** A constant key of pg_advisory_lock: nodes starting together migrate (and seed) one after another. */
export const MIGRATION_LOCK = "hashtext('vp-admin-kit schema')";

/**
 * Runs the missing migrations (up to `target`: tests build older databases); the caller holds the
 * migration lock. Returns true on a new database.
 */
export async function migratePg(client: pg.PoolClient, target = MIGRATIONS.length): Promise<boolean> {
  await client.query(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const { rows } = await client.query<{ v: number | null }>('SELECT max(version) AS v FROM schema_migrations');
  const current = rows[0]?.v ?? 0;
  for (let version = current; version < target; version++) {
    await client.query('BEGIN');
    try {
      await client.query(MIGRATIONS[version]!);
      await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [version + 1]);
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    }
    const rewritten = REWRITTEN_TABLES[version + 1];
    if (rewritten) await client.query(`VACUUM (ANALYZE) ${rewritten}`);
  }
  return current === 0;
}
