import { useCallback, useMemo, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { FileQuery } from '../../api/files';
import { parseListState, updateListQuery, type ListState } from './list-query';

/**
 * A list screen's view as its address says it (filters, search, sort, page), and the way to change it.
 * A new query string is a new history entry, so back/forward restore the view. `setView` keeps one
 * identity for the screen's life (it reads the address through a ref): a page change does not
 * re-render the grid for a new handler.
 */
export function useListAddress(): { state: ListState; setView: (patch: Partial<ListState>) => void } {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const state = useMemo(() => parseListState(search), [search]);
  const address = useRef({ location, search });
  address.current = { location, search };
  const setView = useCallback(
    (patch: Partial<ListState>) => {
      const qs = updateListQuery(address.current.search, patch);
      navigate(address.current.location + (qs ? `?${qs}` : ''));
    },
    [navigate],
  );
  return { state, setView };
}

/**
 * The grid's paging and sort for the page its rows belong to: the query they were read with, or the
 * address's view before the first reply (the address may already ask for the next page).
 */
export function useShownView(
  shown: Pick<FileQuery, 'page' | 'limit' | 'sort_by' | 'order'>,
): Pick<ListState, 'page' | 'limit' | 'sort_by' | 'order'> {
  return useMemo(
    () => ({ page: shown.page, limit: shown.limit, sort_by: shown.sort_by as ListState['sort_by'], order: shown.order }),
    [shown.page, shown.limit, shown.sort_by, shown.order],
  );
}
