import type { ApiClient } from './client';
import { configSchema } from './schemas';

/** GET /api/config */
export const getConfig = (api: ApiClient) => api.request('config', configSchema);
