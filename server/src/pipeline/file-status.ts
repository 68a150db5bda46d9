import { FILE_STATUS, fileStatusLabel, isCompleted, isFinal } from '../../../src/contract/file-status';
import { ActivityRepository } from '../db/activity-repository';
import type { Db, Queryable, SqlValue } from '../db/engine';
import { systemClock, type Clock } from '../lib/clock';

/** The columns a pipeline may write besides the status. */
export interface StatusFields {
  file_server?: string;
  file_progress?: number | null;
  file_reason?: string | null;
  file_duration?: number | null;
  file_width?: number | null;
  file_height?: number | null;
  file_image?: string | null;
  file_slide?: string | null;
  file_rendition?: string | null;
}

/** The file was deleted while it was being processed. */
export class FileGoneError extends Error {}

/** Who the log names for the pipeline's entries when no worker put its name in `file_server`. */
export const PIPELINE_ACTOR = 'pipeline';

/** A status change the pipeline's order does not allow, or a report on a file in the trash: `message` says which. */
export class StatusRefusedError extends Error {}

const S = FILE_STATUS;
/** One attempt's steps in order; a file moves forward along them, skipping any. */
const STEPS: readonly number[] = [
  S.pending,
  S.received,
  S.downloading,
  S.downloaded,
  S.uploading,
  S.uploaded,
  S.indexed,
  S.cleaned,
  S.completed,
];
/** Where a file is while it is being processed (or waits to be): every step before Completed. */
const IN_PROGRESS = STEPS.slice(0, -1);
/** A new attempt starts over from any step before the end: Pending while it waits, Received when a worker takes it. */
const RESTARTS: readonly number[] = [S.pending, S.received];
const FAILURES: readonly number[] = [S.downloadFailed, S.uploadFailed];

/**
 * The statuses a file may go to `target` from: its own (only other fields change); an earlier step
 * (forward); any step before Completed for a new attempt (Pending, Received: the reference worker's
 * retry, or a worker taking a job whose worker died) or a failure. Completed and the failures are
 * final: nothing leaves them.
 */
export function statusesBefore(target: number): number[] {
  if (RESTARTS.includes(target) || FAILURES.includes(target)) return [...new Set([target, ...IN_PROGRESS])];
  return [target, ...IN_PROGRESS.filter((step) => STEPS.indexOf(step) < STEPS.indexOf(target))];
}

/** What a status writer is asked to check besides the order of the steps. */
export interface StatusWriteOptions {
  /** Refuse a file in the trash (the pipeline API); the reference worker finishes the attempt it holds. */
  liveOnly?: boolean;
  /** Runs in the same transaction, after the row changed (what the new status makes true elsewhere). */
  alsoInTransaction?: (tx: Queryable) => Promise<void>;
}

/**
 * Everything the pipeline reports is an UPDATE of the file's row (never state held in a process), so
 * whatever watches the rows (the events stream's triggers) sees every change, whichever node or
 * worker made it.
 */
export class FileStatusWriter {
  readonly #activity: ActivityRepository;

  constructor(
    readonly db: Db,
    readonly clock: Clock = systemClock,
  ) {
    this.#activity = new ActivityRepository(db);
  }

  /**
   * Writes a status and fields in one UPDATE whose condition is the allowed move (statusesBefore), so
   * two writers cannot both pass a check and then write. FileGoneError when the file no longer exists;
   * StatusRefusedError when it is at a status the move is not allowed from (or, `liveOnly`, in the trash).
   * A final status (Completed, Download Failed, Upload Failed) reached from another one is logged in the
   * same transaction.
   */
  async set(fileId: number, status: number | null, fields: StatusFields = {}, options: StatusWriteOptions = {}): Promise<void> {
    const sets: string[] = [];
    const params: SqlValue[] = [];
    if (status !== null) {
      sets.push('file_status = ?');
      params.push(status);
    }
    for (const [column, value] of Object.entries(fields)) {
      if (value === undefined) continue;
      sets.push(`${column} = ?`);
      params.push(value as SqlValue);
    }
    if (!sets.length) return;
    const allowed = status === null ? '' : ` AND file_status IN (${statusesBefore(status).join(', ')})`;
    const live = options.liveOnly ? ' AND deleted_at IS NULL' : '';
    const update = (q: Queryable) => q.run(`UPDATE files SET ${sets.join(', ')} WHERE file_id = ?${allowed}${live}`, [...params, fileId]);
    const logged = status !== null && isFinal(status); // the statuses that end processing: the file's log says so
    if (!logged && !options.alsoInTransaction) {
      if ((await update(this.db)) === 0) await this.#refusal(fileId, status, options);
      return;
    }
    const refused = await this.db.transaction(async (tx) => {
      const before = logged
        ? await tx.get<{ file_status: number }>(`SELECT file_status FROM files WHERE file_id = ?${this.db.dialect.forUpdate}`, [fileId])
        : undefined;
      if ((logged && !before) || (await update(tx)) === 0) return true;
      await options.alsoInTransaction?.(tx);
      if (before && Number(before.file_status) !== status) await this.#logEnd(tx, fileId);
      return false;
    });
    if (refused) await this.#refusal(fileId, status, options);
  }

