/**
 * Typed views of the elements for hosts, derived from their descriptions: `HTMLElementTagNameMap`
 * entries and React JSX typings (React 19 sets properties and listens to `onvp-*` event props).
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { AttributeType, AttributeValues, ElementDescription, EventMapOf, PropertyValues, ValueOf } from './describe';
import type { VP_ADMIN_PANEL, VP_FILE_EDITOR, VP_FILE_LIST } from './specs';

type KitElementOf<D extends ElementDescription> = HTMLElement & AttributeValues<D> & PropertyValues<D>;

export type VpAdminPanelElement = KitElementOf<typeof VP_ADMIN_PANEL>;
export type VpFileListElement = KitElementOf<typeof VP_FILE_LIST>;
export type VpFileEditorElement = KitElementOf<typeof VP_FILE_EDITOR>;

/** Every kit event by name, with its detail. */
export type VpEventMap = EventMapOf<typeof VP_ADMIN_PANEL> & EventMapOf<typeof VP_FILE_LIST> & EventMapOf<typeof VP_FILE_EDITOR>;

/** An attribute's value in JSX: the typed value, or a number written as text (`file-id="42"`). */
type AttributeText<T extends AttributeType> = T extends 'number' ? number | `${number}` : ValueOf<T>;
/** The kebab-case attributes (`file-id`, `url-state`), typed. */
type KebabAttributes<D extends ElementDescription> = {
  [K in keyof D['attributes'] as D['attributes'][K]['attribute']]?: AttributeText<D['attributes'][K]['type']>;
};
/** `onvp-file-saved={(event) => …}`: React 19 adds a listener for `vp-file-saved`. */
type EventProps<D extends ElementDescription> = { [K in keyof D['events'] as `on${K & string}`]?: (event: EventMapOf<D>[K]) => void };

/** The JSX props of a kit tag: the usual HTML props, its attributes, its properties and its events. */
export type JsxPropsOf<D extends ElementDescription, E extends HTMLElement> = DetailedHTMLProps<HTMLAttributes<E>, E> &
  KebabAttributes<D> &
  AttributeValues<D> &
  Partial<PropertyValues<D>> &
  EventProps<D>;

declare global {
  interface HTMLElementTagNameMap {
    'vp-admin-panel': VpAdminPanelElement;
    'vp-file-list': VpFileListElement;
    'vp-file-editor': VpFileEditorElement;
  }
  interface HTMLElementEventMap extends VpEventMap {}
}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'vp-admin-panel': JsxPropsOf<typeof VP_ADMIN_PANEL, VpAdminPanelElement>;
      'vp-file-list': JsxPropsOf<typeof VP_FILE_LIST, VpFileListElement>;
      'vp-file-editor': JsxPropsOf<typeof VP_FILE_EDITOR, VpFileEditorElement>;
    }
  }
}
export type { Catalogue, Messages } from './messages';
