import type { Precondition } from '../lib/etag';
import type { Db, Queryable } from './engine';

export type SubtitleTrashResult = { kind: 'not_found' } | { kind: 'stale'; sub: SubtitleRow } | { kind: 'trashed'; sub: SubtitleRow };

export interface SubtitleRow {
  sub_id: number;
  file_id: number;
  account_id: number;
  sub_lang: string;
  sub_size: number;
  sub_name: string;
  storage_name: string;
  sub_tmp: string | null;
  created_at: number;
  /** The encoding the original is read with (canonical name); null until its rendition was first built. */
  sub_charset: string | null;
  /** Store key of the UTF-8 WebVTT rendition the player serves; null when none could be built. */
  rendition_name: string | null;
  /** Bumped by every change of the row; the subtitle's ETag. */
  version: number;
  /** When it went to the trash; null while it is live. */
  deleted_at: number | null;
}

/** The Subtitle of the API contract. */
export interface SubtitleJson {
  sub_id: number;
  file_id: number;
  sub_lang: string;
  sub_size: number;
  sub_name: string;
  sub_charset: string | null;
  created_at: string;
  version: number;
}

export const toSubtitleJson = (row: SubtitleRow): SubtitleJson => ({
  sub_id: row.sub_id,
  file_id: row.file_id,
  sub_lang: row.sub_lang,
  sub_size: row.sub_size,
  sub_name: row.sub_name,
  sub_charset: row.sub_charset,
  created_at: new Date(row.created_at).toISOString(),
  version: row.version,
});

export type NewSubtitle = Omit<SubtitleRow, 'sub_id' | 'version' | 'deleted_at'>;

/** What an edit or the rendition backfill may change; an absent field is left as it is. */
export type TrackChanges = Partial<Pick<SubtitleRow, 'sub_lang' | 'sub_charset' | 'rendition_name'>>;

