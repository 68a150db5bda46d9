import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiClient } from '../../api/client';
import type { FileEvent } from '../../api/file-events';
import { getFiles, type FileQuery } from '../../api/files';
import { useApi } from '../../api/use-api';
import type { LoadMark } from '../../api/use-file-events';
import type { VideoFile } from '../../api/schemas';
import { LIST_TOAST_MS, useNotify } from '../../shell/notify';
import { toFileQuery, type ListState } from './list-query';
import { withFileEvent, withTrashEvent } from './live-rows';
import { failureText } from '../../api/failure-text';
import { API_TEXTS } from '../../api/texts';
import { useTexts } from '../../i18n/texts';
import { FILES_TEXTS } from '../texts';

/** How long a request may take before the grid shows 'Loading...'. */
const LOADING_DELAY_MS = 150;
/** How long a prefetched next page may be shown without asking the server again. */
const PREFETCH_FRESH_MS = 15_000;
/** The Trash reads its page again this long after the last file left or entered the trash: a bulk delete of 100 files is one read. */
const TRASH_SETTLE_MS = 400;

/**
 * What the list shows: rows, their total and the query they answer (null before the first load),
 * or — when the view asked for could not be loaded — why not. A failure is a state of its own, so
 * it never looks like an empty account.
 */
export interface ShownPage {
  rows: VideoFile[];
  total: number;
  query: FileQuery | null;
  error: string | null;
  /** The load the rows came from (a new object per reply, kept through live changes): where it stood in the event log. */
  load: LoadMark | null;
}

/** The page a successful reply shows. */
const pageOf = (
  query: FileQuery,
  reply: { data: { files: VideoFile[]; pagination: { total_records: number } }; lastEventId?: number },
) => ({
  rows: reply.data.files,
  total: reply.data.pagination.total_records,
  query,
  error: null,
  load: { lastEventId: reply.lastEventId },
});

interface Prefetched {
  key: string;
  page: ShownPage;
  at: number;
}

const keyOf = (query: FileQuery) => JSON.stringify(query);

/** The prefetched page for `key`, when there is one and it is still fresh. */
function freshAhead(slot: Prefetched | null, key: string): Prefetched | null {
  return slot && slot.key === key && performance.now() - slot.at < PREFETCH_FRESH_MS ? slot : null;
}

/**
 * The grid's data source. Rows, total and the query they belong to change together, so the grid
 * never labels old rows with the new page. The next page is fetched ahead; paging forward to it
 * takes it in the same render as the page change (one commit: no loading state, no effect that
 * sets the rows after the render). A failed load (or a reply whose status is not success) becomes
 * `error`, with the server's message when it sent one, until `reload` succeeds. `trashed`: the
 * account's trash (the Trash view), with the same filters, sort and paging.
 */
