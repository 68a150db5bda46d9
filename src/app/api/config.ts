import type { ApiClient } from './client';
import * as v from 'valibot';
import type { PlayerAccess } from '../../contract/player-access';
import { playerAccessSchema } from '../../contract/player-access';
import type { PlayerParams } from '../../contract/player-params';
import { configSchema, embedDefaultsSchema } from './schemas';

/** GET /api/config */
export const getConfig = (api: ApiClient) => api.request('config', configSchema);

/** PUT /api/config: the account's embed defaults; the reply has them as stored. */
export const saveEmbedDefaults = (api: ApiClient, embed: PlayerParams) =>
  api.request('config', v.object({ player: v.object({ embed: embedDefaultsSchema }) }), { method: 'put', json: { player: { embed } } });

/** PUT /api/config: where the account's files play unless a file says otherwise; the reply has it as stored. */
export const saveAccessDefault = (api: ApiClient, access: PlayerAccess) =>
  api.request('config', v.object({ player: v.object({ access: playerAccessSchema }) }), { method: 'put', json: { player: { access } } });
