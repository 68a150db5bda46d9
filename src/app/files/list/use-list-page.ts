import { useCallback } from 'react';
import { useFileList } from './use-file-list';
import { useListAddress, useShownView } from './use-list-address';
import { useLiveList } from './use-live-list';

/** What a list screen shows and how it moves: `useListPage`'s result. */
export type ListPage = ReturnType<typeof useListPage>;

/**
 * The page a list screen shows, the files list's or the trash's (`trashed`): its view as the address
 * says it (filters, search, sort, page), the rows of that page, kept live by the event stream (files
 * changed, trashed, restored or deleted for good elsewhere, by another operator, tab or node, change,
 * come and go in place), and the grid's paging and sort for the page the rows belong to.
 */
export function useListPage(trashed: boolean) {
  const { state, setView } = useListAddress();
  const page = useFileList(state, trashed);
  const { rows, loaded, applyEvent, refresh, reload } = page;
  useLiveList(rows, loaded, applyEvent, refresh);
  // The list shows the page its rows belong to; the URL may already ask for the next one.
  const view = useShownView(page.shownQuery ?? state);
  // Every row of a later page gone (deleted, restored, deleted for good): show the page before it instead of an empty one.
  const afterGone = useCallback(
    (gone: number) => (gone >= rows.length && state.page > 1 ? setView({ page: state.page - 1 }) : reload()),
    [rows.length, state.page, setView, reload],
  );
  return { ...page, state, setView, view, afterGone };
}
