/**
 * localStorage that never throws: private modes and sandboxed iframes refuse storage, and the
 * panel must still work there (for the life of the page) instead of crashing at start.
 */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function memoryStorage(): KeyValueStorage {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

export function browserStorage(): KeyValueStorage {
  try {
    const storage = globalThis.localStorage;
    const probe = '__vp_probe__';
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return storage;
  } catch {
    console.warn('vp-admin-kit: localStorage is not available; the session lasts until the page closes.');
    return memoryStorage();
  }
}

/** The same storage with every key prefixed (a session of another API base keeps its own keys). */
export function namespacedStorage(storage: KeyValueStorage, prefix: string): KeyValueStorage {
  if (!prefix) return storage;
  return {
    getItem: (key) => storage.getItem(prefix + key),
    setItem: (key, value) => storage.setItem(prefix + key, value),
    removeItem: (key) => storage.removeItem(prefix + key),
  };
}
