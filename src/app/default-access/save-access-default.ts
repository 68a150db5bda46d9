import * as v from 'valibot';
import { playerAccessSchema, type PlayerAccess } from '../../contract/player-access';
import type { ApiClient } from '../api/client';

/**
 * PUT /api/config: where the account's files play unless a file says otherwise; the reply has it as
 * stored. Beside its one screen rather than in api/config.ts, which the kit's core chunk carries.
 */
export const saveAccessDefault = (api: ApiClient, access: PlayerAccess) =>
  api.request('config', v.object({ player: v.object({ access: playerAccessSchema }) }), { method: 'put', json: { player: { access } } });
