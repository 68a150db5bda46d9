import { request } from './client';
import { configSchema } from './schemas';

/** GET /api/config */
export const getConfig = () => request('config', configSchema);
