import os from 'node:os';
import type { SubtitleStore } from './subtitle-store';
import type { MediaStore } from '../media/media-store';
import type { Db, Queryable } from './engine';
import type { VideoStorageRepository } from './video-storage-repository';

/** An entry older than this belongs to a request that can no longer be running, on any node. */
export const STALE_ENTRY_MS = 3_600_000;

/** Entries of the media store start with this (the others are subtitle content keys). */
const MEDIA_ENTRY = 'media:';

/** The journal entry of a media-store key (or folder) that goes once its file's row is gone. */
export const mediaEntry = (key: string): string => `${MEDIA_ENTRY}${key}`;

/**
 * Writes keys down (with `q`, inside the caller's transaction), before their content or rows change:
 * the entries of `StorageJournal.begin`, for a process without a subtitle store (a pipeline worker).
 */
export async function journalKeys(q: Queryable, keys: readonly string[], now: number, owner = PROCESS_OWNER): Promise<void> {
  for (const key of keys) {
    await q.run('INSERT INTO storage_journal (storage_name, owner, created_at) VALUES (?, ?, ?) ON CONFLICT (storage_name) DO NOTHING', [
      key,
      owner,
      now,
    ]);
  }
}

/** Drops entries whose change is done and kept: in the transaction that makes a row own their content. */
export async function forgetKeys(q: Queryable, keys: readonly string[]): Promise<void> {
  for (const key of keys) await q.run('DELETE FROM storage_journal WHERE storage_name = ?', [key]);
}

/**
 * The owner of entries a worker of the pipeline API writes through a node: no process of any machine,
 * so only staleness settles them (the node that wrote them may restart while the worker still uploads).
 */
export const apiWorkerOwner = (name: string): string => `api-worker ${name}`;

/** `host:pid` of this process: another process of this machine can tell whether it still runs. */
export const PROCESS_OWNER = `${os.hostname()}:${process.pid}`;

/** True when a process with this id runs on this machine. */
export function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'; // it exists, it is just not ours
  }
}

function ownerIsGone(owner: string): boolean {
  const colon = owner.lastIndexOf(':');
  if (owner.slice(0, colon) !== os.hostname()) return false; // another node: only staleness tells
  const pid = Number(owner.slice(colon + 1));
  return pid !== process.pid && !processIsAlive(pid);
}

/**
 * Crash-clean subtitle storage. Content and its row are two writes (the content may be a file), so a
 * process killed between them would leave content no row points at. Every change that could do that
 * is written down here first, under the content's key:
 *
 * - upload: `begin(key)` → put the content → insert the row → `end(key)`, deleting the content when
 *   no row was kept (refused, duplicate, error);
 * - removal: `begin(keys)` → delete the rows → `end(keys)`, deleting the content only after its row is gone.
 *
 * Whatever point a crash hits, the key stays in the journal, and `recover()` settles it: content that a
 * row points at is kept, any other content under that key is deleted. It runs when the server starts
 * (for entries of processes of this machine that are gone) and then every few minutes (also for entries
 * of other nodes older than an hour, longer than any request may take).
 *
 * A purged file's media (`mediaEntry(key)`) is journaled in the transaction that deletes its row, so
 * such an entry always means "delete": the row it belonged to is gone for good. Media being written
 * (an uploaded video, a pipeline's new rendition folder) is journaled before its first byte, and the
 * entry is dropped in the transaction that makes a row own it: whatever is left under an entry was
 * never owned. Deleting media also frees what the account's video storage counted for it.
 */
export class StorageJournal {
  readonly #db: Db;
  readonly #store: SubtitleStore;
  readonly #media: MediaStore;
  readonly #videoStorage: VideoStorageRepository;

  constructor(db: Db, store: SubtitleStore, media: MediaStore, videoStorage: VideoStorageRepository) {
    this.#db = db;
    this.#store = store;
    this.#media = media;
    this.#videoStorage = videoStorage;
  }

  /**
   * Writes the keys down before their content or rows change; with `q`, inside the caller's
   * transaction (so the entry exists exactly when the row change does).
   */
  begin(keys: readonly string[], now: number, q: Queryable = this.#db): Promise<void> {
    return journalKeys(q, keys, now);
  }

  /** The change is done: deletes the content under `unreferenced` (their rows are gone), then the entries. */
  async end(keys: readonly string[], unreferenced: readonly string[]): Promise<void> {
    const subtitles = unreferenced.filter((key) => !key.startsWith(MEDIA_ENTRY));
    if (subtitles.length) await this.#store.delete(subtitles);
    const media = unreferenced.filter((key) => key.startsWith(MEDIA_ENTRY)).map((key) => key.slice(MEDIA_ENTRY.length));
    for (const key of media) await this.#media.delete(key);
    await this.#videoStorage.release(media);
    await forgetKeys(this.#db, keys);
  }

  /**
   * Settles the entries of processes that are gone (and of any owner after `STALE_ENTRY_MS`): keeps
   * content a row points at, deletes the rest. Returns the number of contents deleted.
   */
  async recover(now: number): Promise<number> {
    const entries = await this.#db.all<{ storage_name: string; owner: string; created_at: number }>('SELECT * FROM storage_journal');
    const due = entries.filter((e) => e.created_at <= now - STALE_ENTRY_MS || ownerIsGone(e.owner)).map((e) => e.storage_name);
    if (!due.length) return 0;
    const media = due.filter((key) => key.startsWith(MEDIA_ENTRY));
    const settle = due.filter((key) => !key.startsWith(MEDIA_ENTRY));
    if (!settle.length) {
      await this.end(media, media);
      return media.length;
    }
    const placeholders = settle.map(() => '?').join(', ');
    const referenced = new Set(
      // A row points at its original (storage_name) and at its player rendition (rendition_name); a
      // saved version at its text.
      (
        await this.#db.all<{ k: string }>(
          `SELECT storage_name AS k FROM subtitles WHERE storage_name IN (${placeholders})
           UNION SELECT rendition_name AS k FROM subtitles WHERE rendition_name IN (${placeholders})
           UNION SELECT storage_name AS k FROM subtitle_versions WHERE storage_name IN (${placeholders})`,
          [...settle, ...settle, ...settle],
        )
      ).map((r) => r.k),
    );
    const orphans = [...settle.filter((key) => !referenced.has(key)), ...media];
    await this.end(due, orphans);
    return orphans.length;
  }
}
