import { Box, LinearProgress, Typography } from '@mui/material';
import { DataGrid, type GridColDef, type GridRowSelectionModel, type GridSortModel } from '@mui/x-data-grid';
import { memo, useCallback, useMemo } from 'react';
import type { VideoFile } from '../../api/schemas';
import { useCspNonce } from '../../shell/csp-nonce';
import { ListPagination } from './list-pagination';
import { SORT_KEYS, type SortKey } from '../../../contract/list-query';
import type { ListState } from '../list/list-query';
import { RowCheckbox } from './row-checkbox';
import { useColumnsThatFit } from './use-columns-that-fit';
import { useGridRows } from './use-grid-rows';
import { useGridSelection } from './use-grid-selection';
import { useI18n, useTexts } from '../../i18n/texts';
import { FILES_TEXTS } from '../texts';

/** The grid shows every row it is given, one page of the server's: the paging is ListPagination's, under it. */
const ALL_ROWS = { page: 0, pageSize: 100 };
const ALL_ROWS_OPTIONS = [ALL_ROWS.pageSize];
/**
 * The grid's one page is the server's page. With client paging the grid counts its rows again after
 * each setRows and sets the count it found twice per page change (as it takes the rows, and as it sorts
 * them), each a store update that runs every cell's selectors again: about 5 % of a page change's
 * script (issue 44). Server paging with no page after this one sets the count once, when it mounts.
 */
const NO_NEXT_PAGE = { hasNextPage: false };
const SORTING_ORDER = ['asc', 'desc'] as const;
const getRowId = (row: VideoFile) => row.file_id;

function LoadingOverlay() {
  const { t } = useTexts(FILES_TEXTS);
  return (
    <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', bgcolor: 'action.hover' }}>
      <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />
      <Typography role="status">{t('loading')}</Typography>
    </Box>
  );
}
const SLOTS = { loadingOverlay: LoadingOverlay, rowCheckbox: RowCheckbox };
/** Flush with its card; a focused cell or header gets the same 2 px ring as every other control. */
const GRID_SX = {
  border: 0,
  borderTop: 1,
  borderColor: 'divider',
  borderRadius: 0,
  '& .MuiDataGrid-cell:focus, & .MuiDataGrid-columnHeader:focus': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
  '& .MuiDataGrid-cell[data-field="file_title"]': { fontWeight: 500 },
  '& .vp-header-wraps .MuiDataGrid-columnHeaderTitle': { whiteSpace: 'normal', lineHeight: 1.2 },
} as const;

const FLEX_PARENT_SX = { display: 'flex', flexDirection: 'column' } as const;

export interface FileGridProps {
  rows: VideoFile[];
  total: number;
  loading: boolean;
  columns: GridColDef<VideoFile>[];
  state: Pick<ListState, 'page' | 'limit' | 'sort_by' | 'order'>;
  selection: ReadonlySet<number>;
  onSelectionChange(ids: Set<number>): void;
  onViewChange(patch: Partial<ListState>): void;
  /** The grid's name and its empty text (default: the files list's). */
  label?: string;
  emptyText?: string;
  /** Fields that hide, first to last, where the grid is too narrow for every column (the last columns, its actions, stay). */
  givesWay?: readonly string[];
}

const NONE: readonly string[] = [];

/**
 * The server-paginated, server-sorted grid: every change goes to the query string, never to local state.
 * A page change reaches the grid as one `setRows` (see useGridRows) and the page buttons are outside it,
 * so no prop of the grid changes and it renders once per page.
 */
export const FileGrid = memo(function FileGrid({
  rows,
  total,
  loading,
  columns,
  state,
  selection,
  onSelectionChange,
  onViewChange,
  label,
  emptyText,
  givesWay = NONE,
}: FileGridProps) {
  const nonce = useCspNonce();
  const i18n = useI18n();
  const { t } = useTexts(FILES_TEXTS);
  // Memoised: DataGrid compares props by reference. The grid's own texts in the element's language, the list's empty text over them.
  const empty = emptyText ?? t('empty');
  const localeText = useMemo(() => ({ ...i18n.grid, noRowsLabel: empty, noResultsOverlayLabel: empty }), [i18n, empty]);
  const { page, limit, sort_by, order } = state;
  const { apiRef, firstRows, current } = useGridRows(rows, getRowId);
  const { box, visibility } = useColumnsThatFit(columns, givesWay);
  const sortModel = useMemo<GridSortModel>(() => [{ field: sort_by, sort: order }], [sort_by, order]);
  // After useGridRows: a commit sets the rows first, so a ticked row that left is dropped by the grid as before.
  const selectionModel = useGridSelection(apiRef, selection);

  const onSortModelChange = useCallback(
    (model: GridSortModel) => {
      const first = model[0];
      const field = first && (SORT_KEYS as readonly string[]).includes(first.field) ? (first.field as SortKey) : 'created_at';
      onViewChange({ sort_by: field, order: first?.sort === 'asc' ? 'asc' : 'desc' });
    },
    [onViewChange],
  );
  const onRowSelectionModelChange = useCallback(
    (model: GridRowSelectionModel) => {
      // "Select all" may arrive as an exclude-model; the selection is always the ids on this page.
      const ids = model.type === 'include' ? [...model.ids] : current.current.map(getRowId).filter((id) => !model.ids.has(id));
      onSelectionChange(new Set(ids.map(Number)));
    },
    [current, onSelectionChange],
  );

  return (
    // A column flex parent: the grid is as tall as its rows without `autoHeight` (which measures its content again after each page).
    <Box ref={box} sx={FLEX_PARENT_SX}>
      <DataGrid
        nonce={nonce}
        apiRef={apiRef}
        rows={firstRows}
        columns={columns}
        columnVisibilityModel={visibility}
        getRowId={getRowId}
        loading={loading}
        // At most 30 rows and 9 columns: render every cell, so columns scrolled out of a narrow host stay in the DOM (find, keyboard, tests).
        disableVirtualization
        paginationMode="server"
        paginationMeta={NO_NEXT_PAGE}
        sortingMode="server"
        filterMode="server"
        disableColumnFilter
        checkboxSelection
        disableRowSelectionOnClick
        hideFooter
        pageSizeOptions={ALL_ROWS_OPTIONS}
        paginationModel={ALL_ROWS}
        sortingOrder={SORTING_ORDER}
        sortModel={sortModel}
        onSortModelChange={onSortModelChange}
        rowSelectionModel={selectionModel}
        onRowSelectionModelChange={onRowSelectionModelChange}
        localeText={localeText}
        slots={SLOTS}
        aria-label={label ?? t('files')}
        sx={GRID_SX}
      />
      <ListPagination variant="grid" total={total} page={page} limit={limit} onViewChange={onViewChange} />
    </Box>
  );
});
