import type { CueStore, EditorState } from './cue-store';

/**
 * Calls `run` with the editor's state `delayMs` from now, and again each time `delayMs` passed without a
 * change that `changed` cares about (a pause in typing, not every key). A keystroke only notes its time:
 * the one pending timer, when it fires early, waits out the rest of the pause instead of being reset on
 * every key. Returns the unsubscribe.
 */
export function afterPause(
  store: CueStore,
  delayMs: number,
  changed: (before: EditorState, after: EditorState) => boolean,
  run: (state: EditorState) => void,
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastChange = performance.now();
  const fire = () => {
    const rest = lastChange + delayMs - performance.now();
    timer = rest > 0 ? setTimeout(fire, rest) : undefined;
    if (rest <= 0) run(store.state());
  };
  timer = setTimeout(fire, delayMs);
  let seen = store.state();
  const unsubscribe = store.subscribe(() => {
    const before = seen;
    seen = store.state();
    if (!changed(before, seen)) return;
    lastChange = performance.now();
    timer ??= setTimeout(fire, delayMs);
  });
  return () => {
    unsubscribe();
    clearTimeout(timer);
  };
}
