import type { Db } from './engine';
import {
  isSavedVersion,
  onLiveFile,
  quotaLock,
  type JournalKeys,
  type SubtitleRow,
  type SubtitlesRepository,
} from './subtitles-repository';

/** Saved versions a track keeps (the newest ones); older ones go, with their stored text, at the next save. */
export const VERSIONS_KEPT = 20;

export type SavedVersionKind = 'edit' | 'restore';

export interface SubtitleVersionRow {
  sub_id: number;
  version_no: number;
  storage_name: string;
  size: number;
  kind: SavedVersionKind;
  created_at: number;
  actor: string;
}

/** A saved text to record: its store key (content already stored and journaled), size, kind, who and when. */
export interface NewVersion {
  storage_name: string;
  size: number;
  kind: SavedVersionKind;
  created_at: number;
  actor: string;
}

export type SaveOutcome =
  | { kind: 'saved'; sub: SubtitleRow; versionNo: number; freed: string[] }
  | { kind: 'changed' }
  | { kind: 'gone' }
  | { kind: 'quota'; usedBytes: number };

/**
 * The saved texts of tracks (D38). Version 1 of a track is its upload and has no row; each save adds
 * the next number, and the track's row points its rendition at it, so the player serves it at once.
 */
export class SubtitleVersionsRepository {
  readonly #db: Db;
  readonly #subtitles: SubtitlesRepository;

  constructor(db: Db, subtitles: SubtitlesRepository) {
    this.#db = db;
    this.#subtitles = subtitles;
  }

  /** A track's saved versions, newest first. */
  list(subId: number): Promise<SubtitleVersionRow[]> {
    return this.#db.all<SubtitleVersionRow>('SELECT * FROM subtitle_versions WHERE sub_id = ? ORDER BY version_no DESC', [subId]);
  }

  get(subId: number, versionNo: number): Promise<SubtitleVersionRow | undefined> {
    return this.#db.get<SubtitleVersionRow>('SELECT * FROM subtitle_versions WHERE sub_id = ? AND version_no = ?', [subId, versionNo]);
  }

  /** Whether a store key is the text of one of the track's saved versions. */
  isVersion(subId: number, key: string): Promise<boolean> {
    return isSavedVersion(this.#db, subId, key);
  }

  /**
   * Records a saved text as the track's newest version and the rendition the player serves, only while
   * the track is live and still at `expectedVersion` (two saves from the same version: one wins, the
   * other is 'changed'). Refused when the account's stored bytes plus this text would pass
   * `quotaBytes`. In the same transaction `journal` writes down what no row points at once it commits:
   * the rendition it replaces unless that is a saved version, and versions beyond the last
   * {@link VERSIONS_KEPT}; they are returned as `freed` for the caller to delete after the commit.
   */
  save(accountId: number, subId: number, expectedVersion: number, text: NewVersion, quotaBytes: number, journal: JournalKeys) {
    return this.#db.transaction(async (tx): Promise<SaveOutcome> => {
      // The track and its live file first, before the quota's lock (the order every such transaction takes them in).
      const before = await tx.get<Pick<SubtitleRow, 'rendition_name'>>(
        `SELECT rendition_name FROM subtitles
         WHERE sub_id = ? AND account_id = ? AND deleted_at IS NULL AND ${onLiveFile(this.#db.dialect.forShare)}${this.#db.dialect.forUpdate}`,
        [subId, accountId],
      );
      if (!before) return { kind: 'gone' };
      if (Number.isFinite(quotaBytes)) {
        await this.#db.lock(tx, quotaLock(accountId));
        const usedBytes = await this.#subtitles.usedBytes(accountId, tx);
        if (usedBytes + text.size > quotaBytes) return { kind: 'quota', usedBytes };
      }
      const sub = await this.#subtitles.pointAtVersion(tx, subId, expectedVersion, text);
      if (!sub) return { kind: 'changed' };
      const last = await tx.get<{ n: number | null }>('SELECT MAX(version_no) AS n FROM subtitle_versions WHERE sub_id = ?', [subId]);
      const versionNo = Number(last?.n ?? 1) + 1;
      await tx.run(
        'INSERT INTO subtitle_versions (sub_id, version_no, storage_name, size, kind, created_at, actor) VALUES (?, ?, ?, ?, ?, ?, ?)',
        [subId, versionNo, text.storage_name, text.size, text.kind, text.created_at, text.actor],
      );
      const replaced = before.rendition_name && !(await isSavedVersion(tx, subId, before.rendition_name)) ? [before.rendition_name] : [];
      const pruned = await tx.all<{ storage_name: string }>(
        'DELETE FROM subtitle_versions WHERE sub_id = ? AND version_no <= ? RETURNING storage_name',
        [subId, versionNo - VERSIONS_KEPT],
      );
      const freed = [...replaced, ...pruned.map((r) => r.storage_name)];
      if (freed.length) await journal(freed, tx);
      return { kind: 'saved', sub, versionNo, freed };
    });
  }
}
