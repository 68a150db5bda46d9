import type { Precondition } from '../lib/etag';
import type { Db, Queryable } from './engine';
import { FILE_COLUMNS, type FileRow, type ListPage, type ListQuery } from './files';

export interface FilePatch {
  file_title?: string | undefined;
  file_slug?: string | undefined;
  isActive?: 0 | 1 | undefined;
}

export type UpdateResult =
  | { kind: 'not_found' }
  | { kind: 'slug_conflict' }
  /** The If-Match precondition failed: `file` is the row as it is now. */
  | { kind: 'stale'; file: FileRow }
  | { kind: 'unchanged'; file: FileRow }
  | { kind: 'updated'; file: FileRow; before: FileRow };

export type DeleteResult = { kind: 'not_found' } | { kind: 'stale'; file: FileRow } | { kind: 'deleted'; storedNames: string[] };

/** SQLite's and PostgreSQL's "unique constraint violated". */
const isUniqueViolation = (err: unknown): boolean =>
  ['SQLITE_CONSTRAINT_UNIQUE', '23505'].includes(String((err as { code?: unknown }).code));

/** How an engine reads pages of the file list (its own indexes, search and position cache). */
export interface FileLister {
  list(accountId: number, query: ListQuery): Promise<ListPage>;
  /** Fills the deep-page position cache ahead of requests; resolves when it is warm. */
  warm(): Promise<void>;
  /** Engine-specific planner knobs (tests pin them); engines without such knobs ignore them. */
  tune(tuning: Record<string, unknown>): Promise<void>;
  /** Brings the engine's search index up to date with a changed row, where triggers cannot. */
  reindex(tx: Queryable, file: FileRow): Promise<void>;
  close(): Promise<void>;
}

/** An account's files: one file by id or slug, edits and deletes, and pages of the list. */
export class FilesRepository {
  readonly #db: Db;
  readonly #lister: FileLister;

  constructor(db: Db, lister: FileLister) {
    this.#db = db;
    this.#lister = lister;
  }

  get(accountId: number, fileId: number, q: Queryable = this.#db): Promise<FileRow | undefined> {
    return q.get<FileRow>(`SELECT ${FILE_COLUMNS} FROM files WHERE file_id = ? AND account_id = ?`, [fileId, accountId]);
  }

  /** The public player page: any account's file, active ones only. */
  getActiveBySlug(slug: string): Promise<FileRow | undefined> {
    return this.#db.get<FileRow>(`SELECT ${FILE_COLUMNS} FROM files WHERE file_slug = ? AND is_active = 1`, [slug]);
  }

  /** One page and the total of the listing, from one consistent snapshot. */
  list(accountId: number, query: ListQuery): Promise<ListPage> {
    return this.#lister.list(accountId, query);
  }

  warmPositions(): Promise<void> {
    return this.#lister.warm();
  }

  tune(tuning: Record<string, unknown>): Promise<void> {
    return this.#lister.tune(tuning);
  }

  /**
   * Changes only the fields of `patch` that differ from the stored row, and bumps its version. The row
   * is locked first (SELECT … FOR UPDATE on PostgreSQL; SQLite's write transactions run one at a time),
   * so concurrent edits of different fields never undo each other, and `precondition` (If-Match) is
   * checked against the version that is about to change.
   */
  update(accountId: number, fileId: number, patch: FilePatch, precondition?: Precondition): Promise<UpdateResult> {
    return this.#db.transaction(async (tx): Promise<UpdateResult> => {
      const row = await this.#lock(tx, accountId, fileId);
      if (!row) return { kind: 'not_found' };
      if (precondition && !precondition(row.version)) return { kind: 'stale', file: row };
      const changes: Partial<Record<'file_title' | 'file_slug' | 'is_active', string | number>> = {};
      if (patch.file_title !== undefined && patch.file_title !== row.file_title) changes.file_title = patch.file_title;
      if (patch.file_slug !== undefined && patch.file_slug !== row.file_slug) changes.file_slug = patch.file_slug;
      if (patch.isActive !== undefined && patch.isActive !== row.is_active) changes.is_active = patch.isActive;
      const columns = Object.keys(changes) as (keyof typeof changes)[];
      if (columns.length === 0) return { kind: 'unchanged', file: row };
      if (changes.file_slug !== undefined) {
        const taken = await tx.get('SELECT 1 FROM files WHERE file_slug = ? AND file_id <> ?', [changes.file_slug, fileId]);
        if (taken) return { kind: 'slug_conflict' };
      }
      try {
        await tx.run(`UPDATE files SET ${columns.map((c) => `${c} = ?`).join(', ')}, version = version + 1 WHERE file_id = ?`, [
          ...columns.map((c) => changes[c]!),
          fileId,
        ]);
      } catch (err) {
        if (isUniqueViolation(err)) return { kind: 'slug_conflict' }; // another request took the slug meanwhile
        throw err;
      }
      const file = (await this.get(accountId, fileId, tx))!;
      if (changes.file_title !== undefined || changes.file_slug !== undefined) await this.#lister.reindex(tx, file);
      return { kind: 'updated', file, before: row };
    });
  }

  /** Reads a row inside a write transaction, locked until it ends (other writers of that row wait). */
  #lock(tx: Queryable, accountId: number, fileId: number): Promise<FileRow | undefined> {
    const forUpdate = this.#db.engine === 'postgres' ? ' FOR UPDATE' : '';
    return tx.get<FileRow>(`SELECT ${FILE_COLUMNS} FROM files WHERE file_id = ? AND account_id = ?${forUpdate}`, [fileId, accountId]);
  }

  /**
   * Deletes the file and its subtitle rows unless `precondition` fails on the locked row; a deleted
   * file's result carries the store keys of those subtitles (originals and renditions).
   */
  delete(accountId: number, fileId: number, precondition?: Precondition): Promise<DeleteResult> {
    return this.#db.transaction(async (tx): Promise<DeleteResult> => {
      const row = await this.#lock(tx, accountId, fileId);
      if (!row) return { kind: 'not_found' };
      if (precondition && !precondition(row.version)) return { kind: 'stale', file: row };
      const rows = await tx.all<{ storage_name: string; rendition_name: string | null }>(
        'SELECT storage_name, rendition_name FROM subtitles WHERE file_id = ?',
        [fileId],
      );
      await tx.run('DELETE FROM subtitles WHERE file_id = ?', [fileId]);
      await tx.run('DELETE FROM files WHERE file_id = ? AND account_id = ?', [fileId, accountId]);
      return {
        kind: 'deleted',
        storedNames: rows.flatMap((r) => (r.rendition_name ? [r.storage_name, r.rendition_name] : [r.storage_name])),
      };
    });
  }
}
