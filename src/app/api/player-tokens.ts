import * as v from 'valibot';
import type { ApiClient } from './client';

/** POST /api/files/{id}/player-token: a signed link to a file's player, valid `expiresIn` seconds (docs/api.md). */
export const mintPlayerToken = (api: ApiClient, fileId: number, expiresIn: number, site?: string) =>
  api.request(`files/${fileId}/player-token`, v.object({ token: v.string(), expires_at: v.string(), url: v.string() }), {
    method: 'post',
    json: site ? { expires_in: expiresIn, site } : { expires_in: expiresIn },
  });
