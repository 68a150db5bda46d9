import { useEffect } from 'react';
import { apiClientFor } from '../api/client';
import { getConfig } from '../api/config';
import type { Session } from '../config/sessions';
import { useConfigState, useSession } from '../config/use-config';

interface LoadState {
  loading: Promise<void> | null;
  failedForKey: string | null;
}
const loads = new WeakMap<Session, LoadState>();

/**
 * Fetches config when a key exists and config is not loaded or a refresh is flagged. One request
 * at a time per session; a failure is logged only and not retried for the same key, so a broken
 * endpoint cannot make a request loop.
 */
function loadConfigIfNeeded(session: Session): void {
  let state = loads.get(session);
  if (!state) loads.set(session, (state = { loading: null, failedForKey: null }));
  const { store } = session;
  const { apiKey, isConfigLoaded, isRequireUpdate } = store.getState();
  if (!apiKey || state.loading || (isConfigLoaded && !isRequireUpdate) || (state.failedForKey === apiKey && !isRequireUpdate)) return;
  const current = state;
  current.loading = getConfig(apiClientFor(session))
    .then((reply) => store.setServerConfig(reply.data))
    .catch((error: unknown) => {
      current.failedForKey = apiKey;
      console.error('vp-admin-kit: the config could not be loaded.', error);
    })
    .finally(() => {
      current.loading = null;
    });
}

/** Mounted once per element: keeps its session's config loaded. */
export function useConfigLoader(): void {
  const session = useSession();
  const { apiKey, isConfigLoaded, isRequireUpdate } = useConfigState();
  useEffect(() => loadConfigIfNeeded(session), [session, apiKey, isConfigLoaded, isRequireUpdate]);
}
