/** Typed views of the three elements, for hosts (HTMLElementTagNameMap and React JSX). */
interface KitElementBase extends HTMLElement {
  apiBase?: string;
  theme?: string;
  /** Sets the session key for every element on the page; never reflected to an attribute. */
  apiKey: string | null;
}
export interface VpAdminPanelElement extends KitElementBase {
  base?: string;
  routing?: 'path' | 'hash' | 'memory';
  playerDomain?: string;
  imageHost?: string;
}
export interface VpFileListElement extends KitElementBase {
  urlState?: 'query' | 'memory';
  editHref?: string;
  playerDomain?: string;
}
export interface VpFileEditorElement extends KitElementBase {
  fileId?: string;
  backHref?: string;
  playerDomain?: string;
  imageHost?: string;
}

declare global {
  interface HTMLElementTagNameMap {
    'vp-admin-panel': VpAdminPanelElement;
    'vp-file-list': VpFileListElement;
    'vp-file-editor': VpFileEditorElement;
  }
}

type Attrs = { class?: string; id?: string; style?: string | Record<string, string | number>; children?: unknown; key?: string | number; ref?: unknown; theme?: 'light' | 'dark'; 'api-base'?: string };

/** JSX typings for React hosts: `<vp-file-editor file-id="42" />`. */
declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'vp-admin-panel': Attrs & { base?: string; routing?: 'path' | 'hash' | 'memory'; 'player-domain'?: string; 'image-host'?: string };
      'vp-file-list': Attrs & { 'url-state'?: 'query' | 'memory'; 'edit-href'?: string; 'player-domain'?: string };
      'vp-file-editor': Attrs & { 'file-id': string | number; 'back-href'?: string; 'player-domain'?: string; 'image-host'?: string };
    }
  }
}
