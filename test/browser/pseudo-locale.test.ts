import { expect } from '@esm-bundle/chai';
import { GRID_DEFAULT_LOCALE_TEXT } from '@mui/x-data-grid';
import { englishCatalogue } from '../../src/elements/messages';
import type { Message } from '../../src/app/i18n/texts';
import { button, CONFIG_REPLY, deepQueryAll, fileRow, jsonReply, stubFetch, waitFor, type KitElement } from './helpers';

/**
 * The pseudo-locale run: every catalogue text wrapped in ⟦…⟧ through the `messages` property, then
 * every screen and dialog of the two standalone elements is read. Any visible text or accessible
 * name left outside a ⟦…⟧ did not come from a catalogue — unless it is data (titles, slugs, dates,
 * numbers) or MUI's own text, which comes from MUI's locale.
 */

const wrap = (message: Message): Message =>
  typeof message === 'string'
    ? `⟦${message}⟧`
    : (Object.fromEntries(Object.entries(message).map(([form, text]) => [form, `⟦${text}⟧`])) as Message);
const PSEUDO = Object.fromEntries(Object.entries(englishCatalogue()).map(([key, message]) => [key, wrap(message)]));

const files = [fileRow(1, { file_title: 'Alpha clip' }), fileRow(2, { file_title: 'Beta clip', isActive: 0, file_status: 4 })];
const file = fileRow(1, { file_title: 'Alpha clip', file_image: 'img/1.jpg', file_slide: 'img/2.jpg', version: 1 });
const trashed = files.map((f) => ({ ...f, deleted_at: '2026-01-02T03:04:05.000Z', purge_at: '2026-02-01T03:04:05.000Z' }));
const at = '2026-01-02T03:04:05.000Z';
const activity = [
  { activity_id: 9, at, actor: 'worker-1', source: 'pipeline', action: 'complete', detail: {} },
  { activity_id: 8, at, actor: 'worker-1', source: 'pipeline', action: 'fail', detail: { reason: 'This file is not a video' } },
  {
    activity_id: 7,
    at,
    actor: 'tester',
    source: 'panel',
    action: 'create',
    detail: { via: 'tus', file_title: 'Alpha', file_slug: 'slug-1' },
  },
  {
    activity_id: 6,
    at,
    actor: 'tester',
    source: 'panel',
    action: 'update',
    detail: {
      file_title: { before: 'Alpha', after: 'Beta clip' },
      isActive: { before: 1, after: 0 },
      file_slug: { before: 'slug-1', after: 'slug-2' },
    },
  },
  { activity_id: 5, at, actor: 'tester', source: 'api', action: 'subtitle_add', detail: { sub_lang: 'fr', format: 'srt' } },
  {
    activity_id: 4,
    at,
    actor: 'tester',
    source: 'pipeline',
    action: 'subtitle_update',
    detail: { sub_lang: 'fr', format: 'srt', language: { before: 'fr', after: 'fr' } },
  },
  { activity_id: 3, at, actor: 'tester', source: 'cli', action: 'trash', detail: {} },
  { activity_id: 2, at, actor: 'tester', source: 'retention', action: 'restore', detail: {} },
];
const subs = [{ sub_id: 7, file_id: 1, sub_lang: 'fr', sub_size: 1536, sub_charset: 'utf-8', created_at: '2026-01-02T03:04:05.000Z' }];

/** Words of the data (titles, slugs, dates and ages as Intl writes them in English, sizes) and of MUI's own texts. */
const DATA_WORDS = [
  'Alpha',
  'Beta',
  'clip',
  'slug-\\d',
  'srv-\\d',
  'VP',
  'Admin',
  'UTF-8',
  'B',
  'KB',
  'MB',
  'GB',
  'AM',
  'PM',
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
  'January',
  'February',
  'March',
  'April',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
  'français',
  'Deutsch',
  'italiano',
  'tester',
  'at',
  'ago',
  'day',
  'days',
  'month',
  'months',
  'year',
  'years',
  'hour',
  'hours',
  'column',
  'menu',
];
const DATA = new RegExp(`^(?:[\\d\\s.,:;·|()\\-–—#%/+×"“”'’…!?©*\\u200b⟦⟧]|${DATA_WORDS.join('|')})*$`);
const MUI_TEXTS = new Set([
  ...Object.values(GRID_DEFAULT_LOCALE_TEXT).filter((value): value is string => typeof value === 'string'),
  'Go to next page',
  'Go to previous page',
  'Close',
  'Open',
]);

