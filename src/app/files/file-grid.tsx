import { Box, LinearProgress, Typography } from '@mui/material';
import { DataGrid, type GridColDef, type GridPaginationModel, type GridRowSelectionModel, type GridSortModel } from '@mui/x-data-grid';
import { memo, useCallback, useMemo } from 'react';
import type { VideoFile } from '../api/schemas';
import { useCspNonce } from '../shell/csp-nonce';
import { PAGE_SIZES, SORT_KEYS, type ListState, type SortKey } from './list-query';
import { displayedRows, EMPTY_TEXT, LOADING_TEXT, ROWS_PER_PAGE } from './list-texts';

/** A constant: DataGrid compares props by reference. */
const LOCALE_TEXT = {
  noRowsLabel: EMPTY_TEXT,
  noResultsOverlayLabel: EMPTY_TEXT,
  paginationRowsPerPage: ROWS_PER_PAGE,
  paginationDisplayedRows: displayedRows,
};
const PAGE_SIZE_OPTIONS = [...PAGE_SIZES];
const SORTING_ORDER = ['asc', 'desc'] as const;
const getRowId = (row: VideoFile) => row.file_id;

function LoadingOverlay() {
  return (
    <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', bgcolor: 'action.hover' }}>
      <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />
      <Typography role="status">{LOADING_TEXT}</Typography>
    </Box>
  );
}
const SLOTS = { loadingOverlay: LoadingOverlay };
/** Flush with its card; a focused cell or header gets the same 2 px ring as every other control. */
const GRID_SX = {
  border: 0,
  borderTop: 1,
  borderColor: 'divider',
  borderRadius: 0,
  '& .MuiDataGrid-cell:focus, & .MuiDataGrid-columnHeader:focus': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
  '& .MuiDataGrid-cell[data-field="file_title"]': { fontWeight: 500 },
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
}

/** The server-paginated, server-sorted grid: every change goes to the query string, never to local state. */
export const FileGrid = memo(function FileGrid({
  rows,
  total,
  loading,
  columns,
  state,
  selection,
  onSelectionChange,
  onViewChange,
}: FileGridProps) {
  const nonce = useCspNonce();
  const { page, limit, sort_by, order } = state;
  const paginationModel = useMemo(() => ({ page: page - 1, pageSize: limit }), [page, limit]);
  const sortModel = useMemo<GridSortModel>(() => [{ field: sort_by, sort: order }], [sort_by, order]);
  const selectionModel = useMemo<GridRowSelectionModel>(() => ({ type: 'include', ids: new Set(selection) }), [selection]);

  const onPaginationModelChange = useCallback(
    (model: GridPaginationModel) => {
      if (model.pageSize !== limit) onViewChange({ limit: model.pageSize });
      else if (model.page !== page - 1) onViewChange({ page: model.page + 1 });
    },
    [limit, page, onViewChange],
  );
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
      const ids = model.type === 'include' ? [...model.ids] : rows.map(getRowId).filter((id) => !model.ids.has(id));
      onSelectionChange(new Set(ids.map(Number)));
    },
    [rows, onSelectionChange],
  );

  return (
    // A column flex parent: the grid is as tall as its rows without `autoHeight` (which measures its content again after each page).
    <Box sx={FLEX_PARENT_SX}>
      <DataGrid
        nonce={nonce}
        rows={rows}
        columns={columns}
        getRowId={getRowId}
        rowCount={total}
        loading={loading}
        // At most 30 rows and 9 columns: render every cell, so columns scrolled out of a narrow host stay in the DOM (find, keyboard, tests).
        disableVirtualization
        paginationMode="server"
        sortingMode="server"
        filterMode="server"
        disableColumnFilter
        checkboxSelection
        disableRowSelectionOnClick
        pageSizeOptions={PAGE_SIZE_OPTIONS}
        paginationModel={paginationModel}
        onPaginationModelChange={onPaginationModelChange}
        sortingOrder={SORTING_ORDER}
        sortModel={sortModel}
        onSortModelChange={onSortModelChange}
        rowSelectionModel={selectionModel}
        onRowSelectionModelChange={onRowSelectionModelChange}
        localeText={LOCALE_TEXT}
        slots={SLOTS}
        aria-label="Files"
        sx={GRID_SX}
      />
    </Box>
  );
});
