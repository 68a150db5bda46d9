import type { Database } from 'better-sqlite3';

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

/** The Subtitle of the API contract (DESIGN.md §6). */
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
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  listForFile(accountId: number, fileId: number): SubtitleRow[] {
    return this.#db
      .prepare('SELECT * FROM subtitles WHERE file_id = ? AND account_id = ? ORDER BY created_at DESC, sub_id DESC')
      .all(fileId, accountId) as SubtitleRow[];
  }

  /** For the public player page (the file's visibility is checked by the caller). */
  listPublic(fileId: number): SubtitleRow[] {
    return this.#db
      .prepare('SELECT * FROM subtitles WHERE file_id = ? ORDER BY sub_lang, sub_id')
      .all(fileId) as SubtitleRow[];
  }

  get(accountId: number, subId: number): SubtitleRow | undefined {
    return this.#db.prepare('SELECT * FROM subtitles WHERE sub_id = ? AND account_id = ?').get(subId, accountId) as
      | SubtitleRow
      | undefined;
  }

  getPublic(fileId: number, subId: number): SubtitleRow | undefined {
    return this.#db.prepare('SELECT * FROM subtitles WHERE sub_id = ? AND file_id = ?').get(subId, fileId) as
      | SubtitleRow
      | undefined;
  }

  findByTmp(accountId: number, subTmp: string): SubtitleRow | undefined {
    return this.#db.prepare('SELECT * FROM subtitles WHERE account_id = ? AND sub_tmp = ?').get(accountId, subTmp) as
      | SubtitleRow
      | undefined;
  }

  /**
   * Inserts unless the (account, sub_tmp) pair exists; either way returns the row that is stored and
   * whether this call created it (a concurrent duplicate loses the race cleanly).
   */
  insert(sub: NewSubtitle): { row: SubtitleRow; created: boolean } {
    return this.#db.transaction(() => {
      const existing = sub.sub_tmp === null ? undefined : this.findByTmp(sub.account_id, sub.sub_tmp);
      if (existing) return { row: existing, created: false };
      const info = this.#db
        .prepare(
          `INSERT INTO subtitles (file_id, account_id, sub_lang, sub_size, sub_name, storage_name, sub_tmp, created_at)
           VALUES (@file_id, @account_id, @sub_lang, @sub_size, @sub_name, @storage_name, @sub_tmp, @created_at)`,
        )
        .run(sub);
      return { row: { ...sub, sub_id: Number(info.lastInsertRowid) }, created: true };
    }).immediate();
  }

  updateLang(accountId: number, subId: number, lang: string): void {
    this.#db.prepare('UPDATE subtitles SET sub_lang = ? WHERE sub_id = ? AND account_id = ?').run(lang, subId, accountId);
  }

  /** Returns the stored name of the deleted subtitle, or null when it is not the caller's. */
  delete(accountId: number, subId: number): string | null {
    return this.#db.transaction(() => {
      const row = this.get(accountId, subId);
      if (!row) return null;
      this.#db.prepare('DELETE FROM subtitles WHERE sub_id = ?').run(subId);
      return row.storage_name;
    }).immediate();
  }
}
