import * as v from 'valibot';
import type { ApiClient } from './client';
import { fileListSchema, fileSchema, type VideoFile } from './schemas';

export interface FileQuery {
  page: number;
  limit: number;
  sort_by: string;
  order: 'asc' | 'desc';
  search?: string;
  isActive?: 0 | 1;
  file_status?: number;
}

/** GET /api/files/ — optional filters are sent only when set (spec §5). */
export function getFiles(api: ApiClient, query: FileQuery, signal?: AbortSignal) {
  const searchParams: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') searchParams[key] = value;
  }
  return api.request('files/', fileListSchema, { searchParams, signal });
}

/** GET /api/files/{id} */
export const getFile = (api: ApiClient, id: number) => api.request(`files/${id}`, fileSchema);

export type FilePatch = Partial<Pick<VideoFile, 'file_title' | 'file_slug' | 'isActive'>>;

/** PUT /api/files/{id} — the reply's status (success, warning, error) decides the toast. */
export const updateFile = (api: ApiClient, id: number, patch: FilePatch) =>
  api.request(`files/${id}`, v.nullish(fileSchema), { method: 'put', json: patch });

/** DELETE /api/files/{id} */
export const deleteFile = (api: ApiClient, id: number) => api.requestBare(`files/${id}`, { method: 'delete' });

/** POST /api/files/{id}/restore — brings a file back from the trash (the Undo of a delete). */
export const restoreFile = (api: ApiClient, id: number) => api.request(`files/${id}/restore`, fileSchema, { method: 'post' });
