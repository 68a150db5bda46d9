import { FILE_STATUS } from '../../../src/contract/file-status';
import type { Db, Queryable, SqlValue } from '../db/engine';

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

/**
 * Everything the pipeline reports is an UPDATE of the file's row (never state held in a process), so
 * whatever watches the rows (the events stream's triggers) sees every change, whichever node or
 * worker made it.
 */
export class FileStatusWriter {
  constructor(readonly db: Db) {}

  /**
   * Writes a status and fields; FileGoneError when the file no longer exists. With `alsoInTransaction`,
   * that runs in the same transaction, after the row changed.
   */
  async set(
    fileId: number,
    status: number | null,
    fields: StatusFields = {},
    alsoInTransaction?: (tx: Queryable) => Promise<void>,
  ): Promise<void> {
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
    const update = async (q: Queryable) => {
      const changed = await q.run(`UPDATE files SET ${sets.join(', ')} WHERE file_id = ?`, [...params, fileId]);
      if (changed === 0) throw new FileGoneError(`File ${fileId} no longer exists`);
      await alsoInTransaction?.(q);
    };
    await (alsoInTransaction ? this.db.transaction(update) : update(this.db));
  }

  /** A stage failed for good: Download Failed while the source was being fetched or probed, else Upload Failed. */
  async fail(fileId: number, reason: string): Promise<void> {
    await this.db.run(
      `UPDATE files SET file_status = CASE WHEN file_status <= ${FILE_STATUS.downloaded} OR file_status = ${FILE_STATUS.downloadFailed}
         THEN ${FILE_STATUS.downloadFailed} ELSE ${FILE_STATUS.uploadFailed} END, file_progress = NULL, file_reason = ? WHERE file_id = ?`,
      [reason, fileId],
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
