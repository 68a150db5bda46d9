import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Queryable } from '../db/engine';
import type { FileRow } from '../db/files';
import type { FilesRepository, ImageResult } from '../db/files-repository';
import { journalKeys, forgetKeys, mediaEntry, type StorageJournal } from '../db/storage-journal';
import { VideoQuotaExceeded, type VideoStorageRepository } from '../db/video-storage-repository';
import type { Precondition } from '../lib/etag';
import { automaticPosterKey, customPosterFolder, MEDIA_IMAGE_PREFIX, newPosterKey } from '../media/file-media';
import type { MediaStore } from '../media/media-store';

/** What changing a file's poster uses: the files, the media store, the storage journal, the video storage. */
export interface PosterParts {
  files: FilesRepository;
  media: MediaStore;
  storageJournal: StorageJournal;
  videoStorage: VideoStorageRepository;
  clock: () => number;
  /** VP_ACCOUNT_VIDEO_QUOTA_BYTES: a poster is the account's video storage too. */
  quotaBytes: number;
}

/** A poster change's outcome: the file's change, or the quota refused the new poster's bytes. */
export type PosterResult = ImageResult | { kind: 'quota'; usedBytes: number };

/** A work folder of its own for one poster, removed whatever happens. */
export async function inWorkFolder<T>(fileId: number, work: (folder: string) => Promise<T>): Promise<T> {
  const folder = await fs.promises.mkdtemp(path.join(os.tmpdir(), `vp-poster-${fileId}-`));
  try {
    return await work(folder);
  } finally {
    await fs.promises.rm(folder, { recursive: true, force: true });
  }
}

/**
 * Makes the JPEG in `localJpeg` the file's poster. It is stored first under a new key (journaled, so a
 * crash leaves nothing behind), then one transaction counts its bytes in the account's video storage,
 * points file_image at it (version bumped: a file event, cache-busting URLs) and journals the previous
 * operator's poster, deleted once that commits. Until then the previous poster is what every reader gets.
 */
export async function switchToPoster(
  parts: PosterParts,
  accountId: number,
  fileId: number,
  localJpeg: string,
  precondition: Precondition | undefined,
): Promise<PosterResult> {
  const { media, storageJournal, videoStorage, files } = parts;
  const key = newPosterKey(fileId);
  const folder = key.slice(0, key.lastIndexOf('/') + 1);
  const entry = mediaEntry(folder);
  await storageJournal.begin([entry], parts.clock());
  let kept = false;
  let previous: string | null = null;
  try {
    await media.putFile(key, localJpeg);
    const bytes = (await fs.promises.stat(localJpeg)).size;
    const result = await files.setImage(
      accountId,
      fileId,
      () => `${MEDIA_IMAGE_PREFIX}${key}`,
      precondition,
      async (tx, before) => {
        const refused = await videoStorage.reserve(tx, key, accountId, bytes, parts.clock(), parts.quotaBytes);
        if (refused) throw new VideoQuotaExceeded(refused.usedBytes);
        await videoStorage.claim(tx, key, fileId, bytes, parts.quotaBytes);
        await forgetKeys(tx, [entry]);
        previous = await journalPrevious(tx, before, parts.clock());
      },
    );
    kept = result.kind === 'updated';
    return result;
  } catch (err) {
    if (err instanceof VideoQuotaExceeded) return { kind: 'quota', usedBytes: err.usedBytes };
    throw err;
  } finally {
    if (!kept) await storageJournal.end([entry], [entry]);
    // Only once the switch committed: else the previous poster is still the file's.
    if (kept && previous) await storageJournal.end([previous], [previous]);
  }
}

/**
 * Back to the automatic poster: the thumbnail the pipeline wrote beside the rendition. Unchanged when
 * the file shows it already (or has no rendition, hence no automatic poster to go back to).
 */
export async function switchToAutomatic(
  parts: PosterParts,
  accountId: number,
  fileId: number,
  precondition: Precondition | undefined,
): Promise<ImageResult> {
  let previous: string | null = null;
  let switched = false;
  try {
    const result = await parts.files.setImage(
      accountId,
      fileId,
      (row) =>
        row.file_rendition && customPosterFolder(fileId, row.file_image)
          ? `${MEDIA_IMAGE_PREFIX}${automaticPosterKey(row.file_rendition)}`
          : null,
      precondition,
      async (tx, before) => {
        previous = await journalPrevious(tx, before, parts.clock());
      },
    );
    switched = result.kind === 'updated';
    return result;
  } finally {
    if (switched && previous) await parts.storageJournal.end([previous], [previous]);
  }
}

/** In the switch's transaction: the operator's poster the file showed, journaled to go (its entry), or null. */
async function journalPrevious(tx: Queryable, before: FileRow, now: number): Promise<string | null> {
  const folder = customPosterFolder(before.file_id, before.file_image);
  if (!folder) return null;
  await journalKeys(tx, [mediaEntry(folder)], now);
  return mediaEntry(folder);
}