export class SubtitlesRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /** The file's live tracks (a trashed one is left out). */
  listForFile(accountId: number, fileId: number): Promise<SubtitleRow[]> {
    return this.#db.all<SubtitleRow>(
      'SELECT * FROM subtitles WHERE file_id = ? AND account_id = ? AND deleted_at IS NULL ORDER BY created_at DESC, sub_id DESC',
      [fileId, accountId],
    );
  }

  /** For the public player page (the file's visibility is checked by the caller). */
  listPublic(fileId: number): Promise<SubtitleRow[]> {
    return this.#db.all<SubtitleRow>('SELECT * FROM subtitles WHERE file_id = ? AND deleted_at IS NULL ORDER BY sub_lang, sub_id', [
      fileId,
    ]);
  }

  /** A live track of the account (a trashed one is not found). */
  get(accountId: number, subId: number, q: Queryable = this.#db): Promise<SubtitleRow | undefined> {
    return q.get<SubtitleRow>('SELECT * FROM subtitles WHERE sub_id = ? AND account_id = ? AND deleted_at IS NULL', [subId, accountId]);
  }

  /** A track of the account's trash. */
  getTrashed(accountId: number, subId: number): Promise<SubtitleRow | undefined> {
    return this.#db.get<SubtitleRow>('SELECT * FROM subtitles WHERE sub_id = ? AND account_id = ? AND deleted_at IS NOT NULL', [
      subId,
      accountId,
    ]);
  }

  getPublic(fileId: number, subId: number): Promise<SubtitleRow | undefined> {
    return this.#db.get<SubtitleRow>('SELECT * FROM subtitles WHERE sub_id = ? AND file_id = ? AND deleted_at IS NULL', [subId, fileId]);
  }

  /** Store keys of every track of a file, trashed ones included (what a purge of the file removes). */
  async storedKeysOfFile(fileId: number): Promise<string[]> {
    const rows = await this.#db.all<{ storage_name: string; rendition_name: string | null }>(
      'SELECT storage_name, rendition_name FROM subtitles WHERE file_id = ?',
      [fileId],
    );
    return rows.flatMap((r) => (r.rendition_name ? [r.storage_name, r.rendition_name] : [r.storage_name]));
  }

  findByTmp(accountId: number, subTmp: string, q: Queryable = this.#db): Promise<SubtitleRow | undefined> {
    return q.get<SubtitleRow>('SELECT * FROM subtitles WHERE account_id = ? AND sub_tmp = ?', [accountId, subTmp]);
  }

  /**
   * Inserts unless the (account, sub_tmp) pair exists; either way returns the row that is stored and
   * whether this call created it (a concurrent duplicate, on any node, loses the race cleanly). When
   * the account's stored bytes plus this subtitle would pass `quotaBytes`, nothing is inserted and the
   * bytes in use are returned instead; parallel uploads of one account are checked one after another.
   */
  insert(
    sub: NewSubtitle,
    quotaBytes = Number.POSITIVE_INFINITY,
  ): Promise<{ row: SubtitleRow; created: boolean } | { quotaExceeded: { usedBytes: number } }> {
    return this.#db.transaction(async (tx) => {
      if (sub.sub_tmp !== null) {
        const first = await this.findByTmp(sub.account_id, sub.sub_tmp, tx);
        if (first) return { row: first, created: false };
      }
      if (Number.isFinite(quotaBytes)) {
        if (this.#db.engine === 'postgres')
          await tx.get("SELECT pg_advisory_xact_lock(hashtext('vp quota ' || ?))", [String(sub.account_id)]);
        const usedBytes = await this.usedBytes(sub.account_id, tx);
        if (usedBytes + sub.sub_size > quotaBytes) return { quotaExceeded: { usedBytes } };
      }
      const inserted = await tx.get<SubtitleRow>(
        `INSERT INTO subtitles (file_id, account_id, sub_lang, sub_size, sub_name, storage_name, sub_tmp, created_at, sub_charset, rendition_name)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (account_id, sub_tmp) WHERE sub_tmp IS NOT NULL DO NOTHING
         RETURNING *`,
        [
          sub.file_id,
          sub.account_id,
          sub.sub_lang,
          sub.sub_size,
          sub.sub_name,
          sub.storage_name,
          sub.sub_tmp,
          sub.created_at,
          sub.sub_charset,
          sub.rendition_name,
        ],
      );
      if (inserted) return { row: inserted, created: true };
      return { row: (await this.findByTmp(sub.account_id, sub.sub_tmp!, tx))!, created: false };
    });
  }

  /** Bytes of subtitle content an account has stored (what its storage quota counts). */
  async usedBytes(accountId: number, q: Queryable = this.#db): Promise<number> {
    const row = await q.get<{ used: number | string | null }>('SELECT SUM(sub_size) AS used FROM subtitles WHERE account_id = ?', [
      accountId,
    ]);
    return Number(row?.used ?? 0);
  }

  /**
   * Changes a track's language and/or its rendition (the encoding used and the store key of its
   * WebVTT text) in one statement that writes only those columns and bumps the version; with
   * `expectedVersion` only while the row is still at that version. Returns the row as it now is, or
   * undefined when it is gone or at another version. The caller has checked that the track is the account's.
   */
  update(subId: number, changes: TrackChanges, expectedVersion?: number): Promise<SubtitleRow | undefined> {
    const columns = (['sub_lang', 'sub_charset', 'rendition_name'] as const).filter((column) => changes[column] !== undefined);
    const condition = expectedVersion === undefined ? '' : ' AND version = ?';
    return this.#db.get<SubtitleRow>(
      `UPDATE subtitles SET ${[...columns.map((column) => `${column} = ?`), 'version = version + 1'].join(', ')} WHERE sub_id = ?${condition} RETURNING *`,
      [...columns.map((column) => changes[column] ?? null), subId, ...(expectedVersion === undefined ? [] : [expectedVersion])],
    );
  }

  /**
   * Records the first rendition of a track stored before renditions existed, unless another server
   * node did it meanwhile (then false: the caller deletes its copy).
   */
  async setFirstRendition(subId: number, charset: string, renditionName: string | null): Promise<boolean> {
    const changed = await this.#db.run(
      'UPDATE subtitles SET sub_charset = ?, rendition_name = ? WHERE sub_id = ? AND sub_charset IS NULL',
      [charset, renditionName, subId],
    );
    return changed > 0;
  }

  /** Tracks stored before renditions existed (sub_charset still null), oldest first, a batch at a time. */
  listWithoutRendition(limit: number): Promise<SubtitleRow[]> {
    return this.#db.all<SubtitleRow>('SELECT * FROM subtitles WHERE sub_charset IS NULL ORDER BY sub_id LIMIT ?', [limit]);
  }

  /** Moves a live track to the trash unless `precondition` fails on it (one column update, the version bumped). */
  trash(accountId: number, subId: number, now: number, precondition?: Precondition): Promise<SubtitleTrashResult> {
    return this.#db.transaction(async (tx): Promise<SubtitleTrashResult> => {
      // Locked until the end (SQLite's write transactions run one at a time): checked and changed as read.
      const forUpdate = this.#db.engine === 'postgres' ? ' FOR UPDATE' : '';
      const row = await tx.get<SubtitleRow>(
        `SELECT * FROM subtitles WHERE sub_id = ? AND account_id = ? AND deleted_at IS NULL${forUpdate}`,
        [subId, accountId],
      );
      if (!row) return { kind: 'not_found' };
      if (precondition && !precondition(row.version)) return { kind: 'stale', sub: row };
      const sub = await tx.get<SubtitleRow>('UPDATE subtitles SET deleted_at = ?, version = version + 1 WHERE sub_id = ? RETURNING *', [
        now,
        subId,
      ]);
      return { kind: 'trashed', sub: sub! };
    });
  }

  /** Brings a track back from the trash; undefined when it is not in the account's trash. */
  restore(accountId: number, subId: number): Promise<SubtitleRow | undefined> {
    return this.#db.get<SubtitleRow>(
      'UPDATE subtitles SET deleted_at = NULL, version = version + 1 WHERE sub_id = ? AND account_id = ? AND deleted_at IS NOT NULL RETURNING *',
      [subId, accountId],
    );
  }

  /**
   * Deletes a trashed track for good; returns its store keys (original and rendition), or null when it
   * is not in the trash or another node is purging it right now (SKIP LOCKED).
   */
  purge(sub: Pick<SubtitleRow, 'sub_id' | 'account_id'>): Promise<string[] | null> {
    const subId = sub.sub_id;
    return this.#db.transaction(async (tx) => {
      const skipLocked = this.#db.engine === 'postgres' ? ' FOR UPDATE SKIP LOCKED' : '';
      const row = await tx.get<SubtitleRow>(
        `SELECT * FROM subtitles WHERE sub_id = ? AND account_id = ? AND deleted_at IS NOT NULL${skipLocked}`,
        [subId, sub.account_id],
      );
      if (!row) return null;
      await tx.run('DELETE FROM subtitles WHERE sub_id = ?', [subId]);
      return row.rendition_name ? [row.storage_name, row.rendition_name] : [row.storage_name];
    });
  }

  /** Trashed tracks that went there at or before `cutoff`, oldest first. */
  expired(cutoff: number, limit: number): Promise<SubtitleRow[]> {
    return this.#db.all<SubtitleRow>(
      'SELECT * FROM subtitles WHERE deleted_at IS NOT NULL AND deleted_at <= ? ORDER BY deleted_at LIMIT ?',
      [cutoff, limit],
    );
  }
}
