import type { Db, Queryable } from './engine';

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
}

/** The Subtitle of the API contract. */
export interface SubtitleJson {
  sub_id: number;
  file_id: number;
  sub_lang: string;
  sub_size: number;
  sub_name: string;
  created_at: string;
}

export const toSubtitleJson = (row: SubtitleRow): SubtitleJson => ({
  sub_id: row.sub_id,
  file_id: row.file_id,
  sub_lang: row.sub_lang,
  sub_size: row.sub_size,
  sub_name: row.sub_name,
  created_at: new Date(row.created_at).toISOString(),
});

export type NewSubtitle = Omit<SubtitleRow, 'sub_id'>;

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

  findByTmp(accountId: number, subTmp: string, q: Queryable = this.#db): Promise<SubtitleRow | undefined> {
    return q.get<SubtitleRow>('SELECT * FROM subtitles WHERE account_id = ? AND sub_tmp = ?', [accountId, subTmp]);
  }

  /**
   * Inserts unless the (account, sub_tmp) pair exists; either way returns the row that is stored and
   * whether this call created it (a concurrent duplicate, on any node, loses the race cleanly).
   */
  insert(sub: NewSubtitle): Promise<{ row: SubtitleRow; created: boolean }> {
    return this.#db.transaction(async (tx) => {
      const inserted = await tx.get<SubtitleRow>(
        `INSERT INTO subtitles (file_id, account_id, sub_lang, sub_size, sub_name, storage_name, sub_tmp, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (account_id, sub_tmp) WHERE sub_tmp IS NOT NULL DO NOTHING
         RETURNING *`,
        [sub.file_id, sub.account_id, sub.sub_lang, sub.sub_size, sub.sub_name, sub.storage_name, sub.sub_tmp, sub.created_at],
      );
      if (inserted) return { row: inserted, created: true };
      return { row: (await this.findByTmp(sub.account_id, sub.sub_tmp!, tx))!, created: false };
    });
  }

  async updateLang(accountId: number, subId: number, lang: string): Promise<void> {
    await this.#db.run('UPDATE subtitles SET sub_lang = ? WHERE sub_id = ? AND account_id = ?', [lang, subId, accountId]);
  }

  /** Returns the stored name of the deleted subtitle, or null when it is not the caller's. */
  delete(accountId: number, subId: number): Promise<string | null> {
    return this.#db.transaction(async (tx) => {
      const row = await this.get(accountId, subId, tx);
      if (!row) return null;
      await tx.run('DELETE FROM subtitles WHERE sub_id = ?', [subId]);
      return row.storage_name;
    });
  }
}
