import { Box, LinearProgress, Typography } from '@mui/material';
import { DataGrid, type GridColDef, type GridColumnVisibilityModel, type GridPaginationModel, type GridRowSelectionModel, type GridSortModel } from '@mui/x-data-grid';
import { memo, useCallback, useMemo, useState } from 'react';
import type { VideoFile } from '../api/schemas';
import { useCspNonce } from '../shell/csp-nonce';
import { PAGE_SIZES, SORT_KEYS, type ListState, type SortKey } from './list-query';

/** Spec §2 texts. A constant: DataGrid compares props by reference. */
const LOCALE_TEXT = {
  noRowsLabel: 'No files to display.',
  noResultsOverlayLabel: 'No files to display.',
  paginationRowsPerPage: 'Rows per page:',
  paginationDisplayedRows: ({ from, to, count }: { from: number; to: number; count: number }) => `${from}-${to} of ${count}`,
};
const PAGE_SIZE_OPTIONS = [...PAGE_SIZES];
const SORTING_ORDER = ['asc', 'desc'] as const;
const NARROW_HIDDEN: GridColumnVisibilityModel = { file_server: false, file_slug: false, created_at: false };
const getRowId = (row: VideoFile) => row.file_id;

function LoadingOverlay() {
  return (
    <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', bgcolor: 'action.hover' }}>
      <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />
      <Typography role="status">Loading...</Typography>
    </Box>
  );
}
const SLOTS = { loadingOverlay: LoadingOverlay };

export interface FileGridProps {
  rows: VideoFile[];
  total: number;
  loading: boolean;
  columns: GridColDef<VideoFile>[];
  narrow: boolean;
  state: Pick<ListState, 'page' | 'limit' | 'sort_by' | 'order'>;
  selection: ReadonlySet<number>;
  onSelectionChange(ids: Set<number>): void;
  onViewChange(patch: Partial<ListState>): void;
}

/** The server-paginated, server-sorted grid: every change goes to the query string, never to local state. */
export const FileGrid = memo(function FileGrid({ rows, total, loading, columns, narrow, state, selection, onSelectionChange, onViewChange }: FileGridProps) {
  const nonce = useCspNonce();
  const { page, limit, sort_by, order } = state;
  const paginationModel = useMemo(() => ({ page: page - 1, pageSize: limit }), [page, limit]);
  const sortModel = useMemo<GridSortModel>(() => [{ field: sort_by, sort: order }], [sort_by, order]);
  const selectionModel = useMemo<GridRowSelectionModel>(() => ({ type: 'include', ids: new Set(selection) }), [selection]);
  // Below 599 px the less useful columns start hidden; the column menu can still show them.
  const [visibility, setVisibility] = useState<GridColumnVisibilityModel>({});
  const columnVisibilityModel = useMemo(() => (narrow ? { ...NARROW_HIDDEN, ...visibility } : visibility), [narrow, visibility]);

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
    <DataGrid
      nonce={nonce}
      rows={rows}
      columns={columns}
      getRowId={getRowId}
      rowCount={total}
      loading={loading}
      autoHeight
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
      columnVisibilityModel={columnVisibilityModel}
      onColumnVisibilityModelChange={setVisibility}
      localeText={LOCALE_TEXT}
      slots={SLOTS}
      aria-label="Files"
    />
  );
});
