import type { ApiClient } from './client';
import * as v from 'valibot';
import type { PlayerParams } from '../../contract/player-params';
import { configSchema, embedDefaultsSchema } from './schemas';

/** GET /api/config */
export const getConfig = (api: ApiClient) => api.request('config', configSchema);

/** PUT /api/config: whether the account's files may be downloaded unless a file says otherwise (decision D67). */
export const saveDownloadsSetting = (api: ApiClient, allowed: boolean) =>
  api.request('config', v.looseObject({}), { method: 'put', json: { downloads: { allowed } } });

/** PUT /api/config: the account's embed defaults; the reply has them as stored. */
export const saveEmbedDefaults = (api: ApiClient, embed: PlayerParams) =>
  api.request('config', v.object({ player: v.object({ embed: embedDefaultsSchema }) }), { method: 'put', json: { player: { embed } } });
