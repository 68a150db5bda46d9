import type { Database } from 'better-sqlite3';

const V1_TRIGGERS = `
CREATE TRIGGER files_after_insert AFTER INSERT ON files BEGIN
  INSERT INTO file_counts(account_id, file_status, is_active, n) VALUES (new.account_id, new.file_status, new.is_active, 1)
    ON CONFLICT(account_id, file_status, is_active) DO UPDATE SET n = n + 1;
  INSERT INTO files_fts(rowid, file_title, file_slug) VALUES (new.file_id, new.file_title, new.file_slug);
END;
CREATE TRIGGER files_after_delete AFTER DELETE ON files BEGIN
  UPDATE file_counts SET n = n - 1
    WHERE account_id = old.account_id AND file_status = old.file_status AND is_active = old.is_active;
  INSERT INTO files_fts(files_fts, rowid, file_title, file_slug) VALUES ('delete', old.file_id, old.file_title, old.file_slug);
END;
CREATE TRIGGER files_after_update_counts AFTER UPDATE OF account_id, file_status, is_active ON files BEGIN
  UPDATE file_counts SET n = n - 1
    WHERE account_id = old.account_id AND file_status = old.file_status AND is_active = old.is_active;
  INSERT INTO file_counts(account_id, file_status, is_active, n) VALUES (new.account_id, new.file_status, new.is_active, 1)
    ON CONFLICT(account_id, file_status, is_active) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER files_after_update_fts AFTER UPDATE OF file_title, file_slug ON files BEGIN
  INSERT INTO files_fts(files_fts, rowid, file_title, file_slug) VALUES ('delete', old.file_id, old.file_title, old.file_slug);
  INSERT INTO files_fts(rowid, file_title, file_slug) VALUES (new.file_id, new.file_title, new.file_slug);
END;
`;

/**
 * Migrations in order; `PRAGMA user_version` records how many have run. Each is frozen text: never edit a
 * shipped one, and never call live code from one (what it created then is what it must create now).
 */
