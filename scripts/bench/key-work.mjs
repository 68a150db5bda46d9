// The main thread's work per key, from a Chrome trace of the typing: every task the page's renderer
// main thread ran from one key's keydown to the next key's (its event handlers, React's render and
// commit, timers, and the frame that paints the key: style, layout, paint, layerize), summed per key.
// Time the thread sat idle — waiting for the next frame's turn or for the next key — is not work.

/**
 * Trace categories: the main thread's tasks (toplevel) and the events they dispatched. DevTools' own
 * disabled-by-default categories record far more (layer and paint details) and slowed each key's
 * work by ~40 % (p50 11.3 against 7.9 ms): the trace would measure itself.
 */
export const KEY_WORK_CATEGORIES = ['toplevel', 'devtools.timeline'];

/**
 * Per key, the ms of the top-level tasks of the renderer main thread that typed (the thread whose
 * `EventDispatch` events hold the keydowns), from the task that dispatched its keydown until the one
 * that dispatches the next key's: a list in key order. `trace`: the parsed JSON of a Chrome trace.
 */
export function keyWork(trace) {
  const events = trace.traceEvents ?? [];
  const keydowns = events.filter((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'keydown');
  if (!keydowns.length) return [];
  const thread = (e) => `${e.pid}:${e.tid}`;
  const typing = thread(keydowns[0]);
  const tasks = events
    .filter((e) => e.ph === 'X' && thread(e) === typing && e.name === 'ThreadControllerImpl::RunTask')
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  // A nested run loop records tasks inside a task: keep the outermost.
  const outer = [];
  for (const t of tasks) if (!outer.length || t.ts >= outer.at(-1).ts + outer.at(-1).dur) outer.push(t);
  // Each key starts with the task that dispatched its keydown.
  const starts = keydowns
    .filter((e) => thread(e) === typing)
    .map((e) => outer.find((t) => t.ts <= e.ts && e.ts < t.ts + t.dur)?.ts ?? e.ts)
    .sort((a, b) => a - b);
  const work = starts.map(() => 0);
  let k = 0;
  for (const t of outer) {
    if (t.ts < starts[0]) continue;
    while (k + 1 < starts.length && t.ts >= starts[k + 1]) k++;
    work[k] += t.dur / 1000;
  }
  return work;
}
