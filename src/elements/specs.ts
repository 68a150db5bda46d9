/**
 * The one description of each element: attributes (with their types), properties, events (with
 * their detail types) and styling hooks. The element classes, `custom-elements.json`, the host
 * typings (tag map, JSX) and each React root's props are derived from these objects. Pure data, so
 * Node can read it and the entry stays small.
 */
import type { VideoFile } from '../app/api/schemas';
import type { Messages } from './messages';
import { event, property, type ElementDescription } from './describe';

const THEMES = { enum: ['light', 'dark'] } as const;

const apiBase = {
  attribute: 'api-base',
  type: 'string',
  description: 'Base URL of the API. Elements with the same base share one session; each element talks to its own.',
  default: '/api',
} as const;
const theme = {
  attribute: 'theme',
  type: THEMES,
  description: '`light` or `dark` forces a theme; absent, the saved theme (shared with the panel toggle) applies.',
} as const;
const playerDomain = {
  attribute: 'player-domain',
  type: 'string',
  description: "Player link base; overrides the server config's `player.domain`.",
} as const;
const imageHost = {
  attribute: 'image-host',
  type: 'string',
  description: "Image base URL, absolute or relative to the page; overrides the server config's `imageHost`.",
} as const;

const locale = {
  attribute: 'locale',
  type: 'string',
  description:
    "The language of the element's texts, dates and numbers (BCP 47: `en`, `vi`, `vi-VN`). Absent: the element's or the page's `lang`, then the browser's language, then English. A language without a catalogue shows English. A change re-renders in place (filters, selection, unsaved edits are kept).",
} as const;

const properties = {
  apiKey: property<string | null>(
    'string | null',
    "The session key of this element's API base; setting it signs that session in (for hosts that already hold a key). Never an attribute: keys do not belong in the DOM.",
  ),
  messages: property<Messages | null>(
    'Partial<Record<MessageKey, string | { one?: string; other: string }>> | null',
    "Texts that replace the catalogue's, by key (`{ 'files.empty': 'Nothing here yet.' }`); partial objects merge over the element's language, `{name}` placeholders are filled, plural forms are picked with `Intl.PluralRules`. Every key and its English text: the README's Locale section; TypeScript hosts get them typed (`Messages`).",
  ),
} as const;

export const VP_ADMIN_PANEL = {
  tag: 'vp-admin-panel',
  className: 'VpAdminPanel',
  description: 'The whole admin panel: sign-in, shell, file list and file editor, with its own routing.',
  attributes: {
    apiBase,
    base: { attribute: 'base', type: 'string', description: 'Route base path for `routing="path"`, e.g. `/admin/videos`.', default: '' },
    routing: {
      attribute: 'routing',
      type: { enum: ['path', 'hash', 'memory'] },
      description: '`path` (history API under `base`), `hash` (`#/files`) or `memory` (the URL is left alone).',
      default: 'path',
    },
    theme,
    locale,
    playerDomain,
    imageHost,
  },
  properties,
  events: {
    'vp-signed-in': event<Record<string, never>>('{}', 'The user signed in.'),
    'vp-signed-out': event<Record<string, never>>('{}', 'The user signed out (the session is cleared).'),
    'vp-navigate': event<{ path: string }>('{ path: string }', 'The panel moved to another route (path relative to `base`).'),
  },
  cssParts: [],
  cssProperties: [],
} as const satisfies ElementDescription;

export const VP_FILE_LIST = {
  tag: 'vp-file-list',
  className: 'VpFileList',
  description: 'The file list screen on its own (filters, search, grid, bulk actions).',
  attributes: {
    apiBase,
    urlState: {
      attribute: 'url-state',
      type: { enum: ['query', 'memory'] },
      description:
        '`query`: the list state lives in the page query string (back/forward work); `memory`: inside the element, for hosts that own their URL.',
      default: 'query',
    },
    editHref: {
      attribute: 'edit-href',
      type: 'string',
      description: 'Where edit goes when `vp-file-open` is not cancelled: a template with `{id}`, e.g. `/videos/{id}`.',
    },
    theme,
    locale,
    playerDomain,
  },
  properties,
  events: {
    'vp-file-open': event<{ fileId: number }>(
      '{ fileId: number }',
      'Edit was chosen. Cancelable: call preventDefault() to handle it yourself.',
      true,
    ),
    'vp-files-changed': event<{ fileIds: number[]; change: 'activated' | 'deactivated' | 'deleted' }>(
      "{ fileIds: number[]; change: 'activated' | 'deactivated' | 'deleted' }",
      'Files were toggled, bulk-changed or deleted.',
    ),
  },
  cssParts: [],
  cssProperties: [],
} as const satisfies ElementDescription;

export const VP_FILE_EDITOR = {
  tag: 'vp-file-editor',
  className: 'VpFileEditor',
  description: 'The update-file screen for one file: embed and link, title/slug/status, subtitles, gallery.',
  attributes: {
    fileId: { attribute: 'file-id', type: 'number', description: 'Required: the file to edit (a positive whole number).' },
    apiBase,
    backHref: { attribute: 'back-href', type: 'string', description: "Where 'Back to Files' goes when `vp-back` is not cancelled." },
    theme,
    locale,
    playerDomain,
    imageHost,
  },
  properties,
  events: {
    'vp-file-saved': event<{ file: VideoFile }>('{ file: VideoFile }', 'The file was saved.'),
    'vp-file-deleted': event<{ fileId: number }>('{ fileId: number }', 'The file was deleted.'),
    'vp-subtitles-changed': event<{ fileId: number }>('{ fileId: number }', 'A subtitle was uploaded, changed or deleted.'),
    'vp-back': event<{ fileId: number | null }>(
      '{ fileId: number | null }',
      "'Back to Files' was chosen. Cancelable: call preventDefault() to navigate yourself.",
      true,
    ),
  },
  cssParts: [],
  cssProperties: [],
} as const satisfies ElementDescription;

export const ELEMENTS = [VP_ADMIN_PANEL, VP_FILE_LIST, VP_FILE_EDITOR] as const;

export type VpTag = (typeof ELEMENTS)[number]['tag'];
