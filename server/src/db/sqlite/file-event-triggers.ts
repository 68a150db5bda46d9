import type { Database } from 'better-sqlite3';
import { ADDED_FILE_COLUMNS, RESTORED_MARK, WATCHED_FILE_COLUMNS } from '../file-events';

/**
 * SQLite's triggers of the file event log (migration 6 made the table). A SQLite trigger must name
 * the columns it reads, and other changes add columns to `files` (progress, reason, the trash's
 * deleted_at), so the triggers are written from the columns `files` has, at every open, and replaced
 * only when that list changed: a newer column is watched as soon as it exists, whatever the order
 * of the migrations. A row in file_events_paused (a seed's transaction) keeps them quiet. An update's
 * or delete's event goes to abs(account_id): a trashed row keeps its account negated (decision D31), and
 * the trash, restore and purge events belong to the account itself.
 */
const NOW_MS = "CAST(unixepoch('subsec') * 1000 AS INTEGER)";
const NOT_PAUSED = 'NOT EXISTS (SELECT 1 FROM file_events_paused)';

export function fileEventTriggers(columns: readonly string[]): Map<string, string> {
  const watched = WATCHED_FILE_COLUMNS.filter((c) => columns.includes(c));
  const trash = columns.includes('deleted_at');
  const changed = watched.map((c) => `new.${c} IS NOT old.${c}`).join(' OR ');
  const changes = watched.map((c) => `SELECT '${c}' AS k, new.${c} AS v WHERE new.${c} IS NOT old.${c}`).join(' UNION ALL ');
  // An 'added' event keeps the row as it was added: a stream describes the file from it (ADDED_FILE_COLUMNS).
  const row = ADDED_FILE_COLUMNS.filter((c) => columns.includes(c))
    .map((c) => `'${c}', new.${c}`)
    .join(', ');
  const added = `json_object(${row})`;
  // A file back from the trash says so in its own event (RESTORED_MARK): its 'deleted' event may be long pruned.
  const restored = `json_object(${row}, '${RESTORED_MARK}', json('true'))`;
  const diff = `(SELECT json_group_object(k, v) FROM (${changes}))`;
  const kind = trash
    ? `CASE WHEN old.deleted_at IS NULL AND new.deleted_at IS NOT NULL THEN 'deleted'
         WHEN old.deleted_at IS NOT NULL AND new.deleted_at IS NULL THEN 'added' ELSE 'changed' END`
    : `'changed'`;
  return new Map([
    [
      'files_events_insert',
      `CREATE TRIGGER files_events_insert AFTER INSERT ON files WHEN ${NOT_PAUSED}${trash ? ' AND new.deleted_at IS NULL' : ''} BEGIN
  INSERT INTO file_events (account_id, file_id, kind, changes, created_at) VALUES (new.account_id, new.file_id, 'added', ${added}, ${NOW_MS});
END`,
    ],
    [
      'files_events_delete',
      `CREATE TRIGGER files_events_delete AFTER DELETE ON files WHEN ${NOT_PAUSED} BEGIN
  INSERT INTO file_events (account_id, file_id, kind, created_at) VALUES (abs(old.account_id), old.file_id, 'deleted', ${NOW_MS});
END`,
    ],
    [
      'files_events_update',
      `CREATE TRIGGER files_events_update AFTER UPDATE ON files WHEN ${NOT_PAUSED} AND (${changed}) BEGIN
  INSERT INTO file_events (account_id, file_id, kind, changes, created_at)
    SELECT abs(new.account_id), new.file_id, ${kind},
      ${trash ? `CASE WHEN old.deleted_at IS NOT NULL AND new.deleted_at IS NULL THEN ${restored} ELSE ${diff} END` : diff}, ${NOW_MS};
END`,
    ],
  ]);
}

/** Writes the triggers for the current columns of `files` when they differ from the stored ones. */
export function syncFileEventTriggers(db: Database): void {
  const hasLog = db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'file_events'").get();
  if (!hasLog) return; // a database older than migration 6 (tests build those)
  const columns = (db.pragma('table_info(files)') as Array<{ name: string }>).map((c) => c.name);
  const wanted = fileEventTriggers(columns);
  const stored = new Map(
    (
      db.prepare("SELECT name, sql FROM sqlite_schema WHERE type = 'trigger' AND name LIKE 'files_events_%'").all() as Array<{
        name: string;
        sql: string;
      }>
    ).map((t) => [t.name, t.sql]),
  );
  if (stored.size === wanted.size && [...wanted].every(([name, sql]) => stored.get(name) === sql)) return;
  db.transaction(() => {
    for (const name of stored.keys()) db.exec(`DROP TRIGGER IF EXISTS ${name}`);
    for (const sql of wanted.values()) db.exec(sql);
  }).immediate();
}
