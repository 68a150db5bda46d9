/**
 * The public surface of each element, as data: the elements map their attributes from it and
 * `scripts/build-manifest.mjs` turns it into custom-elements.json. Pure data, so Node can read it.
 */
export interface AttributeSpec {
  name: string;
  /** camelCase property that mirrors the attribute. */
  property: string;
  description: string;
  default?: string;
}
export interface EventSpec {
  name: string;
  detail: string;
  description: string;
}
export interface ElementSpec {
  tag: 'vp-admin-panel' | 'vp-file-list' | 'vp-file-editor';
  className: string;
  description: string;
  attributes: AttributeSpec[];
  events: EventSpec[];
}

const apiBase: AttributeSpec = { name: 'api-base', property: 'apiBase', description: 'Base URL of the API. All elements on a page share one.', default: '/api' };
const theme: AttributeSpec = { name: 'theme', property: 'theme', description: '`light` or `dark` forces a theme; absent, the saved theme (shared with the panel toggle) applies.' };
const playerDomain: AttributeSpec = { name: 'player-domain', property: 'playerDomain', description: "Player link base; overrides the server config's `player.domain`." };
const imageHost: AttributeSpec = { name: 'image-host', property: 'imageHost', description: "Image base URL; overrides the server config's `imageHost`." };

/** The `api-key` property (never an attribute: keys do not belong in the DOM). */
export const API_KEY_PROPERTY = { name: 'apiKey', description: 'Write-only in effect: sets the session key for every element on the page (for hosts that already hold one).' };

export const ELEMENT_SPECS: ElementSpec[] = [
  {
    tag: 'vp-admin-panel',
    className: 'VpAdminPanel',
    description: 'The whole admin panel: sign-in, shell, file list and file editor, with its own routing.',
    attributes: [
      apiBase,
      { name: 'base', property: 'base', description: 'Route base path for `routing="path"`, e.g. `/admin/videos`.', default: '' },
      { name: 'routing', property: 'routing', description: '`path` (history API under `base`), `hash` (`#/files`) or `memory` (the URL is left alone).', default: 'path' },
      theme,
      playerDomain,
      imageHost,
    ],
    events: [
      { name: 'vp-signed-in', detail: '{}', description: 'The user signed in.' },
      { name: 'vp-signed-out', detail: '{}', description: 'The user signed out (the session is cleared).' },
      { name: 'vp-navigate', detail: '{ path: string }', description: 'The panel moved to another route (path relative to `base`).' },
    ],
  },
  {
    tag: 'vp-file-list',
    className: 'VpFileList',
    description: 'The file list screen on its own (filters, search, grid, bulk actions).',
    attributes: [
      apiBase,
      { name: 'url-state', property: 'urlState', description: '`query`: the list state lives in the page query string (back/forward work); `memory`: inside the element, for hosts that own their URL.', default: 'query' },
      { name: 'edit-href', property: 'editHref', description: 'Where edit goes when `vp-file-open` is not cancelled: a template with `{id}`, e.g. `/videos/{id}`.' },
      theme,
      playerDomain,
    ],
    events: [
      { name: 'vp-file-open', detail: '{ fileId: number }', description: 'Edit was chosen. Cancelable: call preventDefault() to handle it yourself.' },
      { name: 'vp-files-changed', detail: "{ fileIds: number[]; change: 'activated' | 'deactivated' | 'deleted' }", description: 'Files were toggled, bulk-changed or deleted.' },
    ],
  },
  {
    tag: 'vp-file-editor',
    className: 'VpFileEditor',
    description: "The update-file screen for one file: embed and link, title/slug/status, subtitles, gallery.",
    attributes: [
      { name: 'file-id', property: 'fileId', description: 'Required: the file to edit (a positive whole number).' },
      apiBase,
      { name: 'back-href', property: 'backHref', description: "Where 'Back to Files' goes when `vp-back` is not cancelled." },
      theme,
      playerDomain,
      imageHost,
    ],
    events: [
      { name: 'vp-file-saved', detail: '{ file: VideoFile }', description: 'The file was saved.' },
      { name: 'vp-file-deleted', detail: '{ fileId: number }', description: 'The file was deleted.' },
      { name: 'vp-subtitles-changed', detail: '{ fileId: number }', description: 'A subtitle was uploaded, changed or deleted.' },
      { name: 'vp-back', detail: '{ fileId: number | null }', description: "'Back to Files' was chosen. Cancelable." },
    ],
  },
];

export const specOf = (tag: ElementSpec['tag']): ElementSpec => ELEMENT_SPECS.find((spec) => spec.tag === tag)!;
