import { FILE_STATUS } from '../../../src/contract/file-status';
import type { Precondition } from '../lib/etag';
import type { ServingState } from '../lib/serving-states';
import { inList, isUniqueViolation, type Db, type FileLister, type Queryable, type SqlValue } from './engine';
import type { PlayerAccess } from '../../../src/contract/player-access';
import { FILE_COLUMNS, storedAccess, type FileRow, type ListFilter, type ListPage, type ListQuery } from './files';
import { deleteTracksOfFile } from './subtitles-repository';

export interface FilePatch {
  file_title?: string | undefined;
  file_slug?: string | undefined;
  isActive?: 0 | 1 | undefined;
  /** null: back to the account's default. */
  player_access?: PlayerAccess | null | undefined;
  /** A schedule's time (ms), or null to clear it (decision D56). */
  activate_at?: number | null | undefined;
  deactivate_at?: number | null | undefined;
  /** 1 or 0, or null: back to the account's setting (decision D67). */
  downloads?: 0 | 1 | null | undefined;
}

/** Why the schedule a patch leaves (`changes`: the times it changes) is refused, read on the locked row; null when it is fine. */
export type ScheduleCheck = (
  row: FileRow,
  changes: { activate_at?: number | null | undefined; deactivate_at?: number | null | undefined },
) => string | null;

/** Which way a schedule turns a file, and the column that holds its time. */
export type ScheduleDirection = 'activate' | 'deactivate';
const SCHEDULE_COLUMN = { activate: 'activate_at', deactivate: 'deactivate_at' } as const;

/** A schedule that ran: the file, its (live) account, its flag before, and the time it was due. */
export interface ScheduleRun {
  file_id: number;
  account_id: number;
  is_active: number;
  due_at: number;
}

export type UpdateResult =
  | { kind: 'not_found' }
  | { kind: 'slug_conflict' }
  /** The schedule the patch would leave is refused: `message` says why (schedules/schedule-times.ts). */
  | { kind: 'bad_schedule'; message: string }
  /** The If-Match precondition failed: `file` is the row as it is now. */
  | { kind: 'stale'; file: FileRow }
  | { kind: 'unchanged'; file: FileRow }
  | { kind: 'updated'; file: FileRow; before: FileRow };

/** What a change of a file's image did (FilesRepository.setImage). */
export type ImageResult = Exclude<UpdateResult, { kind: 'slug_conflict' } | { kind: 'bad_schedule' }>;

export type TrashResult = { kind: 'not_found' } | { kind: 'stale'; file: FileRow } | { kind: 'trashed'; file: FileRow };

export interface NewFile {
  file_title: string;
  file_slug: string;
  created_at: number;
}

export type CreateResult = { kind: 'slug_conflict' } | { kind: 'created'; file: FileRow };

/** The files of a bulk job's batch: its files without a result, file ids `from` to `to` (decision D37). */
export interface JobBatch {
  jobId: number;
  accountId: number;
  from: number;
  to: number;
}

/** Values a set_… bulk job writes, as a row stores them: player access as JSON text, schedule times in ms; null clears. */
export interface StoredValues {
  player_access?: string | null;
  activate_at?: number | null;
  deactivate_at?: number | null;
}

/** What a bulk job's batch does to its files: the change of PUT isActive, DELETE, or restore. */
export type BatchChange = 'activate' | 'deactivate' | 'trash' | 'restore';

