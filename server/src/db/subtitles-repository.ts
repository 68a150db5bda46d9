import type { SubtitleJson } from '../../../src/contract/subtitle';
import type { Precondition } from '../lib/etag';
import { isForeignKeyViolation, isUniqueViolation, type Db, type Queryable } from './engine';

/** A subtitles track, or a file's chapters track (D66: at most one live per file). */
export type TrackKind = 'subtitles' | 'chapters';

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
  /** Bytes of that rendition (counted by the quota); null until measured for tracks stored before it was recorded. */
  rendition_size: number | null;
  /** Bumped by every change of the row; the subtitle's ETag. */
  version: number;
  /** When it went to the trash; null while it is live. */
  deleted_at: number | null;
  track_kind: TrackKind;
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

export type NewSubtitle = Omit<SubtitleRow, 'sub_id' | 'version' | 'deleted_at' | 'track_kind'> & { track_kind?: TrackKind };

/** A new player rendition of a track: the encoding its original was read with, its store key and size. */
export type NewRendition = Pick<SubtitleRow, 'sub_charset'> & { rendition_name: string; rendition_size: number };

/** Writes, inside the transaction that changes the rows, the store keys a change leaves without a row. */
export type JournalKeys = (keys: readonly string[], tx: Queryable) => Promise<void>;

/** The storage a track takes: its original and its player rendition (what the quota counts). */
const STORED_BYTES = 'sub_size + COALESCE(rendition_size, 0)';

/** Store keys of a track's saved versions (D38); with `file_id = ?` instead, of every track of a file. */
const VERSION_KEYS = 'SELECT v.storage_name FROM subtitle_versions v JOIN subtitles s ON s.sub_id = v.sub_id WHERE s.';

/** A track's store keys: its original, its rendition (which may be a version's), its saved versions. */
const storedKeysOf = (
  rows: readonly Pick<SubtitleRow, 'storage_name' | 'rendition_name'>[],
  versions: readonly { storage_name: string }[],
) => [
  ...new Set([
    ...rows.flatMap((r) => (r.rendition_name ? [r.storage_name, r.rendition_name] : [r.storage_name])),
    ...versions.map((v) => v.storage_name),
  ]),
];

/** Whether a store key is the text of one of a track's saved versions (then it stays when the rendition moves on). */
export const isSavedVersion = async (q: Queryable, subId: number, key: string): Promise<boolean> =>
  (await q.get('SELECT 1 FROM subtitle_versions WHERE sub_id = ? AND storage_name = ?', [subId, key])) !== undefined;

/** The named lock that puts an account's quota checks and the writes they allow in line (one node or many). */
export const quotaLock = (accountId: number): string => `vp quota ${accountId}`;

/** Keys of the saved versions of the tracks of a file (before they are deleted with them). */
const versionKeysOfFile = (q: Queryable, fileId: number): Promise<{ storage_name: string }[]> =>
  q.all(`${VERSION_KEYS}file_id = ?`, [fileId]);

/**
 * Deletes every track of a file, in the caller's transaction `tx` (the file's purge), and returns their
 * store keys: the saved versions' (read first: their rows go with the tracks), and the originals and
 * renditions as deleted (RETURNING, not as read before: a track's encoding change may commit in between).
 */
export async function deleteTracksOfFile(tx: Queryable, fileId: number): Promise<string[]> {
  const versions = await versionKeysOfFile(tx, fileId);
  const rows = await tx.all<{ storage_name: string; rendition_name: string | null }>(
    'DELETE FROM subtitles WHERE file_id = ? RETURNING storage_name, rendition_name',
    [fileId],
  );
  return storedKeysOf(rows, versions);
}

/**
 * A track's file is live: not in the trash (a trashed file's row is under the negated account id,
 * its tracks stay as they were) and not purged. A track is its account's only through a live file, so
 * every read and write of a track by its account asks this; a write passes the engine's `forShare`,
 * so that the file cannot go to the trash until the write has committed (the trash waits for it, or
 * the write waits for the trash and then finds the file gone).
 */
export const onLiveFile = (lock = ''): string =>
  `EXISTS (SELECT 1 FROM files f WHERE f.file_id = subtitles.file_id AND f.account_id = subtitles.account_id${lock})`;

