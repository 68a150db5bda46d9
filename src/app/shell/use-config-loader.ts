import { useEffect } from 'react';
import { apiClientFor } from '../api/client';
import { getConfig } from '../api/config';
import type { Session } from '../session/session';
import { useConfigState, useSession } from '../session/use-session';

/**
 * A session's config loading: fetches config when a key exists and config is not loaded or a
 * refresh is flagged. One request at a time per session (elements on one base share it); a failure
 * is logged only and not retried for the same key, so a broken endpoint cannot make a request loop.
 */
function configLoading(session: Session): () => void {
  let loading: Promise<void> | null = null;
  let failedForKey: string | null = null;
  const { store } = session;
  return () => {
    const { apiKey, isConfigLoaded, isRequireUpdate } = store.getState();
    if (!apiKey || loading || (isConfigLoaded && !isRequireUpdate) || (failedForKey === apiKey && !isRequireUpdate)) return;
    loading = getConfig(apiClientFor(session))
      .then((reply) => store.setServerConfig(reply.data))
      .catch((error: unknown) => {
        failedForKey = apiKey;
        console.error('vp-admin-kit: the config could not be loaded.', error);
      })
      .finally(() => {
        loading = null;
      });
  };
}

/** Mounted once per element: keeps its session's config loaded. */
export function useConfigLoader(): void {
  const session = useSession();
  const { apiKey, isConfigLoaded, isRequireUpdate } = useConfigState();
  useEffect(() => session.own(configLoading)(), [session, apiKey, isConfigLoaded, isRequireUpdate]);
}
