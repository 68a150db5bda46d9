import type { Database } from 'better-sqlite3';

// A subtitle event (migration 29's triggers) names its track's kind (decision D66): a chapters track's
// change is also the file's change that the panel's streams and the webhooks (file.updated) carry,
// written in the transaction of the change whatever made it (PUT or DELETE of a file's chapters, the
// cue editor's save, a version restored, the track restored from the trash). Frozen text.
const NOW_MS = "CAST(unixepoch('subsec') * 1000 AS INTEGER)";
const NOT_PAUSED = 'NOT EXISTS (SELECT 1 FROM file_events_paused)';
const event = (change: string) =>
  `INSERT INTO file_events (account_id, file_id, kind, changes, created_at)
     VALUES (new.account_id, new.file_id, 'subtitle',
       json_object('sub_id', new.sub_id, 'sub_lang', new.sub_lang, 'track_kind', new.track_kind, 'change', ${change}), ${NOW_MS});`;

export default {
  up(db: Database): void {
    db.exec(`
      DROP TRIGGER subtitles_events_insert;
      DROP TRIGGER subtitles_events_update;
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
