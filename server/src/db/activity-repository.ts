import type { ActivityAction, ActivitySource } from '../../../src/contract/activity';
import { inList, type Db, type Queryable } from './engine';
import { readAccess, type FileRow } from './files';

export type { ActivityAction, ActivitySource };

/** Where a request says it comes from: the kit sends `X-VP-Source: panel`; any other API call is `api` (never `retention`). */
export const REQUEST_SOURCES = ['panel', 'api', 'pipeline', 'cli'] as const satisfies readonly ActivitySource[];

const flagOrNull = (flag: number | null | undefined): boolean | null => (typeof flag === 'number' ? flag === 1 : null);
const isoOrNull = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/** What an edit changed, as the activity log keeps it: `{field: {before, after}}`. */
export function editChanges(before: FileRow, after: FileRow): Record<string, { before: unknown; after: unknown }> {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  if (before.file_title !== after.file_title) changes.file_title = { before: before.file_title, after: after.file_title };
  if (before.file_slug !== after.file_slug) changes.file_slug = { before: before.file_slug, after: after.file_slug };
  if (before.is_active !== after.is_active) changes.isActive = { before: before.is_active, after: after.is_active };
  if ((before.player_access ?? null) !== (after.player_access ?? null))
    changes.player_access = { before: readAccess(before.player_access), after: readAccess(after.player_access) };
  if ((before.downloads ?? null) !== (after.downloads ?? null))
    changes.downloads = { before: flagOrNull(before.downloads), after: flagOrNull(after.downloads) };
  for (const key of ['activate_at', 'deactivate_at'] as const) {
    if (before[key] !== after[key]) changes[key] = { before: isoOrNull(before[key]), after: isoOrNull(after[key]) };
  }
  return changes;
}

/** One entry: who, when, from where, what, and its details (before → after, a track's language, format and content hash). */
export interface ActivityEntry {
  fileId: number;
  accountId: number;
  at: number;
  actor: string;
  source: ActivitySource;
  action: ActivityAction;
  detail: Record<string, unknown>;
}

export interface ActivityJson {
  activity_id: number;
  at: string;
  actor: string;
  source: ActivitySource;
  action: ActivityAction;
  detail: Record<string, unknown>;
}

/** The append-only activity log of files: entries are added and read, never changed. */
export class ActivityRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /** Appends an entry, in the caller's transaction `tx` when given (the entry commits with the change it records). */
  async append(entry: ActivityEntry, tx: Queryable = this.#db): Promise<void> {
    await tx.run('INSERT INTO file_activity (file_id, account_id, at, actor, source, action, detail) VALUES (?, ?, ?, ?, ?, ?, ?)', [
      entry.fileId,
      entry.accountId,
      entry.at,
      entry.actor,
      entry.source,
      entry.action,
      JSON.stringify(entry.detail),
    ]);
  }

  /** Appends entries in one statement of the caller's transaction `tx` (a batch of schedule runs). */
  async appendAll(tx: Queryable, entries: readonly ActivityEntry[]): Promise<void> {
    if (!entries.length) return;
    await tx.run(
      `INSERT INTO file_activity (file_id, account_id, at, actor, source, action, detail) VALUES ${entries.map(() => '(?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
      entries.flatMap((e) => [e.fileId, e.accountId, e.at, e.actor, e.source, e.action, JSON.stringify(e.detail)]),
    );
  }

  /**
   * The same entry for each of `fileIds`, in one statement of the caller's transaction `tx` (a bulk
   * job's batch: its changes, their entries and their results commit together).
   */
  async appendEach(tx: Queryable, fileIds: readonly number[], entry: Omit<ActivityEntry, 'fileId'>): Promise<void> {
    if (!fileIds.length) return;
    const ids = inList(fileIds);
    await tx.run(
      `INSERT INTO file_activity (file_id, account_id, at, actor, source, action, detail)
       SELECT file_id, ?, ?, ?, ?, ?, ? FROM files WHERE file_id IN ${ids.sql} ORDER BY file_id`,
      [entry.accountId, entry.at, entry.actor, entry.source, entry.action, JSON.stringify(entry.detail), ...ids.params],
    );
  }

  /** A file's entries, newest first, `limit` of them before `beforeId` (paging back in time). */
  async list(accountId: number, fileId: number, limit: number, beforeId?: number): Promise<ActivityJson[]> {
    const rows = await this.#db.all<{
      activity_id: number;
      at: number;
      actor: string;
      source: ActivitySource;
      action: ActivityAction;
      detail: string;
    }>(
      `SELECT activity_id, at, actor, source, action, detail FROM file_activity
       WHERE file_id = ? AND account_id = ?${beforeId ? ' AND activity_id < ?' : ''} ORDER BY activity_id DESC LIMIT ?`,
      [fileId, accountId, ...(beforeId ? [beforeId] : []), limit],
    );
    return rows.map((r) => ({
      ...r,
      activity_id: Number(r.activity_id),
      at: new Date(Number(r.at)).toISOString(),
      detail: JSON.parse(r.detail),
    }));
  }

  /** Whether the account has any entry of this file: a purged file's log is still its account's (decision D36). */
  async has(accountId: number, fileId: number): Promise<boolean> {
    return (
      (await this.#db.get('SELECT 1 AS one FROM file_activity WHERE file_id = ? AND account_id = ? LIMIT 1', [fileId, accountId])) !==
      undefined
    );
  }

  /** Removes entries older than `cutoff` (the retention); returns how many. */
  prune(cutoff: number): Promise<number> {
    return this.#db.run('DELETE FROM file_activity WHERE at < ?', [cutoff]);
  }
}
