import type { Queryable } from '../engine';
import type { FileRow } from '../files';
import type { BatchFileEvent } from '../file-events';
import { NOW_MS } from './file-event-triggers';

/**
 * A bulk job's batch UPDATE of `files` with its file events written set-based: SQLite's triggers fire
 * per row, and the event trigger's per-row JSON of the changed columns was a fifth of a batch's time.
 * Every row of a batch changes the same way (batchFileEvent), so a row in file_events_paused (the
 * seed's switch, visible to this transaction only) keeps the trigger quiet during the UPDATE, and one
 * INSERT writes the same rows it would have written, in file id order.
 */
export async function sqliteBatchEvents(
  tx: Queryable,
  accountId: number,
  event: BatchFileEvent,
  update: () => Promise<FileRow[]>,
): Promise<FileRow[]> {
  await tx.run('INSERT OR IGNORE INTO file_events_paused (id) VALUES (1)');
  const changed = await update();
  await tx.run('DELETE FROM file_events_paused');
  if (changed.length) {
    await tx.run(
      `INSERT INTO file_events (account_id, file_id, kind, changes, created_at)
       SELECT ?, value, ?, ?, ${NOW_MS} FROM json_each(?) ORDER BY value`,
      [accountId, event.kind, JSON.stringify(event.changes), JSON.stringify(changed.map((f) => f.file_id))],
    );
  }
  return changed;
}
