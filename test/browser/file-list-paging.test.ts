import { expect } from '@esm-bundle/chai';
import { CONFIG_REPLY, fileRow, jsonReply, mountFileList, stubFetch, waitFor, type KitElement } from './helpers';

/**
 * `<vp-file-list>` paging forward to the page it fetched ahead: how many React commits the click
 * costs, and which grid rows render. React reports every commit to the devtools global hook, so this
 * stand-in (installed before React loads) counts them and walks the committed tree. The screen takes
 * one commit (page change and rows together), the grid one for the new rows, and one small follow-up of
 * its own. A fourth means the screen renders twice again (the rows set by an effect after the page
 * change, or a 'Loading' state in between). A row of the old page rendering again means the grid
 * re-rendered the whole page it is leaving (what a change of any of its props costs), which once made a
 * page change three times slower than a plain table.
 */
const MAX_COMMITS_PER_PAGE = 3;

interface Fiber {
  child: Fiber | null;
  sibling: Fiber | null;
  alternate: Fiber | null;
  memoizedProps: { rowId?: unknown; row?: unknown } | null;
}
let commits = 0;
/** The ids of the grid's rows and cells (fibers with `rowId` and `row` props) rendered again since the click. */
const rowsRendered: string[] = [];
/** The props each fiber (and its alternate: React keeps two copies) had at the last commit. */
const propsSeen = new WeakMap<Fiber, unknown>();
function recordRenderedRows(fiber: Fiber | null) {
  for (let f = fiber; f; f = f.sibling) {
    const props = f.memoizedProps;
    // Props of their own since the last commit: the parent rendered this fiber again.
    const last = propsSeen.get(f) ?? (f.alternate ? propsSeen.get(f.alternate) : undefined);
    if (last !== undefined && last !== props && props?.rowId !== undefined && 'row' in props) rowsRendered.push(String(props.rowId));
    propsSeen.set(f, props);
    if (f.alternate) propsSeen.set(f.alternate, props);
    recordRenderedRows(f.child);
  }
}
(window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: object }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
  supportsFiber: true,
  renderers: new Map(),
  inject: () => 1,
  onCommitFiberRoot: (_id: number, root: { current: Fiber }) => {
    commits++;
    recordRenderedRows(root.current);
  },
  onCommitFiberUnmount: () => {},
  onPostCommitFiberRoot: () => {},
  checkDCE: () => {},
};

const TOTAL = 35;
const pagesAsked: number[] = [];
stubFetch((url) => {
  if (url.pathname.endsWith('/api/config')) return jsonReply(CONFIG_REPLY);
  // The live stream is not a page: refused, as a proxy that blocks streaming would.
  if (url.pathname.endsWith('/api/files/events')) return new Response(null, { status: 204 });
  if (url.pathname.endsWith('/api/files/')) {
    const page = Number(url.searchParams.get('page'));
    const limit = Number(url.searchParams.get('limit'));
    pagesAsked.push(page);
    const files = Array.from({ length: Math.min(limit, TOTAL - (page - 1) * limit) }, (_, i) => fileRow(TOTAL - (page - 1) * limit - i));
    return jsonReply({ status: 'success', message: 'ok', data: { files, pagination: { total_records: TOTAL } } });
  }
  return jsonReply({}, 404);
});

describe('<vp-file-list> paging', () => {
  let el: KitElement;
  let root: ShadowRoot;
  const rowIds = (r: ParentNode = root) =>
    [...r.querySelectorAll('[role="row"][data-id]')].map((row) => row.getAttribute('data-id')).join(',');

  before(async () => {
    ({ el, root } = await mountFileList((r) => rowIds(r).startsWith('35,'), 'the first page'));
  });

  after(() => el.remove());

  it(`shows each prefetched page in at most ${MAX_COMMITS_PER_PAGE} commits, never saying 'Loading...'`, async () => {
    for (const [page, firstId] of [
      [2, '25'],
      [3, '15'],
    ] as const) {
      await waitFor(() => pagesAsked.includes(page), `page ${page} fetched ahead`);
      // Let the prefetch reply land in the hook before the click.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const asked = pagesAsked.length;
      const before = commits;
      const oldIds = rowIds().split(',');
      rowsRendered.length = 0;
      let sawLoading = false;
      const watch = new MutationObserver(() => (sawLoading ||= root.textContent!.includes('Loading...')));
      watch.observe(root, { subtree: true, childList: true, characterData: true });
      root.querySelector<HTMLButtonElement>('button[aria-label="Go to next page"]')!.click();
      await waitFor(() => rowIds().startsWith(`${firstId},`), `page ${page}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      watch.disconnect();
      expect(sawLoading, 'a Loading state').to.equal(false);
      // At least one: the stand-in hook does see React's commits.
      expect(commits - before, 'React commits').to.be.within(1, MAX_COMMITS_PER_PAGE);
      expect(
        rowsRendered.filter((id) => oldIds.includes(id)),
        'rows of the old page rendered again',
      ).to.deep.equal([]);
      // The page came from the prefetch: only the page after it was asked for.
      expect(pagesAsked.slice(asked)).to.deep.equal(page * 10 < TOTAL ? [page + 1] : []);
    }
  });
});
