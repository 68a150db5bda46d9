/**
 * The elements' styling API, as data: the CSS custom properties a host page sets on (or above) an
 * element to theme it, and the `::part` names of the regions it can style directly. The theme reads
 * the properties; `scripts/build-manifest.ts` lists both in custom-elements.json. Pure data, so Node
 * can read it.
 */
export interface CssPropertySpec {
  name: `--vp-${string}`;
  syntax: string;
  description: string;
  default: string;
}
export interface CssPartSpec {
  name: string;
  description: string;
}

export const CSS_PROPERTIES = {
  primaryColor: {
    name: '--vp-primary-color',
    syntax: '<color>',
    description: 'Primary colour: buttons, links, focus and selection. Hover and contrast shades are derived from it.',
    default: '#1565c0 (light), #64b5f6 (dark)',
  },
  surfaceColor: {
    name: '--vp-surface-color',
    syntax: '<color>',
    description: 'Background of cards, menus and dialogs.',
    default: '#ffffff (light), #1c1f24 (dark)',
  },
  textColor: {
    name: '--vp-text-color',
    syntax: '<color>',
    description: 'Main text colour (secondary text is derived from it).',
    default: 'rgba(0, 0, 0, 0.87) (light), #e8eaed (dark)',
  },
  radius: {
    name: '--vp-radius',
    syntax: '<length>',
    description: 'Corner radius of cards, fields and buttons, in px (e.g. `8px`; `0` for square corners).',
    default: '4px',
  },
  fontFamily: {
    name: '--vp-font-family',
    syntax: '<family-name>#',
    description: 'Font family of everything inside the element (the host page must load web fonts itself).',
    default: 'Roboto, "Helvetica Neue", "Liberation Sans", Arial, sans-serif',
  },
  density: {
    name: '--vp-density',
    syntax: 'comfortable | compact',
    description: '`compact` tightens spacing, fields, buttons and grid rows.',
    default: 'comfortable',
  },
} as const satisfies Record<string, CssPropertySpec>;

export const CSS_PARTS = {
  shell: { name: 'shell', description: 'The panel frame around sidebar, top bar, content and footer (signed in).' },
  sidebar: { name: 'sidebar', description: 'The panel navigation sidebar.' },
  topbar: { name: 'topbar', description: 'The panel top bar (menu toggle, theme toggle, account menu).' },
  content: { name: 'content', description: 'The main area where the current screen renders.' },
  card: { name: 'card', description: 'Every card: sign-in, filters, file list, and each section of the editor.' },
  grid: { name: 'grid', description: 'The file data grid.' },
  form: { name: 'form', description: 'The sign-in form (any element, signed out) and the file details form of the editor.' },
} as const satisfies Record<string, CssPartSpec>;

type PartName = keyof typeof CSS_PARTS;
/** The parts each element can contain (the panel holds the other two screens). */
export const PARTS_BY_TAG: Record<'vp-admin-panel' | 'vp-file-list' | 'vp-file-editor', PartName[]> = {
  'vp-admin-panel': ['shell', 'sidebar', 'topbar', 'content', 'card', 'grid', 'form'],
  'vp-file-list': ['card', 'grid', 'form'],
  'vp-file-editor': ['card', 'form'],
};
