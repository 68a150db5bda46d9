/**
 * Back and Forward cannot be blocked by a page, only undone: when the browser has already moved to
 * another history entry, a guard that says no sends it back to the entry it came from. This module
 * owns the page's `popstate` listener. Listeners on `window` run in the order they were added, so
 * the entry installs it before any router exists (the kit's, or a host's that loads after the kit):
 * it runs first and stops the routers from seeing a move that is undone.
 */
type NavigationLike = EventTarget & { currentEntry: { index: number } | null };
type Guard = () => boolean;

const guards = new Set<Guard>();
/** The entry the page shows, as the Navigation API numbers it (null without that API). */
let shownIndex: number | null = null;
/** The URL the page shows (what the routers last saw). */
let shownUrl = '';
/** The URL of a move being undone, until the browser is back: it is not the one the page shows. */
let undoneUrl: string | null = null;
/** Hash routing: the undone move and the way back each fire a hashchange the routers must not see. */
const hashchangesToSwallow = new Set<string>();

const navigationApi = () => (globalThis as { navigation?: NavigationLike }).navigation;
const currentIndex = () => navigationApi()?.currentEntry?.index ?? null;

const hashOf = (url: string) => url.replace(/^[^#]*/, '');

function onPopState(event: Event) {
  if (undoneUrl !== null) {
    // Back where the routers think the page is: they never saw the move, so they do not see this either.
    event.stopImmediatePropagation();
    if (hashOf(location.href) !== hashOf(undoneUrl)) hashchangesToSwallow.add(location.href);
    undoneUrl = null;
    return;
  }
  hashchangesToSwallow.clear();
  const from = shownIndex;
  const to = currentIndex();
  if ([...guards].every((mayLeave) => mayLeave())) {
    shownIndex = to;
    shownUrl = location.href;
    return;
  }
  event.stopImmediatePropagation();
  // Without the Navigation API the direction is unknown; Back is by far the likelier.
  const delta = from !== null && to !== null ? from - to : 1;
  if (delta === 0) return;
  undoneUrl = location.href;
  if (hashOf(undoneUrl) !== hashOf(shownUrl)) hashchangesToSwallow.add(undoneUrl);
  history.go(delta);
}

function onHashChange(event: Event) {
  if (hashchangesToSwallow.delete((event as HashChangeEvent).newURL)) event.stopImmediatePropagation();
}

/** Same-document pushes and replaces (the kit's router or the host's) move the entry we return to. */
function onEntryChange(event: Event) {
  if ((event as Event & { navigationType?: string }).navigationType === 'traverse') return;
  shownIndex = currentIndex();
  shownUrl = location.href;
}

/** Called once by the entry, before any router adds its own listeners. */
export function installHistoryGuard(): void {
  const marker = window as Window & { __vpHistoryGuard?: true };
  if (marker.__vpHistoryGuard) return;
  marker.__vpHistoryGuard = true;
  shownIndex = currentIndex();
  shownUrl = location.href;
  window.addEventListener('popstate', onPopState);
  window.addEventListener('hashchange', onHashChange);
  navigationApi()?.addEventListener('currententrychange', onEntryChange);
}

/** True while an undone Back or Forward is on its way back: routers keep showing what they showed. */
export const isUndoingNavigation = (): boolean => undoneUrl !== null;

/**
 * What the elements' React trees use of the guard. The entry owns this module (it installs the
 * listeners at once) and each element hands it to its tree (kit-element.ts): the trees' chunks never
 * import it, so the entry pulls in no chunk.
 */
export interface HistoryGuard {
  guard(mayLeave: Guard): () => void;
  isUndoing(): boolean;
}

/**
 * Registers a guard asked before Back or Forward takes effect: it returns true to let the page move,
 * false to stay (the URL is put back). Returns the function that removes it.
 */
export function guardHistory(mayLeave: Guard): () => void {
  guards.add(mayLeave);
  return () => void guards.delete(mayLeave);
}

export const historyGuard: HistoryGuard = { guard: guardHistory, isUndoing: isUndoingNavigation };