export class SubtitlesRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /** The file's live subtitle tracks (a trashed one, and its chapters, are left out). */
  listForFile(accountId: number, fileId: number): Promise<SubtitleRow[]> {
    return this.#db.all<SubtitleRow>(
      `SELECT * FROM subtitles WHERE file_id = ? AND account_id = ? AND deleted_at IS NULL AND track_kind = 'subtitles'
       ORDER BY created_at DESC, sub_id DESC`,
      [fileId, accountId],
    );
  }

  /** For the public player page (the file's visibility is checked by the caller): its subtitles, and its chapters track if any. */
  listPublic(fileId: number): Promise<SubtitleRow[]> {
    return this.#db.all<SubtitleRow>('SELECT * FROM subtitles WHERE file_id = ? AND deleted_at IS NULL ORDER BY sub_lang, sub_id', [
      fileId,
    ]);
  }

  /** The file's live chapters track (D66), if it has one and is the account's live file. */
  chaptersOf(accountId: number, fileId: number): Promise<SubtitleRow | undefined> {
    return this.#db.get<SubtitleRow>(
      `SELECT * FROM subtitles WHERE file_id = ? AND account_id = ? AND deleted_at IS NULL AND track_kind = 'chapters' AND ${onLiveFile()}`,
      [fileId, accountId],
    );
  }

  /** A live track of the account (a trashed one, or one of a trashed file, is not found). */
  get(accountId: number, subId: number, q: Queryable = this.#db): Promise<SubtitleRow | undefined> {
    return q.get<SubtitleRow>(`SELECT * FROM subtitles WHERE sub_id = ? AND account_id = ? AND deleted_at IS NULL AND ${onLiveFile()}`, [
      subId,
      accountId,
    ]);
  }

  /** A track of the account's trash, while its file is live (a trashed file's tracks go and come back with it). */
  getTrashed(accountId: number, subId: number): Promise<SubtitleRow | undefined> {
    return this.#db.get<SubtitleRow>(
      `SELECT * FROM subtitles WHERE sub_id = ? AND account_id = ? AND deleted_at IS NOT NULL AND ${onLiveFile()}`,
      [subId, accountId],
    );
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
    return storedKeysOf(rows, await versionKeysOfFile(this.#db, fileId));
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
   * A file that is no longer live is `fileGone`: checked in the insert's transaction with the file's row
   * held (PostgreSQL: FOR SHARE, which a trash's UPDATE waits for; SQLite: inside the one write
   * transaction), so an upload racing its file's trash lands before it (and goes to the trash with the
   * file) or is refused, never on the trashed file; a purge's DELETE is refused by the foreign key too.
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

  /**
   * Inserts a file's chapters track (D66) as `insert` does a subtitle track; `chaptersTaken` when the
   * file has a live one already (another request gave it one first: subtitles_one_chapters_track).
   */
  async insertChapters(
    sub: Omit<NewSubtitle, 'sub_tmp' | 'track_kind'>,
    quotaBytes: number,
  ): Promise<{ row: SubtitleRow } | { quotaExceeded: { usedBytes: number } } | { fileGone: true } | { chaptersTaken: true }> {
    try {
      return await this.insert({ ...sub, sub_tmp: null, track_kind: 'chapters' }, quotaBytes);
    } catch (err) {
      if (isUniqueViolation(err)) return { chaptersTaken: true };
      throw err;
    }
  }

  /** In a write transaction: whether the account's file is live, its row held until `tx` ends (see onLiveFile). */
  async #holdLiveFile(tx: Queryable, accountId: number, fileId: number): Promise<boolean> {
    const held = await tx.get(`SELECT 1 FROM files WHERE file_id = ? AND account_id = ?${this.#db.dialect.forShare}`, [fileId, accountId]);
    return held !== undefined;
  }

  #insert(
    sub: NewSubtitle,
    quotaBytes: number,
  ): Promise<{ row: SubtitleRow; created: boolean } | { quotaExceeded: { usedBytes: number } } | { fileGone: true }> {
    return this.#db.transaction(async (tx) => {
      // First, before the quota's lock: every transaction that takes both takes them in this order.
      if (!(await this.#holdLiveFile(tx, sub.account_id, sub.file_id))) return { fileGone: true };
      if (sub.sub_tmp !== null) {
        const first = await this.findByTmp(sub.account_id, sub.file_id, sub.sub_tmp, tx);
        if (first) return { row: first, created: false };
      }
      if (Number.isFinite(quotaBytes)) {
        await this.#db.lock(tx, quotaLock(sub.account_id));
        const usedBytes = await this.usedBytes(sub.account_id, tx);
        if (usedBytes + sub.sub_size + (sub.rendition_size ?? 0) > quotaBytes) return { quotaExceeded: { usedBytes } };
      }
      const inserted = await tx.get<SubtitleRow>(
        `INSERT INTO subtitles (file_id, account_id, sub_lang, sub_size, sub_name, storage_name, sub_tmp, created_at, sub_charset, rendition_name, rendition_size, track_kind)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
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
          sub.track_kind ?? 'subtitles',
        ],
      );
      if (inserted) return { row: inserted, created: true };
      return { row: (await this.findByTmp(sub.account_id, sub.file_id, sub.sub_tmp!, tx))!, created: false };
    });
  }

  /**
   * Bytes of subtitle content an account has stored, originals, renditions and saved versions (what its
   * storage quota counts); a version the rendition points at is counted once.
   */
  async usedBytes(accountId: number, q: Queryable = this.#db): Promise<number> {
    const row = await q.get<{ used: number | string | null }>(
      `SELECT (SELECT COALESCE(SUM(${STORED_BYTES}), 0) FROM subtitles WHERE account_id = ?)
            + (SELECT COALESCE(SUM(v.size), 0) FROM subtitle_versions v JOIN subtitles s ON s.sub_id = v.sub_id
               WHERE s.account_id = ? AND v.storage_name <> COALESCE(s.rendition_name, '')) AS used`,
      [accountId, accountId],
    );
    return Number(row?.used ?? 0);
  }

  /**
   * Changes only a track's language (never columns the request did not change, so a concurrent
   * encoding change keeps its own). Returns the stored row, or undefined when it is not the account's.
   */
  setLanguage(accountId: number, subId: number, lang: string, expectedVersion?: number): Promise<SubtitleRow | undefined> {
    const condition = expectedVersion === undefined ? '' : ' AND version = ?';
    return this.#db.get<SubtitleRow>(
      `UPDATE subtitles SET sub_lang = ?, version = version + 1
       WHERE sub_id = ? AND account_id = ? AND deleted_at IS NULL AND ${onLiveFile(this.#db.dialect.forShare)}${condition} RETURNING *`,
      [lang, subId, accountId, ...(expectedVersion === undefined ? [] : [expectedVersion])],
    );
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
    expectedVersion?: number,
  ): Promise<SubtitleRow | 'changed' | 'gone'> {
    const condition = expectedVersion === undefined ? '' : ' AND version = ?';
    const same = this.#db.dialect.isNotDistinctFrom;
    return this.#db.transaction(async (tx) => {
      const row = await tx.get<SubtitleRow>(
        `UPDATE subtitles SET sub_charset = ?, rendition_name = ?, rendition_size = ?${lang === undefined ? '' : ', sub_lang = ?'}, version = version + 1
         WHERE sub_id = ? AND account_id = ? AND deleted_at IS NULL AND ${onLiveFile(this.#db.dialect.forShare)}
           AND rendition_name ${same} ?${condition}
         RETURNING *`,
        [
          rendition.sub_charset,
          rendition.rendition_name,
          rendition.rendition_size,
          ...(lang === undefined ? [] : [lang]),
          subId,
          accountId,
          replaced,
          ...(expectedVersion === undefined ? [] : [expectedVersion]),
        ],
      );
      if (!row) return (await this.get(accountId, subId, tx)) ? 'changed' : 'gone';
      // A saved version's text stays (D38): only a rendition no version keeps goes.
      if (replaced && !(await isSavedVersion(tx, subId, replaced))) await journal([replaced], tx);
      return row;
    });
  }

  /**
   * Points a track's rendition at a saved text (the cue editor's save, in its transaction `tx`), only
   * while the track is still at `expectedVersion`; the track as it is now, or undefined when it was not.
   */
  pointAtVersion(
    tx: Queryable,
    subId: number,
    expectedVersion: number,
    text: { storage_name: string; size: number },
  ): Promise<SubtitleRow | undefined> {
    return tx.get<SubtitleRow>(
      'UPDATE subtitles SET rendition_name = ?, rendition_size = ?, version = version + 1 WHERE sub_id = ? AND version = ? RETURNING *',
      [text.storage_name, text.size, subId, expectedVersion],
    );
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

  /** Moves a live track to the trash unless `precondition` fails on it (one column update, the version bumped). */
  trash(accountId: number, subId: number, now: number, precondition?: Precondition): Promise<SubtitleTrashResult> {
    return this.#db.transaction(async (tx): Promise<SubtitleTrashResult> => {
      // Locked until the end (SQLite's write transactions run one at a time): checked and changed as read.
      const row = await tx.get<SubtitleRow>(
        `SELECT * FROM subtitles WHERE sub_id = ? AND account_id = ? AND deleted_at IS NULL AND ${onLiveFile(this.#db.dialect.forShare)}${this.#db.dialect.forUpdate}`,
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

  /** Brings a track back from the trash; undefined when it is not in the account's trash, or its file is not live. */
  restore(accountId: number, subId: number): Promise<SubtitleRow | undefined> {
    return this.#db.get<SubtitleRow>(
      `UPDATE subtitles SET deleted_at = NULL, version = version + 1
       WHERE sub_id = ? AND account_id = ? AND deleted_at IS NOT NULL AND ${onLiveFile(this.#db.dialect.forShare)} RETURNING *`,
      [subId, accountId],
    );
  }

  /**
   * Deletes a trashed track for good, its saved versions with it; `journal` writes down its store keys
   * in the same transaction (the keys of the rows as deleted). Returns them, or null when it is not in
   * the account's trash or another node is purging it right now (SKIP LOCKED).
   */
  purge(accountId: number, subId: number, journal: JournalKeys): Promise<string[] | null> {
    return this.#db.transaction(async (tx) => {
      const held = await tx.get(
        `SELECT 1 FROM subtitles WHERE sub_id = ? AND account_id = ? AND deleted_at IS NOT NULL${this.#db.dialect.skipLocked}`,
        [subId, accountId],
      );
      if (!held) return null;
      const versions = await tx.all<{ storage_name: string }>(`${VERSION_KEYS}sub_id = ?`, [subId]);
      const row = (await tx.get<Pick<SubtitleRow, 'storage_name' | 'rendition_name'>>(
        'DELETE FROM subtitles WHERE sub_id = ? RETURNING storage_name, rendition_name',
        [subId],
      ))!;
      const keys = storedKeysOf([row], versions);
      await journal(keys, tx);
      return keys;
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
