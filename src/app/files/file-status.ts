import { FILE_STATUS, type FileStatusName } from '../../contract/file-status';
import type { FILES_TEXTS } from './texts';

/**
 * File processing status codes (src/contract/file-status.ts) set by the pipeline. The panel only displays them.
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

const NAMED: Record<FileStatusName, Omit<FileStatusInfo, 'code'>> = {
  pending: { name: 'statusPending', description: 'statusPendingHint', family: 'waiting' },
  received: { name: 'statusReceived', description: 'statusReceivedHint', family: 'waiting' },
  downloading: { name: 'statusDownloading', description: 'statusDownloading', family: 'moving' },
  downloaded: { name: 'statusDownloaded', description: 'statusDownloaded', family: 'moving' },
  downloadFailed: { name: 'statusDownloadFailed', description: 'statusDownloadFailed', family: 'failed' },
  uploading: { name: 'statusUploading', description: 'statusUploading', family: 'moving' },
  uploaded: { name: 'statusUploaded', description: 'statusUploaded', family: 'moving' },
  uploadFailed: { name: 'statusUploadFailed', description: 'statusUploadFailed', family: 'failed' },
  indexed: { name: 'statusIndexed', description: 'statusIndexedHint', family: 'moving' },
  cleaned: { name: 'statusCleaned', description: 'statusCleaned', family: 'moving' },
  completed: { name: 'statusCompleted', description: 'statusCompleted', family: 'done' },
};

/** Every status of the contract (src/contract/file-status.ts), in code order. */
export const FILE_STATUSES: readonly FileStatusInfo[] = Object.entries(FILE_STATUS)
  .map(([status, code]) => ({ code, ...NAMED[status as FileStatusName] }))
  .sort((a, b) => a.code - b.code);

const UNKNOWN: Omit<FileStatusInfo, 'code'> = { name: 'statusUnknown', description: 'statusUnknown', family: 'waiting' };

/** The name and description (keys of FILES_TEXTS) and family of a status code; an unknown code reads 'Unknown'. */
export function fileStatusInfo(code: number): FileStatusInfo {
  return FILE_STATUSES.find((status) => status.code === code) ?? { code, ...UNKNOWN };
}