/** The columns a pipeline writes besides the status: where and how far it is, why it failed, what it found and made. */
export interface ProcessingFields {
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

/** A pipeline's write of a file's status and fields (the rules of which move is allowed are the caller's). */
export interface ProcessingWrite {
  /** The new status; null: only the fields change. */
  status: number | null;
  fields: ProcessingFields;
  /** The row changes only while the file is at one of these statuses; null: at any. */
  from: readonly number[] | null;
  /** The row changes only while the file is live (not in the trash). */
  liveOnly: boolean;
  /** Read the status the file is at first, its row locked until the write ends: `then` gets it. */
  lockFirst: boolean;
}

/** What a pipeline write did: changed the row, found no such file, or found it as it is now. */
export type ProcessingResult = { kind: 'written' } | { kind: 'gone' } | { kind: 'refused'; status: number; trashed: boolean };

/**
 * Runs in the transaction of a pipeline write, after the row changed; `statusBefore` is the status the
 * file was at, read with its row locked (undefined where the write did not ask for it).
 */
export type AfterProcessingWrite = (tx: Queryable, statusBefore: number | undefined) => Promise<void>;

/** A file whose processing ended, as its log's entry names it: its (live) account, and its status, worker and reason now. */
export interface ProcessingEnd {
  accountId: number;
  status: number;
  server: string;
  reason: string | null;
}

const WRITTEN: ProcessingResult = { kind: 'written' };

/**
 * An account's files: one file by id or slug, edits and deletes, pages of the list, and the pipeline's
 * writes of a file's status and progress: the one writer of the `files` table (see
 * docs/architecture.md, "One writer per table").
 */
export class FilesRepository {
  readonly #db: Db;
  readonly #lister: FileLister;
  readonly #slugHoldMs: number;

  /** `slugHoldMs`: how long a slug freed by a rename or a purge stays its account's. */
  constructor(db: Db, slugHoldMs: number) {
    this.#db = db;
    this.#lister = db.lister;
    this.#slugHoldMs = slugHoldMs;
  }

  /** A live file of the account (a trashed one is not found). */
  get(accountId: number, fileId: number, q: Queryable = this.#db): Promise<FileRow | undefined> {
    return q.get<FileRow>(`SELECT ${FILE_COLUMNS} FROM files WHERE file_id = ? AND account_id = ?`, [fileId, accountId]);
  }

  /** A file of the account's trash. */
  getTrashed(accountId: number, fileId: number, q: Queryable = this.#db): Promise<FileRow | undefined> {
    return this.get(-accountId, fileId, q);
  }

  /** Any account's file (the pipeline API; the player following a slug hold). */
  getAny(fileId: number): Promise<FileRow | undefined> {
    return this.#db.get<FileRow>(`SELECT ${FILE_COLUMNS} FROM files WHERE file_id = ?`, [fileId]);
  }

  /** Whether a file's own media may be served: live, in the trash, or gone (purged, or no such file). */
  async servingState(fileId: number): Promise<ServingState> {
    const row = await this.#db.get<{ deleted_at: number | null }>('SELECT deleted_at FROM files WHERE file_id = ?', [fileId]);
    return !row ? 'gone' : row.deleted_at === null ? 'live' : 'trashed';
  }

  /**
   * Where a file's player may play, as stored: the file's own setting, else its account's default (null:
   * neither, anywhere); undefined when there is no such file. One read for both, cached per node by
   * plugins/media-serving.ts.
   */
  async storedPlayerAccess(fileId: number): Promise<string | null | undefined> {
    const row = await this.#db.get<{ own: string | null; account: string | null }>(
      `SELECT f.player_access AS own, a.access AS account FROM files f
       LEFT JOIN account_player_access a ON a.account_id = abs(f.account_id) WHERE f.file_id = ?`,
      [fileId],
    );
    return row && (row.own ?? row.account);
  }

  /**
   * Whether a file may be downloaded (decision D67): its own setting, else its account's, else not;
   * undefined when there is no such file. Read per download request and by the downloads job.
   */
  async downloadsAllowed(fileId: number, q: Queryable = this.#db): Promise<boolean | undefined> {
    const row = await q.get<{ allowed: number }>(
      `SELECT coalesce(f.downloads, a.allowed, 0) AS allowed FROM files f
       LEFT JOIN account_downloads a ON a.account_id = abs(f.account_id) WHERE f.file_id = ?`,
      [fileId],
    );
    return row && Number(row.allowed) === 1;
  }

