import type { KeyValueStorage } from './storage';
import type { PlayerAccess } from '../../contract/player-access';
import type { PlayerParams } from '../../contract/player-params';

/** localStorage keys, exactly as docs/spec.md §9 names them. */
export const STORAGE_KEYS = {
  apiKey: 'apiKey',
  theme: 'theme',
  configData: 'configData',
  authToken: 'auth_token',
} as const;

export type ThemeMode = 'light' | 'dark';

/** What `GET /api/config` returns, after validation (plus any fields the panel does not use). */
export interface ServerConfig {
  /** `embed`: the account's embed defaults; `access`: where its files play by default (both absent from servers without them). */
  player: { domain: string; ui: Record<string, unknown>; embed?: PlayerParams | undefined; access?: PlayerAccess | undefined };
  imageHost: string;
  token: string | null;
  /** How long deleted files stay in the server's trash (absent from servers without one). */
  trash?: { days: number } | undefined;
  [extra: string]: unknown;
}

export interface ConfigState {
  apiKey: string | null;
  theme: ThemeMode;
  isConfigLoaded: boolean;
  isRequireUpdate: boolean;
  /** Why the session ended, so the sign-in form can say it; null while signed in or after a sign-out the user asked for. */
  signedOutReason: 'expired' | null;
  config: ServerConfig | null;
}

/** Fields of the config that belong to the session, never to the cached copy (docs/spec.md §3). */
const NOT_CACHED = ['apiKey', 'theme', 'isConfigLoaded', 'isRequireUpdate'] as const;

export type ConfigStore = ReturnType<typeof createConfigStore>;

const parseTheme = (value: string | null): ThemeMode => (value === 'dark' ? 'dark' : 'light');

function readCachedConfig(storage: KeyValueStorage): ServerConfig | null {
  const raw = storage.getItem(STORAGE_KEYS.configData);
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (isServerConfig(parsed)) return parsed;
    throw new Error('it does not have the shape of a config');
  } catch (error) {
    console.error('vp-admin-kit: the cached config could not be read and is ignored.', error);
    return null;
  }
}

function isServerConfig(value: unknown): value is ServerConfig {
  if (typeof value !== 'object' || value === null) return false;
  const { player, imageHost } = value as Record<string, unknown>;
  return (
    typeof imageHost === 'string' &&
    typeof player === 'object' &&
    player !== null &&
    typeof (player as Record<string, unknown>).domain === 'string'
  );
}

function withoutSessionFields(config: ServerConfig): ServerConfig {
  const copy: Record<string, unknown> = { ...config };
  for (const key of NOT_CACHED) delete copy[key];
  return copy as ServerConfig;
}

/**
 * The store of one session and its config, shared by every element of the page that talks to the
 * same API base (see `sessions.ts`). React reads it with useSyncExternalStore; other tabs reach it through
 * `storage` events (`listenToOtherTabs`).
 */
export function createConfigStore(storage: KeyValueStorage) {
  const cached = readCachedConfig(storage);
  let state: ConfigState = {
    apiKey: storage.getItem(STORAGE_KEYS.apiKey),
    theme: parseTheme(storage.getItem(STORAGE_KEYS.theme)),
    isConfigLoaded: false,
    isRequireUpdate: false,
    signedOutReason: null,
    config: cached,
  };
  const listeners = new Set<() => void>();

  function set(patch: Partial<ConfigState>) {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  }

  function forgetSession(signedOutReason: ConfigState['signedOutReason']) {
    for (const key of Object.values(STORAGE_KEYS)) storage.removeItem(key);
    set({ apiKey: null, theme: 'light', config: null, isConfigLoaded: false, isRequireUpdate: false, signedOutReason });
  }

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /** Stores a fresh key; config is marked unloaded so it is fetched for this session. */
    signIn(apiKey: string) {
      storage.setItem(STORAGE_KEYS.apiKey, apiKey);
      set({ apiKey, isConfigLoaded: false, signedOutReason: null });
    },
    /** Removes apiKey, configData, theme and auth_token (docs/spec.md §4). */
    signOut: () => forgetSession(null),
    /** A 401: the key is dead, so the whole session goes (decision: keeping a dead key would loop between the guard and the server). */
    expireSession: () => forgetSession('expired'),
    setTheme(theme: ThemeMode) {
      storage.setItem(STORAGE_KEYS.theme, theme);
      set({ theme });
    },
    /** Merges a fetched config, marks it loaded and caches it without the session fields. */
    setServerConfig(config: ServerConfig) {
      const merged = withoutSessionFields({ ...state.config, ...config });
      storage.setItem(STORAGE_KEYS.configData, JSON.stringify(merged));
      set({ config: merged, isConfigLoaded: true, isRequireUpdate: false });
    },
    /** Asks for a refetch on the next load check (docs/spec.md §4 "a refresh request sets the update flag"). */
    requestRefresh: () => set({ isRequireUpdate: true }),
    clearCache() {
      storage.removeItem(STORAGE_KEYS.configData);
      set({ config: null, isConfigLoaded: false });
    },
    /** Updates the player's ui object by merge, as docs/spec.md §3 describes. */
    updatePlayerUi(ui: Record<string, unknown>) {
      if (!state.config) return;
      const config = { ...state.config, player: { ...state.config.player, ui: { ...state.config.player.ui, ...ui } } };
      storage.setItem(STORAGE_KEYS.configData, JSON.stringify(config));
      set({ config });
    },
    /**
     * Applies a change another tab made (the browser's `storage` event): a new or removed key, or a
     * new theme. `key === null` means the other tab cleared the whole storage.
     */
    applyExternalChange(key: string | null, newValue: string | null) {
      if (key === STORAGE_KEYS.theme) return set({ theme: parseTheme(newValue) });
      if (key !== STORAGE_KEYS.apiKey && key !== null) return;
      const apiKey = key === null ? null : newValue;
      if (apiKey === state.apiKey) return;
      if (apiKey === null)
        return set({ apiKey: null, config: null, isConfigLoaded: false, theme: parseTheme(storage.getItem(STORAGE_KEYS.theme)) });
      set({ apiKey, isConfigLoaded: false, signedOutReason: null });
    },
  };
}

/**
 * Keeps a store in step with the other tabs of this origin. `prefix` is the store's key prefix
 * (see `namespacedStorage`). Returns the function that stops it.
 */
export function listenToOtherTabs(store: ConfigStore, target: Window, storageArea: unknown, prefix = ''): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.storageArea !== storageArea) return;
    if (event.key === null) return store.applyExternalChange(null, null);
    if (!event.key.startsWith(prefix)) return;
    store.applyExternalChange(event.key.slice(prefix.length), event.newValue);
  };
  target.addEventListener('storage', onStorage);
  return () => target.removeEventListener('storage', onStorage);
}
