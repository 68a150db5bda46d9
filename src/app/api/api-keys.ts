import * as v from 'valibot';
import { apiKeySchema, type ApiKeyCreate, type ApiKeyJson } from '../../contract/api-key';
import type { ApiClient } from './client';

/**
 * The account's API keys (docs/api.md, Authentication; decision D55). A module of its own: only the
 * API keys screen, loaded when it is opened, calls it.
 */

export type ApiKey = ApiKeyJson;
export type NewApiKey = ApiKeyCreate;

/** GET /api/keys: oldest first, never the keys themselves. */
export const listApiKeys = (api: ApiClient, signal?: AbortSignal) =>
  api.request('keys', v.object({ keys: v.array(apiKeySchema) }), { signal });

/** POST /api/keys: the key itself (`apiKey`) is in this reply only. */
export const createApiKey = (api: ApiClient, key: NewApiKey) =>
  api.request('keys', v.object({ key: apiKeySchema, apiKey: v.string() }), { method: 'post', json: key });

/** DELETE /api/keys/{id}: refused at once, on every node. */
export const revokeApiKey = (api: ApiClient, id: number) => api.requestBare(`keys/${id}`, { method: 'delete' });
