/** File processing status codes set by the pipeline (spec §4). The panel only displays them. */
export interface FileStatusInfo {
  code: number;
  name: string;
  description: string;
  color: 'default' | 'primary' | 'secondary' | 'error' | 'info' | 'success' | 'warning';
}

export const FILE_STATUSES: readonly FileStatusInfo[] = [
  { code: 0, name: 'Pending', description: 'Waiting for processing', color: 'default' },
  { code: 1, name: 'Received', description: 'Received by a slave server', color: 'info' },
  { code: 2, name: 'Downloading', description: 'Downloading', color: 'info' },
  { code: 3, name: 'Downloaded', description: 'Downloaded', color: 'primary' },
  { code: 4, name: 'Download Failed', description: 'Download Failed', color: 'error' },
  { code: 5, name: 'Uploading', description: 'Uploading', color: 'info' },
  { code: 6, name: 'Uploaded', description: 'Uploaded', color: 'primary' },
  { code: 7, name: 'Upload Failed', description: 'Upload Failed', color: 'error' },
  { code: 8, name: 'Indexed', description: 'Indexes built', color: 'secondary' },
  { code: 9, name: 'Cleaned', description: 'Cleaned', color: 'warning' },
  { code: 10, name: 'Completed', description: 'Completed', color: 'success' },
];

const UNKNOWN: Omit<FileStatusInfo, 'code'> = { name: 'Unknown', description: 'Unknown', color: 'default' };

/** The name, description and badge colour of a status code; an unknown code reads 'Unknown'. */
export function fileStatusInfo(code: number): FileStatusInfo {
  return FILE_STATUSES.find((status) => status.code === code) ?? { code, ...UNKNOWN };
}
