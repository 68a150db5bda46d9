/**
 * The kit's entry logic, kept tiny: the three tags are defined at once (so frameworks see their
 * properties from the first render), and each element's React tree is downloaded the first time one
 * connects (a page with only <vp-file-editor> never downloads the data grid). This is the only place
 * that calls customElements.define, always behind a guard: a second copy of the bundle must not throw.
 */
import { installHistoryGuard } from '../app/shell/history-guard';
import { createKitElement, type RootLoader } from './kit-element';
import { ELEMENTS, type VpTag } from './specs';

const loaders: Record<VpTag, RootLoader> = {
  'vp-admin-panel': () => import('./vp-admin-panel'),
  'vp-file-list': () => import('./vp-file-list'),
  'vp-file-editor': () => import('./vp-file-editor'),
};

/**
 * Defines every kit tag that is not defined yet, and installs the Back/Forward guard before any
 * router listens to the history. Safe to call more than once.
 */
export function defineElements(registry: CustomElementRegistry = customElements) {
  installHistoryGuard();
  for (const description of ELEMENTS) {
    if (!registry.get(description.tag)) registry.define(description.tag, createKitElement(description, loaders[description.tag]));
  }
}

/** Downloads an element's code now rather than on first connect (to warm the cache before showing it). */
export async function loadElement(tag: VpTag): Promise<CustomElementConstructor> {
  defineElements();
  await loaders[tag]();
  return customElements.get(tag)!;
}