/** Strips the wrapped texts (innermost first: a wrapped text may hold another one). */
function unwrapped(text: string): string {
  let rest = text;
  for (let before = ''; before !== rest;) {
    before = rest;
    rest = rest.replace(/⟦[^⟦⟧]*⟧/g, ' ');
  }
  return rest;
}

const visible = (node: Node) => node.parentElement?.checkVisibility?.({ visibilityProperty: true }) ?? true;

/** Every text a user sees or hears in `root` that no catalogue gave. */
function strays(root: ShadowRoot): string[] {
  const found: string[] = [];
  const texts: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    // A textarea's text is its value: the embed code, data.
    if (node.parentElement?.closest('style, script, textarea') || !visible(node)) continue;
    texts.push(node.textContent ?? '');
  }
  const left = unwrapped(texts.join(' '))
    .split(/\s+/)
    .filter((word) => word && !DATA.test(word));
  found.push(...left.map((word) => `text: ${word}`));
  for (const element of deepQueryAll(root, '[aria-label], [title], [placeholder], [alt], [data-tip]')) {
    for (const name of ['aria-label', 'title', 'placeholder', 'alt', 'data-tip']) {
      const value = element.getAttribute(name);
      if (!value || MUI_TEXTS.has(value)) continue;
      const rest = unwrapped(value)
        .split(/\s+/)
        .filter((word) => word && !DATA.test(word));
      if (rest.length) found.push(`${name}="${value}"`);
    }
  }
  return found;
}

function expectAllWrapped(root: ShadowRoot, where: string) {
  expect(strays(root), where).to.deep.equal([]);
}

let fail = false;
let emptyList = false;
stubFetch((url, request) => {
  const path = url.pathname;
  if (path.endsWith('/api/config')) return jsonReply({ ...CONFIG_REPLY, data: { ...CONFIG_REPLY.data, account: { username: 'tester' } } });
  if (fail) return jsonReply({}, 500);
  if (path.endsWith('/files/events')) return new Response(null, { status: 204 });
  if (path.includes('/api/files/') && path.endsWith('/files/')) {
    const list = emptyList ? [] : url.searchParams.get('trashed') === '1' ? trashed : files;
    return jsonReply({ status: 'success', message: '', data: { files: list, pagination: { total_records: list.length } } });
  }
  if (path.endsWith('/api/files/1') && request.method === 'GET') return jsonReply({ status: 'success', message: '', data: file });
  // Somebody else retitled the file: the save gets 412 with the file as it is now.
  if (path.endsWith('/api/files/1') && request.method === 'PUT')
    return jsonReply({ status: 'error', message: '', data: { ...file, file_title: 'Beta clip', version: 2 } }, 412);
  if (path.endsWith('/api/files/1/activity')) return jsonReply({ status: 'success', message: '', data: { activity } });
  if (path.endsWith('/api/subs')) return jsonReply({ status: 'success', message: '', data: { subs } });
  // Somebody else set the track to Italian: an edit or a delete of it gets 412 with the track as it is now.
  if (path.endsWith('/api/subs/7'))
    return jsonReply({ status: 'error', message: '', data: { ...subs[0], sub_lang: 'it', version: 2 } }, 412);
  return jsonReply({ status: 'error', message: '' }, 404);
});

async function mount(tag: string, attributes: Record<string, string>, signedIn = true) {
  await import('/src/index.ts' as string);
  localStorage.clear();
  const el = document.createElement(tag) as KitElement & { messages: unknown };
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  el.messages = PSEUDO;
  if (signedIn) el.apiKey = 'test';
  document.body.append(el);
  const root = await waitFor(() => el.shadowRoot, 'the shadow root');
  return { el, root };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 350));
const portalText = (root: ShadowRoot) => root.querySelector('.vp-portal')?.textContent ?? '';

