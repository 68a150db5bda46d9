import { useSession } from '../session/use-session';
import { apiClientFor, type ApiClient } from './client';

/** The API client of this element's session (its own `api-base`). */
export const useApi = (): ApiClient => apiClientFor(useSession());
