import type { Database } from 'better-sqlite3';

// A version number of the files table, for the list's position cache.
export default {
  up(db: Database): void {
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
};
