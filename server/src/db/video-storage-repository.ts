import type { Db, Queryable } from './engine';

/** Why a video's bytes were refused: the account's bytes in use (stored and reserved) when it was checked. */
export interface QuotaRefusal {
  usedBytes: number;
}

/** The last key of a folder's range: every key below `folder/` sorts before `folder0` ('0' follows '/'). */
const folderEnd = (folder: string): string => `${folder.slice(0, -1)}0`;

/**
 * The video storage of each account (VP_ACCOUNT_VIDEO_QUOTA_BYTES): a row per stored object or folder
 * (`media_key`) with its bytes, and one counter per account changed in the same transaction as the
 * rows, so the quota check reads one row whatever the account stores. What counts:
 *
 * - an upload in progress (multipart or tus) by the bytes it reserved before its first byte was
 *   written (a multipart Content-Length, a tus Upload-Length), `file_id` NULL until its file exists;
 * - an uploaded source waiting for the pipeline, at its real size, the file's (`claim`);
 * - a file's published media (renditions, thumbnail, storyboard), once the pipeline stored them.
 *
 * A trashed file keeps counting; a purge, a removed source and a refused or abandoned upload free
 * their rows (`releaseFile`, `release`).
 */
export class VideoStorageRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /** The account a file belongs to (trashed or not), or undefined once it is gone. */
  async accountOfFile(fileId: number, q: Queryable = this.#db): Promise<number | undefined> {
    return (await q.get<{ account_id: number }>('SELECT abs(account_id) AS account_id FROM files WHERE file_id = ?', [fileId]))?.account_id;
  }

  /** Bytes the account stores and has reserved for uploads in progress. */
  async usedBytes(accountId: number, q: Queryable = this.#db): Promise<number> {
    return (await q.get<{ bytes: number }>('SELECT bytes FROM account_video_bytes WHERE account_id = ?', [accountId]))?.bytes ?? 0;
  }

  /**
   * Adds `delta` bytes to the account's counter; a growth that would pass `quotaBytes` changes nothing
   * and returns the bytes in use. One conditional UPDATE: parallel transactions of an account (on any
   * node) wait on its row and each sees the other's bytes.
   */
  async #add(tx: Queryable, accountId: number, delta: number, quotaBytes: number): Promise<QuotaRefusal | null> {
    await tx.run('INSERT INTO account_video_bytes (account_id, bytes) VALUES (?, 0) ON CONFLICT (account_id) DO NOTHING', [accountId]);
    if (delta <= 0 || !Number.isFinite(quotaBytes)) {
      await tx.run('UPDATE account_video_bytes SET bytes = bytes + ? WHERE account_id = ?', [delta, accountId]);
      return null;
    }
    const changed = await tx.run('UPDATE account_video_bytes SET bytes = bytes + ? WHERE account_id = ? AND bytes + ? <= ?', [
      delta,
      accountId,
      delta,
      quotaBytes,
    ]);
    return changed ? null : { usedBytes: await this.usedBytes(accountId, tx) };
  }

  /**
   * Reserves `bytes` under `key` for an upload about to be written, in the caller's transaction: null,
   * or the refusal when they do not fit in `quotaBytes` (nothing is reserved then).
   */
  async reserve(
    tx: Queryable,
    key: string,
    accountId: number,
    bytes: number,
    now: number,
    quotaBytes: number,
  ): Promise<QuotaRefusal | null> {
    const refused = await this.#add(tx, accountId, bytes, quotaBytes);
    if (refused) return refused;
    await tx.run('INSERT INTO video_storage (media_key, account_id, file_id, bytes, created_at) VALUES (?, ?, NULL, ?, ?)', [
      key,
      accountId,
      bytes,
      now,
    ]);
    return null;
  }

  /**
   * In the transaction that creates the file: the upload under `key` becomes the file's source, at
   * its real size (more than it reserved must still fit). Throws VideoQuotaExceeded (rolling the
   * file back) when it does not.
   */
  async claim(tx: Queryable, key: string, fileId: number, bytes: number, quotaBytes: number): Promise<void> {
    const row = await tx.get<{ account_id: number; bytes: number }>(
      `SELECT account_id, bytes FROM video_storage WHERE media_key = ?${this.#db.dialect.forUpdate}`,
      [key],
    );
    if (!row) throw new Error(`No reservation for ${key}`);
    const refused = await this.#add(tx, row.account_id, bytes - row.bytes, quotaBytes);
    if (refused) throw new VideoQuotaExceeded(refused.usedBytes);
    await tx.run('UPDATE video_storage SET file_id = ?, bytes = ? WHERE media_key = ?', [fileId, bytes, key]);
  }

  /**
   * Counts a file's stored media (a pipeline's published folder) at `bytes`, in the caller's
   * transaction; a folder counted before is counted again at its new size (an external pipeline that
   * reports its images after its rendition).
   */
  async record(tx: Queryable, key: string, fileId: number, bytes: number, now: number): Promise<void> {
    const accountId = await this.accountOfFile(fileId, tx);
    if (accountId === undefined) return; // purged meanwhile: its media goes with it
    const counted = await tx.get<{ bytes: number }>(`SELECT bytes FROM video_storage WHERE media_key = ?${this.#db.dialect.forUpdate}`, [
      key,
    ]);
    await this.#add(tx, accountId, bytes - (counted?.bytes ?? 0), Number.POSITIVE_INFINITY);
    if (counted) await tx.run('UPDATE video_storage SET bytes = ? WHERE media_key = ?', [bytes, key]);
    else
      await tx.run('INSERT INTO video_storage (media_key, account_id, file_id, bytes, created_at) VALUES (?, ?, ?, ?, ?)', [
        key,
        accountId,
        fileId,
        bytes,
        now,
      ]);
  }

  /** Frees what is stored under each key (a folder key ending with `/`: everything below it). */
  async release(keys: readonly string[], q?: Queryable): Promise<void> {
    if (!keys.length) return;
    const run = async (tx: Queryable) => {
      for (const key of keys) {
        const rows = key.endsWith('/')
          ? await tx.all<{ account_id: number; bytes: number }>(
              'DELETE FROM video_storage WHERE media_key >= ? AND media_key < ? RETURNING account_id, bytes',
              [key, folderEnd(key)],
            )
          : await tx.all<{ account_id: number; bytes: number }>(
              'DELETE FROM video_storage WHERE media_key = ? RETURNING account_id, bytes',
              [key],
            );
        await this.#subtract(tx, rows);
      }
    };
    await (q ? run(q) : this.#db.transaction(run));
  }

  /** In the purge's transaction: everything the file stored is freed. */
  async releaseFile(tx: Queryable, fileId: number): Promise<void> {
    await this.#subtract(
      tx,
      await tx.all<{ account_id: number; bytes: number }>('DELETE FROM video_storage WHERE file_id = ? RETURNING account_id, bytes', [
        fileId,
      ]),
    );
  }

  async #subtract(tx: Queryable, rows: readonly { account_id: number; bytes: number }[]): Promise<void> {
    for (const row of rows) await this.#add(tx, row.account_id, -row.bytes, Number.POSITIVE_INFINITY);
  }

  /** Uploads under `prefix` that reserved bytes at or before `cutoff` and never became a file's. */
  async unclaimed(prefix: string, cutoff: number): Promise<string[]> {
    const rows = await this.#db.all<{ media_key: string }>(
      'SELECT media_key FROM video_storage WHERE file_id IS NULL AND created_at <= ? AND media_key >= ? AND media_key < ?',
      [cutoff, prefix, folderEnd(prefix)],
    );
    return rows.map((r) => r.media_key);
  }
}

/** Thrown inside a transaction whose video bytes do not fit the account's quota (it rolls back). */
export class VideoQuotaExceeded extends Error {
  constructor(readonly usedBytes: number) {
    super('video storage quota exceeded');
  }
}
