import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NotAVideoError, probe } from '../media/ffmpeg';
import { jobTooLong, overLimit, type MediaLimits } from '../media/media-limits';
import { PROCESS_FILE, type ProcessFilePayload } from '../db/job-kinds';
import type { ClaimedJob } from '../db/jobs-repository';
import { addDownloads, makeRenditions } from '../media/publish';
import { isoFileComplete, videoContainerOfFile } from '../media/video-signature';
import { FILE_STATUS } from '../../../src/contract/file-status';
import type { FileJobHost } from './file-job-host';
import { FileGoneError, throttledProgress } from './file-status';
import { PermanentJobError, type JobContext, type JobHandler } from '../jobs/worker';

export const INCOMPLETE_VIDEO = 'The video file is incomplete (cut short)';

export interface ProcessFileOptions {
  /** The host of one job's file: beside the database (LocalFileJobHost), or over the pipeline API (HttpFileJobHost). */
  hostOf: (job: ClaimedJob) => FileJobHost;
  /** What one video may cost; for a remote worker, the limits the API handed with the job. */
  limitsOf: (job: ClaimedJob) => MediaLimits;
}

/**
 * The reference pipeline for one file: fetch the source (2 Downloading → 3 Downloaded, with the
 * probe's duration and size), transcode the HLS ladder and hand it to the host's store (5 Uploading →
 * 6 Uploaded), a thumbnail and a storyboard sprite (8 Indexed), remove the source and the work folder
 * (9 Cleaned), 10 Completed. When the file may be downloaded (its host says so with the folder), the
 * top rung is also remuxed into an MP4 and an M4A stored with it (decision D67). Each attempt writes a new rendition folder, so a half-written one is never
 * served; a failed attempt removes its own. ffmpeg reads the fetched bytes only as the container their
 * first bytes are (see video-signature.ts); a video over a limit fails for good once probed, and so
 * does one whose processing outlasts `limits.maxJobSeconds` (its ffmpeg is killed).
 */
export function processFileHandler({ hostOf, limitsOf }: ProcessFileOptions): JobHandler {
  async function run(job: ClaimedJob, { signal, worker }: JobContext): Promise<void> {
    const { file_id: fileId } = job.payload as ProcessFilePayload;
    const host = hostOf(job);
    const limits = limitsOf(job);
    const work = await fs.promises.mkdtemp(path.join(os.tmpdir(), `vp-job-${fileId}-`));
    let folder: string | null = null;
    let owned = false;
    let completed = false;
    let gone = false;
    const progress = () => throttledProgress((percent) => host.report(null, { file_progress: percent }));
    try {
      await host.report(FILE_STATUS.received, { file_server: worker, file_progress: null, file_reason: null });
      await host.report(FILE_STATUS.downloading, { file_progress: 0 });
      const local = path.join(work, 'source');
      await host.fetchSource(local, { signal, onProgress: progress() });
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
      await host.report(FILE_STATUS.downloaded, {
        file_progress: null,
        file_duration: Math.round(info.duration * 1000) / 1000,
        file_width: info.width,
        file_height: info.height,
      });
      const tooMuch = overLimit(info, limits);
      if (tooMuch) throw new PermanentJobError(tooMuch);

      await host.report(FILE_STATUS.uploading, { file_progress: 0 });
      const transcoded = progress();
      const made = await makeRenditions(local, info, work, {
        signal: tools,
        maxPixels: limits.maxPixels,
        onTranscoded: (fraction) => transcoded(0.9 * fraction),
      }).catch((err: unknown) => {
        throw timed(err);
      });
      const target = await host.newFolder();
      folder = target.folder;
      if (target.downloads) await addDownloads(made, tools).catch((err: unknown) => Promise.reject(timed(err)));
      await host.store(made, folder, tools);
      await host.published(folder, made.bytes);
      owned = true;
      await fs.promises.rm(work, { recursive: true, force: true });
      await host.complete();
      completed = true;
    } catch (err) {
      if (!(err instanceof FileGoneError)) throw err;
      gone = true; // deleted meanwhile: nothing to report to, nothing to keep
    } finally {
      await fs.promises.rm(work, { recursive: true, force: true });
      if (!completed) await host.discard(folder, owned, gone);
    }
  }

  return {
    kind: PROCESS_FILE,
    run,
    retrying: (job, reason, delayMs) => hostOf(job).retrying(job.attempts, reason, delayMs),
    failed: (job, reason) => hostOf(job).failed(reason),
  };
}
