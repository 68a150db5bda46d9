import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ActivityRepository } from '../db/activity-repository';
import type { Db, Queryable } from '../db/engine';
import type { JobsRepository } from '../db/jobs-repository';
import type { FilesRepository } from '../db/files-repository';
import { FILE_DOWNLOADS, type FileDownloadsPayload } from '../db/job-kinds';
import type { VideoStorageRepository } from '../db/video-storage-repository';
import { DOWNLOAD_NAMES, makeDownloads, TOP_RUNG_PLAYLIST } from '../media/download-media';
import { ownFolderOf } from '../media/file-media';
import type { MediaStore } from '../media/media-store';
import type { JobHandler } from '../jobs/worker';
import type { Clock } from '../lib/clock';
import { PIPELINE_ACTOR } from './file-status';

export interface FileDownloadsParts {
  db: Db;
  files: FilesRepository;
  media: MediaStore;
  videoStorage: VideoStorageRepository;
  /** Where a file's downloads that could not be made are told (`downloads_fail`), and when. */
  activity: Pick<ActivityRepository, 'append'>;
  clock: Clock;
  jobs: Pick<JobsRepository, 'enqueue'>;
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
    // Without its playlist ffmpeg only says "Error opening input files": the reason an operator reads names what is missing.
    const playlist = path.join(work, TOP_RUNG_PLAYLIST);
    if (!fs.existsSync(playlist)) throw new Error(`The top rendition (${TOP_RUNG_PLAYLIST}) is missing from the media store`);
    const made = await makeDownloads(playlist, work, { signal });
    try {
      await parts.media.putFile(`${folder}${DOWNLOAD_NAMES.video}`, path.join(work, DOWNLOAD_NAMES.video));
      if (made.audio !== null) await parts.media.putFile(`${folder}${DOWNLOAD_NAMES.audio}`, path.join(work, DOWNLOAD_NAMES.audio));
      await recordFolder(parts, fileId, folder, made.video, made.audio);
    } catch (error) {
      // Stored but not recorded (the M4A or the count failed): the file names none of them and the quota
      // counts none, so none may stay. The job's next attempt stores them again.
      for (const name of Object.values(DOWNLOAD_NAMES)) await parts.media.delete(`${folder}${name}`).catch(() => undefined);
      throw error;
    }
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
      if ('file_id' in payload) return syncDownloads(parts, payload.file_id, signal);
      // An account's job goes on past a file that fails and hands that file to a job of its own: one
      // file's broken media neither keeps the others without downloads nor hides their failures, and
      // each failing file gets its own retries and, when they are used up, its own entry with its own
      // reason (the `failed` hook of a job knows only one reason, the one of its last attempt).
      for (const fileId of await parts.files.followingAccountDownloads(payload.account_id)) {
        signal.throwIfAborted();
        try {
          await syncDownloads(parts, fileId, signal);
        } catch (err) {
          if (signal.aborted) throw err;
          await queueDownloadsJob(parts.db, parts.jobs, payload.account_id, { file_id: fileId });
        }
      }
    },
    retrying: async () => {},
    failed: async (job, reason) => {
      const payload = job.payload as FileDownloadsPayload;
      if ('file_id' in payload) await logFailure(parts, payload.file_id, reason);
    },
  };
}

/**
 * A file's job failed for good: when its downloads are allowed and still absent (the job was making
 * them), its activity says so with the reason; the editor's Downloads card alone would only say that
 * none are stored. A file deleted for good meanwhile has nothing to tell.
 */
async function logFailure(parts: FileDownloadsParts, fileId: number, reason: string): Promise<void> {
  const row = await parts.files.getAny(fileId);
  if (!row || row.download_video_bytes !== null || !(await parts.files.downloadsAllowed(fileId))) return;
  await parts.activity.append({
    fileId,
    accountId: Math.abs(row.account_id), // a file in the trash (negative account id) is still its account's
    at: parts.clock(),
    actor: PIPELINE_ACTOR,
    source: 'pipeline',
    action: 'downloads_fail',
    detail: { reason },
  });
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
