import { createContext, useCallback, useContext, useEffect, useRef } from 'react';
import type { BaseLocationHook } from 'wouter';
import type { HistoryGuard } from './history-guard';
import { SHELL_TEXTS } from './texts';

/**
 * Unsaved edits are never lost silently. A screen with edits registers them with its element (each
 * element has its own registry, so a dirty `<vp-file-editor>` never makes an unrelated
 * `<vp-admin-panel>` ask): closing or reloading the tab gets the browser's "Leave site?" prompt,
 * Back and Forward ask and are undone on cancel, and the panel's router asks before it navigates
 * away (wouter has no navigation blocker of its own).
 */
export interface UnsavedChanges {
  isDirty(): boolean;
  /** What the browser's confirm asks, in the element's language (KitRoot keeps it current). */
  question: string;
  /** Adds a screen's check; returns the function that removes it. */
  add(isDirty: () => boolean): () => void;
  /** The page's Back/Forward guard, handed down by the element. */
  history: HistoryGuard;
}

export const LEAVE_QUESTION = SHELL_TEXTS.en.leaveQuestion;

/** Outside an element (a screen rendered alone in a test): Back and Forward are never guarded. */
const UNGUARDED: HistoryGuard = { guard: () => () => undefined, isUndoing: () => false };

export function createUnsavedChanges(history: HistoryGuard = UNGUARDED): UnsavedChanges {
  const checks = new Set<() => boolean>();
  return {
    history,
    question: LEAVE_QUESTION,
    isDirty: () => [...checks].some((isDirty) => isDirty()),
    add(isDirty) {
      checks.add(isDirty);
      return () => void checks.delete(isDirty);
    },
  };
}

/** The element's registry (KitRoot provides one per element). */
export const UnsavedChangesContext = createContext<UnsavedChanges>(createUnsavedChanges());

/** True when the user may leave: nothing is unsaved, or they said so. */
export const mayLeave = (unsaved: UnsavedChanges): boolean => !unsaved.isDirty() || window.confirm(unsaved.question);

/** Mounted once per element: Back and Forward ask first while this element has unsaved edits. */
export function useHistoryGuard(unsaved: UnsavedChanges): void {
  useEffect(() => unsaved.history.guard(() => mayLeave(unsaved)), [unsaved]);
}

/**
 * Registers this screen's unsaved state. Returns `discard()`, which marks the edits as given up at
 * once (for a screen that already asked in its own dialog, so the router does not ask again).
 */
export function useUnsavedChanges(dirty: boolean): () => void {
  const unsaved = useContext(UnsavedChangesContext);
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;

  useEffect(() => unsaved.add(() => dirtyRef.current), [unsaved]);

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

/**
 * Wraps a wouter location hook so that its navigate asks first while the element has unsaved edits,
 * and so that an undone Back or Forward is never rendered (a re-render while the browser is on its
 * way back would read the URL it is leaving).
 */
export function guardNavigation(hook: BaseLocationHook): BaseLocationHook {
  const useGuardedLocation: BaseLocationHook = (...args) => {
    const [current, navigate] = hook(...args);
    const shown = useRef(current);
    const unsaved = useContext(UnsavedChangesContext);
    if (!unsaved.history.isUndoing()) shown.current = current;
    const location = shown.current;
    const guardedNavigate = useCallback<typeof navigate>(
      (to, options) => {
        if (mayLeave(unsaved)) navigate(to, options);
      },
      [navigate, unsaved],
    );
    return [location, guardedNavigate];
  };
  return Object.assign(useGuardedLocation, {
    searchHook: (hook as { searchHook?: unknown }).searchHook,
    hrefs: (hook as { hrefs?: unknown }).hrefs,
  });
}
