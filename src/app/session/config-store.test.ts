import { describe, expect, it, vi } from 'vitest';
import { createConfigStore, listenToOtherTabs, STORAGE_KEYS, type ServerConfig } from './config-store';
import { memoryStorage } from './storage';

const serverConfig: ServerConfig = {
  player: { domain: 'https://play.example/', ui: { autoplay: false } },
  imageHost: 'https://img.example/',
  token: null,
};

describe('config store', () => {
  it('starts signed out with the light theme on an empty storage', () => {
    const store = createConfigStore(memoryStorage());
    expect(store.getState()).toMatchObject({ apiKey: null, theme: 'light', isConfigLoaded: false, config: null });
  });

  it('persists the key and theme under the keys of docs/spec.md §9 and reads them back', () => {
    const storage = memoryStorage();
    const store = createConfigStore(storage);
    store.signIn('key-1');
    store.setTheme('dark');
    expect(storage.getItem('apiKey')).toBe('key-1');
    expect(storage.getItem('theme')).toBe('dark');
    expect(createConfigStore(storage).getState()).toMatchObject({ apiKey: 'key-1', theme: 'dark' });
  });

  it('caches config without apiKey, theme, isConfigLoaded and isRequireUpdate', () => {
    const storage = memoryStorage();
    const store = createConfigStore(storage);
    store.signIn('key-1');
    store.setServerConfig({
      ...serverConfig,
      apiKey: 'leak',
      theme: 'dark',
      isConfigLoaded: true,
      isRequireUpdate: true,
      extra: 7,
    } as ServerConfig);
    const cached = JSON.parse(storage.getItem(STORAGE_KEYS.configData)!);
    expect(cached).toEqual({ ...serverConfig, extra: 7 });
    expect(store.getState()).toMatchObject({ isConfigLoaded: true, isRequireUpdate: false });
  });

  it('ignores a cached config that does not parse, and logs why', () => {
    const storage = memoryStorage();
    storage.setItem('configData', '{not json');
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(createConfigStore(storage).getState().config).toBeNull();
    expect(log).toHaveBeenCalledOnce();
    log.mockRestore();
  });

  it('sign-out removes apiKey, configData, theme and auth_token', () => {
    const storage = memoryStorage();
    const store = createConfigStore(storage);
    store.signIn('key-1');
    store.setTheme('dark');
    store.setServerConfig(serverConfig);
    storage.setItem('auth_token', 'legacy');
    store.signOut();
    for (const key of ['apiKey', 'configData', 'theme', 'auth_token']) expect(storage.getItem(key)).toBeNull();
    expect(store.getState()).toMatchObject({ apiKey: null, theme: 'light', config: null, signedOutReason: null });
  });

  it('a refresh request sets the update flag; clearing the cache marks config unloaded', () => {
    const storage = memoryStorage();
    const store = createConfigStore(storage);
    store.setServerConfig(serverConfig);
    store.requestRefresh();
    expect(store.getState().isRequireUpdate).toBe(true);
    store.clearCache();
    expect(store.getState()).toMatchObject({ isConfigLoaded: false, config: null });
    expect(storage.getItem('configData')).toBeNull();
  });

  it('merges player ui updates', () => {
    const store = createConfigStore(memoryStorage());
    store.setServerConfig(serverConfig);
    store.updatePlayerUi({ controls: true });
    expect(store.getState().config?.player.ui).toEqual({ autoplay: false, controls: true });
  });

  it('notifies subscribers and stops after unsubscribe', () => {
    const store = createConfigStore(memoryStorage());
    const listener = vi.fn();
    const stop = store.subscribe(listener);
    store.setTheme('dark');
    stop();
    store.setTheme('light');
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('cross-tab sync', () => {
  function otherTabChanges(store: ReturnType<typeof createConfigStore>, key: string | null, newValue: string | null) {
    window.dispatchEvent(new StorageEvent('storage', { key, newValue, storageArea: window.localStorage }));
    return store.getState();
  }

  it('follows a sign-out, a new key and a theme change made in another tab', () => {
    const store = createConfigStore(memoryStorage());
    const stop = listenToOtherTabs(store, window, window.localStorage);
    store.signIn('key-1');
    store.setServerConfig(serverConfig);
    expect(otherTabChanges(store, 'theme', 'dark').theme).toBe('dark');
    expect(otherTabChanges(store, 'apiKey', 'key-2')).toMatchObject({ apiKey: 'key-2', isConfigLoaded: false });
    expect(otherTabChanges(store, 'apiKey', null)).toMatchObject({ apiKey: null, config: null });
    stop();
  });

  it('treats storage.clear() in another tab as a sign-out and ignores other storage areas', () => {
    const store = createConfigStore(memoryStorage());
    const stop = listenToOtherTabs(store, window, window.localStorage);
    store.signIn('key-1');
    window.dispatchEvent(new StorageEvent('storage', { key: 'apiKey', newValue: null, storageArea: window.sessionStorage }));
    expect(store.getState().apiKey).toBe('key-1');
    expect(otherTabChanges(store, null, null).apiKey).toBeNull();
    stop();
  });
});
