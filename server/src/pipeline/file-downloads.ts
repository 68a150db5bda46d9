import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Db, Queryable } from '../db/engine';
import type { JobsRepository } from '../db/jobs-repository';
import type { FilesRepository } from '../db/files-repository';
import { FILE_DOWNLOADS, type FileDownloadsPayload } from '../db/job-kinds';
import type { VideoStorageRepository } from '../db/video-storage-repository';
import { DOWNLOAD_NAMES, makeDownloads, TOP_RUNG_PLAYLIST } from '../media/download-media';
import { ownFolderOf } from '../media/file-media';
import type { MediaStore } from '../media/media-store';
import type { JobHandler } from '../jobs/worker';

export interface FileDownloadsParts {
  db: Db;
  files: FilesRepository;
  media: MediaStore;
  videoStorage: VideoStorageRepository;
}

/**
 * Counts a file's folder at the bytes it now stores and records its downloads' bytes, in one
 * transaction (the folder's row in video_storage is the folder's whole size, downloads included).
 */
async function recordFolder(parts: FileDownloadsParts, fileId: number, folder: string, video: number | null, audio: number | null) {
  const bytes = await parts.media.bytesUnder(folder);
  await parts.db.transaction(async (tx) => {
    await parts.files.setDownloadBytes(tx, fileId, video, audio);
    await parts.videoStorage.record(tx, folder, fileId, bytes, Date.now());
  });
}

/**
 * Removes a file's downloads from its folder, then, in one transaction, the file no longer names them
 * and the folder is counted again. Meanwhile nothing serves them: the route asks the setting first.
 */
async function removeDownloads(parts: FileDownloadsParts, fileId: number, folder: string): Promise<void> {
  for (const name of Object.values(DOWNLOAD_NAMES)) await parts.media.delete(`${folder}${name}`);
  await recordFolder(parts, fileId, folder, null, null);
}

/** Makes a processed file's downloads from its stored top rung (remuxed, no encode) into its folder. */
async function addDownloads(parts: FileDownloadsParts, fileId: number, folder: string, signal: AbortSignal): Promise<void> {
  const work = await fs.promises.mkdtemp(path.join(os.tmpdir(), `vp-downloads-${fileId}-`));
  try {
    const rung = `${folder}${path.posix.dirname(TOP_RUNG_PLAYLIST)}/`;
    for await (const object of parts.media.list(rung)) {
      const local = path.join(work, object.key.slice(folder.length));
      await fs.promises.mkdir(path.dirname(local), { recursive: true });
      await parts.media.getFile(object.key, local);
    }
    const made = await makeDownloads(path.join(work, TOP_RUNG_PLAYLIST), work, { signal });
    await parts.media.putFile(`${folder}${DOWNLOAD_NAMES.video}`, path.join(work, DOWNLOAD_NAMES.video));
    if (made.audio !== null) await parts.media.putFile(`${folder}${DOWNLOAD_NAMES.audio}`, path.join(work, DOWNLOAD_NAMES.audio));
    await recordFolder(parts, fileId, folder, made.video, made.audio);
  } finally {
    await fs.promises.rm(work, { recursive: true, force: true });
  }
}

/**
 * Brings one file's stored downloads in line with its setting (its own, else its account's): made when
 * allowed and absent, removed when not allowed and present. A file not processed yet is left alone:
 * its pipeline asks the setting when it stores its media, and checks it again once published.
 */
export async function syncDownloads(parts: FileDownloadsParts, fileId: number, signal: AbortSignal): Promise<void> {
  const row = await parts.files.getAny(fileId);
  const folder = row && ownFolderOf(fileId, row.file_rendition);
  if (!row || !folder) return;
  const allowed = await parts.files.downloadsAllowed(fileId);
  const stored = row.download_video_bytes !== null;
  if (allowed && !stored) await addDownloads(parts, fileId, folder, signal);
  else if (!allowed && stored) await removeDownloads(parts, fileId, folder);
  // The setting may have changed while this ran: the job of that change runs after this one and looks again.
}

/** The job of a changed downloads setting: one file's, or every file of an account that follows the account's. */
export function fileDownloadsHandler(parts: FileDownloadsParts): JobHandler {
  return {
    kind: FILE_DOWNLOADS,
    async run(job, { signal }) {
      const payload = job.payload as FileDownloadsPayload;
      const files = 'file_id' in payload ? [payload.file_id] : await parts.files.followingAccountDownloads(payload.account_id);
      for (const fileId of files) {
        signal.throwIfAborted();
        await syncDownloads(parts, fileId, signal);
      }
    },
    retrying: async () => {},
    failed: async () => {},
  };
}

/** What a pipeline host calls when a file's downloads no longer follow its setting: that file's job is queued. */
export const downloadsChangedOf =
  (db: Queryable, jobs: Pick<JobsRepository, 'enqueue'>, videoStorage: Pick<VideoStorageRepository, 'accountOfFile'>) =>
  async (fileId: number): Promise<void> => {
    const accountId = await videoStorage.accountOfFile(fileId);
    if (accountId !== undefined) await queueDownloadsJob(db, jobs, accountId, { file_id: fileId });
  };

/** Queues the job of a changed downloads setting (a file's, or `{account_id}`: every file following the account's). */
export async function queueDownloadsJob(
  q: Queryable,
  jobs: Pick<JobsRepository, 'enqueue'>,
  accountId: number,
  payload: FileDownloadsPayload,
): Promise<void> {
  await jobs.enqueue(q, FILE_DOWNLOADS, payload, { accountId });
}
