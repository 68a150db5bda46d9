import { inList, type Db, type Queryable, type SqlValue } from './engine';
import { BUCKETS, retentionCurve, rollUp, sessionKey, type BeatRow, type SessionRow, type TopDelta } from './view-rollup';

/** A beat the endpoint accepted, as it is stored until the roll-up. */
export interface StoredBeat {
  fileId: number;
  sessionId: string;
  at: number;
  position: number;
  played: number;
  duration: number | null;
  ended: boolean;
  host: string;
  country: string;
}

/** What one file or one account's files had over a range of days. */
export interface ViewStats {
  totals: { views: number; watch_seconds: number; sessions: number };
  days: { date: string; views: number; watch_seconds: number }[];
  sites: { host: string; views: number }[];
  countries: { country: string; views: number }[];
  /** The share of views that reached each tenth of the video (10 values, the first 1 when there are views). */
  retention: number[];
}

/** Rows of one multi-row INSERT (SQLite allows 32,766 parameters; 10 a beat). */
const INSERT_ROWS = 100;
/** Beats one roll-up transaction takes. */
const ROLLUP_BATCH = 5_000;
/** The most sites and countries kept per file per day: a flood of made-up hosts cannot grow the table. */
export const TOPS_PER_DAY = 100;
/** Sites a stats reply lists. */
export const TOP_SITES = 20;

/**
 * Sets files' `views_30d` to their views from a day (the parameter) on: not an edit of the file, so
 * its version (ETag) stays, and no file event is logged (their triggers watch other columns).
 */
const RECOUNT_30D =
  'UPDATE files SET views_30d = (SELECT coalesce(sum(d.views), 0) FROM view_days d WHERE d.file_id = files.file_id AND d.day >= ?)';

const REACHED = Array.from({ length: BUCKETS }, (_, i) => `reached_${i}`);
const round = (n: number) => Math.round(n * 1000) / 1000;

/** Every day from `from` to `to` (YYYY-MM-DD, UTC). */
function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += 86_400_000)
    days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}

/**
 * View analytics in the database (decision D54): beats stored in batches, rolled up per file per day by
 * one node at a time (the beats go in the transaction that counts them, so each counts once), read
 * per file or per account, and removed with their file.
 */
