// The kinds of job in the `jobs` table and the payload each carries: the one place a kind is named,
// for those who queue a job (ingest, bulk requests), run it (pipeline/, bulk/) or look for it (trash,
// upload sweep, the pipeline API).

/** A new file's video: fetched or taken from the media store, transcoded, published (pipeline/process-file.ts). */
export const PROCESS_FILE = 'process-file';

/** Where a new file's video comes from: an upload already in the media store, or a URL to download. */
export type VideoSource = { media_key: string } | { url: string };

export interface ProcessFilePayload {
  file_id: number;
  source: VideoSource;
}

/** How the stored payload of a file's job starts (`file_id` is its first field): finds the job of a file. */
export const fileJobStart = (fileId: number): string => `{"file_id":${fileId},`;

/** One action over many files, in batches (bulk/bulk-job.ts). */
export const BULK_FILES = 'bulk-files';

export interface BulkJobPayload {
  bulk_job_id: number;
}

/** A file's downloads made or removed to follow its setting, or those of every file following its account's (pipeline/file-downloads.ts). */
export const FILE_DOWNLOADS = 'file-downloads';

export type FileDownloadsPayload = { file_id: number } | { account_id: number };
