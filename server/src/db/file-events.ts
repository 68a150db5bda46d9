import type { FileEventKind as FileChangeKind } from '../../../src/contract/file-event';
import type { Db, Queryable } from './engine';
import type { FileRow } from './files';

/**
 * The log of file changes (table `file_events`, written by triggers on `files` in both engines):
 * what GET /api/files/events streams. Event ids are the SSE ids; they grow with every change.
 * A bulk job's progress is in the same log (kind 'job', written by the job; file_id is the job's id),
 * so it reaches the account's streams on every node, in order with the files' changes. A subtitle
 * track's change is in it too (kind 'subtitle', written by triggers on `subtitles`, SQLite migration
 * 29, PostgreSQL 33) for the webhooks' outbox only (decision D61): streams skip it.
 */
export type FileEventKind = FileChangeKind | 'job' | 'subtitle';

/**
 * The columns whose change is an event. `deleted_at` (the trash) turns an update into 'deleted' or
 * 'added'; columns missing from `files` are simply never seen. PostgreSQL's trigger keeps its own
 * frozen copy of this list (migrations 10, 28, 35 and 37).
 */
export const WATCHED_FILE_COLUMNS = [
  'file_status',
  'file_progress',
  'file_reason',
  'file_server',
  'file_title',
  'file_slug',
  'is_active',
  'file_image',
  'file_slide',
  'file_duration',
  'file_width',
  'file_height',
  'deleted_at',
  'player_access',
  'activate_at',
  'deactivate_at',
  'downloads',
  'download_video_bytes',
  'download_audio_bytes',
] as const;

/**
 * The columns an 'added' event keeps of its row (what toFileJson reads): the event describes the file
 * as it was added, whatever happened to it before the event is delivered. PostgreSQL's trigger keeps
 * its own frozen copy of this list (migrations 22, 28, 35 and 37).
 */
export const ADDED_FILE_COLUMNS = [
  'file_id',
  'file_server',
  'file_title',
  'file_slug',
  'file_status',
  'is_active',
  'created_at',
  'file_image',
  'file_slide',
  'version',
  'deleted_at',
  'file_progress',
  'file_reason',
  'file_duration',
  'file_width',
  'file_height',
  'player_access',
  'activate_at',
  'deactivate_at',
  'downloads',
  'download_video_bytes',
  'download_audio_bytes',
] as const satisfies ReadonlyArray<keyof FileRow>;

/**
 * The key (true) an 'added' event of a file back from the trash has beside its row, written by the
 * triggers (PostgreSQL: from migration 37 on): the webhooks' file.restored. The file's 'deleted' event
 * told it before, but the log keeps an hour and the trash keeps days.
 */
export const RESTORED_MARK = 'restored';

export interface StoredFileEvent {
  id: number;
  account_id: number;
  file_id: number;
  kind: FileEventKind;
  /**
   * 'changed': the changed columns and their new values; 'added': the row as it was added
   * (ADDED_FILE_COLUMNS; null in an event written before the log kept it), and RESTORED_MARK when it
   * came back from the trash; 'job': the job; 'subtitle':
   * the track's sub_id, its sub_lang, its track_kind (from migration 31 / 36 on) and the change ('created', 'updated' or 'deleted').
   */
  changes: Record<string, unknown> | null;
}

interface EventRow extends Omit<StoredFileEvent, 'changes'> {
  changes: string | Record<string, unknown> | null;
}

const COLUMNS = 'id, account_id, file_id, kind, changes';

/** SQLite keeps the changes as JSON text, PostgreSQL as jsonb. */
const parsed = (row: EventRow): StoredFileEvent => ({
  ...row,
  changes: typeof row.changes === 'string' ? (JSON.parse(row.changes) as Record<string, unknown>) : row.changes,
});

/**
 * A bulk job's progress on its account's event stream (kind 'job', `file_id` the job's id): the one
 * event written outside the triggers of `files`. Its time is the machine's, as the triggers write the
 * database's: the log is pruned by that clock (prune), not by a server's own (a test server's runs in
 * 2026-06, and its job events went at the first prune, a minute after it started).
 */
export async function appendJobEvent(q: Queryable, accountId: number, jobId: number, progress: Record<string, unknown>): Promise<void> {
  await q.run("INSERT INTO file_events (account_id, file_id, kind, changes, created_at) VALUES (?, ?, 'job', ?, ?)", [
    accountId,
    jobId,
    JSON.stringify(progress),
    Date.now(),
  ]);
}

/** Reads and prunes the event log; its writes happen in the triggers and appendJobEvent. */
export class FileEventsRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  async latestId(): Promise<number> {
    return (await this.#db.get<{ id: number | null }>('SELECT max(id) AS id FROM file_events'))?.id ?? 0;
  }

  async oldestId(): Promise<number | null> {
    return (await this.#db.get<{ id: number | null }>('SELECT min(id) AS id FROM file_events'))?.id ?? null;
  }

  /** Every account's events after `cursor`, in id order. */
  async after(cursor: number, limit: number): Promise<StoredFileEvent[]> {
    const rows = await this.#db.all<EventRow>(`SELECT ${COLUMNS} FROM file_events WHERE id > ? ORDER BY id LIMIT ?`, [cursor, limit]);
    return rows.map(parsed);
  }

  /** One account's events in (`after`, `upTo`], in id order: what a resuming stream missed. */
  async forAccount(accountId: number, after: number, upTo: number, limit: number): Promise<StoredFileEvent[]> {
    const rows = await this.#db.all<EventRow>(
      `SELECT ${COLUMNS} FROM file_events WHERE account_id = ? AND id > ? AND id <= ? ORDER BY id LIMIT ?`,
      [accountId, after, upTo, limit],
    );
    return rows.map(parsed);
  }

  /**
   * Drops the events written before `before` (ms since the epoch, the database's clock) that the
   * webhooks' outbox no longer needs: its stored cursor has passed them, or no endpoint of their
   * account is owed them (none, or all created after them; decision D79). An event the outbox still
   * needs is kept until `holdBefore`, then dropped all the same, so that a dispatcher stalled on every
   * node cannot grow the log without end. Resolves to how many went, and how many of them the outbox
   * never copied.
   */
  async prune(before: number, holdBefore: number): Promise<{ pruned: number; uncopied: number }> {
    const pruned = await this.#db.run(
      `DELETE FROM file_events WHERE created_at < ? AND (
         id <= (SELECT last_event_id FROM webhook_cursor WHERE id = 1)
         OR NOT EXISTS (SELECT 1 FROM webhooks w WHERE w.account_id = file_events.account_id AND w.from_event_id < file_events.id))`,
      [before],
    );
    const uncopied = await this.#db.run('DELETE FROM file_events WHERE created_at < ?', [Math.min(before, holdBefore)]);
    return { pruned: pruned + uncopied, uncopied };
  }
}
