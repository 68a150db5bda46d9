import type { BulkJobState, BulkOutcome } from '../../../src/contract/bulk-job';
import type { BulkAction, BulkFilter } from '../../../src/contract/bulk-request';
import type { ActivitySource } from './activity-repository';
import { inList, isUniqueViolation, type Db, type Queryable, type SqlValue } from './engine';
import { appendJobEvent } from './file-events';
import { FILE_COLUMNS, type FileRow } from './files';
import type { JobBatch } from './files-repository';

/** What a job's files end as (src/contract/bulk-job.ts). */
export type { BulkOutcome };

/** The list filter a job runs over (the list's own parameters; the trash follows from the action). */
export type { BulkFilter };

export interface BulkJobRow {
  job_id: number;
  account_id: number;
  action: BulkAction;
  /** JSON of the BulkFilter, or null for a job over ids. */
  filter: string | null;
  /** JSON of the values a set_player_access or set_schedule job writes (bulk/bulk-values.ts); null for the others. */
  params: string | null;
  actor: string;
  source: ActivitySource;
  state: BulkJobState;
  total: number;
  reason: string | null;
  created_at: number;
  finished_at: number | null;
  request_hash: string;
}

export interface BulkFileRow {
  file_id: number;
  version: number;
  outcome: BulkOutcome | null;
  reason: string | null;
}

/** A file of a batch as it is now (`account_id` etc. null: no file of that id is the account's, live or trashed). */
export interface BatchFileState {
  file_id: number;
  /** The version the job took the file at (0: the job never found it). */
  taken: number;
  account_id: number | null;
  version: number | null;
  is_active: number | null;
  player_access: string | null;
  activate_at: number | null;
  deactivate_at: number | null;
  /** In a revert's job: the values to write back (JSON), else null. */
  target: string | null;
}

export type BulkCounts = Record<BulkOutcome | 'pending', number>;

export interface NewBulkJob {
  accountId: number;
  idempotencyKey: string;
  requestHash: string;
  action: BulkAction;
  filter: BulkFilter | null;
  /** The values a set_… job writes (stored as JSON), or null. */
  params?: object | null | undefined;
  actor: string;
  source: ActivitySource;
  total: number;
  createdAt: number;
}

/** Files added by one statement. */
const ADD_CHUNK = 500;

const JOB_COLUMNS =
  'job_id, account_id, action, filter, params, actor, source, state, total, reason, created_at, finished_at, request_hash';

