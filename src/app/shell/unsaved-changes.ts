import { useCallback, useEffect, useRef } from 'react';
import type { BaseLocationHook } from 'wouter';

/**
 * Unsaved edits are never lost silently. A screen with edits registers them here: closing or
 * reloading the tab gets the browser's "Leave site?" prompt, and the panel's router asks before it
 * navigates away (wouter has no navigation blocker of its own).
 */
const dirtyChecks = new Set<() => boolean>();

export const LEAVE_QUESTION = 'You have unsaved changes. Leave this page and lose them?';

export const hasUnsavedChanges = (): boolean => [...dirtyChecks].some((isDirty) => isDirty());

/**
 * Registers this screen's unsaved state. Returns `discard()`, which marks the edits as given up at
 * once (for a screen that already asked in its own dialog, so the router does not ask again).
 */
export function useUnsavedChanges(dirty: boolean): () => void {
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;

  useEffect(() => {
    const isDirty = () => dirtyRef.current;
    dirtyChecks.add(isDirty);
    return () => void dirtyChecks.delete(isDirty);
  }, []);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium and Safari need returnValue set to show the prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  return useCallback(() => {
    dirtyRef.current = false;
  }, []);
}

/** Wraps a wouter location hook so that its navigate asks first while a screen has unsaved edits. */
export function guardNavigation(hook: BaseLocationHook): BaseLocationHook {
  const useGuardedLocation: BaseLocationHook = (...args) => {
    const [location, navigate] = hook(...args);
    const guardedNavigate = useCallback<typeof navigate>(
      (to, options) => {
        if (!hasUnsavedChanges() || window.confirm(LEAVE_QUESTION)) navigate(to, options);
      },
      [navigate],
    );
    return [location, guardedNavigate];
  };
  return Object.assign(useGuardedLocation, { searchHook: (hook as { searchHook?: unknown }).searchHook, hrefs: (hook as { hrefs?: unknown }).hrefs });
}
