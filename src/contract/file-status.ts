/**
 * The processing status of a file (docs/spec.md, "File status codes"): the codes the pipeline sets and the panel shows. The
 * kit names them in the element's language; the server's pipeline moves a file through them.
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

/** The highest code; codes run from 0 without gaps. */
export const FILE_STATUS_MAX = FILE_STATUS.completed;
