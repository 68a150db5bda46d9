import type { Database } from 'better-sqlite3';

// View analytics (issue 41, decision D54): the player's beats until they are rolled up, each playback
// session's running state, and the per file per day roll-ups (views, watch time, sessions, the
// furthest 10 % bucket each view reached, and its embedding sites and countries); each file's views of
// the last 30 days, a sort of the list with its covering index per filter family. Frozen text.
export default {
  up(db: Database): void {
    db.exec(`
      CREATE TABLE view_beats (
        beat_id    INTEGER PRIMARY KEY,
        file_id    INTEGER NOT NULL,
        session_id TEXT NOT NULL,
        at         INTEGER NOT NULL,
        position   REAL NOT NULL,
        played     REAL NOT NULL,
        duration   REAL,
        ended      INTEGER NOT NULL,
        host       TEXT NOT NULL,
        country    TEXT NOT NULL
      );
      CREATE TABLE view_sessions (
        file_id    INTEGER NOT NULL,
        session_id TEXT NOT NULL,
        day        TEXT NOT NULL,
        last_at    INTEGER NOT NULL,
        played     REAL NOT NULL,
        bucket     INTEGER NOT NULL,
        counted    INTEGER NOT NULL,
        host       TEXT NOT NULL,
        country    TEXT NOT NULL,
        PRIMARY KEY (file_id, session_id)
      ) WITHOUT ROWID;
      CREATE INDEX view_sessions_last_at ON view_sessions (last_at);
      CREATE TABLE view_days (
        file_id       INTEGER NOT NULL,
        day           TEXT NOT NULL,
        account_id    INTEGER NOT NULL,
        views         INTEGER NOT NULL,
        watch_seconds REAL NOT NULL,
        sessions      INTEGER NOT NULL,
        reached_0 INTEGER NOT NULL, reached_1 INTEGER NOT NULL, reached_2 INTEGER NOT NULL, reached_3 INTEGER NOT NULL,
        reached_4 INTEGER NOT NULL, reached_5 INTEGER NOT NULL, reached_6 INTEGER NOT NULL, reached_7 INTEGER NOT NULL,
        reached_8 INTEGER NOT NULL, reached_9 INTEGER NOT NULL,
        PRIMARY KEY (file_id, day)
      ) WITHOUT ROWID;
      CREATE INDEX view_days_account_day ON view_days (account_id, day);
      CREATE INDEX view_days_day ON view_days (day);
      CREATE TABLE view_sites (
        file_id INTEGER NOT NULL,
        day     TEXT NOT NULL,
        host    TEXT NOT NULL,
        views   INTEGER NOT NULL,
        PRIMARY KEY (file_id, day, host)
      ) WITHOUT ROWID;
      CREATE INDEX view_sites_day ON view_sites (day);
      CREATE TABLE view_countries (
        file_id INTEGER NOT NULL,
        day     TEXT NOT NULL,
        country TEXT NOT NULL,
        views   INTEGER NOT NULL,
        PRIMARY KEY (file_id, day, country)
      ) WITHOUT ROWID;
      CREATE INDEX view_countries_day ON view_countries (day);
      ALTER TABLE files ADD COLUMN views_30d INTEGER NOT NULL DEFAULT 0;
      CREATE INDEX files_list_views_30d_file_id_is_active_file_status ON files(account_id, views_30d, file_id, is_active, file_status);
      CREATE INDEX files_list_is_active_views_30d_file_id_file_status ON files(account_id, is_active, views_30d, file_id, file_status);
      CREATE INDEX files_list_file_status_views_30d_file_id_is_active ON files(account_id, file_status, views_30d, file_id, is_active);
    `);
  },
};
