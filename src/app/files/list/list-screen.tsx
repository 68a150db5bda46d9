import { Box, Card, Stack, Typography, useMediaQuery } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useCallback, type ReactNode } from 'react';
import type { VideoFile } from '../../api/schemas';
import { useTexts } from '../../i18n/texts';
import { LoadError } from '../../ui/load-error';
import { Screen } from '../../ui/screen';
import type { BulkBarProps } from '../bulk/bulk-bar';
import type { MatchingAction } from '../bulk/bulk-job-words';
import type { SetKind } from '../bulk/bulk-set-kinds';
import { ListBulkBar, useAllMatching } from '../bulk/list-bulk-bar';
import { CellStyles } from '../grid/cell-styles';
import { CellTips } from '../grid/cell-tips';
import { FileCards, type CardSlotProps } from '../grid/file-cards';
import { FileGrid } from '../grid/file-grid';
import { FILES_TEXTS } from '../texts';
import { FileFilters } from './file-filters';
import { SearchBox } from './search-box';
import type { ListPage } from './use-list-page';

export interface ListScreenProps<A extends string> {
  /** The page on screen (`useListPage`: the files list's or the trash's). */
  list: ListPage;
  /** The id and text of the screen's h1. */
  titleId: string;
  heading: string;
  /** A line under the h1 (the trash: how long it keeps a file). */
  intro?: string;
  /** The list card's heading ('File List (12)'). */
  listHeading: string;
  /** After the search box (the files list: Add Video). */
  tools?: ReactNode;
  /** The grid's columns, those that hide first where the host is narrow, and a file's card on a phone. */
  columns: GridColDef<VideoFile>[];
  givesWay: readonly string[];
  renderCard(card: CardSlotProps): ReactNode;
  /** The list's name and its empty text (default: the files list's). */
  label?: string;
  emptyText?: string;
  /** The rows ticked on the page, and the bulk bar's actions over them. */
  selection: ReadonlySet<number>;
  setSelection(next: Set<number>): void;
  bulk: Omit<BulkBarProps<A>, 'selectedCount'>;
  /** What the list offers over every file the filter matches (a server-side job; a value to set opens its dialog). */
  matchingActions: readonly (MatchingAction | SetKind)[];
  /** The screen's dialogs. */
  children?: ReactNode;
}

/** The table's narrow layout starts below 599 px: there each file is a compact card. */
const NARROW = '(max-width: 598.98px)';
/**
 * The filter card sits left of the list where the grid still shows all its columns; narrower, it
 * stacks above the list.
 */
const WIDE = '(min-width: 1600px)';

/**
 * A list of files in either mode, the files list's or the trash's: the heading, the filters, the
 * search, the bulk bar in the header's place while rows are ticked (the page's selection or every file
 * the filter matches), and the rows as a grid, or as cards on a phone. What differs between the modes
 * (texts, columns and cards, actions, dialogs) comes from the screen that shows it.
 */
export function ListScreen<A extends string>({
  list,
  titleId,
  heading,
  intro,
  listHeading,
  tools,
  columns,
  givesWay,
  renderCard,
  label,
  emptyText,
  selection,
  setSelection,
  bulk,
  matchingActions,
  children,
}: ListScreenProps<A>) {
  const { state, setView, rows, total, error, loading, reload, view } = list;
  const narrow = useMediaQuery(NARROW);
  const wide = useMediaQuery(WIDE);
  const { t } = useTexts(FILES_TEXTS);
  const onSearch = useCallback((value: string) => setView({ search: value }), [setView]);
  const all = useAllMatching(state, selection, setSelection);
  const selecting = (selection.size > 0 || all.jobOpen) && !error;
  const bulkBar = (
    <ListBulkBar<A>
      page={{ ...bulk, selectedCount: selection.size }}
      all={all}
      rowCount={rows.length}
      total={total}
      matchingActions={matchingActions}
      onChanged={reload}
    />
  );
  const listProps = {
    rows,
    total,
    loading,
    state: view,
    selection,
    onSelectionChange: all.onSelectionChange,
    onViewChange: setView,
    label,
    emptyText,
  };

  return (
    <Screen labelledBy={titleId}>
      <Typography id={titleId} component="h1" variant="h5" tabIndex={-1} sx={{ mb: intro ? 1 : 2, outline: 'none' }}>
        {heading}
      </Typography>
      {intro ? <Typography sx={{ mb: 2, color: 'text.secondary' }}>{intro}</Typography> : null}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: wide ? 'minmax(200px, 260px) minmax(0, 1fr)' : 'minmax(0, 1fr)',
          alignItems: 'start',
        }}
      >
        {wide ? (
          <FileFilters
            variant="card"
            fileStatus={state.file_status}
            isActive={state.isActive}
            scheduled={state.scheduled}
            onChange={setView}
          />
        ) : null}
        {/* Visible overflow on a phone: the sticky bulk bar must stick to the screen, not to the card. */}
        <Card sx={{ minWidth: 0, overflow: narrow ? 'visible' : 'hidden' }}>
          <Box sx={{ p: { xs: 1.5, sm: 2 } }}>
            {selecting && !narrow ? (
              bulkBar
            ) : (
              <Stack
                direction={{ xs: 'column', md: 'row' }}
                // Wraps in a narrow host (a portal's content area) rather than cutting off the last tool.
                sx={{ minHeight: 56, gap: 1.5, flexWrap: 'wrap', alignItems: { xs: 'stretch', md: 'center' } }}
              >
                <Typography component="h2" variant="h6" sx={{ flex: 1, whiteSpace: 'nowrap' }}>
                  {listHeading}
                </Typography>
                {wide ? null : (
                  <FileFilters
                    variant="inline"
                    fileStatus={state.file_status}
                    isActive={state.isActive}
                    scheduled={state.scheduled}
                    onChange={setView}
                  />
                )}
                <SearchBox value={state.search} onSearch={onSearch} />
                {tools}
              </Stack>
            )}
          </Box>
          <CellStyles />
          {error ? (
            <LoadError title={t('loadFailed')} reason={error} onRetry={reload} />
          ) : narrow ? (
            <CellTips>
              <Box sx={{ px: 1.5, pb: 1.5 }}>
                <FileCards {...listProps} renderCard={renderCard} />
                {/* On a phone the bulk bar waits at the bottom of the screen, so the cards do not jump when one is ticked. */}
                {selecting ? (
                  <Box sx={{ position: 'sticky', bottom: 8, zIndex: 2, mt: 1, boxShadow: 6, borderRadius: 1, bgcolor: 'background.paper' }}>
                    {bulkBar}
                  </Box>
                ) : null}
              </Box>
            </CellTips>
          ) : (
            <CellTips>
              <FileGrid {...listProps} columns={columns} givesWay={givesWay} />
            </CellTips>
          )}
        </Card>
      </Box>
      {children}
    </Screen>
  );
}
