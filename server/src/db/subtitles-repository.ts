import { isForeignKeyViolation, type Db, type Queryable } from './engine';

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
  /** Bytes of that rendition (counted by the quota); null until measured for tracks stored before it was recorded. */
  rendition_size: number | null;
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
}

export const toSubtitleJson = (row: SubtitleRow): SubtitleJson => ({
  sub_id: row.sub_id,
  file_id: row.file_id,
  sub_lang: row.sub_lang,
  sub_size: row.sub_size,
  sub_name: row.sub_name,
  sub_charset: row.sub_charset,
  created_at: new Date(row.created_at).toISOString(),
});

export type NewSubtitle = Omit<SubtitleRow, 'sub_id'>;

/** A new player rendition of a track: the encoding its original was read with, its store key and size. */
export type NewRendition = Pick<SubtitleRow, 'sub_charset'> & { rendition_name: string; rendition_size: number };

/** Writes, inside the transaction that changes the rows, the store keys a change leaves without a row. */
export type JournalKeys = (keys: readonly string[], tx: Queryable) => Promise<void>;

/** The storage a track takes: its original and its player rendition (what the quota counts). */
const STORED_BYTES = 'sub_size + COALESCE(rendition_size, 0)';

export class SubtitlesRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  listForFile(accountId: number, fileId: number): Promise<SubtitleRow[]> {
    return this.#db.all<SubtitleRow>('SELECT * FROM subtitles WHERE file_id = ? AND account_id = ? ORDER BY created_at DESC, sub_id DESC', [
      fileId,
      accountId,
    ]);
  }

  /** For the public player page (the file's visibility is checked by the caller). */
  listPublic(fileId: number): Promise<SubtitleRow[]> {
    return this.#db.all<SubtitleRow>('SELECT * FROM subtitles WHERE file_id = ? ORDER BY sub_lang, sub_id', [fileId]);
  }

  get(accountId: number, subId: number, q: Queryable = this.#db): Promise<SubtitleRow | undefined> {
    return q.get<SubtitleRow>('SELECT * FROM subtitles WHERE sub_id = ? AND account_id = ?', [subId, accountId]);
  }

  getPublic(fileId: number, subId: number): Promise<SubtitleRow | undefined> {
    return this.#db.get<SubtitleRow>('SELECT * FROM subtitles WHERE sub_id = ? AND file_id = ?', [subId, fileId]);
  }

  /** The track an upload with this idempotency key stored on this file, if any (a key is per file). */
  findByTmp(accountId: number, fileId: number, subTmp: string, q: Queryable = this.#db): Promise<SubtitleRow | undefined> {
    return q.get<SubtitleRow>('SELECT * FROM subtitles WHERE account_id = ? AND file_id = ? AND sub_tmp = ?', [accountId, fileId, subTmp]);
  }

  /**
   * Inserts unless the (account, file, sub_tmp) triple exists; either way returns the row that is
   * stored and whether this call created it (a concurrent duplicate, on any node, loses the race
   * cleanly). When the account's stored bytes plus this subtitle's (original and rendition) would pass
   * `quotaBytes`, nothing is inserted and the bytes in use are returned instead; parallel uploads of
   * one account are checked one after another.
   * A file deleted while its subtitle was being uploaded is `fileGone` (the foreign key refused the row).
   */
  async insert(
    sub: NewSubtitle,
    quotaBytes = Number.POSITIVE_INFINITY,
  ): Promise<{ row: SubtitleRow; created: boolean } | { quotaExceeded: { usedBytes: number } } | { fileGone: true }> {
    try {
      return await this.#insert(sub, quotaBytes);
    } catch (err) {
      if (isForeignKeyViolation(err)) return { fileGone: true };
      throw err;
    }
  }

  #insert(
    sub: NewSubtitle,
    quotaBytes: number,
  ): Promise<{ row: SubtitleRow; created: boolean } | { quotaExceeded: { usedBytes: number } }> {
    return this.#db.transaction(async (tx) => {
      if (sub.sub_tmp !== null) {
        const first = await this.findByTmp(sub.account_id, sub.file_id, sub.sub_tmp, tx);
        if (first) return { row: first, created: false };
      }
      if (Number.isFinite(quotaBytes)) {
        if (this.#db.engine === 'postgres')
          await tx.get("SELECT pg_advisory_xact_lock(hashtext('vp quota ' || ?))", [String(sub.account_id)]);
        const usedBytes = await this.usedBytes(sub.account_id, tx);
        if (usedBytes + sub.sub_size + (sub.rendition_size ?? 0) > quotaBytes) return { quotaExceeded: { usedBytes } };
      }
      const inserted = await tx.get<SubtitleRow>(
        `INSERT INTO subtitles (file_id, account_id, sub_lang, sub_size, sub_name, storage_name, sub_tmp, created_at, sub_charset, rendition_name, rendition_size)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (account_id, file_id, sub_tmp) WHERE sub_tmp IS NOT NULL DO NOTHING
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
          sub.rendition_size,
        ],
      );
      if (inserted) return { row: inserted, created: true };
      return { row: (await this.findByTmp(sub.account_id, sub.file_id, sub.sub_tmp!, tx))!, created: false };
    });
  }

  /** Bytes of subtitle content an account has stored, originals and renditions (what its storage quota counts). */
  async usedBytes(accountId: number, q: Queryable = this.#db): Promise<number> {
    const row = await q.get<{ used: number | string | null }>(`SELECT SUM(${STORED_BYTES}) AS used FROM subtitles WHERE account_id = ?`, [
      accountId,
    ]);
    return Number(row?.used ?? 0);
  }

  /**
   * Changes only a track's language (never columns the request did not change, so a concurrent
   * encoding change keeps its own). Returns the stored row, or undefined when it is not the account's.
   */
  setLanguage(accountId: number, subId: number, lang: string): Promise<SubtitleRow | undefined> {
    return this.#db.get<SubtitleRow>('UPDATE subtitles SET sub_lang = ? WHERE sub_id = ? AND account_id = ? RETURNING *', [
      lang,
      subId,
      accountId,
    ]);
  }

  /**
   * Points a track at a new rendition (and a new language when `lang` is given), only if it still
   * points at `replaced`: two encoding changes, or one racing a delete, cannot both win. In the same
   * transaction `journal` writes down the replaced key, which no row points at once this commits.
   * Returns the stored row; 'changed' when another request replaced the rendition first, 'gone' when
   * the track is no longer the account's. Either way nothing was written and the caller removes its
   * own new rendition.
   */
  replaceRendition(
    accountId: number,
    subId: number,
    replaced: string | null,
    rendition: NewRendition,
    lang: string | undefined,
    journal: JournalKeys,
  ): Promise<SubtitleRow | 'changed' | 'gone'> {
    const same = this.#db.engine === 'postgres' ? 'IS NOT DISTINCT FROM' : 'IS';
    return this.#db.transaction(async (tx) => {
      const row = await tx.get<SubtitleRow>(
        `UPDATE subtitles SET sub_charset = ?, rendition_name = ?, rendition_size = ?${lang === undefined ? '' : ', sub_lang = ?'}
         WHERE sub_id = ? AND account_id = ? AND rendition_name ${same} ?
         RETURNING *`,
        [
          rendition.sub_charset,
          rendition.rendition_name,
          rendition.rendition_size,
          ...(lang === undefined ? [] : [lang]),
          subId,
          accountId,
          replaced,
        ],
      );
      if (!row) return (await this.get(accountId, subId, tx)) ? 'changed' : 'gone';
      if (replaced) await journal([replaced], tx);
      return row;
    });
  }

  /** Records the measured size of a rendition stored before sizes were (see measureRenditions). */
  async setRenditionSize(subId: number, renditionName: string, size: number): Promise<void> {
    await this.#db.run('UPDATE subtitles SET rendition_size = ? WHERE sub_id = ? AND rendition_name = ?', [size, subId, renditionName]);
  }

  /** Tracks with a rendition whose size was never recorded, a batch at a time. */
  listUnmeasuredRenditions(limit: number): Promise<Pick<SubtitleRow, 'sub_id' | 'rendition_name'>[]> {
    return this.#db.all(
      'SELECT sub_id, rendition_name FROM subtitles WHERE rendition_name IS NOT NULL AND rendition_size IS NULL ORDER BY sub_id LIMIT ?',
      [limit],
    );
  }

  /**
   * Records the first rendition of a track stored before renditions existed, unless another server
   * node did it meanwhile (then false: the caller deletes its copy).
   */
  async setFirstRendition(subId: number, charset: string, renditionName: string | null, renditionSize: number | null): Promise<boolean> {
    const changed = await this.#db.run(
      'UPDATE subtitles SET sub_charset = ?, rendition_name = ?, rendition_size = ? WHERE sub_id = ? AND sub_charset IS NULL',
      [charset, renditionName, renditionSize, subId],
    );
    return changed > 0;
  }

  /** Tracks stored before renditions existed (sub_charset still null), oldest first, a batch at a time. */
  listWithoutRendition(limit: number): Promise<SubtitleRow[]> {
    return this.#db.all<SubtitleRow>('SELECT * FROM subtitles WHERE sub_charset IS NULL ORDER BY sub_id LIMIT ?', [limit]);
  }

  /**
   * Deletes a track; `journal` writes down its store keys in the same transaction. The keys are those
   * of the row as deleted (RETURNING), not as read before: on PostgreSQL an encoding change may commit
   * between a read and the delete. Returns them, or null when the track is not the caller's.
   */
  delete(accountId: number, subId: number, journal: JournalKeys): Promise<string[] | null> {
    return this.#db.transaction(async (tx) => {
      const row = await tx.get<Pick<SubtitleRow, 'storage_name' | 'rendition_name'>>(
        'DELETE FROM subtitles WHERE sub_id = ? AND account_id = ? RETURNING storage_name, rendition_name',
        [subId, accountId],
      );
      if (!row) return null;
      const keys = row.rendition_name ? [row.storage_name, row.rendition_name] : [row.storage_name];
      await journal(keys, tx);
      return keys;
    });
  }
}
