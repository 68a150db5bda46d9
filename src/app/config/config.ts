import { browserStorage } from './storage';
import { createConfigStore, listenToOtherTabs } from './config-store';

/**
 * The page's one config store. Every element imports this module from the same shared chunk, so
 * two elements on one page always see the same session and theme.
 */
export const configStore = createConfigStore(browserStorage());

if (typeof window !== 'undefined') listenToOtherTabs(configStore, window, safeLocalStorage());

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
