import * as v from 'valibot';
import type { ApiClient } from './client';
import { activitySchema, fileListSchema, fileSchema, type VideoFile } from './schemas';
import { writeMerging } from './versioned-write';

export interface FileQuery {
  /** The account's trash instead of its live files (same filters, sort and paging). */
  trashed?: 1;
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

/** PUT /api/files/{id} — the reply's status (success, warning, error) decides the toast; `headers`: If-Match. */
export const updateFile = (api: ApiClient, id: number, patch: FilePatch, headers: Record<string, string> = {}) =>
  api.request(`files/${id}`, v.nullish(fileSchema), { method: 'put', json: patch, headers });

/**
 * PUT /api/files/{id} on the version `base` was read at: a change elsewhere to other fields is merged
 * (written again on the fresh version), a change of the same fields is returned as a conflict.
 */
export const updateFileMerging = (api: ApiClient, base: VideoFile, patch: FilePatch) =>
  writeMerging(fileSchema, base, patch, (body, headers) => updateFile(api, base.file_id, body, headers));

/**
 * DELETE /api/files/{id} — without If-Match: it only moves the file to the trash (restorable), and a
 * file being processed changes version every few seconds, so a check would refuse most deletes.
 */
export const deleteFile = (api: ApiClient, id: number) => api.requestBare(`files/${id}`, { method: 'delete' });

/** DELETE /api/files/{id}?permanent=1 — deletes a file of the trash for good. */
export const purgeFile = (api: ApiClient, id: number) =>
  api.requestBare(`files/${id}`, { method: 'delete', searchParams: { permanent: 1 } });

/** POST /api/files/{id}/restore — brings a file back from the trash (the Undo of a delete). */
export const restoreFile = (api: ApiClient, id: number) => api.request(`files/${id}/restore`, fileSchema, { method: 'post' });

/** GET /api/files/{id}/activity — newest first, a page of `limit` before the entry `before`. */
export const getFileActivity = (api: ApiClient, id: number, limit: number, before?: number, signal?: AbortSignal) =>
  api.request(`files/${id}/activity`, v.object({ activity: v.array(activitySchema) }), {
    searchParams: { limit, ...(before ? { before } : {}) },
    ...(signal ? { signal } : {}),
  });
