/**
 * Back and Forward cannot be blocked by a page, only undone: when the browser has already moved to
 * another history entry, a guard that says no sends it back to the entry it came from. This module
 * owns the page's one `popstate` listener (registered for the capture phase, so it runs before the
 * routers' own listeners — the kit's, and a host's that navigates with the History API — and can
 * stop them from seeing a move that is undone).
 */
type NavigationLike = EventTarget & { currentEntry: { index: number } | null };
type Guard = () => boolean;

const guards = new Set<Guard>();
const navigationApi = (globalThis as { navigation?: NavigationLike }).navigation;
/** The entry the page shows, as the Navigation API numbers it (null without that API). */
let shownIndex: number | null = null;
/** Set while the guard itself moves back: that move is not asked about again. */
let restoring = false;
/** Hash routing: an undone move is followed by a hashchange (to this URL) the routers must not see either. */
let undoneUrl: string | null = null;

const currentIndex = () => navigationApi?.currentEntry?.index ?? null;

function onPopState(event: Event) {
  const from = shownIndex;
  if (restoring) {
    // Back where the routers think the page is: they may see it, nothing changes for them.
    restoring = false;
    return;
  }
  undoneUrl = null;
  const allowed = [...guards].every((mayLeave) => mayLeave());
  if (allowed) {
    shownIndex = currentIndex();
    return;
  }
  event.stopImmediatePropagation();
  undoneUrl = location.href;
  restoring = true;
  const to = currentIndex();
  // Without the Navigation API the direction is unknown; Back is by far the likelier.
  history.go(from !== null && to !== null ? from - to : 1);
}

function onHashChange(event: Event) {
  if (undoneUrl === null || (event as HashChangeEvent).newURL !== undoneUrl) return;
  undoneUrl = null;
  event.stopImmediatePropagation();
}

/** Same-document pushes and replaces (the kit's router or the host's) move the entry we return to. */
function onEntryChange(event: Event) {
  if ((event as Event & { navigationType?: string }).navigationType !== 'traverse') shownIndex = currentIndex();
}

/**
 * Registers a guard asked before Back or Forward takes effect: it returns true to let the page move,
 * false to stay (the URL is put back). Returns the function that removes it.
 */
export function guardHistory(mayLeave: Guard): () => void {
  if (guards.size === 0) {
    shownIndex = currentIndex();
    window.addEventListener('popstate', onPopState, { capture: true });
    window.addEventListener('hashchange', onHashChange, { capture: true });
    navigationApi?.addEventListener('currententrychange', onEntryChange);
  }
  guards.add(mayLeave);
  return () => {
    guards.delete(mayLeave);
    if (guards.size > 0) return;
    window.removeEventListener('popstate', onPopState, { capture: true });
    window.removeEventListener('hashchange', onHashChange, { capture: true });
    navigationApi?.removeEventListener('currententrychange', onEntryChange);
  };
}
