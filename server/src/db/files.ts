/** The files of an account as both engines store them, and the list query of the API. */
import type { FileJson } from '../../../src/contract/file';
import type { PlayerAccess } from '../../../src/contract/player-access';
import type { ListQuery, SortKey } from '../../../src/contract/list-query';
import { downloadPath } from '../media/download-media';

// The File and the list query of the API are written once, in the contract (src/contract/).
export type { FileJson } from '../../../src/contract/file';
export type { ListQuery, SortKey } from '../../../src/contract/list-query';

/** What a list query selects, its page and sort aside (a bulk job's filter). */
export type ListFilter = Pick<ListQuery, 'search' | 'isActive' | 'file_status' | 'scheduled'>;

export interface FileRow {
  file_id: number;
  account_id: number;
  file_server: string;
  file_title: string;
  file_slug: string;
  file_status: number;
  is_active: number;
  created_at: number;
  file_image: string | null;
  file_slide: string | null;
  /** Bumped by every change of the row; the file's ETag. */
  version: number;
  /** When it went to the trash (its account_id is then negated); null while it is live. */
  deleted_at: number | null;
  /** Progress (0-100) of the pipeline's current stage, or null. */
  file_progress: number | null;
  /** Why the pipeline's last stage failed (or is being retried), or null. */
  file_reason: string | null;
  /** Seconds, as the probe found them. */
  file_duration: number | null;
  file_width: number | null;
  file_height: number | null;
  /** Media key of the streaming rendition's master playlist (HLS), once uploaded. */
  file_rendition: string | null;
  /** Where its player may play, as JSON (storedAccess); null: its account's default. Absent in an old event's row. */
  player_access?: string | null;
  /** When the schedule turns the file active / inactive (ms), or null (decision D56). */
  activate_at: number | null;
  deactivate_at: number | null;
  /** Views of the last 30 days, kept by the view roll-up (db/view-stats-repository.ts); no version bump. */
  views_30d: number;
  /** Whether it may be downloaded: 1, 0, or null for its account's setting (decision D67). */
  downloads: number | null;
  /** Bytes of its stored MP4 and audio-only M4A (download-media.ts), null while it has none. */
  download_video_bytes: number | null;
  download_audio_bytes: number | null;
}

/** The columns of a FileRow (the engines may keep more: search words, sort keys). */
export const FILE_COLUMNS =
  'file_id, account_id, file_server, file_title, file_slug, file_status, is_active, created_at, file_image, file_slide, ' +
  'file_progress, file_reason, file_duration, file_width, file_height, file_rendition, version, deleted_at, player_access, activate_at, deactivate_at, views_30d, ' +
  'downloads, download_video_bytes, download_audio_bytes';

/** A player access setting as a row keeps it: JSON with its keys in one order, so equal settings are equal text. */
export const storedAccess = (access: PlayerAccess | null): string | null =>
  access === null
    ? null
    : JSON.stringify({ embed: access.embed, sites: access.sites, signed: access.signed, allow_no_referrer: access.allow_no_referrer });

/** A row's player access setting (null: its account's default). */
export const readAccess = (stored: string | null | undefined): PlayerAccess | null =>
  stored ? (JSON.parse(stored) as PlayerAccess) : null;

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/** A trashed file is purged `trashDays` after it went there (0: never). */
export const purgeTime = (deletedAt: number | null, trashDays: number): number | null =>
  deletedAt === null || trashDays === 0 ? null : deletedAt + trashDays * 86_400_000;

export const toFileJson = (row: FileRow, trashDays: number): FileJson => ({
  file_id: row.file_id,
  file_server: row.file_server,
  file_title: row.file_title,
  file_slug: row.file_slug,
  file_status: row.file_status,
  isActive: row.is_active ? 1 : 0,
  created_at: new Date(row.created_at).toISOString(),
  file_image: row.file_image,
  file_slide: row.file_slide,
  version: row.version,
  deleted_at: iso(row.deleted_at),
  purge_at: iso(purgeTime(row.deleted_at, trashDays)),
  file_progress: row.file_progress,
  file_reason: row.file_reason,
  file_duration: row.file_duration,
  file_width: row.file_width,
  file_height: row.file_height,
  // Only when the file has its own: a file without one reads as null (its account's default), and the
  // replies of every other file keep their bytes.
  ...(row.player_access ? { player_access: readAccess(row.player_access) } : {}),
  // Only while set: a file without a schedule reads as it did before schedules (decision D56). An
  // 'added' event logged before them has no such key.
  ...(typeof row.activate_at === 'number' && { activate_at: iso(row.activate_at) }),
  ...(typeof row.deactivate_at === 'number' && { deactivate_at: iso(row.deactivate_at) }),
  views_30d: Number(row.views_30d ?? 0),
  // Each only while set or stored (decision D67): every other file's reply keeps its bytes.
  ...(typeof row.downloads === 'number' && { downloads: row.downloads === 1 }),
  ...(typeof row.download_video_bytes === 'number' && {
    download_video: { url: downloadPath(row.file_slug, 'video'), bytes: row.download_video_bytes },
  }),
  ...(typeof row.download_audio_bytes === 'number' && {
    download_audio: { url: downloadPath(row.file_slug, 'audio'), bytes: row.download_audio_bytes },
  }),
});

/**
 * The prefix of an account's search words: `5x`. A trashed file is stored under the negated account
 * and its words under `t5x`, a prefix no live word has (FTS5 would cut "-5x" at the dash).
 */
export const wordPrefix = (accountId: number): string => (accountId < 0 ? `t${-accountId}x` : `${accountId}x`);

/** The sort keys of the API and the column each one sorts by (ties are broken by file_id). */
export const SORT_COLUMNS = {
  file_id: 'file_id',
  file_server: 'file_server',
  file_title: 'file_title',
  file_slug: 'file_slug',
  file_status: 'file_status',
  isActive: 'is_active',
  created_at: 'created_at',
  views_30d: 'views_30d',
} as const satisfies Record<SortKey, string>;
export type SortColumn = (typeof SORT_COLUMNS)[SortKey];

export interface ListPage {
  files: FileRow[];
  total: number;
}

/** At most this many words of a search are used (each one narrows the result). */
export const MAX_SEARCH_WORDS = 8;

/**
 * Search words as the indexes store them: every word of the title and slug, diacritics removed,
 * lower case. The same function cuts the user's query, so a typed word matches a stored one exactly
 * or as a prefix.
 */
export function searchTerms(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}\p{Co}]+/u)
    .filter((w) => w.length > 0);
}

/** The words of a search query as they are looked up: at most MAX_SEARCH_WORDS, each at most 64 characters. */
export const queryTerms = (search: string): string[] =>
  searchTerms(search)
    .slice(0, MAX_SEARCH_WORDS)
    .map((w) => w.slice(0, 64));

/** A search that is only digits also matches the file with that id. */
export const searchedId = (search: string): number | null => (/^\d{1,15}$/.test(search) ? Number(search) : null);
