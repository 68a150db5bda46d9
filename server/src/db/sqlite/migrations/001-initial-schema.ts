import type { Database } from 'better-sqlite3';

// Not indented: SQLite keeps a trigger's text as written.
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

// The first schema: accounts and their API keys, files with their list counters, covering indexes and
// search index, and subtitles.
export default {
  up(db: Database): void {
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
};
