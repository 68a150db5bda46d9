import { createContext, useContext, useSyncExternalStore } from 'react';
import type { ConfigState } from './config-store';
import type { Session } from './session';

/** The session of the element this tree belongs to (KitRoot provides it from the element's `api-base`). */
export const SessionContext = createContext<Session | null>(null);

/**
 * This element's session. The entry owns the sessions (session.ts) and each element hands its own to
 * its tree: the screens' chunks never import that module, so the entry pulls in no chunk. Without a
 * provider there is no session to fall back on: the default base's would send this element's calls,
 * and a key, to an API the host never named. So a tree outside KitRoot fails at once with a message
 * that says why, in development and in production alike: no build ever calls the wrong base.
 */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) {
    throw new Error(
      "vp-admin-kit: useSession() found no SessionContext provider: render screens inside KitRoot, which provides the session of its element's api-base.",
    );
  }
  return session;
}

/** The whole config state of this element's session, re-rendering on every change. */
export function useConfigState(): ConfigState {
  const { store } = useSession();
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}

/** Per-element attributes that win over the server's config (`player-domain`, `image-host`, `theme`). */
export interface ConfigOverrides {
  playerDomain?: string | undefined;
  imageHost?: string | undefined;
  theme?: string | undefined;
}
export const ConfigOverridesContext = createContext<ConfigOverrides>({});

/**
 * Where links and images point: the element's attributes first, then the server's config. An image
 * host may be written relative to the page (`/images/`): it is resolved against the page's address.
 */
export function useLinkBases(): { playerDomain: string | null; imageHost: string | null } {
  const { config } = useConfigState();
  const overrides = useContext(ConfigOverridesContext);
  return {
    playerDomain: overrides.playerDomain || config?.player.domain || null,
    imageHost: againstPage(overrides.imageHost || config?.imageHost || null),
  };
}

function againstPage(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url.trim(), globalThis.document?.baseURI).href;
  } catch {
    return url;
  }
}
