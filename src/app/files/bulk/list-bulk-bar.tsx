import { Button } from '@mui/material';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useTexts } from '../../i18n/texts';
import { BulkBar, type BulkBarProps } from './bulk-bar';
import type { MatchingAction } from './bulk-job-words';
import type { SetKind } from './bulk-set-kinds';
import { toFileQuery, type ListState } from '../list/list-query';
import { FILES_TEXTS } from '../texts';

/** Loaded when every file the filter matches is selected (a server-side bulk job). */
const BulkJobBar = lazy(() => import('./bulk-job-bar'));

/**
 * Gmail's "select all that match" of a list (the files or the trash): after the whole page is
 * ticked, every file the filter matches can be selected instead, for this filter only; unticking a
 * row goes back to the page's selection (Django's and Gmail's way). From the moment an action is
 * applied its bar stays until closed, whatever the rows do meanwhile: the job's first files can leave
 * the list (and the page's selection with them) before the reply that started it arrives.
 */
export function useAllMatching(state: ListState, selection: ReadonlySet<number>, setSelection: (next: Set<number>) => void) {
  const filter = useMemo(() => {
    const { page: _page, limit: _limit, sort_by: _sort, order: _order, ...rest } = toFileQuery(state);
    return rest;
  }, [state]);
  const filterKey = JSON.stringify(filter);
  const [matching, setMatching] = useState<{ filterKey: string; job: boolean } | null>(null);
  const onSelectionChange = useCallback(
    (next: Set<number>) => {
      setMatching((m) => (m?.job ? m : null));
      setSelection(next);
    },
    [setSelection],
  );
  return {
    filter,
    /** Nothing narrows: "Select all N files" rather than "… matching this filter". */
    unfiltered: filterKey === '{}',
    selected: matching !== null && (matching.job || (matching.filterKey === filterKey && selection.size > 0)),
    /** A job's bar is up: the list shows the bulk bar even with no row ticked. */
    jobOpen: matching?.job === true,
    selectAll: useCallback(() => setMatching({ filterKey, job: false }), [filterKey]),
    close: useCallback(() => {
      setMatching(null);
      setSelection(new Set());
    }, [setSelection]),
    pin: useCallback(() => setMatching((m) => m && { ...m, job: true }), []),
    onSelectionChange,
  };
}

export interface ListBulkBarProps<A extends string> {
  /** The bar of the rows ticked on the page (the bulk actions of docs/spec.md §2, one request per file). */
  page: BulkBarProps<A>;
  all: ReturnType<typeof useAllMatching>;
  /** The page's row count and the filter's total: "Select all" is offered when the page is all ticked and there is more. */
  rowCount: number;
  total: number;
  /** What the list offers over every file the filter matches (a server-side job; a value to set opens its dialog). */
  matchingActions: readonly (MatchingAction | SetKind)[];
  /** A job ended or the count moved: the list loads again. */
  onChanged(): void;
}

/** The bulk bar of the files list and of the trash: the page's selection, or every file the filter matches. */
export function ListBulkBar<A extends string>({ page, all, rowCount, total, matchingActions, onChanged }: ListBulkBarProps<A>) {
  const { t } = useTexts(FILES_TEXTS);
  if (all.selected) {
    return (
      <Suspense fallback={null}>
        <BulkJobBar
          total={total}
          filter={all.filter}
          actions={matchingActions}
          onStarting={all.pin}
          onChanged={onChanged}
          onClose={all.close}
        />
      </Suspense>
    );
  }
  const wholePage = rowCount > 0 && page.selectedCount === rowCount && total > rowCount;
  return (
    <>
      <BulkBar<A> {...page} />
      {wholePage && !page.busy ? (
        <Button size="small" sx={{ mt: 0.5 }} onClick={all.selectAll}>
          {t(all.unfiltered ? 'selectAllFiles' : 'selectAllMatching', { count: total })}
        </Button>
      ) : null}
    </>
  );
}
