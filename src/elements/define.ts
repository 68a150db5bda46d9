/**
 * The kit's entry logic, kept tiny: it knows the tags and how to load each one. An element's React
 * tree is downloaded the first time the page uses its tag (Shoelace's autoloader pattern), so a page
 * with only <vp-file-editor> never downloads DataGrid. This is the only place that calls
 * customElements.define, always behind a guard: a second copy of the bundle must not throw.
 */
export type VpTag = 'vp-admin-panel' | 'vp-file-list' | 'vp-file-editor';

const loaders: Record<VpTag, () => Promise<{ default: CustomElementConstructor }>> = {
  'vp-admin-panel': () => import('./vp-admin-panel'),
  'vp-file-list': () => import('./vp-file-list'),
  'vp-file-editor': () => import('./vp-file-editor'),
};

const TAGS = Object.keys(loaders) as VpTag[];
const pending = new Map<VpTag, Promise<CustomElementConstructor>>();

/** Loads and defines one element now (for hosts that create elements inside their own shadow roots). */
export function loadElement(tag: VpTag): Promise<CustomElementConstructor> {
  const defined = customElements.get(tag);
  if (defined) return Promise.resolve(defined);
  let loading = pending.get(tag);
  if (!loading) {
    loading = loaders[tag]().then(({ default: element }) => {
      if (!customElements.get(tag)) customElements.define(tag, element);
      return customElements.get(tag)!;
    });
    loading.catch((error: unknown) => {
      pending.delete(tag);
      console.error(`vp-admin-kit: <${tag}> could not be loaded.`, error);
    });
    pending.set(tag, loading);
  }
  return loading;
}

function loadTagsIn(root: ParentNode) {
  for (const tag of TAGS) {
    if (!customElements.get(tag) && (('localName' in root && (root as Element).localName === tag) || root.querySelector(tag))) void loadElement(tag);
  }
}

/** Watches the document for kit tags and loads each on first use. Safe to call more than once. */
export function autoload(doc: Document = document) {
  const marker = doc.documentElement as HTMLElement & { __vpAutoload?: boolean };
  if (marker.__vpAutoload) return;
  marker.__vpAutoload = true;
  loadTagsIn(doc);
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) if (node.nodeType === Node.ELEMENT_NODE) loadTagsIn(node as Element);
    }
  }).observe(doc.documentElement, { childList: true, subtree: true });
}
