import type { ProcessingFields } from '../db/files-repository';
import type { MadeMedia } from '../media/publish';

/** Where the job's source comes from for this attempt. */
export interface SourceFetch {
  signal: AbortSignal;
  onProgress: (fraction: number) => void;
}

/** A folder for an attempt's media, and whether the attempt makes the file's downloads too. */
export interface NewFolder {
  folder: string;
  downloads: boolean;
}

/**
 * What the processing of one file's job asks of the side that holds the database and the media store.
 * The compute (fetch the source, probe, transcode, hand the outputs over: process-file.ts) runs against
 * it, so that the same code runs beside the database (local-file-job-host.ts: the server's worker and
 * the CLI's database worker) and on a machine that reaches nothing but the API
 * (http-file-job-host.ts: the CLI's `worker --api`). Every database write stays on the API's side.
 */
export interface FileJobHost {
  /**
   * A step of the file's status before Uploaded, with its fields; FileGoneError when the file was
   * deleted meanwhile. `null` changes only the fields.
   */
  report(status: number | null, fields?: ProcessingFields): Promise<void>;
  /** Puts the job's source in a local file (the upload from the store, or the URL downloaded under the policy). */
  fetchSource(localPath: string, fetch: SourceFetch): Promise<void>;
  /**
   * A new folder of the file for this attempt's media, journaled before its first byte is stored (a
   * worker killed while storing leaves nothing the crash clean-up keeps); `downloads`: whether the
   * file may be downloaded now, so the attempt makes its MP4 and M4A too (decision D67).
   */
  newFolder(): Promise<NewFolder>;
  /** Stores the made media under that folder. */
  store(made: MadeMedia, folder: string, signal: AbortSignal): Promise<void>;
  /** The file owns the stored folder from now on (Uploaded, counted in its account's video storage), then Indexed with its images. */
  published(folder: string, bytes: number): Promise<void>;
  /** The source is removed, then Cleaned and Completed. */
  complete(): Promise<void>;
  /**
   * The attempt ended without Completed: the folder it stored (if any) goes, and is no longer counted
   * (`owned`: the file took it) or journaled; `gone`: the file was deleted, so its source goes too.
   */
  discard(folder: string | null, owned: boolean, gone: boolean): Promise<void>;
  /** The job will run again after `delayMs` (the file shows Pending with the reason). */
  retrying(attempt: number, reason: string, delayMs: number): Promise<void>;
  /** The job failed for good: the file fails with the reason, its source goes. */
  failed(reason: string): Promise<void>;
}