export class ViewStatsRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /** Stores a batch of beats in one transaction. */
  async insertBeats(beats: readonly StoredBeat[]): Promise<void> {
    if (!beats.length) return;
    await this.#db.transaction(async (tx) => {
      for (let i = 0; i < beats.length; i += INSERT_ROWS) {
        const rows = beats.slice(i, i + INSERT_ROWS);
        await tx.run(
          `INSERT INTO view_beats (file_id, session_id, at, position, played, duration, ended, host, country) VALUES ${rows
            .map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?)')
            .join(', ')}`,
          rows.flatMap((b) => [b.fileId, b.sessionId, b.at, b.position, b.played, b.duration, b.ended ? 1 : 0, b.host, b.country]),
        );
      }
    });
  }

  /**
   * Rolls up the oldest beats (at most one batch) and deletes them, under a lock so that one node at a
   * time does it; beats of a file trashed or gone meanwhile are dropped; the files' `views_30d` (days
   * from `since`) follow. Resolves to the number of beats taken. A background transaction (decision
   * D64): on SQLite a main-connection one made every beat's and list's read wait until it committed.
   */
  async rollUp(since: string): Promise<number> {
    return this.#db.backgroundTransaction(async (tx) => {
      await this.#db.lock(tx, 'view-rollup');
      const beats = await tx.all<BeatRow>(
        'SELECT beat_id, file_id, session_id, at, position, played, duration, ended, host, country FROM view_beats ORDER BY beat_id LIMIT ?',
        [ROLLUP_BATCH],
      );
      if (!beats.length) return 0;
      const fileIds = [...new Set(beats.map((b) => Number(b.file_id)))];
      const owners = new Map<number, number>();
      for (let i = 0; i < fileIds.length; i += 500) {
        const ids = inList(fileIds.slice(i, i + 500));
        for (const row of await tx.all<{ file_id: number; account_id: number }>(
          `SELECT file_id, account_id FROM files WHERE file_id IN ${ids.sql} AND deleted_at IS NULL`,
          ids.params,
        ))
          owners.set(Number(row.file_id), Number(row.account_id));
      }
      const live = beats.filter((b) => owners.has(Number(b.file_id)));
      const known = new Map<string, SessionRow>();
      for (const key of new Set(live.map((b) => sessionKey(b.file_id, b.session_id)))) {
        const [fileId, sessionId] = key.split(' ');
        const row = await tx.get<SessionRow>('SELECT * FROM view_sessions WHERE file_id = ? AND session_id = ?', [
          Number(fileId),
          sessionId!,
        ]);
        if (row) known.set(key, row);
      }
      const result = rollUp(live, known);
      for (const s of result.sessions)
        await tx.run(
          `INSERT INTO view_sessions (file_id, session_id, day, last_at, played, bucket, counted, host, country)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (file_id, session_id) DO UPDATE SET last_at = excluded.last_at, played = excluded.played,
             bucket = excluded.bucket, counted = excluded.counted`,
          [s.file_id, s.session_id, s.day, s.last_at, s.played, s.bucket, s.counted, s.host, s.country],
        );
      for (const d of result.days)
        await tx.run(
          `INSERT INTO view_days (file_id, day, account_id, views, watch_seconds, sessions, ${REACHED.join(', ')})
           VALUES (?, ?, ?, ?, ?, ?, ${REACHED.map(() => '?').join(', ')})
           ON CONFLICT (file_id, day) DO UPDATE SET views = view_days.views + excluded.views,
             watch_seconds = view_days.watch_seconds + excluded.watch_seconds, sessions = view_days.sessions + excluded.sessions,
             ${REACHED.map((c) => `${c} = view_days.${c} + excluded.${c}`).join(', ')}`,
          [d.file_id, d.day, owners.get(Number(d.file_id))!, d.views, d.watch_seconds, d.sessions, ...d.reached],
        );
      const counted = [...new Set(result.days.filter((d) => d.views).map((d) => Number(d.file_id)))];
      for (let i = 0; i < counted.length; i += 500) {
        const ids = inList(counted.slice(i, i + 500));
        await tx.run(`${RECOUNT_30D} WHERE file_id IN ${ids.sql}`, [since, ...ids.params]);
      }
      for (const top of result.sites) await this.#addTop(tx, 'view_sites', 'host', top);
      for (const top of result.countries) await this.#addTop(tx, 'view_countries', 'country', top);
      await tx.run('DELETE FROM view_beats WHERE beat_id <= ?', [beats.at(-1)!.beat_id]);
      return beats.length;
    });
  }

  /** Adds views to a site or country of a file's day; a new name past TOPS_PER_DAY is not kept (typed for PostgreSQL's INSERT … SELECT). */
  async #addTop(tx: Queryable, table: 'view_sites' | 'view_countries', column: 'host' | 'country', top: TopDelta): Promise<void> {
    await tx.run(
      `INSERT INTO ${table} (file_id, day, ${column}, views)
       SELECT CAST(? AS bigint), CAST(? AS text), CAST(? AS text), CAST(? AS integer) WHERE (SELECT count(*) FROM ${table} WHERE file_id = ? AND day = ?) < ?
         OR EXISTS (SELECT 1 FROM ${table} WHERE file_id = ? AND day = ? AND ${column} = ?)
       ON CONFLICT (file_id, day, ${column}) DO UPDATE SET views = ${table}.views + excluded.views`,
      [top.file_id, top.day, top.name, top.views, top.file_id, top.day, TOPS_PER_DAY, top.file_id, top.day, top.name],
    );
  }

  /**
   * Counts `views_30d` again (from `since`) for the files with views on the days from `leftFrom` to
   * before `since`, which left the window: a week of days, so that a server stopped for days catches up.
   */
  async decay(leftFrom: string, since: string): Promise<void> {
    await this.#db.run(`${RECOUNT_30D} WHERE views_30d > 0 AND file_id IN (SELECT file_id FROM view_days WHERE day >= ? AND day < ?)`, [
      since,
      leftFrom,
      since,
    ]);
  }

  /** Drops sessions idle since `before` (ms) and roll-ups of days before `beforeDay`. */
  async prune(before: number, beforeDay: string): Promise<void> {
    await this.#db.run('DELETE FROM view_sessions WHERE last_at < ?', [before]);
    for (const table of ['view_days', 'view_sites', 'view_countries'])
      await this.#db.run(`DELETE FROM ${table} WHERE day < ?`, [beforeDay]);
  }

  /** Deletes everything known of a file's views (its purge's transaction). */
  async removeFile(tx: Queryable, fileId: number): Promise<void> {
    for (const table of ['view_beats', 'view_sessions', 'view_days', 'view_sites', 'view_countries'])
      await tx.run(`DELETE FROM ${table} WHERE file_id = ?`, [fileId]);
  }

  /** One file's stats from `from` to `to` (YYYY-MM-DD, both included). */
  fileStats(fileId: number, from: string, to: string): Promise<ViewStats> {
    return this.#stats('WHERE d.file_id = ? AND d.day BETWEEN ? AND ?', [fileId, from, to], from, to);
  }

  /** The stats of an account's live files (not those in the trash). */
  accountStats(accountId: number, from: string, to: string): Promise<ViewStats> {
    return this.#stats(
      'JOIN files f ON f.file_id = d.file_id AND f.account_id = ? AND f.deleted_at IS NULL WHERE d.day BETWEEN ? AND ?',
      [accountId, from, to],
      from,
      to,
    );
  }

  /** An account's most viewed live files over the range. */
  async topFiles(accountId: number, from: string, to: string, limit: number) {
    const rows = await this.#db.all<{ file_id: number; file_title: string; views: number; watch_seconds: number }>(
      `SELECT d.file_id, f.file_title, sum(d.views) AS views, sum(d.watch_seconds) AS watch_seconds
       FROM view_days d JOIN files f ON f.file_id = d.file_id AND f.deleted_at IS NULL
       WHERE d.account_id = ? AND d.day BETWEEN ? AND ?
       GROUP BY d.file_id, f.file_title ORDER BY sum(d.views) DESC, d.file_id LIMIT ?`,
      [accountId, from, to, limit],
    );
    return rows.map((r) => ({
      file_id: Number(r.file_id),
      file_title: r.file_title,
      views: Number(r.views),
      watch_seconds: round(Number(r.watch_seconds)),
    }));
  }

  async #stats(where: string, params: SqlValue[], from: string, to: string): Promise<ViewStats> {
    const dayRows = await this.#db.all<Record<string, number | string>>(
      `SELECT d.day, sum(d.views) AS views, sum(d.watch_seconds) AS watch_seconds, sum(d.sessions) AS sessions,
         ${REACHED.map((c) => `sum(d.${c}) AS ${c}`).join(', ')}
       FROM view_days d ${where} GROUP BY d.day ORDER BY d.day`,
      params,
    );
    const byDay = new Map(dayRows.map((r) => [String(r.day), r]));
    const totals = { views: 0, watch_seconds: 0, sessions: 0 };
    const reached = Array<number>(BUCKETS).fill(0);
    for (const r of dayRows) {
      totals.views += Number(r.views);
      totals.watch_seconds += Number(r.watch_seconds);
      totals.sessions += Number(r.sessions);
      REACHED.forEach((c, i) => (reached[i]! += Number(r[c])));
    }
    const days = daysBetween(from, to).map((date) => {
      const r = byDay.get(date);
      return { date, views: Number(r?.views ?? 0), watch_seconds: round(Number(r?.watch_seconds ?? 0)) };
    });
    const tops = async (table: 'view_sites' | 'view_countries', column: 'host' | 'country') =>
      (
        await this.#db.all<{ name: string; views: number }>(
          `SELECT t.${column} AS name, sum(t.views) AS views FROM ${table} t JOIN view_days d ON d.file_id = t.file_id AND d.day = t.day
           ${where} GROUP BY t.${column} ORDER BY sum(t.views) DESC, t.${column} LIMIT ?`,
          [...params, TOP_SITES],
        )
      ).map((r) => ({ name: r.name, views: Number(r.views) }));
    return {
      totals: { ...totals, watch_seconds: round(totals.watch_seconds) },
      days,
      sites: (await tops('view_sites', 'host')).map(({ name, views }) => ({ host: name, views })),
      countries: (await tops('view_countries', 'country')).map(({ name, views }) => ({ country: name, views })),
      retention: retentionCurve(reached),
    };
  }
}
