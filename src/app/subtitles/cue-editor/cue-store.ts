import { useSyncExternalStore } from 'react';
import type { SharedList } from '../../../subtitle-text/shared-list';
import { vttCueList, type VttCue, type VttDocument } from '../../../subtitle-text/vtt-document';
import { checkCues, type CheckLimits, type CheckResult } from './cue-checks';
import { record, redo, undo, type History } from './edit-history';
import type { Base } from './use-cue-save';

/** What the cue editor edits: the undo history of the document, the server's text it is based on, the ticked cues, the checks' limits. */
export interface EditorState {
  history: History<VttDocument>;
  base: Base;
  selection: ReadonlySet<number>;
  limits: CheckLimits;
}

/**
 * The editor's state outside React state. Each component reads the slice it shows (`useCueStore` with a
 * selector) and repaints only when that slice changes: a keystroke in a cue's text repaints that cue's
 * row, not the editor around it (header, player, tools, list), which a state held by the editor's root
 * component would repaint on every key.
 */
export interface CueStore {
  state(): EditorState;
  /** The present document's cues: the same list until the document changes (read by position: a key typed copies no array of every cue). */
  cues(): SharedList<VttCue>;
  /** The present cues' checks with the current limits: the same object until either changes. */
  checks(): CheckResult;
  update(change: (state: EditorState) => EditorState): void;
  /** One edit of the document as a new undo step, or with `typingKey` (the field typed in) joined to the last one while typing. */
  edit(change: (doc: VttDocument) => VttDocument, typingKey?: string | null): void;
  undo(): void;
  redo(): void;
  subscribe(listener: () => void): () => void;
}

export function createCueStore(initial: EditorState): CueStore {
  let state = initial;
  const listeners = new Set<() => void>();
  // The last check, so that a keystroke re-checks only the cue it changed.
  let lastCheck: { cues: SharedList<VttCue>; limits: CheckLimits; result: CheckResult } | null = null;
  const store: CueStore = {
    state: () => state,
    cues: () => vttCueList(state.history.present),
    checks: () => {
      const cues = store.cues();
      if (lastCheck?.cues === cues && lastCheck.limits === state.limits) return lastCheck.result;
      const before = lastCheck?.limits === state.limits ? lastCheck : undefined;
      lastCheck = { cues, limits: state.limits, result: checkCues(cues, state.limits, before) };
      return lastCheck.result;
    },
    update: (change) => {
      const next = change(state);
      if (next === state) return;
      state = next;
      for (const listener of listeners) listener();
    },
    edit: (change, typingKey = null) => store.update((s) => withHistory(s, record(s.history, change(s.history.present), typingKey))),
    undo: () => store.update((s) => withHistory(s, undo(s.history))),
    redo: () => store.update((s) => withHistory(s, redo(s.history))),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return store;
}

/** The state with `history`; the same state when nothing changed (nothing to undo, an edit that changed nothing), so nothing repaints. */
const withHistory = (state: EditorState, history: History<VttDocument>): EditorState =>
  history === state.history ? state : { ...state, history };

/** A slice of the editor's state; the caller repaints only when it changes (by `Object.is`), so `select` returns values the store keeps, not new objects. */
export function useCueStore<T>(store: CueStore, select: (store: CueStore) => T): T {
  return useSyncExternalStore(store.subscribe, () => select(store));
}

/** Whether the present document differs from the server's text (what Save would send). */
export const isDirty = (store: CueStore) => store.state().history.present !== store.state().base.doc;
