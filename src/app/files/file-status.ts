import type { FILES_TEXTS } from './texts';

/**
 * File processing status codes set by the pipeline. The panel only displays them.
 *
 * Each status belongs to one of four families, and each family has one colour, so a colour always
 * means the same thing: waiting (grey), moving through the pipeline (blue), failed (red), done (green).
 */
export type StatusFamily = 'waiting' | 'moving' | 'failed' | 'done';

/** A status's key in the list's texts (FILES_TEXTS): statuses are named in the element's language. */
type FileTextKey = Extract<keyof typeof FILES_TEXTS.en, `status${string}`>;

export interface FileStatusInfo {
  code: number;
  name: FileTextKey;
  description: FileTextKey;
  family: StatusFamily;
}

export const FILE_STATUSES: readonly FileStatusInfo[] = [
  { code: 0, name: 'statusPending', description: 'statusPendingHint', family: 'waiting' },
  { code: 1, name: 'statusReceived', description: 'statusReceivedHint', family: 'waiting' },
  { code: 2, name: 'statusDownloading', description: 'statusDownloading', family: 'moving' },
  { code: 3, name: 'statusDownloaded', description: 'statusDownloaded', family: 'moving' },
  { code: 4, name: 'statusDownloadFailed', description: 'statusDownloadFailed', family: 'failed' },
  { code: 5, name: 'statusUploading', description: 'statusUploading', family: 'moving' },
  { code: 6, name: 'statusUploaded', description: 'statusUploaded', family: 'moving' },
  { code: 7, name: 'statusUploadFailed', description: 'statusUploadFailed', family: 'failed' },
  { code: 8, name: 'statusIndexed', description: 'statusIndexedHint', family: 'moving' },
  { code: 9, name: 'statusCleaned', description: 'statusCleaned', family: 'moving' },
  { code: 10, name: 'statusCompleted', description: 'statusCompleted', family: 'done' },
];

const UNKNOWN: Omit<FileStatusInfo, 'code'> = { name: 'statusUnknown', description: 'statusUnknown', family: 'waiting' };

/** The name and description (keys of FILES_TEXTS) and family of a status code; an unknown code reads 'Unknown'. */
export function fileStatusInfo(code: number): FileStatusInfo {
  return FILE_STATUSES.find((status) => status.code === code) ?? { code, ...UNKNOWN };
}
