import type { ApiClient } from './client';
import { loginSchema } from './schemas';

/** POST /api/auth/login — the reply's status decides (docs/spec.md §8: non-success shows the server's message). */
export const login = (api: ApiClient, username: string, password: string) =>
  api.request('auth/login', loginSchema, { method: 'post', json: { username, password } });

/** POST /api/auth/logout — revokes the key on the server. */
export const logout = (api: ApiClient) => api.requestBare('auth/logout', { method: 'post' });
