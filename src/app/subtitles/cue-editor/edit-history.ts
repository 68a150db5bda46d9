/**
 * Undo and redo over whole documents (each edit returns a new one and shares the parts it kept, so a
 * step costs little). Keystrokes in one field within a short pause are one step, as in a text editor.
 */

/** Steps kept back: the issue asks for at least 50. */
export const HISTORY_STEPS = 200;
/** Typing in the same field with pauses shorter than this is one step. */
export const TYPING_PAUSE_MS = 1000;

export interface History<T> {
  past: readonly T[];
  present: T;
  future: readonly T[];
  /** The field of the last edit and when, to join keystrokes into one step. */
  last: { key: string; at: number } | null;
}

export const startHistory = <T>(present: T): History<T> => ({ past: [], present, future: [], last: null });

/** `next` as a new step; with a `key` (the field typed in) that was also the last edit's, shortly after it, the same step. */
export function record<T>(history: History<T>, next: T, key: string | null = null, now = Date.now()): History<T> {
  if (next === history.present) return history;
  const joins = key !== null && history.last?.key === key && now - history.last.at < TYPING_PAUSE_MS;
  return {
    past: joins ? history.past : [...history.past, history.present].slice(-HISTORY_STEPS),
    present: next,
    future: [],
    last: key === null ? null : { key, at: now },
  };
}

export function undo<T>(history: History<T>): History<T> {
  const previous = history.past.at(-1);
  if (previous === undefined) return history;
  return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future], last: null };
}

export function redo<T>(history: History<T>): History<T> {
  const next = history.future[0];
  if (next === undefined) return history;
  return { past: [...history.past, history.present], present: next, future: history.future.slice(1), last: null };
}
