import type { Database } from 'better-sqlite3';

// Subtitle changes in the file event log (decision D61), so that webhooks deliver subtitle.* through the
// outbox like the files' events: a track added or back from the trash, changed (every change that bumps
// its version: language, encoding, the cue editor's saves and restores) or moved to the trash is a row
// of kind 'subtitle', written by these triggers in the transaction of the change. A purge writes none
// (the track went to the trash first, or its file did). A row in file_events_paused (a seed) keeps them
// quiet. The kind is added to the log's CHECK by the procedure of migration 15. An endpoint gets the
// events after the log's last one when it was created (from_event_id; 0 for those made before). Frozen text.
const NOW_MS = "CAST(unixepoch('subsec') * 1000 AS INTEGER)";
const NOT_PAUSED = 'NOT EXISTS (SELECT 1 FROM file_events_paused)';
const event = (change: string) =>
  `INSERT INTO file_events (account_id, file_id, kind, changes, created_at)
     VALUES (new.account_id, new.file_id, 'subtitle', json_object('sub_id', new.sub_id, 'sub_lang', new.sub_lang, 'change', ${change}), ${NOW_MS});`;

export default {
  up(db: Database): void {
    db.unsafeMode(true);
    try {
      const schemaVersion = db.pragma('schema_version', { simple: true }) as number;
      db.pragma('writable_schema = ON');
      db.prepare(
        `UPDATE sqlite_schema SET sql = replace(sql, 'CHECK (kind IN (''added'', ''changed'', ''deleted'', ''job''))',
           'CHECK (kind IN (''added'', ''changed'', ''deleted'', ''job'', ''subtitle''))')
         WHERE type = 'table' AND name = 'file_events'`,
      ).run();
      db.pragma(`schema_version = ${schemaVersion + 1}`);
      db.pragma('writable_schema = OFF');
    } finally {
      db.unsafeMode(false);
    }
    db.exec(`
      ALTER TABLE webhooks ADD COLUMN from_event_id INTEGER NOT NULL DEFAULT 0;
      CREATE TRIGGER subtitles_events_insert AFTER INSERT ON subtitles WHEN ${NOT_PAUSED} AND new.deleted_at IS NULL BEGIN
        ${event("'created'")}
      END;
      CREATE TRIGGER subtitles_events_update AFTER UPDATE ON subtitles WHEN ${NOT_PAUSED} AND new.version IS NOT old.version BEGIN
        ${event(`CASE WHEN old.deleted_at IS NULL AND new.deleted_at IS NOT NULL THEN 'deleted'
                      WHEN old.deleted_at IS NOT NULL AND new.deleted_at IS NULL THEN 'created' ELSE 'updated' END`)}
      END;
    `);
  },
};
