import * as v from 'valibot';
import type { FilePatch } from '../../contract/file-patch';
import type { ListQuery } from '../../contract/list-query';
import type { ApiClient } from './client';
import { fileListSchema, fileSchema, type VideoFile } from './schemas';
import { writeMerging } from './versioned-write';

/** The list query of the contract, paging and sort always named. */
export type FileQuery = ListQuery;

/** GET /api/files/ — optional filters are sent only when set (docs/spec.md §5). */
export function getFiles(api: ApiClient, query: FileQuery, signal?: AbortSignal) {
  const searchParams: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') searchParams[key] = value;
  }
  return api.request('files/', fileListSchema, { searchParams, signal });
}

/** GET /api/files/{id} */
export const getFile = (api: ApiClient, id: number) => api.request(`files/${id}`, fileSchema);

/** The body of PUT /api/files/{id}, as the contract has it. */
export type { FilePatch };

/** PUT /api/files/{id} — the reply's status (success, warning, error) decides the toast; `headers`: If-Match. */
export const updateFile = (api: ApiClient, id: number, patch: FilePatch, headers: Record<string, string> = {}) =>
  api.request(`files/${id}`, v.nullish(fileSchema), { method: 'put', json: patch, headers });

/**
 * PUT /api/files/{id} on the version `base` was read at: a change elsewhere to other fields is merged
 * (written again on the fresh version), a change of the same fields is returned as a conflict.
 */
export const updateFileMerging = <P extends FilePatch>(api: ApiClient, base: VideoFile, patch: P) =>
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
