import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';
import { getConfig } from '../api/config';
import { configStore } from './config';
import type { ConfigState } from './config-store';

/** The whole config state, re-rendering on every change. */
export function useConfigState(): ConfigState {
  return useSyncExternalStore(configStore.subscribe, configStore.getState, configStore.getState);
}

/** Per-element attributes that win over the server's config (`player-domain`, `image-host`, `theme`). */
export interface ConfigOverrides {
  playerDomain?: string | undefined;
  imageHost?: string | undefined;
  theme?: string | undefined;
}
export const ConfigOverridesContext = createContext<ConfigOverrides>({});

/** Where links and images point: the element's attributes first, then the server's config. */
export function useLinkBases(): { playerDomain: string | null; imageHost: string | null } {
  const { config } = useConfigState();
  const overrides = useContext(ConfigOverridesContext);
  return {
    playerDomain: overrides.playerDomain || config?.player.domain || null,
    imageHost: overrides.imageHost || config?.imageHost || null,
  };
}

let loading: Promise<void> | null = null;
let failedForKey: string | null = null;

/**
 * Fetches config when a key exists and config is not loaded or a refresh is flagged (spec §4).
 * One request at a time for the whole page; a failure is logged only (spec §8) and not retried
 * for the same key, so a broken endpoint cannot make a request loop.
 */
export function loadConfigIfNeeded(): void {
  const { apiKey, isConfigLoaded, isRequireUpdate } = configStore.getState();
  if (!apiKey || loading || (isConfigLoaded && !isRequireUpdate) || (failedForKey === apiKey && !isRequireUpdate)) return;
  loading = getConfig()
    .then((reply) => configStore.setServerConfig(reply.data))
    .catch((error: unknown) => {
      failedForKey = apiKey;
      console.error('vp-admin-kit: the config could not be loaded.', error);
    })
    .finally(() => {
      loading = null;
    });
}

/** Mounted once per element: keeps config loaded for the current session. */
export function useConfigLoader(): void {
  const { apiKey, isConfigLoaded, isRequireUpdate } = useConfigState();
  useEffect(loadConfigIfNeeded, [apiKey, isConfigLoaded, isRequireUpdate]);
}
