import type { Queryable } from '../engine';
import type { FileRow } from '../files';
import type { BatchFileEvent } from '../file-events';
import { FILE_EVENTS_CHANNEL } from './file-event-listener';

/**
 * A bulk job's batch UPDATE of `files` with its file events written set-based. The statement-level
 * event trigger builds each row's changes from 13 columns (a LATERAL VALUES and a jsonb aggregate per
 * row); every row of a batch changes the same way (batchFileEvent), so the trigger is switched off for
 * the UPDATE alone (vp.file_events, the seed's switch, local to the transaction) and one INSERT writes
 * the same rows, in file id order, with the trigger's notification. When no searched column changes
 * (is_active), the words trigger is switched off as well (vp.file_words): it would join the old and new
 * rows only to find no word changed.
 */
export async function postgresBatchEvents(
  tx: Queryable,
  accountId: number,
  event: BatchFileEvent,
  update: () => Promise<FileRow[]>,
): Promise<FileRow[]> {
  await tx.run("SELECT set_config('vp.file_events', 'off', true), set_config('vp.file_words', ?, true)", [
    event.searchUnchanged ? 'off' : 'on',
  ]);
  const changed = await update();
  await tx.run("SELECT set_config('vp.file_events', 'on', true), set_config('vp.file_words', 'on', true)");
  if (changed.length) {
    await tx.run(
      `INSERT INTO file_events (account_id, file_id, kind, changes, created_at)
       SELECT ?, f.id::bigint, ?, ?::jsonb, (extract(epoch FROM clock_timestamp()) * 1000)::bigint
       FROM jsonb_array_elements_text(?::jsonb) AS f(id) ORDER BY f.id::bigint`,
      [accountId, event.kind, JSON.stringify(event.changes), JSON.stringify(changed.map((f) => f.file_id))],
    );
    await tx.run(`SELECT pg_notify('${FILE_EVENTS_CHANNEL}', '')`);
  }
  return changed;
}
