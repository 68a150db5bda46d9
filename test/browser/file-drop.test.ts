import { expect } from '@esm-bundle/chai';
import { button, CONFIG_REPLY, fileRow, jsonReply, stubFetch, waitFor, type KitElement } from './helpers';

/** Dropping a file on the Add video dialog and on the subtitle upload dialog chooses it, as the file picker does. */

stubFetch((url, request) => {
  const path = url.pathname;
  if (path.endsWith('/api/config')) return jsonReply(CONFIG_REPLY);
  if (path.endsWith('/files/'))
    return jsonReply({ status: 'success', message: '', data: { files: [fileRow(1)], pagination: { total_records: 1 } } });
  if (path.endsWith('/api/files/1') && request.method === 'GET') return jsonReply({ status: 'success', message: '', data: fileRow(1) });
  if (path.endsWith('/api/subs')) return jsonReply({ status: 'success', message: '', data: { subs: [] } });
  return jsonReply({ status: 'error', message: '' }, 404);
});

async function mount(tag: string, attributes: Record<string, string>) {
  await import('/src/index.ts' as string);
  const el = document.createElement(tag) as KitElement;
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  el.apiKey = 'test';
  document.body.append(el);
  return waitFor(() => el.shadowRoot, 'the shadow root');
}

/** A drag over `target` (it marks itself), then the drop of `file`. */
function dragAndDrop(target: Element, file: File) {
  const data = new DataTransfer();
  data.items.add(file);
  const event = (type: string) => new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: data });
  const over = event('dragover');
  target.dispatchEvent(over);
  expect(over.defaultPrevented, 'dragover is accepted').to.equal(true);
  target.dispatchEvent(event('drop'));
}

describe('dropping a file', () => {
  afterEach(() => document.querySelectorAll('vp-file-list, vp-file-editor').forEach((el) => el.remove()));

  it('on the Add video dialog chooses it, with its size', async () => {
    const root = await mount('vp-file-list', { 'url-state': 'memory' });
    await waitFor(() => button(root, /Add video/), 'the Add video button', 15000);
    button(root, /Add video/)!.click();
    const dialog = await waitFor(() => root.querySelector('[role="dialog"]'), 'the Add video dialog', 15000);
    const area = await waitFor(() => dialog.querySelector('[role="group"]'), 'the drop area');
    dragAndDrop(area, new File([new Uint8Array(3 * 1024 * 1024)], 'dropped-clip.mp4', { type: 'video/mp4' }));
    await waitFor(() => dialog.textContent?.includes('dropped-clip.mp4'), 'the dropped file');
    expect(dialog.textContent).to.match(/3(\.0)? MB/);
  });

  it('on the subtitle upload dialog chooses it', async () => {
    const root = await mount('vp-file-editor', { 'file-id': '1' });
    await waitFor(() => button(root, /Upload subtitle/), 'the editor', 15000);
    button(root, /Upload subtitle/)!.click();
    const dialog = await waitFor(() => root.querySelector('[role="dialog"]'), 'the upload dialog', 15000);
    const area = await waitFor(() => dialog.querySelector('button[aria-describedby]'), 'the drop zone');
    dragAndDrop(area, new File(['1\n00:00:01,000 --> 00:00:02,000\nHi\n'], 'dropped.srt', { type: 'application/x-subrip' }));
    await waitFor(() => dialog.textContent?.includes('dropped.srt'), 'the dropped subtitle file');
  });
});
