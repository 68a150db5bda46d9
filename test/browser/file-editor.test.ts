import { button, CONFIG_REPLY, fileRow, HOSTILE_CSS, hostCss, jsonReply, stubFetch, waitFor } from './helpers';

/** `<vp-file-editor>` in a hostile CMS page: renders in its shadow root, untouched by the page's CSS; dialogs stay inside. */

function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

const file = fileRow(1, { file_title: 'Hostile <b>"title"</b>', file_slug: 'my-video', file_image: 'img/1.jpg' });
const subs = [{ sub_id: 7, file_id: 1, sub_lang: 'en', sub_size: 1536, created_at: '2026-01-02T03:04:05.000Z' }];
// A new video's whole life, newest first: added from the panel, processed by a worker.
const activity = [
  { activity_id: 2, at: '2026-01-02T03:05:00.000Z', actor: 'worker-1', source: 'pipeline', action: 'complete', detail: {} },
  {
    activity_id: 1,
    at: '2026-01-02T03:04:00.000Z',
    actor: 'demo',
    source: 'panel',
    action: 'create',
    detail: { via: 'upload', file_title: 'Talk', file_slug: 'my-video' },
  },
];

describe('<vp-file-editor>', () => {
  let el: HTMLElement & { apiKey: string | null };
  let root: ShadowRoot;
  const undo: Array<() => void> = [];

  before(async () => {
    undo.push(
      stubFetch((url) => {
        if (url.pathname.endsWith('/api/config')) return jsonReply(CONFIG_REPLY);
        if (url.pathname.endsWith('/api/files/1')) return jsonReply({ status: 'success', message: '', data: file });
        if (url.pathname.endsWith('/api/subs')) return jsonReply({ status: 'success', message: '', data: { subs } });
        if (url.pathname.endsWith('/api/files/1/activity')) return jsonReply({ status: 'success', message: '', data: { activity } });
        return jsonReply({ status: 'error', message: 'Not found' }, 404);
      }),
    );
    undo.push(hostCss(HOSTILE_CSS));
    await import('/src/index.ts' as string);
    el = document.createElement('vp-file-editor') as typeof el;
    el.setAttribute('file-id', '1');
    el.apiKey = 'test';
    document.body.append(el);
    root = await waitFor(() => el.shadowRoot, 'the shadow root');
    await waitFor(() => root.textContent?.includes('Update File') && root.textContent.includes('English'), 'the loaded editor', 15000);
  });

  after(() => {
    el.remove();
    for (const step of undo.reverse()) step();
  });

  it('renders every card in the shadow root, not in the page', () => {
    for (const text of ['Back to Files', 'Embed & Link', 'File Information', 'Subtitles', 'File Gallery', 'Upload subtitle', '1.5 KB']) {
      assert(root.textContent?.includes(text), `missing "${text}"`);
    }
    assert(!document.body.innerText.includes('Embed & Link'), 'editor text leaked into the light DOM');
    const snippet = [...root.querySelectorAll('textarea')].map((t) => t.value).find((v) => v.startsWith('<iframe'));
    assert(snippet && snippet.includes('src="https://player.example/my-video"'), `snippet: ${snippet}`);
    assert(snippet.includes('title="Hostile &lt;b&gt;&quot;title&quot;&lt;/b&gt;"'), `title not escaped: ${snippet}`);
  });

  it("shows the file's whole life in the Activity card: who added it and how, and the end of its processing", async () => {
    // The log loads when asked for.
    button(root, 'Show activity')!.click();
    const log = await waitFor(() => root.querySelector('[aria-label="Changes of this file, newest first"]'), 'the activity log', 15000);
    const entries = [...log.querySelectorAll('li')].map((li) => li.innerText.replace(/\s+/g, ' ').replace(/ · [^·]+$/, ''));
    assert(
      JSON.stringify(entries) === JSON.stringify(['Processing completed worker-1 · pipeline', 'Added by demo (upload) demo · panel']),
      `entries: ${JSON.stringify(entries)}`,
    );
  });

  it('ignores the host page CSS', () => {
    const update = button(root, 'Update File');
    assert(update, 'Update File button');
    const style = getComputedStyle(update);
    assert(!/serif/.test(style.fontFamily) || /sans-serif/.test(style.fontFamily), `font leaked: ${style.fontFamily}`);
    assert(style.backgroundColor !== 'rgb(255, 0, 0)', 'button background leaked');
    const heading = [...root.querySelectorAll('h1')].find((h) => h.textContent === 'Update File');
    assert(heading && /Roboto|Helvetica|Arial/.test(getComputedStyle(heading).fontFamily), 'heading font');
    const card = root.querySelector('section div');
    assert(card && getComputedStyle(card).marginTop !== '20px', 'div margin leaked');
  });

  it('opens the upload dialog inside the shadow root', async () => {
    button(root, 'Upload subtitle')!.click();
    const dialog = await waitFor(() => root.querySelector('[role="dialog"]'), 'the upload dialog');
    assert(dialog.textContent?.includes('Upload Subtitle'), 'dialog title');
    assert(!document.querySelector('[role="dialog"]'), 'dialog rendered in the light DOM');
    assert(dialog.querySelector('input[type="file"]'), 'file input');
    button(dialog, 'Upload')!.click();
    // Submitted empty, the dialog flags every missing field at once.
    await waitFor(
      () => dialog.textContent?.includes('Please select a subtitle file') && dialog.textContent.includes('Please select a language'),
      'the no-file and no-language messages',
    );
    button(dialog, 'Cancel')!.click();
    await waitFor(() => !root.querySelector('[role="dialog"]'), 'the dialog to close');
  });
});