/** Bulk jobs and the result of each of their files. */
export class BulkJobsRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  get(accountId: number, jobId: number, q: Queryable = this.#db): Promise<BulkJobRow | undefined> {
    return q.get<BulkJobRow>(`SELECT ${JOB_COLUMNS} FROM bulk_jobs WHERE job_id = ? AND account_id = ?`, [jobId, accountId]);
  }

  getAny(jobId: number): Promise<BulkJobRow | undefined> {
    return this.#db.get<BulkJobRow>(`SELECT ${JOB_COLUMNS} FROM bulk_jobs WHERE job_id = ?`, [jobId]);
  }

  byKey(accountId: number, idempotencyKey: string): Promise<BulkJobRow | undefined> {
    return this.#db.get<BulkJobRow>(`SELECT ${JOB_COLUMNS} FROM bulk_jobs WHERE account_id = ? AND idempotency_key = ?`, [
      accountId,
      idempotencyKey,
    ]);
  }

  /**
   * Stores a new job (with its files when they are known: a job over ids), and runs `then` in the same
   * transaction (the queue's job goes in there, so a job never exists without its worker's job).
   * Undefined when the account already has a job under this key (a concurrent replay won).
   */
  create(
    job: NewBulkJob,
    fileIds: readonly number[] | null,
    then: (tx: Queryable, row: BulkJobRow) => Promise<void>,
  ): Promise<BulkJobRow | undefined> {
    return this.#store(
      job,
      fileIds ? 'running' : 'collecting',
      async (tx, row) => {
        if (fileIds) await this.#addFiles(tx, row, fileIds);
        return row;
      },
      then,
    );
  }

  /**
   * Stores the undo of an ended job (`job.action` is the inverse action): a job over exactly the files
   * whose result in `sourceJobId` is 'done', each at the version it has now, so an edit made after the
   * undo was asked is a 'conflict' as in any job. The files are copied by one statement, never through
   * the process; a file deleted for good since is added at version 0 and fails as not found. Each
   * file's values from before the undone job changed it (its `prior`) are what a revert writes back.
   */
  createUndo(
    job: NewBulkJob,
    sourceJobId: number,
    then: (tx: Queryable, row: BulkJobRow) => Promise<void>,
  ): Promise<BulkJobRow | undefined> {
    return this.#store(
      job,
      'running',
      async (tx, row) => {
        await tx.run(
          `INSERT INTO bulk_job_files (job_id, file_id, version, target)
         SELECT CAST(? AS BIGINT), d.file_id, coalesce(f.version, 0), d.prior FROM bulk_job_files d
         LEFT JOIN files f ON f.file_id = d.file_id AND abs(f.account_id) = ?
         WHERE d.job_id = ? AND d.outcome = 'done'`,
          [row.job_id, job.accountId, sourceJobId],
        );
        return (await tx.get<BulkJobRow>(
          `UPDATE bulk_jobs SET total = (SELECT count(*) FROM bulk_job_files WHERE job_id = ?) WHERE job_id = ? RETURNING ${JOB_COLUMNS}`,
          [row.job_id, row.job_id],
        ))!;
      },
      then,
    );
  }

  /** Inserts the job, gives it its files (`fill`, which answers the row as it then is) and runs `then`, in one transaction. */
  async #store(
    job: NewBulkJob,
    state: BulkJobState,
    fill: (tx: Queryable, row: BulkJobRow) => Promise<BulkJobRow>,
    then: (tx: Queryable, row: BulkJobRow) => Promise<void>,
  ): Promise<BulkJobRow | undefined> {
    try {
      return await this.#db.transaction(async (tx) => {
        const inserted = (await tx.get<BulkJobRow>(
          `INSERT INTO bulk_jobs (account_id, idempotency_key, request_hash, action, filter, params, actor, source, state, total, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING ${JOB_COLUMNS}`,
          [
            job.accountId,
            job.idempotencyKey,
            job.requestHash,
            job.action,
            job.filter && JSON.stringify(job.filter),
            job.params ? JSON.stringify(job.params) : null,
            job.actor,
            job.source,
            state,
            job.total,
            job.createdAt,
          ],
        ))!;
        const row = await fill(tx, inserted);
        await then(tx, row);
        return row;
      });
    } catch (err) {
      if (isUniqueViolation(err)) return undefined;
      throw err;
    }
  }

  /**
   * Adds files to a job with the version each has now (any account's id may be asked for: a file that
   * is not the account's, live or trashed, is added at version 0 and fails as not found).
   */
  async #addFiles(q: Queryable, job: BulkJobRow, fileIds: readonly number[]): Promise<void> {
    for (let i = 0; i < fileIds.length; i += ADD_CHUNK) {
      const ids = fileIds.slice(i, i + ADD_CHUNK);
      const found = await q.all<{ file_id: number; version: number }>(
        `SELECT file_id, version FROM files WHERE abs(account_id) = ? AND file_id IN (${ids.map(() => '?').join(', ')})`,
        [job.account_id, ...ids],
      );
      const versions = new Map(found.map((r) => [Number(r.file_id), Number(r.version)]));
      await q.run(
        `INSERT INTO bulk_job_files (job_id, file_id, version) VALUES ${ids.map(() => '(?, ?, ?)').join(', ')}
         ON CONFLICT (job_id, file_id) DO NOTHING`,
        ids.flatMap((id) => [job.job_id, id, versions.get(id) ?? 0]),
      );
    }
  }

  /**
   * Copies a chunk of the files a job's filter matches (`select`: their `file_id, version`, see
   * FileLister.matching) into the job in one statement, off the event loop as its batches. Resolves to
   * how many it added and the job's last file id so far, where the next chunk starts (chunks go in file
   * id order, so none finds a file the job already has).
   */
  collect(job: BulkJobRow, select: { sql: string; params: SqlValue[] }): Promise<{ copied: number; last: number }> {
    return this.#db.backgroundTransaction(async (tx) => {
      // WHERE true: SQLite reads an INSERT … SELECT's ON CONFLICT as the SELECT's join without it.
      const copied = await tx.run(
        `INSERT INTO bulk_job_files (job_id, file_id, version) SELECT ?, file_id, version FROM (${select.sql}) m WHERE true
         ON CONFLICT (job_id, file_id) DO NOTHING`,
        [job.job_id, ...select.params],
      );
      return { copied, last: await this.#lastFile(tx, job.job_id) };
    });
  }

  /** The job's highest file id (0 before its first): a collect that a restart cut short goes on from there. */
  async lastFile(jobId: number): Promise<number> {
    return this.#lastFile(this.#db, jobId);
  }

  async #lastFile(q: Queryable, jobId: number): Promise<number> {
    return Number(
      (await q.get<{ last: number | null }>('SELECT max(file_id) AS last FROM bulk_job_files WHERE job_id = ?', [jobId]))?.last ?? 0,
    );
  }

  /** The files are all known: the job's total is their number, and it starts changing them. */
  async startRunning(jobId: number): Promise<number> {
    const total = Number((await this.#db.get<{ n: number }>('SELECT count(*) AS n FROM bulk_job_files WHERE job_id = ?', [jobId]))?.n ?? 0);
    await this.#db.run("UPDATE bulk_jobs SET state = 'running', total = ? WHERE job_id = ?", [total, jobId]);
    return total;
  }

  /** The next files without a result, in file id order, after `afterFileId`. */
  pending(jobId: number, afterFileId: number, limit: number): Promise<BulkFileRow[]> {
    return this.#db.all<BulkFileRow>(
      `SELECT file_id, version, outcome, reason FROM bulk_job_files
       WHERE job_id = ? AND file_id > ? AND outcome IS NULL ORDER BY file_id LIMIT ?`,
      [jobId, afterFileId, limit],
    );
  }

  /** Writes a file's result, once: a result already written (by a job's earlier claim) stays. */
  async settle(jobId: number, fileId: number, outcome: BulkOutcome, reason: string | null): Promise<void> {
    await this.#db.run('UPDATE bulk_job_files SET outcome = ?, reason = ? WHERE job_id = ? AND file_id = ? AND outcome IS NULL', [
      outcome,
      reason,
      jobId,
      fileId,
    ]);
  }

  /**
   * The batch's files without a result as they are now, in file id order: the version the job took
   * each at, and the file of the account (live, or in its trash: `account_id` negated) if there is one.
   */
  batchStates(tx: Queryable, batch: JobBatch): Promise<BatchFileState[]> {
    return tx.all<BatchFileState>(
      `SELECT b.file_id, b.version AS taken, f.account_id, f.version, f.is_active, f.player_access, f.activate_at, f.deactivate_at, b.target
       FROM bulk_job_files b LEFT JOIN files f ON f.file_id = b.file_id AND f.account_id IN (?, ?)
       WHERE b.job_id = ? AND b.file_id BETWEEN ? AND ? AND b.outcome IS NULL ORDER BY b.file_id`,
      [batch.accountId, -batch.accountId, batch.jobId, batch.from, batch.to],
    );
  }

  /**
   * The batch's files without a result that are still at the version the job took them at, as they are
   * now, with their revert's `target`, in file id order (a set_… job's batch reads them before it changes them).
   */
  takenRows(tx: Queryable, batch: JobBatch): Promise<Array<FileRow & { target: string | null }>> {
    return tx.all(
      `SELECT ${FILE_COLUMNS.split(', ')
        .map((c) => `f.${c}`)
        .join(', ')}, b.target FROM bulk_job_files b JOIN files f ON f.file_id = b.file_id AND f.version = b.version
       WHERE b.job_id = ? AND b.file_id BETWEEN ? AND ? AND b.outcome IS NULL AND f.account_id = ? ORDER BY b.file_id`,
      [batch.jobId, batch.from, batch.to, batch.accountId],
    );
  }

  /** Keeps what each changed file's values were before the job (JSON, for its undo), one statement per distinct value. */
  async keepPriors(tx: Queryable, jobId: number, priors: ReadonlyArray<{ file_id: number; prior: string }>): Promise<void> {
    const groups = new Map<string, number[]>();
    for (const { file_id, prior } of priors) (groups.get(prior) ?? groups.set(prior, []).get(prior)!).push(file_id);
    for (const [prior, ids] of groups) {
      const list = inList(ids);
      await tx.run(`UPDATE bulk_job_files SET prior = ? WHERE job_id = ? AND file_id IN ${list.sql}`, [prior, jobId, ...list.params]);
    }
  }

  /** Writes the results of a batch, once each (see settle), in the transaction that changed its files: one statement per outcome and reason. */
  async settleEach(tx: Queryable, jobId: number, results: ReadonlyArray<{ file_id: number; outcome: BulkOutcome; reason: string | null }>) {
    const groups = new Map<string, { outcome: BulkOutcome; reason: string | null; ids: number[] }>();
    for (const r of results) {
      const key = `${r.outcome}\n${r.reason ?? ''}`;
      const group = groups.get(key) ?? groups.set(key, { outcome: r.outcome, reason: r.reason, ids: [] }).get(key)!;
      group.ids.push(r.file_id);
    }
    for (const { outcome, reason, ids } of groups.values()) {
      const list = inList(ids);
      await tx.run(`UPDATE bulk_job_files SET outcome = ?, reason = ? WHERE job_id = ? AND outcome IS NULL AND file_id IN ${list.sql}`, [
        outcome,
        reason,
        jobId,
        ...list.params,
      ]);
    }
  }

  /**
   * Ends the job, and writes its last progress event (`progress`: the job as it ended, with its
   * counts) in the same transaction: the event is the webhooks' bulk_job.finished, and a node that
   * died between an ended job and its event would never write it (a later claim of an ended job does
   * nothing).
   */
  async finish(
    jobId: number,
    state: 'done' | 'failed',
    at: number,
    reason: string | null,
    progress: (row: BulkJobRow, counts: BulkCounts) => Record<string, unknown>,
  ): Promise<void> {
    await this.#db.transaction(async (tx) => {
      const row = await tx.get<BulkJobRow>(
        `UPDATE bulk_jobs SET state = ?, finished_at = ?, reason = ? WHERE job_id = ? RETURNING ${JOB_COLUMNS}`,
        [state, at, reason, jobId],
      );
      if (row) await appendJobEvent(tx, row.account_id, row.job_id, progress(row, await this.#counts(tx, jobId)));
    });
    await this.#db.fileEvents.notify();
  }

  counts(jobId: number): Promise<BulkCounts> {
    return this.#counts(this.#db, jobId);
  }

  async #counts(q: Queryable, jobId: number): Promise<BulkCounts> {
    const rows = await q.all<{ outcome: BulkOutcome | null; n: number }>(
      'SELECT outcome, count(*) AS n FROM bulk_job_files WHERE job_id = ? GROUP BY outcome',
      [jobId],
    );
    const counts: BulkCounts = { pending: 0, done: 0, unchanged: 0, conflict: 0, failed: 0 };
    for (const r of rows) counts[r.outcome ?? 'pending'] += Number(r.n);
    return counts;
  }

  /** Results in file id order after `afterFileId`, optionally of one outcome ('pending': not yet done). */
  results(jobId: number, afterFileId: number, limit: number, outcome?: BulkOutcome | 'pending'): Promise<BulkFileRow[]> {
    const only = outcome === undefined ? '' : outcome === 'pending' ? ' AND outcome IS NULL' : ' AND outcome = ?';
    return this.#db.all<BulkFileRow>(
      `SELECT file_id, version, outcome, reason FROM bulk_job_files WHERE job_id = ? AND file_id > ?${only} ORDER BY file_id LIMIT ?`,
      [jobId, afterFileId, ...(outcome && outcome !== 'pending' ? [outcome] : []), limit],
    );
  }

  /** Removes the jobs that ended before `cutoff`, with their results (and their Idempotency-Keys); returns how many. */
  async prune(cutoff: number): Promise<number> {
    return this.#db.transaction(async (tx) => {
      await tx.run('DELETE FROM bulk_job_files WHERE job_id IN (SELECT job_id FROM bulk_jobs WHERE finished_at < ?)', [cutoff]);
      return tx.run('DELETE FROM bulk_jobs WHERE finished_at < ?', [cutoff]);
    });
  }

  /** A progress event of the job on the account's event stream (the file event log's kind 'job'). */
  async announce(job: BulkJobRow, progress: Record<string, unknown>): Promise<void> {
    await appendJobEvent(this.#db, job.account_id, job.job_id, progress);
    await this.#db.fileEvents.notify();
  }
}