  /** Why a write changed no row: throws what the caller answers. */
  async #refusal(fileId: number, status: number | null, options: StatusWriteOptions): Promise<never> {
    const row = await this.db.get<{ file_status: number; deleted_at: number | null }>(
      'SELECT file_status, deleted_at FROM files WHERE file_id = ?',
      [fileId],
    );
    if (!row) throw new FileGoneError(`File ${fileId} no longer exists`);
    if (options.liveOnly && row.deleted_at !== null) throw new StatusRefusedError(`File ${fileId} is in the trash: it cannot be changed`);
    throw new StatusRefusedError(
      `File ${fileId} is ${fileStatusLabel(row.file_status)}: it cannot go to ${fileStatusLabel(status!)} ` +
        '(a status moves forward, to a failure, or back to Pending or Received for a new attempt; Completed and the failures are final)',
    );
  }

  /**
   * A stage failed for good: Download Failed while the source was being fetched or probed, else Upload
   * Failed; a file that already ended (another worker completed it) stays as it is.
   */
  async fail(fileId: number, reason: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const before = await tx.get<{ file_status: number }>(`SELECT file_status FROM files WHERE file_id = ?${this.db.dialect.forUpdate}`, [
        fileId,
      ]);
      const changed = await tx.run(
        `UPDATE files SET file_status = CASE WHEN file_status <= ${FILE_STATUS.downloaded} OR file_status = ${FILE_STATUS.downloadFailed}
           THEN ${FILE_STATUS.downloadFailed} ELSE ${FILE_STATUS.uploadFailed} END, file_progress = NULL, file_reason = ?
         WHERE file_id = ? AND file_status IN (${[...IN_PROGRESS, ...FAILURES].join(', ')})`,
        [reason, fileId],
      );
      // A failure reported again (a new reason) is not a second end of processing.
      if (changed && !FAILURES.includes(Number(before?.file_status))) await this.#logEnd(tx, fileId);
    });
  }

  /**
   * The log's entry for the end of processing, from the row just written: `complete`, or `fail` with its
   * reason; the actor is the worker that wrote its name in `file_server` (else `pipeline`), the source
   * `pipeline`. A trashed file (negative account id) is still its account's.
   */
  async #logEnd(tx: Queryable, fileId: number): Promise<void> {
    const file = (await tx.get<{ account_id: number; file_status: number; file_server: string; file_reason: string | null }>(
      'SELECT abs(account_id) AS account_id, file_status, file_server, file_reason FROM files WHERE file_id = ?',
      [fileId],
    ))!;
    const completed = isCompleted(Number(file.file_status));
    await this.#activity.append(
      {
        fileId,
        accountId: Number(file.account_id),
        at: this.clock(),
        actor: file.file_server || PIPELINE_ACTOR,
        source: 'pipeline',
        action: completed ? 'complete' : 'fail',
        detail: completed ? {} : { reason: file.file_reason ?? '' },
      },
      tx,
    );
  }

  /**
   * A progress reporter for one stage: writes whole percents, at most once a second (each write is
   * a row update, which every list cache and event watcher sees).
   */
  progress(fileId: number, everyMs = 1000): (fraction: number) => void {
    let last = -1;
    let lastAt = 0;
    return (fraction) => {
      const percent = Math.max(0, Math.min(100, Math.floor(fraction * 100)));
      const now = Date.now();
      if (percent === last || now - lastAt < everyMs) return;
      last = percent;
      lastAt = now;
      this.set(fileId, null, { file_progress: percent }).catch(() => {}); // a missed progress write is harmless
    };
  }
}
