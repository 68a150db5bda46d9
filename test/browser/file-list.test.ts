import { expect } from '@esm-bundle/chai';
import { button, CONFIG_REPLY, fileRow, jsonReply, mountFileList, stubFetch, waitFor, type KitElement } from './helpers';

/** `<vp-file-list>` in Chromium: the grid, its column menu and tooltips live in the element's shadow root. */

const files = Array.from({ length: 3 }, (_, i) => fileRow(i + 1, { isActive: i === 0 ? 1 : 0, views_30d: [1234, 5, 0][i] }));

const requests: string[] = [];

stubFetch((url) => {
  requests.push(url.href);
  if (url.pathname.endsWith('/api/config')) return jsonReply(CONFIG_REPLY);
  if (url.pathname.includes('/api/files/'))
    return jsonReply({ status: 'success', message: 'ok', data: { files, pagination: { total_records: 3 } } });
  return jsonReply({}, 404);
});

describe('<vp-file-list>', () => {
  let el: KitElement;
  let root: ShadowRoot;

  before(async () => {
    ({ el, root } = await mountFileList((r) => r.querySelector('[role="grid"]') && r.textContent?.includes('Title 3'), 'the grid rows'));
  });

  after(() => el.remove());

  it('renders the grid with the texts of docs/spec.md inside the shadow root', () => {
    expect(document.querySelector('[role="grid"]')).to.equal(null);
    expect(root.textContent).to.contain('File Management');
    expect(root.textContent).to.contain('File List (3)');
    expect(root.textContent).to.contain('Rows per page:');
    expect(root.textContent).to.contain('1-3 of 3');
    expect(root.querySelectorAll('[role="row"][data-id]').length).to.equal(3);
  });

  it('in a host narrower than its columns, Server and Player give way and the Actions stay on screen', async () => {
    const header = (field: string) => root.querySelector<HTMLElement>(`[role="columnheader"][data-field="${field}"]`);
    el.style.display = 'block';
    el.style.width = '760px';
    await waitFor(() => !header('file_server') && !header('file_slug'), 'Server and Player hidden');
    const gridRight = () => root.querySelector('[role="grid"]')!.getBoundingClientRect().right;
    await waitFor(() => header('actions')!.getBoundingClientRect().right <= gridRight() + 1, 'the Actions column inside the grid');
    expect(header('file_title')).to.not.equal(null);
    // Room again: every column is back.
    el.style.width = '1200px';
    await waitFor(() => header('file_server') && header('file_slug'), 'Server and Player shown again');
    const link = root.querySelector<HTMLAnchorElement>('a[href="https://player.example/slug-1"]');
    expect(link?.target).to.equal('_blank');
    expect(link?.rel).to.equal('noopener noreferrer');
  });

  it('asks the server for the default view', () => {
    const list = requests.find((url) => url.includes('/api/files/'));
    const query = new URL(list!).searchParams;
    expect(Object.fromEntries(query)).to.deep.equal({ page: '1', limit: '10', sort_by: 'created_at', order: 'desc' });
  });

  it('shows the Views (30 days) column as the locale writes numbers, and sorts by it on the server', async () => {
    const header = await waitFor(
      () => root.querySelector<HTMLElement>('[role="columnheader"][data-field="views_30d"]'),
      'the Views (30 days) header',
    );
    expect(header.textContent).to.contain('Views (30 days)');
    const cell = (id: number) => root.querySelector(`[role="row"][data-id="${id}"] [data-field="views_30d"]`)?.textContent;
    expect([1, 2, 3].map(cell)).to.deep.equal(['1,234', '5', '0']);
    requests.length = 0;
    header.querySelector<HTMLElement>('.MuiDataGrid-columnHeaderTitleContainer')!.click();
    await waitFor(() => requests.some((url) => url.includes('sort_by=views_30d')), 'a list request sorted by views_30d');
  });

  it('opens the column menu inside the shadow root', async () => {
    const button = await waitFor(
      () => root.querySelector<HTMLButtonElement>('[role="columnheader"][data-field="file_title"] .MuiDataGrid-menuIconButton'),
      'the column menu button',
    );
    button.click();
    const menu = await waitFor(() => root.querySelector('[role="menu"]'), 'the column menu');
    expect(menu.textContent).to.match(/Sort|Hide/);
    expect(document.body.querySelector('[role="menu"], .MuiDataGrid-menu')).to.equal(null);
    (menu as HTMLElement).dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await waitFor(() => !root.querySelector('[role="menu"]'), 'the menu to close');
  });

  it('shows the Active switch with its tooltip inside the shadow root', async () => {
    const row = root.querySelector('[role="row"][data-id="1"]')!;
    const toggle = await waitFor(
      () => row.querySelector<HTMLInputElement>('input[role="switch"][aria-label="Active"]'),
      'the Active switch',
    );
    expect(toggle.checked).to.equal(true);
    expect(root.querySelector<HTMLInputElement>('[role="row"][data-id="2"] input[role="switch"]')!.checked).to.equal(false);
    // The switch's input covers the whole switch, so the pointer is always over it.
    toggle.dispatchEvent(new MouseEvent('mouseover', { bubbles: true, composed: true }));
    const tooltip = await waitFor(() => root.querySelector('[role="tooltip"]'), 'the tooltip');
    expect(tooltip.textContent).to.equal('Disable');
    expect(document.body.querySelector('[role="tooltip"]')).to.equal(null);
    toggle.dispatchEvent(new MouseEvent('mouseleave', { bubbles: true, composed: true }));
  });

  it('shows the status description as a tooltip', async () => {
    const badge = root.querySelector<HTMLElement>('[role="row"][data-id="2"] [data-field="file_status"] [data-family]')!;
    expect(badge.textContent).to.equal('Completed');
    expect(badge.dataset.family).to.equal('done');
    badge.dispatchEvent(new MouseEvent('mouseover', { bubbles: true, composed: true }));
    await waitFor(() => [...root.querySelectorAll('[role="tooltip"]')].some((t) => t.textContent === 'Completed'), 'the status tooltip');
  });

  it('Shift-click on a row checkbox selects the range from the last one ticked', async () => {
    const checkbox = (id: number) => root.querySelector<HTMLInputElement>(`[role="row"][data-id="${id}"] input[type="checkbox"]`)!;
    const bar = () => root.querySelector('[role="toolbar"][aria-label="Bulk actions"]');
    checkbox(1).click();
    await waitFor(() => checkbox(1).checked, 'the first row ticked');
    checkbox(3).dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, shiftKey: true }));
    await waitFor(() => bar()?.textContent?.includes('3 selected'), 'three rows selected');
    // The row between is ticked too.
    await waitFor(() => [1, 2, 3].every((id) => checkbox(id).checked), 'rows 1 to 3 ticked');
    // Clear, then the other way up: from the last row ticked to the first.
    button(root, 'Clear')!.click();
    await waitFor(() => !checkbox(1).checked, 'the selection cleared');
    checkbox(3).click();
    checkbox(1).dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, shiftKey: true }));
    await waitFor(() => bar()?.textContent?.includes('3 selected'), 'three rows selected upwards');
    await waitFor(() => [1, 2, 3].every((id) => checkbox(id).checked), 'rows 3 to 1 ticked');
  });

  it("a box shows the list's selection by the end of the click that ticks it: never unticked while the bar counts it", async () => {
    const checkbox = (id: number) => root.querySelector<HTMLInputElement>(`[role="row"][data-id="${id}"] input[type="checkbox"]`)!;
    const count = () => root.querySelector('[role="toolbar"][aria-label="Bulk actions"] [role="status"]')?.textContent ?? 'no bar';
    button(root, 'Clear')?.click();
    await waitFor(() => [1, 2, 3].every((id) => !checkbox(id).checked), 'the selection cleared');
    // Read in the click's own task: nothing else runs, and nothing is painted, before these reads.
    const seen = [1, 2, 3, 2].map((id) => {
      checkbox(id).click();
      return [id, checkbox(id).checked, count()];
    });
    expect(seen).to.deep.equal([
      [1, true, '1 selected'],
      [2, true, '2 selected'],
      [3, true, '3 selected'],
      [2, false, '2 selected'],
    ]);
  });
});