const MIGRATIONS: ReadonlyArray<(db: Database) => void> = [
  (db) => {
    db.exec(`
      CREATE TABLE accounts (
        account_id    INTEGER PRIMARY KEY,
        username      TEXT NOT NULL UNIQUE COLLATE NOCASE,
        password_hash TEXT NOT NULL,
        created_at    INTEGER NOT NULL
      );
      -- API keys are stored only as their SHA-256 hash.
      CREATE TABLE sessions (
        key_hash     BLOB PRIMARY KEY,
        account_id   INTEGER NOT NULL REFERENCES accounts(account_id) ON DELETE CASCADE,
        created_at   INTEGER NOT NULL,
        last_used_at INTEGER NOT NULL,
        revoked_at   INTEGER
      ) WITHOUT ROWID;
      CREATE INDEX sessions_account ON sessions(account_id);
      -- Failed sign-ins, kept for an hour: the throttle survives a restart.
      CREATE TABLE login_failures (
        id       INTEGER PRIMARY KEY,
        username TEXT NOT NULL,
        ip       TEXT NOT NULL,
        at       INTEGER NOT NULL
      );
      CREATE INDEX login_failures_username ON login_failures(username, at);
      CREATE INDEX login_failures_ip ON login_failures(ip, at);
      CREATE INDEX login_failures_at ON login_failures(at);
      CREATE TABLE files (
        file_id     INTEGER PRIMARY KEY,
        account_id  INTEGER NOT NULL REFERENCES accounts(account_id) ON DELETE CASCADE,
        file_server TEXT NOT NULL,
        file_title  TEXT NOT NULL COLLATE NOCASE,
        file_slug   TEXT NOT NULL UNIQUE,
        file_status INTEGER NOT NULL CHECK (file_status BETWEEN 0 AND 10),
        is_active   INTEGER NOT NULL CHECK (is_active IN (0, 1)),
        created_at  INTEGER NOT NULL,
        file_image  TEXT,
        file_slide  TEXT
      );
      -- total_records without counting rows: one counter per (account, status, active flag).
      CREATE TABLE file_counts (
        account_id  INTEGER NOT NULL,
        file_status INTEGER NOT NULL,
        is_active   INTEGER NOT NULL,
        n           INTEGER NOT NULL,
        PRIMARY KEY (account_id, file_status, is_active)
      ) WITHOUT ROWID;
      CREATE VIRTUAL TABLE files_fts USING fts5(
        file_title, file_slug, content='files', content_rowid='file_id', tokenize='unicode61 remove_diacritics 2'
      );
      CREATE TABLE subtitles (
        sub_id       INTEGER PRIMARY KEY,
        file_id      INTEGER NOT NULL REFERENCES files(file_id) ON DELETE CASCADE,
        account_id   INTEGER NOT NULL,
        sub_lang     TEXT NOT NULL,
        sub_size     INTEGER NOT NULL,
        sub_name     TEXT NOT NULL,
        storage_name TEXT NOT NULL UNIQUE,
        sub_tmp      TEXT,
        created_at   INTEGER NOT NULL
      );
      CREATE INDEX subtitles_file ON subtitles(file_id, created_at);
      CREATE UNIQUE INDEX subtitles_idempotency ON subtitles(account_id, sub_tmp) WHERE sub_tmp IS NOT NULL;
    `);
    // The list's covering indexes: one per filter family (none, isActive, file_status) and sort column.
    db.exec(`
      CREATE INDEX IF NOT EXISTS files_list_file_id_is_active_file_status ON files(account_id, file_id, is_active, file_status);
      CREATE INDEX IF NOT EXISTS files_list_file_server_file_id_is_active_file_status ON files(account_id, file_server, file_id, is_active, file_status);
      CREATE INDEX IF NOT EXISTS files_list_file_title_file_id_is_active_file_status ON files(account_id, file_title, file_id, is_active, file_status);
      CREATE INDEX IF NOT EXISTS files_list_file_slug_file_id_is_active_file_status ON files(account_id, file_slug, file_id, is_active, file_status);
      CREATE INDEX IF NOT EXISTS files_list_file_status_file_id_is_active ON files(account_id, file_status, file_id, is_active);
      CREATE INDEX IF NOT EXISTS files_list_is_active_file_id_file_status ON files(account_id, is_active, file_id, file_status);
      CREATE INDEX IF NOT EXISTS files_list_created_at_file_id_is_active_file_status ON files(account_id, created_at, file_id, is_active, file_status);
      CREATE INDEX IF NOT EXISTS files_list_is_active_file_server_file_id_file_status ON files(account_id, is_active, file_server, file_id, file_status);
      CREATE INDEX IF NOT EXISTS files_list_is_active_file_title_file_id_file_status ON files(account_id, is_active, file_title, file_id, file_status);
      CREATE INDEX IF NOT EXISTS files_list_is_active_file_slug_file_id_file_status ON files(account_id, is_active, file_slug, file_id, file_status);
      CREATE INDEX IF NOT EXISTS files_list_is_active_file_status_file_id ON files(account_id, is_active, file_status, file_id);
      CREATE INDEX IF NOT EXISTS files_list_is_active_created_at_file_id_file_status ON files(account_id, is_active, created_at, file_id, file_status);
      CREATE INDEX IF NOT EXISTS files_list_file_status_file_server_file_id_is_active ON files(account_id, file_status, file_server, file_id, is_active);
      CREATE INDEX IF NOT EXISTS files_list_file_status_file_title_file_id_is_active ON files(account_id, file_status, file_title, file_id, is_active);
      CREATE INDEX IF NOT EXISTS files_list_file_status_file_slug_file_id_is_active ON files(account_id, file_status, file_slug, file_id, is_active);
      CREATE INDEX IF NOT EXISTS files_list_file_status_is_active_file_id ON files(account_id, file_status, is_active, file_id);
      CREATE INDEX IF NOT EXISTS files_list_file_status_created_at_file_id_is_active ON files(account_id, file_status, created_at, file_id, is_active);
    `);
    db.exec(V1_TRIGGERS);
  },
  // 2: the search index holds account-prefixed words (contentless FTS5): counts need no joins.
  (db) => {
    for (const name of ['files_after_insert', 'files_after_delete', 'files_after_update_counts', 'files_after_update_fts']) {
      db.exec(`DROP TRIGGER IF EXISTS ${name}`);
    }
    db.exec('DROP TABLE IF EXISTS files_fts');
    db.exec(
      `CREATE VIRTUAL TABLE files_search USING fts5(words, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 0')`,
    );
    db.exec('INSERT INTO files_search (rowid, words) SELECT file_id, vp_search_words(account_id, file_title, file_slug) FROM files');
    // Not indented: SQLite keeps a trigger's text as written.
    db.exec(`
CREATE TRIGGER IF NOT EXISTS files_after_insert AFTER INSERT ON files BEGIN
  INSERT INTO file_counts(account_id, file_status, is_active, n) VALUES (new.account_id, new.file_status, new.is_active, 1)
    ON CONFLICT(account_id, file_status, is_active) DO UPDATE SET n = n + 1;
  INSERT INTO files_search(rowid, words) VALUES (new.file_id, vp_search_words(new.account_id, new.file_title, new.file_slug));
END;
CREATE TRIGGER IF NOT EXISTS files_after_delete AFTER DELETE ON files BEGIN
  UPDATE file_counts SET n = n - 1
    WHERE account_id = old.account_id AND file_status = old.file_status AND is_active = old.is_active;
  DELETE FROM files_search WHERE rowid = old.file_id;
END;
CREATE TRIGGER IF NOT EXISTS files_after_update_counts AFTER UPDATE OF account_id, file_status, is_active ON files BEGIN
  UPDATE file_counts SET n = n - 1
    WHERE account_id = old.account_id AND file_status = old.file_status AND is_active = old.is_active;
  INSERT INTO file_counts(account_id, file_status, is_active, n) VALUES (new.account_id, new.file_status, new.is_active, 1)
    ON CONFLICT(account_id, file_status, is_active) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER IF NOT EXISTS files_after_update_search AFTER UPDATE OF account_id, file_title, file_slug ON files BEGIN
  DELETE FROM files_search WHERE rowid = old.file_id;
  INSERT INTO files_search(rowid, words) VALUES (new.file_id, vp_search_words(new.account_id, new.file_title, new.file_slug));
END;
`);
  },
  // 3: a version number of the files table, for the list's position cache.
  (db) => {
    db.exec('CREATE TABLE files_version (id INTEGER PRIMARY KEY CHECK (id = 1), v INTEGER NOT NULL)');
    db.exec('INSERT INTO files_version (id, v) VALUES (1, 0)');
    // Not indented: SQLite keeps a trigger's text as written.
    db.exec(`
CREATE TRIGGER IF NOT EXISTS files_version_insert AFTER INSERT ON files BEGIN
  UPDATE files_version SET v = v + 1 WHERE id = 1;
END;
CREATE TRIGGER IF NOT EXISTS files_version_delete AFTER DELETE ON files BEGIN
  UPDATE files_version SET v = v + 1 WHERE id = 1;
END;
CREATE TRIGGER IF NOT EXISTS files_version_update AFTER UPDATE ON files BEGIN
  UPDATE files_version SET v = v + 1 WHERE id = 1;
END;
`);
  },
  // 4: the encoding a subtitle is read with and the store key of its WebVTT rendition for the player.
  // Both stay NULL for tracks stored before: the server builds their renditions when it starts.
  (db) => {
    db.exec('ALTER TABLE subtitles ADD COLUMN sub_charset TEXT');
    db.exec('ALTER TABLE subtitles ADD COLUMN rendition_name TEXT');
  },
  // 5: the tables of sign-in throttling and crash-clean storage. Servers before this migration created
  // them at start (hence IF NOT EXISTS). The rate limit of one SQLite server counts in memory, so it has
  // no table here. login_failures was never read.
  (db) => {
    db.exec(`
      CREATE TABLE IF NOT EXISTS sign_in_failures (
        scope           TEXT NOT NULL,
        subject         TEXT NOT NULL,
        failures        INTEGER NOT NULL,
        last_failure_at INTEGER NOT NULL,
        PRIMARY KEY (scope, subject)
      );
      CREATE INDEX IF NOT EXISTS sign_in_failures_age ON sign_in_failures (last_failure_at);
      CREATE TABLE IF NOT EXISTS sign_in_known_addresses (
        username        TEXT NOT NULL,
        address         TEXT NOT NULL,
        last_success_at INTEGER NOT NULL,
        PRIMARY KEY (username, address)
      );
      CREATE INDEX IF NOT EXISTS sign_in_known_addresses_age ON sign_in_known_addresses (last_success_at);
      CREATE TABLE IF NOT EXISTS storage_journal (
        storage_name TEXT PRIMARY KEY,
        owner        TEXT NOT NULL,
        created_at   INTEGER NOT NULL
      );
      DROP TABLE IF EXISTS login_failures;
    `);
  },
  // Subtitles: the size of the player rendition (the quota counts original + rendition; null until the
  // server measures the renditions stored before, at start), and a sub_tmp idempotency key per file
  // (it was per account, so file 501 reusing file 500's key got file 500's track).
  (db) => {
    db.exec(`
      ALTER TABLE subtitles ADD COLUMN rendition_size INTEGER;
      DROP INDEX IF EXISTS subtitles_idempotency;
      CREATE UNIQUE INDEX subtitles_idempotency ON subtitles(account_id, file_id, sub_tmp) WHERE sub_tmp IS NOT NULL;
    `);
  },
  // The media pipeline: what a file's processing reports (progress of the current stage, why a stage
  // failed, what the probe found, the media key of its streaming rendition), and the jobs table with
  // leases that workers claim (run_at is also the end of a job's lease while it is claimed).
  (db) => {
    db.exec(`
      ALTER TABLE files ADD COLUMN file_progress INTEGER;
      ALTER TABLE files ADD COLUMN file_reason TEXT;
      ALTER TABLE files ADD COLUMN file_duration REAL;
      ALTER TABLE files ADD COLUMN file_width INTEGER;
      ALTER TABLE files ADD COLUMN file_height INTEGER;
      ALTER TABLE files ADD COLUMN file_rendition TEXT;
      CREATE TABLE jobs (
        job_id       INTEGER PRIMARY KEY,
        kind         TEXT NOT NULL,
        payload      TEXT NOT NULL,
        attempts     INTEGER NOT NULL DEFAULT 0,
        max_attempts INTEGER NOT NULL,
        run_at       INTEGER NOT NULL,
        lease_token  TEXT,
        leased_by    TEXT,
        last_error   TEXT,
        created_at   INTEGER NOT NULL
      );
      CREATE INDEX jobs_due ON jobs (run_at);
    `);
  },
  // Which accounts the seed command created: seed may replace only their passwords. Frozen text.
  (db) => {
    db.exec('ALTER TABLE accounts ADD COLUMN seeded INTEGER NOT NULL DEFAULT 0');
  },
  // The append-only log of file changes that GET /api/files/events streams (ids are the SSE ids).
  // Its triggers follow the columns `files` has, so they are written at open (file-event-triggers.ts);
  // a row in file_events_paused (inside a seed's transaction) keeps the triggers quiet.
  (db) => {
    db.exec(`
      CREATE TABLE file_events (
        id         INTEGER PRIMARY KEY AUTOINCREMENT,
        account_id INTEGER NOT NULL,
        file_id    INTEGER NOT NULL,
        kind       TEXT NOT NULL CHECK (kind IN ('added', 'changed', 'deleted')),
        changes    TEXT,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX file_events_account ON file_events (account_id, id);
      CREATE INDEX file_events_age ON file_events (created_at);
      CREATE TABLE file_events_paused (id INTEGER PRIMARY KEY CHECK (id = 1));
    `);
  },
  // Versions of files and subtitles (ETag / If-Match): every change bumps them; existing rows start at 1.
  (db) => {
    db.exec(`
      ALTER TABLE files ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
      ALTER TABLE subtitles ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
    `);
  },
  // The trash. A trashed file keeps its row with deleted_at set and its account_id negated, so the
  // list's covering indexes (all led by account_id), its counters and its search words keep the
  // account's live files and its trash apart with no new index: the trash is the same range reads
  // under -account_id. That needs the foreign key files.account_id → accounts gone (no account is
  // ever deleted); SQLite cannot drop a constraint, so it is cut from the stored CREATE TABLE text,
  // the procedure SQLite documents for removing a FOREIGN KEY without rebuilding the table.
  // A trashed subtitle only gets deleted_at (a file's tracks are few and read by file_id).
  (db) => {
    db.unsafeMode(true);
    try {
      const schemaVersion = db.pragma('schema_version', { simple: true }) as number;
      db.pragma('writable_schema = ON');
      db.prepare(
        `UPDATE sqlite_schema SET sql = replace(sql, 'REFERENCES accounts(account_id) ON DELETE CASCADE', '')
         WHERE type = 'table' AND name = 'files'`,
      ).run();
      db.pragma(`schema_version = ${schemaVersion + 1}`);
      db.pragma('writable_schema = OFF');
    } finally {
      db.unsafeMode(false);
    }
    db.exec(`
      ALTER TABLE files ADD COLUMN deleted_at INTEGER;
      ALTER TABLE subtitles ADD COLUMN deleted_at INTEGER;
      CREATE INDEX files_trashed ON files (deleted_at) WHERE deleted_at IS NOT NULL;
      CREATE INDEX subtitles_trashed ON subtitles (deleted_at) WHERE deleted_at IS NOT NULL;
    `);
  },
  // Slugs are unique whatever their ASCII case (slugs are ASCII: lower() is enough), and a slug freed
  // by a rename or a purge is held for its account for a while (player URLs on customers' sites).
  (db) => {
    db.exec(`
      CREATE UNIQUE INDEX files_slug_key ON files (lower(file_slug));
      CREATE TABLE slug_holds (
        slug_key   TEXT PRIMARY KEY,
        account_id INTEGER NOT NULL,
        file_id    INTEGER NOT NULL,
        held_until INTEGER NOT NULL
      );
    `);
  },
  // The activity log of each file: append-only (no route changes or deletes a row; only the
  // retention purge removes old ones).
  (db) => {
    db.exec(`
      CREATE TABLE file_activity (
        activity_id INTEGER PRIMARY KEY,
        file_id     INTEGER NOT NULL,
        account_id  INTEGER NOT NULL,
        at          INTEGER NOT NULL,
        actor       TEXT NOT NULL,
        source      TEXT NOT NULL,
        action      TEXT NOT NULL,
        detail      TEXT NOT NULL
      );
      CREATE INDEX file_activity_file ON file_activity (file_id, activity_id);
      CREATE INDEX file_activity_at ON file_activity (at);
    `);
  },
  // Each account's embed defaults: the player parameters every new snippet of its files starts from,
  // as the query string the player reads (`autoplay=1&loop=1`); no row: the player's own defaults.
  (db) => {
    db.exec(`
      CREATE TABLE IF NOT EXISTS account_embed_defaults (
        account_id INTEGER PRIMARY KEY,
        params     TEXT NOT NULL
      );
    `);
  },
  // Bulk jobs (POST /api/files/bulk): one row per job, found again by its account's Idempotency-Key,
  // and one row per file it touches with that file's outcome (NULL until done). The file's version
  // when the job took it: a file edited since is a 'conflict', as an If-Match would be. The event
  // log gets the kind 'job' (a job's progress): SQLite cannot alter a CHECK, so its text is widened in
  // the stored schema (every stored row still satisfies it), the procedure of the trash's migration,
  // which keeps whatever columns the table has. Frozen text.
  (db) => {
    db.exec(`
      CREATE TABLE bulk_jobs (
        job_id          INTEGER PRIMARY KEY AUTOINCREMENT,
        account_id      INTEGER NOT NULL,
        idempotency_key TEXT NOT NULL,
        request_hash    TEXT NOT NULL,
        action          TEXT NOT NULL,
        filter          TEXT,
        actor           TEXT NOT NULL,
        source          TEXT NOT NULL,
        state           TEXT NOT NULL,
        total           INTEGER NOT NULL,
        reason          TEXT,
        created_at      INTEGER NOT NULL,
        finished_at     INTEGER,
        UNIQUE (account_id, idempotency_key)
      );
      CREATE TABLE bulk_job_files (
        job_id  INTEGER NOT NULL,
        file_id INTEGER NOT NULL,
        version INTEGER NOT NULL,
        outcome TEXT,
        reason  TEXT,
        PRIMARY KEY (job_id, file_id)
      );
    `);
    db.unsafeMode(true);
    try {
      const schemaVersion = db.pragma('schema_version', { simple: true }) as number;
      db.pragma('writable_schema = ON');
      db.prepare(
        `UPDATE sqlite_schema SET sql = replace(sql, 'CHECK (kind IN (''added'', ''changed'', ''deleted''))',
           'CHECK (kind IN (''added'', ''changed'', ''deleted'', ''job''))')
         WHERE type = 'table' AND name = 'file_events'`,
      ).run();
      db.pragma(`schema_version = ${schemaVersion + 1}`);
      db.pragma('writable_schema = OFF');
    } finally {
      db.unsafeMode(false);
    }
  },
  // Saved versions of a track's text (the cue editor, D38): each an object of the subtitle store of
  // its own; the row's rendition_name points at the newest one while it is what the player serves.
  // Version 1 is the upload itself and has no row. Frozen text.
  (db) => {
    db.exec(`
      CREATE TABLE subtitle_versions (
        sub_id       INTEGER NOT NULL REFERENCES subtitles(sub_id) ON DELETE CASCADE,
        version_no   INTEGER NOT NULL,
        storage_name TEXT NOT NULL UNIQUE,
        size         INTEGER NOT NULL,
        kind         TEXT NOT NULL CHECK (kind IN ('edit', 'restore')),
        created_at   INTEGER NOT NULL,
        actor        TEXT NOT NULL,
        PRIMARY KEY (sub_id, version_no)
      );
    `);
  },
  // The list's position cache is valid per account, as on PostgreSQL: files_version counts the
  // changes of each account id (a trash is its negated id), so a change in one account no longer
  // sends every list worker to walk every big account's deep pages again. Frozen text.
  (db) => {
    db.exec(`
      DROP TRIGGER files_version_insert;
      DROP TRIGGER files_version_delete;
      DROP TRIGGER files_version_update;
      DROP TABLE files_version;
      CREATE TABLE files_version (account_id INTEGER PRIMARY KEY, v INTEGER NOT NULL);
      CREATE TRIGGER files_version_insert AFTER INSERT ON files BEGIN
        INSERT INTO files_version (account_id, v) VALUES (new.account_id, 1) ON CONFLICT (account_id) DO UPDATE SET v = v + 1;
      END;
      CREATE TRIGGER files_version_delete AFTER DELETE ON files BEGIN
        INSERT INTO files_version (account_id, v) VALUES (old.account_id, 1) ON CONFLICT (account_id) DO UPDATE SET v = v + 1;
      END;
      CREATE TRIGGER files_version_update AFTER UPDATE ON files BEGIN
        INSERT INTO files_version (account_id, v) VALUES (old.account_id, 1) ON CONFLICT (account_id) DO UPDATE SET v = v + 1;
        INSERT INTO files_version (account_id, v) SELECT new.account_id, 1 WHERE new.account_id IS NOT old.account_id
          ON CONFLICT (account_id) DO UPDATE SET v = v + 1;
      END;
    `);
  },
  // Jobs take turns across accounts (issue 37: one account's backlog held every other account's video
  // behind it). Each job names the account it works for and has a turn (see JobQueue): a claim takes
  // the due job of the lowest turn, and a new job takes the turn at the queue's head or the one after
  // its account's last job, whichever is later. Jobs already queued get their account (their file's,
  // their bulk job's) and turns 0, 1, 2 … within each account in the order they were queued. The claim
  // reads the turn index, so run_at's own index goes; the head (the lowest turn no worker has tried) is
  // the first entry of a partial index, whatever the planner's statistics say. Frozen text.
  (db) => {
    db.exec(`
      ALTER TABLE jobs ADD COLUMN account_id INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE jobs ADD COLUMN turn INTEGER NOT NULL DEFAULT 0;
      UPDATE jobs SET account_id = coalesce((SELECT abs(f.account_id) FROM files f WHERE f.file_id = json_extract(jobs.payload, '$.file_id')), 0)
        WHERE kind = 'process-file';
      UPDATE jobs SET account_id = coalesce((SELECT b.account_id FROM bulk_jobs b WHERE b.job_id = json_extract(jobs.payload, '$.bulk_job_id')), 0)
        WHERE kind = 'bulk-files';
      UPDATE jobs SET turn = r.n
        FROM (SELECT job_id, row_number() OVER (PARTITION BY kind, account_id ORDER BY job_id) - 1 AS n FROM jobs) r
        WHERE r.job_id = jobs.job_id;
      DROP INDEX jobs_due;
      CREATE INDEX jobs_turn ON jobs (kind, turn, job_id);
      CREATE INDEX jobs_account ON jobs (kind, account_id, turn);
      CREATE INDEX jobs_untried ON jobs (kind, turn) WHERE attempts = 0;
    `);
  },
  // The video storage of each account (VP_ACCOUNT_VIDEO_QUOTA_BYTES): one row per stored video object
  // or folder (an upload waiting or in progress, by the bytes it reserved; a file's published media),
  // and a counter per account kept in the same transactions, so the quota check reads one row.
  // Frozen text.
  (db) => {
    db.exec(`
      CREATE TABLE video_storage (
        media_key  TEXT PRIMARY KEY,
        account_id INTEGER NOT NULL,
        file_id    INTEGER,
        bytes      INTEGER NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX video_storage_file ON video_storage (file_id) WHERE file_id IS NOT NULL;
      CREATE INDEX video_storage_unclaimed ON video_storage (created_at) WHERE file_id IS NULL;
      CREATE TABLE account_video_bytes (account_id INTEGER PRIMARY KEY, bytes INTEGER NOT NULL);
    `);
  },
  // Look-alike usernames (issue 37): each account's confusables skeleton (lib/username-skeleton.ts),
  // unique, so "dеmo" with a Cyrillic е cannot be created beside "demo", even by two racing requests.
  // Null until the server fills it at start (a migration never calls live code). Frozen text.
  (db) => {
    db.exec(`
      ALTER TABLE accounts ADD COLUMN username_skeleton TEXT;
      CREATE UNIQUE INDEX accounts_username_skeleton ON accounts (username_skeleton);
    `);
  },
];

/** Runs the missing migrations, up to `target` (tests build older databases). */
export function migrate(db: Database, target = MIGRATIONS.length): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  for (let version = current; version < target; version++) {
    db.transaction(() => {
      MIGRATIONS[version]!(db);
      db.pragma(`user_version = ${version + 1}`);
    }).immediate();
  }
}
