import { isUniqueViolation, type Db, type Queryable } from './engine';
import { FILE_COLUMNS, type FileRow, type ListPage, type ListQuery } from './files';

export interface FilePatch {
  file_title?: string | undefined;
  file_slug?: string | undefined;
  isActive?: 0 | 1 | undefined;
}

export type UpdateResult =
  { kind: 'not_found' } | { kind: 'slug_conflict' } | { kind: 'unchanged'; file: FileRow } | { kind: 'updated'; file: FileRow };

export interface NewFile {
  file_title: string;
  file_slug: string;
  created_at: number;
}

export type CreateResult = { kind: 'slug_conflict' } | { kind: 'created'; file: FileRow };

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

  /** Any account's file (the pipeline API). */
  getAny(fileId: number): Promise<FileRow | undefined> {
    return this.#db.get<FileRow>(`SELECT ${FILE_COLUMNS} FROM files WHERE file_id = ?`, [fileId]);
  }

  /** Files of every account at one status, oldest first (the pipeline API). */
  byStatus(status: number, limit: number): Promise<FileRow[]> {
    return this.#db.all<FileRow>(`SELECT ${FILE_COLUMNS} FROM files WHERE file_status = ? ORDER BY file_id LIMIT ?`, [status, limit]);
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

  update(accountId: number, fileId: number, patch: FilePatch): Promise<UpdateResult> {
    return this.#db.transaction(async (tx): Promise<UpdateResult> => {
      const row = await this.get(accountId, fileId, tx);
      if (!row) return { kind: 'not_found' };
      const next = {
        file_title: patch.file_title ?? row.file_title,
        file_slug: patch.file_slug ?? row.file_slug,
        is_active: patch.isActive ?? row.is_active,
      };
      if (next.file_title === row.file_title && next.file_slug === row.file_slug && next.is_active === row.is_active) {
        return { kind: 'unchanged', file: row };
      }
      if (next.file_slug !== row.file_slug) {
        const taken = await tx.get('SELECT 1 FROM files WHERE file_slug = ? AND file_id <> ?', [next.file_slug, fileId]);
        if (taken) return { kind: 'slug_conflict' };
      }
      try {
        await tx.run('UPDATE files SET file_title = ?, file_slug = ?, is_active = ? WHERE file_id = ?', [
          next.file_title,
          next.file_slug,
          next.is_active,
          fileId,
        ]);
      } catch (err) {
        if (isUniqueViolation(err)) return { kind: 'slug_conflict' }; // another request took the slug meanwhile
        throw err;
      }
      const file = (await this.get(accountId, fileId, tx))!;
      if (next.file_title !== row.file_title || next.file_slug !== row.file_slug) await this.#lister.reindex(tx, file);
      return { kind: 'updated', file };
    });
  }

  /**
   * Adds a file at status 0 (Pending), active, and runs `then` in the same transaction (the pipeline
   * enqueues its job there, so a file never exists without its job).
   */
  create(accountId: number, file: NewFile, then: (tx: Queryable, file: FileRow) => Promise<void>): Promise<CreateResult> {
    return this.#db.transaction(async (tx): Promise<CreateResult> => {
      if (await tx.get('SELECT 1 FROM files WHERE file_slug = ?', [file.file_slug])) return { kind: 'slug_conflict' };
      let created: FileRow;
      try {
        created = (await tx.get<FileRow>(
          `INSERT INTO files (account_id, file_server, file_title, file_slug, file_status, is_active, created_at)
           VALUES (?, '', ?, ?, 0, 1, ?) RETURNING ${FILE_COLUMNS}`,
          [accountId, file.file_title, file.file_slug, file.created_at],
        ))!;
      } catch (err) {
        if (isUniqueViolation(err)) return { kind: 'slug_conflict' };
        throw err;
      }
      await this.#lister.reindex(tx, created);
      await then(tx, created);
      return { kind: 'created', file: created };
    });
  }

  /** Whether a slug is taken (by any account: slugs are global). */
  async slugTaken(slug: string): Promise<boolean> {
    return (await this.#db.get('SELECT 1 FROM files WHERE file_slug = ?', [slug])) !== undefined;
  }

  /** Deletes the file and its subtitle rows; returns the store keys of those subtitles (originals and renditions), or null. */
  delete(accountId: number, fileId: number): Promise<string[] | null> {
    return this.#db.transaction(async (tx) => {
      if (!(await this.get(accountId, fileId, tx))) return null;
      // The keys as deleted (RETURNING), not as read before: a subtitle's encoding change may commit in between.
      const rows = await tx.all<{ storage_name: string; rendition_name: string | null }>(
        'DELETE FROM subtitles WHERE file_id = ? RETURNING storage_name, rendition_name',
        [fileId],
      );
      await tx.run('DELETE FROM files WHERE file_id = ? AND account_id = ?', [fileId, accountId]);
      return rows.flatMap((r) => (r.rendition_name ? [r.storage_name, r.rendition_name] : [r.storage_name]));
    });
  }
}
