import { FILE_STATUS } from '../../../src/contract/file-status';
import { ActivityRepository } from '../db/activity-repository';
import type { Db, Queryable, SqlValue } from '../db/engine';
import { systemClock, type Clock } from '../lib/clock';

/** Step names for people (the player's "Processing… (step name)"), as the panel names them. */
export const STATUS_NAMES = [
  'Pending',
  'Received',
  'Downloading',
  'Downloaded',
  'Download Failed',
  'Uploading',
  'Uploaded',
  'Upload Failed',
  'Indexed',
  'Cleaned',
  'Completed',
] as const;

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

/** The statuses that end processing: the file's log says so when one is reached. */
const FINAL_STATUSES: readonly number[] = [FILE_STATUS.completed, FILE_STATUS.downloadFailed, FILE_STATUS.uploadFailed];

/** Who the log names for the pipeline's entries when no worker put its name in `file_server`. */
export const PIPELINE_ACTOR = 'pipeline';

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
   * Writes a status and fields; FileGoneError when the file no longer exists. A final status (Completed,
   * Download Failed, Upload Failed) reached from another one is logged in the same transaction.
   */
  async set(fileId: number, status: number | null, fields: StatusFields = {}): Promise<void> {
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
    const update = (q: Queryable) => q.run(`UPDATE files SET ${sets.join(', ')} WHERE file_id = ?`, [...params, fileId]);
    if (status === null || !FINAL_STATUSES.includes(status)) {
      if ((await update(this.db)) === 0) throw new FileGoneError(`File ${fileId} no longer exists`);
      return;
    }
    await this.db.transaction(async (tx) => {
      const before = await tx.get<{ file_status: number }>(`SELECT file_status FROM files WHERE file_id = ?${this.db.dialect.forUpdate}`, [
        fileId,
      ]);
      if (!before) throw new FileGoneError(`File ${fileId} no longer exists`);
      await update(tx);
      if (Number(before.file_status) !== status) await this.#logEnd(tx, fileId);
    });
  }

  /** A stage failed for good: Download Failed while the source was being fetched or probed, else Upload Failed. */
  async fail(fileId: number, reason: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const changed = await tx.run(
        `UPDATE files SET file_status = CASE WHEN file_status <= ${FILE_STATUS.downloaded} OR file_status = ${FILE_STATUS.downloadFailed}
           THEN ${FILE_STATUS.downloadFailed} ELSE ${FILE_STATUS.uploadFailed} END, file_progress = NULL, file_reason = ? WHERE file_id = ?`,
        [reason, fileId],
      );
      if (changed) await this.#logEnd(tx, fileId);
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
    const completed = Number(file.file_status) === FILE_STATUS.completed;
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
