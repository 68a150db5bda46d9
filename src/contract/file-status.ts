/**
 * The processing status of a file (docs/spec.md, "File status codes"): the codes the pipeline sets and the panel shows. The
 * kit names them in the element's language; the server's pipeline moves a file through them. Code outside
 * src/contract names a status through this module, never by its number (a lint rule says so).
 */
export const FILE_STATUS = {
  pending: 0,
  received: 1,
  downloading: 2,
  downloaded: 3,
  downloadFailed: 4,
  uploading: 5,
  uploaded: 6,
  uploadFailed: 7,
  indexed: 8,
  cleaned: 9,
  completed: 10,
} as const;

export type FileStatusName = keyof typeof FILE_STATUS;
export type FileStatusCode = (typeof FILE_STATUS)[FileStatusName];

/** The highest code; codes run from 0 without gaps. */
export const FILE_STATUS_MAX = FILE_STATUS.completed;

/** Every code, in order (0 to FILE_STATUS_MAX). Marked pure: a bundle that does not read it drops it. */
export const FILE_STATUS_CODES: readonly FileStatusCode[] = /* @__PURE__ */ Object.values(FILE_STATUS);

/** The names of docs/spec.md's table, in English, by code: the player's page and logs say them. */
const LABELS: Record<FileStatusName, string> = {
  pending: 'Pending',
  received: 'Received',
  downloading: 'Downloading',
  downloaded: 'Downloaded',
  downloadFailed: 'Download Failed',
  uploading: 'Uploading',
  uploaded: 'Uploaded',
  uploadFailed: 'Upload Failed',
  indexed: 'Indexed',
  cleaned: 'Cleaned',
  completed: 'Completed',
};

/** A code of the contract (a server newer than a client may send others). */
export const isKnownStatus = (status: number): status is FileStatusCode =>
  Number.isInteger(status) && status >= 0 && status <= FILE_STATUS_MAX;

/** The name of a code (`downloadFailed`), or undefined for a code the contract does not know. */
export const fileStatusName = (status: number): FileStatusName | undefined =>
  isKnownStatus(status) ? (Object.keys(FILE_STATUS) as FileStatusName[])[status] : undefined;

/** The English name of a code ('Download Failed'); 'Unknown' for a code the contract does not know. */
export const fileStatusLabel = (status: number): string => {
  const name = fileStatusName(status);
  return name ? LABELS[name] : 'Unknown';
};

/** Processed: the file plays. */
export const isCompleted = (status: number): boolean => status === FILE_STATUS.completed;

/** Processing stopped at a failed step (its reason is in file_reason). */
export const isFailed = (status: number): boolean => status === FILE_STATUS.downloadFailed || status === FILE_STATUS.uploadFailed;

/** Processing ended, either way: the statuses the pipeline's log records as the end. */
export const isFinal = (status: number): boolean => isCompleted(status) || isFailed(status);

/** On its way through the pipeline (or waiting to start): every known code before Completed but the failures. */
export const isProcessing = (status: number): boolean => isKnownStatus(status) && !isFinal(status);
