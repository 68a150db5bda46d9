import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { downloadUrl } from './download';
import type { UrlPolicy } from '../lib/url-policy';
import { NotAVideoError, probe } from '../media/ffmpeg';
import { jobTooLong, overLimit, type MediaLimits } from '../media/media-limits';
import type { MediaStore } from '../media/media-store';
import type { Queryable } from '../db/engine';
import { PROCESS_FILE, type ProcessFilePayload } from '../db/job-kinds';
import type { ClaimedJob } from '../db/jobs-repository';
import { forgetKeys, journalKeys, mediaEntry } from '../db/storage-journal';
import type { VideoStorageRepository } from '../db/video-storage-repository';
import { videoQuotaMessage } from '../lib/video-quota';
import { MEDIA_IMAGE_PREFIX, newOwnFolder } from '../media/file-media';
import { publishVideo } from '../media/publish';
import { isoFileComplete, videoContainerOfFile } from '../media/video-signature';
import { FILE_STATUS } from '../../../src/contract/file-status';
import { FileGoneError, FileStatusWriter } from './file-status';
import { PermanentJobError, type JobContext, type JobHandler } from '../jobs/worker';

export const INCOMPLETE_VIDEO = 'The video file is incomplete (cut short)';

export interface ProcessFileOptions {
  /** The database of the storage journal: media being made is journaled there until its file owns it. */
  db: Queryable;
  media: MediaStore;
  status: FileStatusWriter;
  urlPolicy: UrlPolicy;
  limits: MediaLimits;
  /** Each account's video bytes: a source removed is freed, published media counted. */
  videoStorage: VideoStorageRepository;
  /** VP_ACCOUNT_VIDEO_QUOTA_BYTES: a URL's download stops at the room its account has left. */
  videoQuotaBytes: number;
}

/**
 * An uploaded source, and the description a resumable (tus) upload keeps beside it; then its bytes
 * are no longer counted (in that order: a crash between counts bytes that are gone, never the reverse).
 */
export async function removeSource(media: MediaStore, videoStorage: VideoStorageRepository, key: string): Promise<void> {
  await media.delete(key);
  await media.delete(`${key}.json`);
  await videoStorage.release([key]);
}

/** How much a URL's download may take: the size limit, or less when the file's account has less room left. */
async function downloadLimit(options: ProcessFileOptions, fileId: number): Promise<{ maxBytes: number; tooLargeReason?: string }> {
  const { urlPolicy, videoStorage, videoQuotaBytes } = options;
  const accountId = await videoStorage.accountOfFile(fileId);
  if (accountId === undefined) throw new FileGoneError(`File ${fileId} no longer exists`);
  const usedBytes = await videoStorage.usedBytes(accountId);
  const room = Math.max(0, videoQuotaBytes - usedBytes);
  if (room >= urlPolicy.maxBytes) return { maxBytes: urlPolicy.maxBytes };
  return { maxBytes: room, tooLargeReason: videoQuotaMessage(usedBytes, videoQuotaBytes) };
}

/**
 * The reference pipeline for one file: fetch the source (2 Downloading → 3 Downloaded, with the
 * probe's duration and size), transcode the HLS ladder and put it in the media store (5 Uploading →
 * 6 Uploaded), a thumbnail and a storyboard sprite (8 Indexed), remove the source and the work folder
 * (9 Cleaned), 10 Completed. Each attempt writes a new rendition folder, so a half-written one is never
 * served; a failed attempt removes its own. ffmpeg reads the fetched bytes only as the container their
 * first bytes are (see video-signature.ts); a video over a limit fails for good once probed, and so
 * does one whose processing outlasts `limits.maxJobSeconds` (its ffmpeg is killed).
 */