describe('pseudo-locale: every visible text comes from a catalogue', () => {
  afterEach(async () => {
    for (const el of document.querySelectorAll('vp-admin-panel, vp-file-list, vp-file-editor')) el.remove();
    fail = false;
    emptyList = false;
  });

  it('the sign-in form, empty and refused', async () => {
    const { root } = await mount('vp-file-list', { 'url-state': 'memory' }, false);
    await waitFor(() => root.querySelector('form'), 'the sign-in form', 15000);
    expectAllWrapped(root, 'sign-in form');
    button(root, /Sign In/)!.click();
    await waitFor(() => root.querySelector('[role="alert"]'), 'the empty-fields error');
    expectAllWrapped(root, 'sign-in error');
  });

  it('<vp-file-list>: grid, filters menu, bulk bar, delete dialog, empty and failed states', async () => {
    const { root } = await mount('vp-file-list', { 'url-state': 'memory' });
    await waitFor(() => root.querySelector('[role="grid"]') && root.textContent?.includes('Beta clip'), 'the grid', 15000);
    expectAllWrapped(root, 'grid');

    root.querySelector<HTMLElement>('[role="combobox"]')!.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    await waitFor(() => root.querySelector('[role="listbox"]'), 'the status menu');
    expectAllWrapped(root, 'status menu');
    root.querySelector<HTMLElement>('[role="option"]')!.click();
    await settle();

    root.querySelector<HTMLInputElement>('[role="row"][data-id="1"] input[type="checkbox"]')!.click();
    await waitFor(() => root.querySelector('[role="toolbar"]'), 'the bulk bar');
    expectAllWrapped(root, 'bulk bar');
    root.querySelector<HTMLButtonElement>('[role="row"][data-id="2"] [data-tone="danger"]')!.click();
    await waitFor(() => root.querySelector('[role="dialog"]'), 'the delete dialog', 15000);
    expectAllWrapped(root, 'delete dialog');
  });

  it('<vp-file-list>: the Add video dialog, its rules and a chosen file', async () => {
    const { root } = await mount('vp-file-list', { 'url-state': 'memory' });
    await waitFor(() => root.querySelector('[role="grid"]') && root.textContent?.includes('Beta clip'), 'the grid', 15000);
    button(root, /Add video/)!.click();
    await waitFor(() => root.querySelector('[role="dialog"] form'), 'the Add video dialog', 15000);
    expectAllWrapped(root, 'Add video dialog');

    const dialog = root.querySelector<HTMLElement>('[role="dialog"]')!;
    button(dialog, /Add video/)!.click();
    await waitFor(() => dialog.querySelector('.Mui-error'), 'the Add video rules');
    expectAllWrapped(root, 'Add video rules');

    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    const chosen = new DataTransfer();
    chosen.items.add(new File([new Uint8Array(2048)], 'Alpha clip', { type: 'video/mp4' }));
    input.files = chosen.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
    await waitFor(() => dialog.textContent?.includes('Alpha clip'), 'the chosen file');
    expectAllWrapped(root, 'Add video with a chosen file');
  });

  it('<vp-file-list> with no files', async () => {
    emptyList = true;
    const { root } = await mount('vp-file-list', { 'url-state': 'memory' });
    await waitFor(() => root.textContent?.includes('No files'), 'the empty grid', 15000);
    expectAllWrapped(root, 'empty list');
  });

  it('<vp-file-list> when the list cannot be loaded', async () => {
    fail = true;
    const { root } = await mount('vp-file-list', { 'url-state': 'memory' });
    await waitFor(() => root.querySelector('[role="alert"]'), 'the load error', 15000);
    await waitFor(() => portalText(root).length > 0, 'the toast');
    expectAllWrapped(root, 'load error and toast');
  });

  it('<vp-file-editor>: the cards, the subtitle dialogs, the delete and leave questions', async () => {
    const { root } = await mount('vp-file-editor', { 'file-id': '1' });
    await waitFor(() => root.textContent?.includes('français'), 'the loaded editor', 15000);
    expectAllWrapped(root, 'editor');
    button(root, /Show activity/)!.click();
    await waitFor(() => root.textContent?.includes('slug-2'), 'the activity card', 15000);
    expectAllWrapped(root, 'activity card');
    button(root, /Customize embed/)!.click();
    await waitFor(() => root.querySelector('[role="dialog"]'), 'the embed builder', 15000);
    expectAllWrapped(root, 'embed builder');
    button(root.querySelector('[role="dialog"]')!, /Close/)!.click();
    await waitFor(() => !root.querySelector('[role="dialog"]'), 'the embed builder to close');

    button(root, /Upload subtitle/)!.click();
    await waitFor(() => root.querySelector('[role="dialog"]'), 'the upload dialog', 15000);
    expectAllWrapped(root, 'upload dialog');
    button(root.querySelector('[role="dialog"]')!, /Upload⟧/)!.click();
    await waitFor(() => root.querySelector('[role="dialog"] [role="alert"]'), 'the upload rule');
    expectAllWrapped(root, 'upload rule');
    button(root.querySelector('[role="dialog"]')!, /Cancel/)!.click();
    await waitFor(() => !root.querySelector('[role="dialog"]'), 'the upload dialog to close');

    button(root, /Edit français/)!.click();
    await waitFor(() => root.querySelector('[role="dialog"]'), 'the edit dialog');
    expectAllWrapped(root, 'edit dialog');
    button(root.querySelector('[role="dialog"]')!, /Save Changes/)!.click();
    await waitFor(() => portalText(root).includes('No changes'), 'the no-change toast');
    expectAllWrapped(root, 'no-change toast');
    await waitFor(() => !root.querySelector('[role="dialog"]'), 'the edit dialog to close');

    button(root, /Edit français/)!.click();
    await waitFor(() => root.querySelector('[role="dialog"] [role="combobox"]'), 'the edit dialog again');
    root.querySelector<HTMLElement>('[role="dialog"] [role="combobox"]')!.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    await waitFor(() => root.querySelector('[role="option"]'), 'the languages');
    [...root.querySelectorAll<HTMLElement>('[role="option"]')].find((option) => option.textContent === 'Deutsch')!.click();
    await waitFor(() => !root.querySelector('[role="option"]'), 'the languages to close');
    button(root.querySelector('[role="dialog"]')!, /Save Changes/)!.click();
    const subtitleConflict = () => [...root.querySelectorAll('[role="dialog"]')].find((dialog) => dialog.textContent?.includes('italiano'));
    await waitFor(subtitleConflict, 'the subtitle conflict dialog', 15000);
    expectAllWrapped(root, 'subtitle conflict dialog');
    button(subtitleConflict()!, /Keep editing/)!.click();
    await waitFor(() => !subtitleConflict(), 'the subtitle conflict dialog to close');
    button(root.querySelector('[role="dialog"]')!, /Cancel/)!.click();
    await waitFor(() => !root.querySelector('[role="dialog"]'), 'the edit dialog to close');

    button(root, /Delete français/)!.click();
    await waitFor(() => root.querySelector('[role="dialog"]'), 'the subtitle delete question');
    expectAllWrapped(root, 'subtitle delete question');
    button(root.querySelector('[role="dialog"]')!, /Delete⟧/)!.click();
    await waitFor(() => portalText(root).includes('italiano'), 'the not-deleted toast', 15000);
    expectAllWrapped(root, 'subtitle not deleted toast');
    await waitFor(() => !root.querySelector('[role="dialog"]'), 'the question to close');

    const title = root.querySelector<HTMLInputElement>('form input')!;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(title, '');
    title.dispatchEvent(new Event('input', { bubbles: true }));
    button(root.querySelector('form')!, /Update File/)!.click();
    await waitFor(() => root.querySelector('form .Mui-error'), 'the title error');
    expectAllWrapped(root, 'form errors');
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(title, 'Alpha clip 2');
    title.dispatchEvent(new Event('input', { bubbles: true }));
    button(root.querySelector('form')!, /Update File/)!.click();
    await waitFor(() => root.querySelector('[role="dialog"]')?.textContent?.includes('Beta clip'), 'the conflict dialog', 15000);
    expectAllWrapped(root, 'conflict dialog');
    button(root.querySelector('[role="dialog"]')!, /Keep editing/)!.click();
    await waitFor(() => !root.querySelector('[role="dialog"]'), 'the conflict dialog to close');
    button(root, /Back to Files/)!.click();
    await waitFor(() => root.querySelector('[role="dialog"]'), 'the leave question');
    expectAllWrapped(root, 'leave question');
    button(root.querySelector('[role="dialog"]')!, /Cancel/)!.click();
    await settle();

    button(root, /Delete file/)!.click();
    await waitFor(
      () => root.querySelector('[role="dialog"]') && root.querySelector('[role="dialog"]')!.textContent?.includes('clip'),
      'the delete question',
      15000,
    );
    expectAllWrapped(root, 'file delete question');
  });

  it('<vp-admin-panel>: the shell, the dashboard, the account menu, the editor route, a wrong file number, a missing page', async () => {
    location.hash = '#/';
    const { root } = await mount('vp-admin-panel', { routing: 'hash' });
    await waitFor(() => root.querySelector('nav') && /⟦All files⟧[\s\S]*2/.test(root.textContent ?? ''), 'the dashboard', 15000);
    expectAllWrapped(root, 'dashboard');

    button(root, /Account/)!.click();
    await waitFor(() => root.querySelector('[role="menu"]'), 'the account menu');
    expectAllWrapped(root, 'account menu');
    root.querySelector<HTMLElement>('[role="menu"]')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await waitFor(() => !root.querySelector('[role="menu"]'), 'the account menu to close');

    location.hash = '#/files/1';
    await waitFor(() => root.textContent?.includes('français'), 'the editor route', 15000);
    expectAllWrapped(root, 'editor route');

    location.hash = '#/files/abc';
    await waitFor(() => root.querySelector('main [role="alert"]'), 'the wrong file number');
    expectAllWrapped(root, 'wrong file number');

    location.hash = '#/trash';
    await waitFor(() => root.querySelector('[role="grid"]') && root.textContent?.includes('Beta clip'), 'the trash', 15000);
    expectAllWrapped(root, 'trash');
    root.querySelector<HTMLInputElement>('[role="row"][data-id="1"] input[type="checkbox"]')!.click();
    await waitFor(() => root.querySelector('[role="toolbar"]'), 'the trash bulk bar');
    expectAllWrapped(root, 'trash bulk bar');

    location.hash = '#/nowhere';
    await waitFor(() => root.querySelector('main h1')?.textContent?.includes('⟦Page not found⟧'), 'the missing page');
    expectAllWrapped(root, 'missing page');
    location.hash = '';
  });

  it('<vp-file-editor> without a file number, and with a file that cannot be loaded', async () => {
    const { root } = await mount('vp-file-editor', {});
    await waitFor(() => root.querySelector('[role="alert"]'), 'the missing file-id alert', 15000);
    expectAllWrapped(root, 'no file-id');
    fail = true;
    const second = await mount('vp-file-editor', { 'file-id': '1' });
    await waitFor(() => second.root.querySelector('[role="alert"] h2'), 'the load error', 15000);
    expectAllWrapped(second.root, 'editor load error');
  });
});

