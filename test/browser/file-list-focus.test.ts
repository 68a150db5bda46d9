import { expect } from '@esm-bundle/chai';
import { CONFIG_REPLY, fileRow, jsonReply, mountFileList, stubFetch, waitFor, type KitElement } from './helpers';

/**
 * `<vp-file-list>` keeps the keyboard focus on the file it was on, not on the place: after the rows
 * change (a search), a focused Active switch is never the switch of another file.
 */

stubFetch((url) => {
  if (url.pathname.endsWith('/api/config')) return jsonReply(CONFIG_REPLY);
  if (url.pathname.endsWith('/api/files/events')) {
    const ready = new TextEncoder().encode('id: 1\nevent: ready\ndata: {}\n\n');
    return new Response(new ReadableStream({ start: (stream) => stream.enqueue(ready) }), {
      headers: { 'content-type': 'text/event-stream' },
    });
  }
  if (url.pathname.endsWith('/api/files/')) {
    // The search finds other files, and file 2 (now first).
    const ids = url.searchParams.get('search') ? [2, 7, 8] : [1, 2, 3];
    const files = ids.map((id) => fileRow(id));
    return jsonReply({ status: 'success', message: 'ok', data: { files, pagination: { total_records: files.length } } });
  }
  return jsonReply({}, 404);
});

describe('<vp-file-list> focus', () => {
  let el: KitElement;
  let root: ShadowRoot;
  const rowIds = (r: ParentNode = root) =>
    [...r.querySelectorAll('[role="row"][data-id]')].map((row) => row.getAttribute('data-id')).join(',');
  const switchOf = (id: number) => root.querySelector<HTMLInputElement>(`[role="row"][data-id="${id}"] input[role="switch"]`);
  /** Applies a search the way the search box does, without moving the focus (as back/forward would). */
  async function search(text: string, ids: string) {
    const input = root.querySelector<HTMLInputElement>('input[type="search"]')!;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    await waitFor(() => rowIds() === ids, `the rows ${ids}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  /** A pointer's press and release on the switch: the grid takes its focused cell from them. */
  async function pressSwitch(id: number) {
    const toggle = switchOf(id)!;
    toggle.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, composed: true }));
    toggle.focus();
    toggle.dispatchEvent(new MouseEvent('mouseup', { bubbles: true, composed: true }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(focusedRow()).to.equal(String(id));
  }
  const focusedRow = () => root.activeElement?.closest('[role="row"]')?.getAttribute('data-id') ?? null;

  beforeEach(async () => {
    ({ el, root } = await mountFileList((r) => rowIds(r) === '1,2,3', 'the rows'));
  });
  afterEach(() => el.remove());

  it('a focused switch whose file left: the focus is on no switch of another file', async () => {
    await pressSwitch(1);
    await search('x', '2,7,8');
    expect(focusedRow(), 'the row holding the focus').to.not.equal('2');
    expect(root.activeElement?.getAttribute('role')).to.not.equal('switch');
    // The focus is kept in the grid, for the keyboard to go on from.
    expect(root.activeElement?.closest('[role="grid"]')).to.not.equal(null);
  });

  it('a focused switch whose file is still listed: the focus stays on that file', async () => {
    await pressSwitch(2);
    await search('x', '2,7,8');
    expect(focusedRow()).to.equal('2');
  });
});
