import { chaptersSchema } from '../../contract/chapters';
import { isApiError } from './api-error';
import type { ApiClient } from './client';
import { ifMatch } from './versioned-write';

/** GET /api/files/{id}/chapters (D66): the file's chapters, or null when it has none (404). */
export async function getChapters(api: ApiClient, fileId: number, signal?: AbortSignal) {
  try {
    return (await api.request(`files/${fileId}/chapters`, chaptersSchema, { signal })).data ?? null;
  } catch (error) {
    if (isApiError(error) && error.httpStatus === 404 && !signal?.aborted) return null;
    throw error;
  }
}

/** PUT /api/files/{id}/chapters: "00:00 Intro" lines (text/plain) as the file's chapters, on the version read (null: none yet). */
export const putChapterLines = (api: ApiClient, fileId: number, lines: string, version: number | null) =>
  api.request(`files/${fileId}/chapters`, chaptersSchema, {
    method: 'put',
    body: new Blob([lines], { type: 'text/plain;charset=utf-8' }),
    headers: { 'Content-Type': 'text/plain; charset=utf-8', ...ifMatch(version) },
  });

/** DELETE /api/files/{id}/chapters: the chapters track goes to the trash. */
export const deleteChapters = (api: ApiClient, fileId: number, version: number) =>
  api.requestBare(`files/${fileId}/chapters`, { method: 'delete', headers: ifMatch(version) });
