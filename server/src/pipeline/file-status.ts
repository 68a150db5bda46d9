import { FILE_STATUS, fileStatusLabel, isCompleted, isFinal } from '../../../src/contract/file-status';
import type { ActivityRepository } from '../db/activity-repository';
import type { Queryable } from '../db/engine';
import type { FilesRepository, ProcessingFields, ProcessingResult } from '../db/files-repository';
import { systemClock, type Clock } from '../lib/clock';

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

/** What a status writer uses: the files' writer, the activity log, and the time its entries get. */
export interface FileStatusParts {
  files: Pick<FilesRepository, 'writeProcessing' | 'failProcessing' | 'processingEnd'>;
  activity: Pick<ActivityRepository, 'append'>;
  clock?: Clock;
}

/**
 * Everything the pipeline reports is an UPDATE of the file's row (never state held in a process), so
 * whatever watches the rows (the events stream's triggers) sees every change, whichever node or
 * worker made it. The rows are written by FilesRepository (the one writer of `files`); this writer
 * holds the pipeline's rules: which moves are allowed, why one is refused, and what the log says.
 */
export class FileStatusWriter {
  readonly #files: FileStatusParts['files'];
  readonly #activity: FileStatusParts['activity'];
  readonly #clock: Clock;

  constructor(parts: FileStatusParts) {
    this.#files = parts.files;
    this.#activity = parts.activity;
    this.#clock = parts.clock ?? systemClock;
  }

  /**
   * Writes a status and fields in one UPDATE whose condition is the allowed move (statusesBefore), so
   * two writers cannot both pass a check and then write. FileGoneError when the file no longer exists;
   * StatusRefusedError when it is at a status the move is not allowed from (or, `liveOnly`, in the trash).
   * A final status (Completed, Download Failed, Upload Failed) reached from another one is logged in the
   * same transaction. Resolves to whether this write ended processing (a final status reached from another).
   */
  async set(fileId: number, status: number | null, fields: ProcessingFields = {}, options: StatusWriteOptions = {}): Promise<boolean> {
    const logged = status !== null && isFinal(status); // the statuses that end processing: the file's log says so
    let ended = false;
    const result = await this.#files.writeProcessing(
      fileId,
      { status, fields, from: status === null ? null : statusesBefore(status), liveOnly: options.liveOnly ?? false, lockFirst: logged },
      logged || options.alsoInTransaction
        ? async (tx, statusBefore) => {
            await options.alsoInTransaction?.(tx);
            if (statusBefore !== undefined && statusBefore !== status) {
              await this.#logEnd(tx, fileId);
              ended = true;
            }
          }
        : undefined,
    );
    if (result.kind !== 'written') this.#refuse(fileId, status, options, result);
    return ended;
  }

  /** Why a write changed no row: throws what the caller answers. */
  #refuse(
    fileId: number,
    status: number | null,
    options: StatusWriteOptions,
    result: Exclude<ProcessingResult, { kind: 'written' }>,
  ): never {
    if (result.kind === 'gone') throw new FileGoneError(`File ${fileId} no longer exists`);
    if (options.liveOnly && result.trashed) throw new StatusRefusedError(`File ${fileId} is in the trash: it cannot be changed`);
    throw new StatusRefusedError(
      `File ${fileId} is ${fileStatusLabel(result.status)}: it cannot go to ${fileStatusLabel(status!)} ` +
        '(a status moves forward, to a failure, or back to Pending or Received for a new attempt; Completed and the failures are final)',
    );
  }

  /**
   * A stage failed for good: Download Failed while the source was being fetched or probed, else Upload
   * Failed; a file that already ended (another worker completed it) stays as it is.
   */
  async fail(fileId: number, reason: string): Promise<void> {
    await this.#files.failProcessing(fileId, reason, [...IN_PROGRESS, ...FAILURES], async (tx, statusBefore) => {
      // A failure reported again (a new reason) is not a second end of processing.
      if (statusBefore === undefined || !FAILURES.includes(statusBefore)) await this.#logEnd(tx, fileId);
    });
  }

  /**
   * The log's entry for the end of processing, from the row just written: `complete`, or `fail` with its
   * reason; the actor is the worker that wrote its name in `file_server` (else `pipeline`), the source
   * `pipeline`. A trashed file (negative account id) is still its account's.
   */
  async #logEnd(tx: Queryable, fileId: number): Promise<void> {
    const file = await this.#files.processingEnd(tx, fileId);
    const completed = isCompleted(file.status);
    await this.#activity.append(
      {
        fileId,
        accountId: file.accountId,
        at: this.#clock(),
        actor: file.server || PIPELINE_ACTOR,
        source: 'pipeline',
        action: completed ? 'complete' : 'fail',
        detail: completed ? {} : { reason: file.reason ?? '' },
      },
      tx,
    );
  }

  /** A progress reporter for one stage of a file (throttledProgress). */
  progress(fileId: number, everyMs = 1000): (fraction: number) => void {
    return throttledProgress((percent) => this.set(fileId, null, { file_progress: percent }), everyMs);
  }
}

/**
 * A progress reporter for one stage: writes whole percents, at most once a second (each write is
 * a row update, which every list cache and event watcher sees).
 */
export function throttledProgress(write: (percent: number) => Promise<unknown>, everyMs = 1000): (fraction: number) => void {
  let last = -1;
  let lastAt = 0;
  return (fraction) => {
    const percent = Math.max(0, Math.min(100, Math.floor(fraction * 100)));
    const now = Date.now();
    if (percent === last || now - lastAt < everyMs) return;
    last = percent;
    lastAt = now;
    write(percent).catch(() => {}); // a missed progress write is harmless
  };
}