export function processFileHandler(options: ProcessFileOptions): JobHandler {
  const { db, media, status, urlPolicy, videoStorage, limits } = options;
  async function run(job: ClaimedJob, { signal, worker }: JobContext): Promise<void> {
    const { file_id: fileId, source } = job.payload as ProcessFilePayload;
    const work = await fs.promises.mkdtemp(path.join(os.tmpdir(), `vp-job-${fileId}-`));
    const folder = newOwnFolder(fileId);
    const journaled = [mediaEntry(folder)];
    let completed = false;
    let stored = false;
    try {
      await status.set(fileId, FILE_STATUS.received, { file_server: worker, file_progress: null, file_reason: null });
      await status.set(fileId, FILE_STATUS.downloading, { file_progress: 0 });
      const local = path.join(work, 'source');
      const downloaded = status.progress(fileId);
      if ('media_key' in source) await media.getFile(source.media_key, local);
      else
        await downloadUrl(source.url, local, { ...urlPolicy, ...(await downloadLimit(options, fileId)), signal, onProgress: downloaded });
      // The tools get the job's signal and its wall time: on either, their process groups are killed.
      const deadline = AbortSignal.timeout(limits.maxJobSeconds * 1000);
      const tools = AbortSignal.any([signal, deadline]);
      const timed = (err: unknown) => (deadline.aborted && !signal.aborted ? new PermanentJobError(jobTooLong(limits)) : err);
      let info;
      try {
        const container = await videoContainerOfFile(local);
        if (!container) throw new NotAVideoError();
        if (container === 'mov' && !(await isoFileComplete(local))) throw new PermanentJobError(INCOMPLETE_VIDEO);
        info = await probe(local, container, tools);
      } catch (err) {
        throw err instanceof NotAVideoError ? new PermanentJobError(err.message) : timed(err);
      }
      await status.set(fileId, FILE_STATUS.downloaded, {
        file_progress: null,
        file_duration: Math.round(info.duration * 1000) / 1000,
        file_width: info.width,
        file_height: info.height,
      });
      const tooMuch = overLimit(info, limits);
      if (tooMuch) throw new PermanentJobError(tooMuch);

      await status.set(fileId, FILE_STATUS.uploading, { file_progress: 0 });
      const transcoded = status.progress(fileId);
      const published = await publishVideo(local, info, work, media, folder, {
        signal: tools,
        maxPixels: limits.maxPixels,
        onTranscoded: (fraction) => transcoded(0.9 * fraction),
        // Journaled before its first byte: a worker killed while storing leaves nothing the next start keeps.
        beforeStore: () => journalKeys(db, journaled, Date.now()),
      }).catch((err: unknown) => {
        throw timed(err);
      });
      // The file owns its folder from now on, and its account's video storage counts it.
      const rendition = { file_progress: null, file_rendition: published.rendition };
      await status.set(fileId, FILE_STATUS.uploaded, rendition, {
        alsoInTransaction: async (tx) => {
          await videoStorage.record(tx, folder, fileId, published.bytes, Date.now());
          await forgetKeys(tx, journaled);
        },
      });
      stored = true;
      await status.set(fileId, FILE_STATUS.indexed, {
        file_image: `${MEDIA_IMAGE_PREFIX}${published.thumbnail}`,
        file_slide: `${MEDIA_IMAGE_PREFIX}${published.storyboard}`,
      });

      if ('media_key' in source) await removeSource(media, videoStorage, source.media_key);
      await fs.promises.rm(work, { recursive: true, force: true });
      await status.set(fileId, FILE_STATUS.cleaned);
      await status.set(fileId, FILE_STATUS.completed);
      completed = true;
    } catch (err) {
      if (!(err instanceof FileGoneError)) throw err;
      // Deleted meanwhile: nothing to report to, nothing to keep.
      if ('media_key' in source) await removeSource(media, videoStorage, source.media_key);
    } finally {
      await fs.promises.rm(work, { recursive: true, force: true });
      if (!completed) {
        await media.delete(folder);
        if (stored) await videoStorage.release([folder]);
        else await forgetKeys(db, journaled);
      }
    }
  }

  return {
    kind: PROCESS_FILE,
    run,
    async retrying(job, reason, delayMs) {
      const { file_id: fileId } = job.payload as ProcessFilePayload;
      const seconds = Math.ceil(delayMs / 1000);
      await status
        .set(fileId, FILE_STATUS.pending, {
          file_progress: null,
          file_reason: `Attempt ${job.attempts} failed: ${reason}. Retrying in ${seconds} s.`,
        })
        .catch(() => {});
    },
    async failed(job, reason) {
      const { file_id: fileId, source } = job.payload as ProcessFilePayload;
      await status.fail(fileId, reason);
      if ('media_key' in source) await removeSource(media, videoStorage, source.media_key);
    },
  };
}