export function useFileList(state: ListState, trashed = false) {
  const api = useApi();
  const [shown, setShown] = useState<ShownPage>({ rows: [], total: 0, query: null, error: null, load: null });
  const [loading, setLoading] = useState(true);
  const [reloads, setReloads] = useState(0);
  const prefetched = useRef<Prefetched | null>(null);
  const notify = useNotify({ autoHideDuration: LIST_TOAST_MS });
  const notifyRef = useRef(notify);
  notifyRef.current = notify;
  // Read by the load's callbacks: a language change must not load the page again.
  const filesText = useTexts(FILES_TEXTS).t;
  const apiText = useTexts(API_TEXTS).t;
  const texts = useRef({ files: filesText, api: apiText });
  texts.current = { files: filesText, api: apiText };

  // A string key: the effect runs again only when the request itself changes.
  const queryKey = keyOf({ ...toFileQuery(state), ...(trashed ? { trashed: 1 as const } : {}) });
  // The view asked for is the page fetched ahead: show it in this very render (React re-runs the
  // component before committing, so the page change and its rows are one commit).
  const ahead = shown.query && keyOf(shown.query) === queryKey ? null : freshAhead(prefetched.current, queryKey);
  if (ahead) {
    setShown(ahead.page);
    if (loading) setLoading(false);
  }
  const shownRef = useRef(shown);
  shownRef.current = shown;

  useEffect(() => {
    const query: FileQuery = JSON.parse(queryKey);
    const taken = prefetched.current;
    if (taken && taken.key === queryKey && shownRef.current === taken.page) {
      // The render already shows the page fetched ahead: only look one page further.
      prefetched.current = null;
      return prefetchNext(api, query, taken.page.total, prefetched);
    }

    const controller = new AbortController();
    let stopPrefetch = () => {};
    // The overlay only for a slow answer: a fast page change then costs the grid one render, not three.
    const showLoading = setTimeout(() => setLoading(true), LOADING_DELAY_MS);
    const fail = (reason: string) => setShown((current) => ({ ...current, query, error: reason }));
    getFiles(api, query, controller.signal)
      .then((reply) => {
        if (controller.signal.aborted) return;
        if (reply.status !== 'success') {
          console.log('No files found', reply.message);
          fail(reply.message || texts.current.files('fetchFailed'));
          return;
        }
        const page = pageOf(query, reply);
        setShown(page);
        stopPrefetch = prefetchNext(api, query, page.total, prefetched);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('vp-admin-kit: the file list could not be loaded.', error);
        notifyRef.current.error(texts.current.files('fetchFailed'));
        fail(failureText(error, texts.current.api));
      })
      .finally(() => {
        clearTimeout(showLoading);
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => {
      clearTimeout(showLoading);
      controller.abort();
      stopPrefetch();
    };
  }, [api, queryKey, reloads]);

  /** After a change on the server, or to retry a failed load: forget the page fetched ahead, and load the view again. */
  const reload = useCallback(() => {
    prefetched.current = null;
    setReloads((n) => n + 1);
  }, []);
  /**
   * Loads the page on screen again, quietly (the polling fallback): no loading state, no toast, and a
   * failure keeps the rows; the rows change in place, so selection, focus and scroll stay.
   */
  const refresh = useCallback(() => {
    const query = shownRef.current.query;
    if (!query || shownRef.current.error) return;
    getFiles(api, query)
      .then((reply) => {
        if (reply.status !== 'success') return;
        setShown((current) => (current.query && keyOf(current.query) === keyOf(query) ? pageOf(query, reply) : current));
      })
      .catch((error: unknown) => console.warn('vp-admin-kit: the file list could not be refreshed.', error));
  }, [api]);
  /**
   * Applies a change the server confirmed to rows on screen, without a reload: as the same change
   * streamed would (a row it takes out of the filters leaves, and the total follows; the event that
   * comes after finds it gone and counts nothing twice).
   */
  const patchRows = useCallback((ids: ReadonlySet<number>, patch: Partial<VideoFile>) => {
    prefetched.current = null;
    setShown((current) => [...ids].reduce((page, id) => withFileEvent(page, { kind: 'changed', file_id: id, changes: patch }), current));
  }, []);

  // Every row of the page left it (deactivated under Active, say) while the filter still matches files:
  // read the page again rather than show an empty one. Keyed on the fact, so a page the server itself
  // answers empty is asked for once.
  const emptied = shown.query !== null && shown.error === null && shown.rows.length === 0 && shown.total > 0;
  useEffect(() => {
    if (emptied) refresh();
  }, [emptied, refresh]);

  const settle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(settle.current), []);
  /**
   * Applies a change streamed by the server to the page on screen, in place ('reset': events were
   * missed, load again). The Trash also reads its page again, quietly, once files stop leaving or
   * entering it: a file trashed elsewhere has a place only the server knows, and a restored or purged
   * one leaves a gap the next rows fill.
   */
  const applyEvent = useCallback(
    (event: FileEvent) => {
      if (event.kind === 'reset') return reload();
      prefetched.current = null;
      setShown((current) => (trashed ? withTrashEvent(current, event) : withFileEvent(current, event)));
      if (trashed && event.kind !== 'changed') {
        clearTimeout(settle.current);
        settle.current = setTimeout(refresh, TRASH_SETTLE_MS);
      }
    },
    [reload, refresh, trashed],
  );

  return {
    rows: shown.rows,
    total: shown.total,
    shownQuery: shown.query,
    error: shown.error,
    loaded: shown.load,
    loading,
    reload,
    refresh,
    patchRows,
    applyEvent,
  };
}

/** Fetches the page after `query` into `slot` (quietly: a failure only means no head start). */
function prefetchNext(api: ApiClient, query: FileQuery, total: number, slot: { current: Prefetched | null }): () => void {
  if (query.page * query.limit >= total) return () => {};
  const next = { ...query, page: query.page + 1 };
  const controller = new AbortController();
  getFiles(api, next, controller.signal)
    .then((reply) => {
      if (reply.status === 'success') slot.current = { key: keyOf(next), page: pageOf(next, reply), at: performance.now() };
    })
    .catch(() => {});
  return () => controller.abort();
}