describe('mixed direction', () => {
  afterEach(() => document.querySelectorAll('vp-file-editor').forEach((el) => el.remove()));

  it('under dir="rtl" the slug hint keeps its own left-to-right order', async () => {
    const { el, root } = await mount('vp-file-editor', { 'file-id': '1', dir: 'rtl' });
    el.messages = null;
    await waitFor(() => root.textContent?.includes('Part of the player link'), 'the slug hint', 15000);
    const hint = [...root.querySelectorAll('bdi')].find((bdi) => bdi.textContent?.startsWith('Part of the player link'));
    expect(hint?.textContent).to.equal('Part of the player link: letters, digits, - and _');
    expect(hint?.matches(':dir(ltr)')).to.equal(true);
    expect(hint?.closest('[dir="rtl"]')).to.not.equal(null);
  });
});

describe('locale resolution', () => {
  afterEach(() => document.querySelectorAll('div[lang]').forEach((el) => el.remove()));

  it('the attribute, else the nearest lang; a change re-renders in place', async () => {
    await import('/src/index.ts' as string);
    const wrapper = document.createElement('div');
    wrapper.lang = 'vi';
    const el = document.createElement('vp-file-list') as KitElement;
    el.setAttribute('url-state', 'memory');
    el.apiKey = 'test';
    wrapper.append(el);
    document.body.append(wrapper);
    const root = await waitFor(() => el.shadowRoot, 'the shadow root');
    await waitFor(() => root.textContent?.includes('Quản lý tệp') && root.textContent.includes('Beta clip'), 'the Vietnamese list', 15000);
    const field = root.querySelector<HTMLInputElement>('input[type="search"]')!;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(field, 'typed');
    field.dispatchEvent(new Event('input', { bubbles: true }));
    el.setAttribute('locale', 'en');
    await waitFor(() => root.textContent?.includes('File Management'), 'the English list');
    expect(root.querySelector<HTMLInputElement>('input[type="search"]')!.value).to.equal('typed');
    el.removeAttribute('locale');
    await waitFor(() => root.textContent?.includes('Quản lý tệp'), 'Vietnamese again, from the lang');
  });
});
