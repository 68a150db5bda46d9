/**
 * File processing status codes set by the pipeline. The panel only displays them.
 *
 * Each status belongs to one of four families, and each family has one colour, so a colour always
 * means the same thing: waiting (grey), moving through the pipeline (blue), failed (red), done (green).
 */
export type StatusFamily = 'waiting' | 'moving' | 'failed' | 'done';

export interface FileStatusInfo {
  code: number;
  name: string;
  description: string;
  family: StatusFamily;
}

export const FILE_STATUSES: readonly FileStatusInfo[] = [
  { code: 0, name: 'Pending', description: 'Waiting for processing', family: 'waiting' },
  { code: 1, name: 'Received', description: 'Received by a slave server', family: 'waiting' },
  { code: 2, name: 'Downloading', description: 'Downloading', family: 'moving' },
  { code: 3, name: 'Downloaded', description: 'Downloaded', family: 'moving' },
  { code: 4, name: 'Download Failed', description: 'Download Failed', family: 'failed' },
  { code: 5, name: 'Uploading', description: 'Uploading', family: 'moving' },
  { code: 6, name: 'Uploaded', description: 'Uploaded', family: 'moving' },
  { code: 7, name: 'Upload Failed', description: 'Upload Failed', family: 'failed' },
  { code: 8, name: 'Indexed', description: 'Indexes built', family: 'moving' },
  { code: 9, name: 'Cleaned', description: 'Cleaned', family: 'moving' },
  { code: 10, name: 'Completed', description: 'Completed', family: 'done' },
];

const UNKNOWN: Omit<FileStatusInfo, 'code'> = { name: 'Unknown', description: 'Unknown', family: 'waiting' };

/** The name, description and family of a status code; an unknown code reads 'Unknown'. */
export function fileStatusInfo(code: number): FileStatusInfo {
  return FILE_STATUSES.find((status) => status.code === code) ?? { code, ...UNKNOWN };
}