  /** Records the bytes of a file's stored downloads (null: none), without a version bump: the pipeline's, not an edit. */
  async setDownloadBytes(q: Queryable, fileId: number, video: number | null, audio: number | null): Promise<void> {
    await q.run('UPDATE files SET download_video_bytes = ?, download_audio_bytes = ? WHERE file_id = ?', [video, audio, fileId]);
  }

  /** The processed files of an account (trashed ones too) that follow its downloads setting: the downloads job goes over them. */
  async followingAccountDownloads(accountId: number): Promise<number[]> {
    const rows = await this.#db.all<{ file_id: number }>(
      'SELECT file_id FROM files WHERE account_id IN (?, ?) AND downloads IS NULL AND file_rendition IS NOT NULL ORDER BY file_id',
      [accountId, -accountId],
    );
    return rows.map((r) => Number(r.file_id));
  }

  /** Live files of every account at one status, oldest first (the pipeline API: a file in the trash is not offered). */
  byStatus(status: number, limit: number): Promise<FileRow[]> {
    return this.#db.all<FileRow>(
      `SELECT ${FILE_COLUMNS} FROM files WHERE file_status = ? AND deleted_at IS NULL ORDER BY file_id LIMIT ?`,
      [status, limit],
    );
  }

  /** The public player page: any account's file by slug, trashed or inactive ones included (the caller tells them apart). */
  getBySlug(slug: string): Promise<FileRow | undefined> {
    return this.#db.get<FileRow>(`SELECT ${FILE_COLUMNS} FROM files WHERE file_slug = ?`, [slug]);
  }

  /**
   * One page and the total of the listing, from one consistent snapshot. The trash is the same listing
   * under the negated account id (see the trash migration), so it is read by the same indexes.
   */
  list(accountId: number, query: ListQuery): Promise<ListPage> {
    const { trashed, ...live } = query;
    return this.#lister.list(trashed ? -accountId : accountId, live);
  }

  /** The SELECT of the files a filter matches, live or in the trash (see FileLister.matching). */
  matching(
    accountId: number,
    filter: ListFilter,
    trashed: boolean,
    afterFileId: number,
    limit: number,
  ): { sql: string; params: SqlValue[] } {
    return this.#lister.matching(trashed ? -accountId : accountId, filter, afterFileId, limit);
  }

  warmPositions(): Promise<void> {
    return this.#lister.warm();
  }

  /**
   * Changes only the fields of `patch` that differ from the stored row, and bumps its version. The row
   * is locked first (SELECT … FOR UPDATE on PostgreSQL; SQLite's write transactions run one at a time),
   * so concurrent edits of different fields never undo each other, and `precondition` (If-Match) is
   * checked against the version that is about to change. `then` runs in the same transaction once the
   * row changed (a job the change needs is queued there, so the change never commits without it).
   */
  update(
    accountId: number,
    fileId: number,
    patch: FilePatch,
    at: {
      now: number;
      precondition?: Precondition | undefined;
      scheduleProblem?: ScheduleCheck | undefined;
      then?: ((tx: Queryable, before: FileRow, file: FileRow) => Promise<void>) | undefined;
    },
  ): Promise<UpdateResult> {
    const { now, precondition, scheduleProblem, then } = at;
    return this.#db.transaction(async (tx): Promise<UpdateResult> => {
      const row = await this.#lock(tx, accountId, fileId);
      if (!row) return { kind: 'not_found' };
      if (precondition && !precondition(row.version)) return { kind: 'stale', file: row };
      const changes: {
        file_title?: string;
        file_slug?: string;
        is_active?: number;
        player_access?: string | null;
        activate_at?: number | null;
        deactivate_at?: number | null;
        downloads?: number | null;
      } = {};
      if (patch.file_title !== undefined && patch.file_title !== row.file_title) changes.file_title = patch.file_title;
      if (patch.file_slug !== undefined && patch.file_slug !== row.file_slug) changes.file_slug = patch.file_slug;
      if (patch.isActive !== undefined && patch.isActive !== row.is_active) changes.is_active = patch.isActive;
      const access = patch.player_access === undefined ? undefined : storedAccess(patch.player_access);
      if (access !== undefined && access !== row.player_access) changes.player_access = access;
      if (patch.activate_at !== undefined && patch.activate_at !== row.activate_at) changes.activate_at = patch.activate_at;
      if (patch.deactivate_at !== undefined && patch.deactivate_at !== row.deactivate_at) changes.deactivate_at = patch.deactivate_at;
      if (patch.downloads !== undefined && patch.downloads !== row.downloads) changes.downloads = patch.downloads;
      const problem = scheduleProblem?.(row, changes);
      if (problem) return { kind: 'bad_schedule', message: problem };
      const columns = Object.keys(changes) as (keyof typeof changes)[];
      if (columns.length === 0) return { kind: 'unchanged', file: row };
      if (changes.file_slug !== undefined && !(await this.#slugFree(tx, changes.file_slug, accountId, fileId, now))) {
        return { kind: 'slug_conflict' };
      }
      try {
        await tx.run(`UPDATE files SET ${columns.map((c) => `${c} = ?`).join(', ')}, version = version + 1 WHERE file_id = ?`, [
          ...columns.map((c) => changes[c] ?? null),
          fileId,
        ]);
      } catch (err) {
        if (isUniqueViolation(err)) return { kind: 'slug_conflict' }; // another request took the slug meanwhile
        throw err;
      }
      if (changes.file_slug !== undefined) {
        await tx.run('DELETE FROM slug_holds WHERE slug_key = lower(?)', [changes.file_slug]);
        await this.#holdSlug(tx, row, accountId, now);
      }
      const file = (await this.get(accountId, fileId, tx))!;
      if (changes.file_title !== undefined || changes.file_slug !== undefined) await this.#lister.reindex(tx, [file]);
      await then?.(tx, row, file);
      return { kind: 'updated', file, before: row };
    });
  }

  /**
   * Whether an account may give a file this slug: no other file has it in any case, and no other
   * account holds it (a slug freed by a rename or a purge stays its account's until its hold ends).
   */
  async #slugFree(tx: Queryable, slug: string, accountId: number, fileId: number, now: number): Promise<boolean> {
    if (await tx.get('SELECT 1 FROM files WHERE lower(file_slug) = lower(?) AND file_id <> ?', [slug, fileId])) return false;
    return !(await tx.get('SELECT 1 FROM slug_holds WHERE slug_key = lower(?) AND held_until > ? AND account_id <> ?', [
      slug,
      now,
      accountId,
    ]));
  }

  /** Holds a file's (old) slug for its account, pointing at the file: its player URL redirects there. */
  async #holdSlug(tx: Queryable, file: FileRow, accountId: number, now: number): Promise<void> {
    await tx.run(
      `INSERT INTO slug_holds (slug_key, account_id, file_id, held_until) VALUES (lower(?), ?, ?, ?)
       ON CONFLICT (slug_key) DO UPDATE SET account_id = excluded.account_id, file_id = excluded.file_id, held_until = excluded.held_until`,
      [file.file_slug, accountId, file.file_id, now + this.#slugHoldMs],
    );
  }

  /** The live hold of a slug that no file has any more: which file it points at (maybe purged since). */
  slugHold(slug: string, now: number): Promise<{ account_id: number; file_id: number } | undefined> {
    return this.#db.get('SELECT account_id, file_id FROM slug_holds WHERE slug_key = lower(?) AND held_until > ?', [slug, now]);
  }

  /**
   * Adds a file at status 0 (Pending), active, and runs `then` in the same transaction (the pipeline
   * enqueues its job there, so a file never exists without its job). The slug must be free as for a
   * rename: in no case taken, not held by another account.
   */
  create(accountId: number, file: NewFile, then: (tx: Queryable, file: FileRow) => Promise<void>): Promise<CreateResult> {
    return this.#db.transaction(async (tx): Promise<CreateResult> => {
      if (!(await this.#slugFree(tx, file.file_slug, accountId, 0, file.created_at))) return { kind: 'slug_conflict' };
      let created: FileRow;
      const { column: idColumn, value: idValue } = this.#db.dialect.newFileId;
      try {
        created = (await tx.get<FileRow>(
          `INSERT INTO files (${idColumn}account_id, file_server, file_title, file_slug, file_status, is_active, created_at)
           VALUES (${idValue}?, '', ?, ?, 0, 1, ?) RETURNING ${FILE_COLUMNS}`,
          [accountId, file.file_title, file.file_slug, file.created_at],
        ))!;
      } catch (err) {
        if (isUniqueViolation(err)) return { kind: 'slug_conflict' };
        throw err;
      }
      await tx.run('DELETE FROM slug_holds WHERE slug_key = lower(?)', [file.file_slug]);
      await this.#lister.reindex(tx, [created]);
      await then(tx, created);
      return { kind: 'created', file: created };
    });
  }

  /** Whether a slug is taken by a file of any account, in any case (slugs are global). */
  async slugTaken(slug: string): Promise<boolean> {
    return (await this.#db.get('SELECT 1 FROM files WHERE lower(file_slug) = lower(?)', [slug])) !== undefined;
  }

  /**
   * Changes a bulk job's batch in one statement, in the caller's transaction `tx`: every file whose
   * version is still the one the job took it at (its If-Match) and that is not already so changes as
   * the single-file call would (`update` of isActive, `trash`, `restore`), its version bumped; the
   * triggers write each row's events, counters and search words as for one file. PostgreSQL locks
   * only the rows it changes, until `tx` ends. Resolves to the changed rows, in file id order.
   */
  async changeBatch(tx: Queryable, batch: JobBatch, change: BatchChange, now: number): Promise<FileRow[]> {
    const { accountId } = batch;
    const isActive = Number(change === 'activate');
    const { set, where }: Record<'set' | 'where', { sql: string; params: SqlValue[] }> =
      change === 'trash'
        ? {
            set: { sql: 'account_id = ?, deleted_at = ?', params: [-accountId, now] },
            where: { sql: 'files.account_id + 0 = ?', params: [accountId] },
          }
        : change === 'restore'
          ? {
              set: { sql: 'account_id = ?, deleted_at = NULL', params: [accountId] },
              where: { sql: 'files.account_id + 0 = ?', params: [-accountId] },
            }
          : {
              set: { sql: 'is_active = ?', params: [isActive] },
              where: { sql: 'files.account_id + 0 = ? AND files.is_active = ?', params: [accountId, 1 - isActive] },
            };
    // `account_id + 0`: the files are found by primary key from the batch's own rows, never by walking
    // the account's index. PostgreSQL's statistics lag behind a job (a trash that was empty when last
    // analyzed holds 10,000 files by its undo), and with them it walked every file of the account once
    // per row of the batch: 250 ms instead of 12 for 110 files.
    const changed = await tx.all<FileRow>(
      `UPDATE files SET ${set.sql}, version = files.version + 1
       FROM (SELECT file_id AS job_file, version AS taken FROM bulk_job_files
             WHERE job_id = ? AND file_id BETWEEN ? AND ? AND outcome IS NULL) b
       WHERE files.file_id = b.job_file AND files.version = b.taken AND ${where.sql}
       RETURNING ${FILE_COLUMNS}`,
      [...set.params, batch.jobId, batch.from, batch.to, ...where.params],
    );
    changed.sort((a, b) => a.file_id - b.file_id);
    if (change === 'trash' || change === 'restore') await this.#lister.reindex(tx, changed);
    return changed;
  }

  /**
   * A set_… bulk job's change of some of its batch's files (`fileIds`) to the same `values`, in one
   * statement of the caller's transaction `tx`: each file still at the version the job took it at (its
   * If-Match) gets the values and a version bump; the triggers write its event. Resolves to the changed
   * rows, in file id order.
   */
  async setValues(tx: Queryable, batch: JobBatch, fileIds: readonly number[], values: StoredValues): Promise<FileRow[]> {
    const columns = Object.keys(values) as (keyof StoredValues)[];
    const ids = inList(fileIds);
    const changed = await tx.all<FileRow>(
      `UPDATE files SET ${columns.map((c) => `${c} = ?`).join(', ')}, version = files.version + 1
       FROM (SELECT file_id AS job_file, version AS taken FROM bulk_job_files WHERE job_id = ? AND file_id IN ${ids.sql}) b
       WHERE files.file_id = b.job_file AND files.version = b.taken AND files.account_id + 0 = ?
       RETURNING ${FILE_COLUMNS}`,
      [...columns.map((c) => values[c] ?? null), batch.jobId, ...ids.params, batch.accountId],
    );
    return changed.sort((a, b) => a.file_id - b.file_id);
  }

  /**
   * Runs up to `limit` schedules of one direction that are due at `now`, oldest first, in one
   * transaction: each file's flag is set, its schedule time cleared and its version bumped (the
   * triggers write its event and counters), and `alsoInTransaction` logs the runs. Only live files are
   * read (the trash pauses a schedule; a restore resumes it, run at once when it is past). The cleared
   * time is what makes a run happen once: a node that reads the row after this commit finds no
   * schedule, and on PostgreSQL a row another node is running is skipped (SKIP LOCKED), never waited for.
   */
  async runDueSchedules(
    direction: ScheduleDirection,
    now: number,
    limit: number,
    alsoInTransaction: (tx: Queryable, runs: ScheduleRun[]) => Promise<void>,
  ): Promise<ScheduleRun[]> {
    const column = SCHEDULE_COLUMN[direction];
    // Nearly every sweep finds nothing due: a read of the index's first entry, not a write transaction
    // (on SQLite the one writer's lock) every second on every node.
    const isDue = `${column} <= ? AND deleted_at IS NULL`;
    if (!(await this.#db.get(`SELECT 1 AS one FROM files WHERE ${isDue} LIMIT 1`, [now]))) return [];
    // Off the event loop (SQLite's writer thread), as a bulk job's batch: 10,000 schedules due at once
    // ran as 20 back-to-back transactions on it and held a light request of another account 2.5 s.
    return this.#db.backgroundTransaction(async (tx) => {
      const due = await tx.all<ScheduleRun>(
        `SELECT file_id, account_id, is_active, ${column} AS due_at FROM files WHERE ${isDue}
         ORDER BY ${column}, file_id LIMIT ?${this.#db.dialect.skipLocked}`,
        [now, limit],
      );
      if (!due.length) return [];
      const ids = inList(due.map((r) => r.file_id));
      await tx.run(`UPDATE files SET is_active = ?, ${column} = NULL, version = version + 1 WHERE file_id IN ${ids.sql}`, [
        Number(direction === 'activate'),
        ...ids.params,
      ]);
      const runs = due.map((r) => ({ ...r, file_id: Number(r.file_id), account_id: Number(r.account_id), due_at: Number(r.due_at) }));
      await alsoInTransaction(tx, runs);
      return runs;
    });
  }

  /**
   * Changes a file's image (the poster the player, the list and the gallery show) and bumps its version,
   * unless `precondition` fails on the locked row. `image` picks the new image from the locked row (null:
   * nothing to change); `then` runs in the same transaction with the row before (the poster's storage
   * is counted there, and may throw to roll the change back).
   */
  setImage(
    accountId: number,
    fileId: number,
    image: (row: FileRow) => string | null,
    precondition: Precondition | undefined,
    then: (tx: Queryable, before: FileRow) => Promise<void>,
  ): Promise<ImageResult> {
    return this.#db.transaction(async (tx): Promise<ImageResult> => {
      const row = await this.#lock(tx, accountId, fileId);
      if (!row) return { kind: 'not_found' };
      if (precondition && !precondition(row.version)) return { kind: 'stale', file: row };
      const next = image(row);
      if (next === null || next === row.file_image) return { kind: 'unchanged', file: row };
      await tx.run('UPDATE files SET file_image = ?, version = version + 1 WHERE file_id = ?', [next, fileId]);
      await then(tx, row);
      return { kind: 'updated', file: (await this.get(accountId, fileId, tx))!, before: row };
    });
  }

  /** Reads a row inside a write transaction, locked until it ends (other writers of that row wait). */
  #lock(tx: Queryable, accountId: number, fileId: number): Promise<FileRow | undefined> {
    return tx.get<FileRow>(`SELECT ${FILE_COLUMNS} FROM files WHERE file_id = ? AND account_id = ?${this.#db.dialect.forUpdate}`, [
      fileId,
      accountId,
    ]);
  }

  /**
   * Moves a live file to the trash, unless `precondition` fails on the locked row: one column update
   * (account_id negated, deleted_at set, version bumped), so triggers on files see an update. Its
   * subtitles stay as they are: they are only ever read through a live file.
   */
  trash(accountId: number, fileId: number, now: number, precondition?: Precondition): Promise<TrashResult> {
    return this.#db.transaction(async (tx): Promise<TrashResult> => {
      const row = await this.#lock(tx, accountId, fileId);
      if (!row) return { kind: 'not_found' };
      if (precondition && !precondition(row.version)) return { kind: 'stale', file: row };
      await tx.run('UPDATE files SET account_id = ?, deleted_at = ?, version = version + 1 WHERE file_id = ?', [-accountId, now, fileId]);
      const file = (await this.getTrashed(accountId, fileId, tx))!;
      await this.#lister.reindex(tx, [file]);
      return { kind: 'trashed', file };
    });
  }

  /** Brings a file back from the trash as it was (same id, slug and subtitles); undefined when it is not in the account's trash. */
  restore(accountId: number, fileId: number): Promise<FileRow | undefined> {
    return this.#db.transaction(async (tx) => {
      const row = await this.#lock(tx, -accountId, fileId);
      if (!row) return undefined;
      await tx.run('UPDATE files SET account_id = ?, deleted_at = NULL, version = version + 1 WHERE file_id = ?', [accountId, fileId]);
      const file = (await this.get(accountId, fileId, tx))!;
      await this.#lister.reindex(tx, [file]);
      return file;
    });
  }

  /**
   * Deletes a trashed file and its subtitle rows for good; returns the store keys of those subtitles
   * (originals and renditions), or null when it is not in the trash, or another node is purging it
   * right now (its row is locked: SKIP LOCKED, so purge jobs on many nodes never wait on each other).
   * `alsoInTransaction` runs with the row before it goes (the purge journals the file's media there).
   */
  purge(
    accountId: number,
    fileId: number,
    now: number,
    alsoInTransaction?: (row: FileRow, tx: Queryable) => Promise<void>,
  ): Promise<string[] | null> {
    return this.#db.transaction(async (tx) => {
      const row = await tx.get<FileRow>(
        `SELECT ${FILE_COLUMNS} FROM files WHERE file_id = ? AND account_id = ? AND deleted_at IS NOT NULL${this.#db.dialect.skipLocked}`,
        [fileId, -accountId],
      );
      if (!row) return null;
      await this.#holdSlug(tx, row, accountId, now);
      const keys = await deleteTracksOfFile(tx, fileId);
      await alsoInTransaction?.(row, tx);
      await tx.run('DELETE FROM files WHERE file_id = ?', [fileId]);
      return keys;
    });
  }

  /** Trashed files that went there at or before `cutoff`, oldest first, with their (live) account id. */
  async expired(cutoff: number, limit: number): Promise<{ fileId: number; accountId: number }[]> {
    const rows = await this.#db.all<{ file_id: number; account_id: number }>(
      'SELECT file_id, account_id FROM files WHERE deleted_at IS NOT NULL AND deleted_at <= ? ORDER BY deleted_at LIMIT ?',
      [cutoff, limit],
    );
    return rows.map((r) => ({ fileId: Number(r.file_id), accountId: -Number(r.account_id) }));
  }
  /**
   * The pipeline's write of a status and fields, in one UPDATE whose condition is `from` (the allowed
   * move) and `liveOnly`, so two writers cannot both pass a check and then write. Without `then` nor
   * `lockFirst` it is that one statement (progress writes); else one transaction, `then` running in it
   * after the row changed. Nothing to write is written at once.
   */
  async writeProcessing(fileId: number, write: ProcessingWrite, then?: AfterProcessingWrite): Promise<ProcessingResult> {
    const sets: string[] = [];
    const params: SqlValue[] = [];
    if (write.status !== null) {
      sets.push('file_status = ?');
      params.push(write.status);
    }
    for (const [column, value] of Object.entries(write.fields)) {
      if (value === undefined) continue;
      sets.push(`${column} = ?`);
      params.push(value as SqlValue);
    }
    if (!sets.length) return WRITTEN;
    const allowed = write.from ? ` AND file_status IN (${write.from.join(', ')})` : '';
    const live = write.liveOnly ? ' AND deleted_at IS NULL' : '';
    const update = (q: Queryable) => q.run(`UPDATE files SET ${sets.join(', ')} WHERE file_id = ?${allowed}${live}`, [...params, fileId]);
    if (!write.lockFirst && !then) return (await update(this.#db)) === 0 ? this.#unwritten(fileId) : WRITTEN;
    const written = await this.#db.transaction(async (tx) => {
      const before = write.lockFirst ? await this.#statusLocked(tx, fileId) : undefined;
      if ((write.lockFirst && before === undefined) || (await update(tx)) === 0) return false;
      await then?.(tx, before);
      return true;
    });
    return written ? WRITTEN : this.#unwritten(fileId);
  }

  /**
   * A pipeline stage failed for good: Download Failed while the source was being fetched or probed
   * (up to Downloaded), else Upload Failed, with `reason` and no progress; only while the file is at a
   * status of `from`. `then` runs in the same transaction when the row changed, with the status it was at.
   */
  async failProcessing(fileId: number, reason: string, from: readonly number[], then: AfterProcessingWrite): Promise<void> {
    await this.#db.transaction(async (tx) => {
      const before = await this.#statusLocked(tx, fileId);
      const changed = await tx.run(
        `UPDATE files SET file_status = CASE WHEN file_status <= ${FILE_STATUS.downloaded} OR file_status = ${FILE_STATUS.downloadFailed}
           THEN ${FILE_STATUS.downloadFailed} ELSE ${FILE_STATUS.uploadFailed} END, file_progress = NULL, file_reason = ?
         WHERE file_id = ? AND file_status IN (${from.join(', ')})`,
        [reason, fileId],
      );
      if (changed) await then(tx, before);
    });
  }

  /** A file's processing as it is in `tx` (just ended): what the log's entry of the end says. */
  async processingEnd(tx: Queryable, fileId: number): Promise<ProcessingEnd> {
    const file = (await tx.get<{ account_id: number; file_status: number; file_server: string; file_reason: string | null }>(
      'SELECT abs(account_id) AS account_id, file_status, file_server, file_reason FROM files WHERE file_id = ?',
      [fileId],
    ))!;
    return { accountId: Number(file.account_id), status: Number(file.file_status), server: file.file_server, reason: file.file_reason };
  }

  /** The status of a file, its row locked until `tx` ends; undefined when there is no such file. */
  async #statusLocked(tx: Queryable, fileId: number): Promise<number | undefined> {
    const row = await tx.get<{ file_status: number }>(`SELECT file_status FROM files WHERE file_id = ?${this.#db.dialect.forUpdate}`, [
      fileId,
    ]);
    return row && Number(row.file_status);
  }

  /** Why a pipeline write changed no row: the file is gone, or as it is now. */
  async #unwritten(fileId: number): Promise<ProcessingResult> {
    const row = await this.#db.get<{ file_status: number; deleted_at: number | null }>(
      'SELECT file_status, deleted_at FROM files WHERE file_id = ?',
      [fileId],
    );
    return row ? { kind: 'refused', status: Number(row.file_status), trashed: row.deleted_at !== null } : { kind: 'gone' };
  }
}
