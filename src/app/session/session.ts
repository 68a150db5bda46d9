import { listenToOtherTabs, createConfigStore, type ConfigStore } from './config-store';
import { browserStorage, namespacedStorage, type KeyValueStorage } from './storage';

/**
 * One session per API base: its key, theme and config (the store), its API client and its config
 * loading. Every element asks for the session of its own `api-base`, so two elements on two bases
 * never share a key, and elements on the same base (however the base is written: `/api`, `/api/`,
 * `http://this-host/api`) share one, with one client and one config request. The page's default
 * base keeps the storage keys without a prefix (`apiKey`, `theme`, `configData`, `auth_token`);
 * another base prefixes them with its URL.
 */
export interface Session {
  /** Absolute, without a trailing slash: `https://host/api`. */
  readonly apiBase: string;
  readonly store: ConfigStore;
  /**
   * The part of this session that `build` makes, built on first use and kept by the session: the
   * API client (`apiClientFor`) and the config loading (`useConfigLoader`) are built here. The entry
   * holds the sessions (an element needs its `apiKey` before its code loads), so the session is
   * handed its builders by the modules of the screens' chunks instead of importing ky and the
   * schemas into the entry.
   */
  own<T>(build: (session: Session) => T): T;
}

export const DEFAULT_API_BASE = '/api';

const sessions = new Map<string, Session>();
let pageStorage: KeyValueStorage | null = null;

/** `api-base` as written → an absolute URL without a trailing slash. */
export function resolveApiBase(apiBase: string | null | undefined): string {
  const written = apiBase?.trim() || DEFAULT_API_BASE;
  return new URL(`${written.replace(/\/+$/, '')}/`, globalThis.document?.baseURI ?? 'http://localhost/').href.replace(/\/$/, '');
}

/** The session of an API base (created on first use). */
export function sessionFor(apiBase?: string | null): Session {
  const resolved = resolveApiBase(apiBase);
  let session = sessions.get(resolved);
  if (!session) {
    const prefix = resolved === resolveApiBase(DEFAULT_API_BASE) ? '' : `vp[${resolved}]:`;
    const store = createConfigStore(namespacedStorage((pageStorage ??= browserStorage()), prefix));
    if (typeof window !== 'undefined') listenToOtherTabs(store, window, safeLocalStorage(), prefix);
    session = createSession(resolved, store);
    sessions.set(resolved, session);
  }
  return session;
}

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** A plain object rather than a class: the entry carries it, and a closure minifies smaller. */
function createSession(apiBase: string, store: ConfigStore): Session {
  const parts = new Map<(session: Session) => unknown, unknown>();
  const session: Session = {
    apiBase,
    store,
    own: <T>(build: (session: Session) => T): T => {
      if (!parts.has(build)) parts.set(build, build(session));
      return parts.get(build) as T;
    },
  };
  return session;
}
