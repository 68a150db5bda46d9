import { Box, Card, CardContent, Stack, Typography, useMediaQuery } from '@mui/material';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { updateFile } from '../api/files';
import { useApi } from '../api/use-api';
import type { VideoFile } from '../api/schemas';
import { useLinkBases } from '../config/use-config';
import { useEmit } from '../shell/events';
import { LIST_TOAST_MS, useNotify } from '../shell/notify';
import { bulkMessage, bulkWarning, runBulk, type BulkAction } from './bulk';
import { BulkBar } from './bulk-bar';
import { DeleteFileDialog } from '../shell/delete-file-dialog';
import { fileColumns, type RowActions } from './file-columns';
import { FileFilters } from './file-filters';
import { FileGrid } from './file-grid';
import { parseListState, updateListQuery, type ListState } from './list-query';
import { SearchBox } from './search-box';
import { useFileList } from './use-file-list';

/** Props every host of the file list gives it (the panel, or <vp-file-list>). */
export interface FilesScreenProps {
  /** Called when the user asks to edit a file. */
  onOpenFile: (fileId: number) => void;
}

/** Spec §9: the table's narrow layout starts below 599 px. */
const NARROW = '(max-width: 598.98px)';
/**
 * The filter card sits left of the list (spec §2) where the grid still shows all its columns; at
 * 1366 px a left card pushed Actions off-screen, so narrower it stacks above the list.
 */
const WIDE = '(min-width: 1600px)';

/** 'File Management' (spec §2): filters, search, the grid, its bulk bar, toggle and delete. */
export function FilesScreen({ onOpenFile }: FilesScreenProps) {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const state = useMemo(() => parseListState(search), [search]);
  const { rows, total, shownQuery, loading, reload, patchRows } = useFileList(state);
  const { playerDomain } = useLinkBases();
  const api = useApi();
  const notify = useNotify({ autoHideDuration: LIST_TOAST_MS });
  const emit = useEmit();
  const narrow = useMediaQuery(NARROW);
  const wide = useMediaQuery(WIDE);

  // A new query string is a new history entry, so back/forward restore the view.
  const setView = useCallback(
    (patch: Partial<ListState>) => {
      const qs = updateListQuery(search, patch);
      navigate(location + (qs ? `?${qs}` : ''));
    },
    [location, search, navigate],
  );

  const [selection, setSelection] = useState<ReadonlySet<number>>(() => new Set());
  const [action, setAction] = useState<BulkAction>('');
  const [bulkBusy, setBulkBusy] = useState(false);
  const [deleteId, setDeleteId] = useState<number | null>(null);

  // Rows that left the page (another page, a delete) leave the selection too.
  useEffect(() => {
    setSelection((current) => {
      const present = new Set(rows.map((row) => row.file_id));
      const kept = [...current].filter((id) => present.has(id));
      return kept.length === current.size ? current : new Set(kept);
    });
  }, [rows]);

  const toggleActive = async (file: VideoFile) => {
    const isActive = file.isActive === 1 ? 0 : 1;
    try {
      const reply = await updateFile(api, file.file_id, { isActive });
      if (reply.status !== 'success') {
        notify.error(reply.message || 'Failed to update status.');
        return;
      }
      patchRows(new Set([file.file_id]), { isActive });
      notify.success(reply.message || 'Status updated successfully!');
      emit('vp-files-changed', { fileIds: [file.file_id], change: isActive ? 'activated' : 'deactivated' });
    } catch (error) {
      notify.error(error, 'Failed to update status.');
    }
  };

  // The cells call the latest handlers through this ref, so the columns keep one identity.
  const actions = useRef<RowActions>({ toggleActive, edit: onOpenFile, askDelete: setDeleteId });
  actions.current = { toggleActive, edit: onOpenFile, askDelete: setDeleteId };
  const columns = useMemo(() => fileColumns(playerDomain, actions), [playerDomain]);

  const applyBulk = async () => {
    const warning = bulkWarning(action, selection.size);
    if (warning) {
      notify.warning(warning);
      return;
    }
    const isActive = action === 'activate' ? 1 : 0;
    setBulkBusy(true);
    const result = await runBulk([...selection], async (id) => {
      const reply = await updateFile(api, id, { isActive });
      if (reply.status !== 'success') throw new Error(reply.message);
    });
    setBulkBusy(false);
    if (result.succeeded.length > 0) {
      patchRows(new Set(result.succeeded), { isActive });
      emit('vp-files-changed', { fileIds: result.succeeded, change: isActive ? 'activated' : 'deactivated' });
    }
    const message = bulkMessage(result);
    if (message.ok) {
      notify.success(message.text);
      setSelection(new Set());
      setAction('');
    } else {
      notify.error(message.text);
      setSelection(new Set(result.failed));
    }
  };

  const onDeleted = (fileId: number) => {
    emit('vp-files-changed', { fileIds: [fileId], change: 'deleted' });
    // The last row of a later page: show the page before it instead of an empty one.
    if (rows.length === 1 && state.page > 1) setView({ page: state.page - 1 });
    else reload();
  };

  const onSearch = useCallback((value: string) => setView({ search: value }), [setView]);
  // The grid shows the page its rows belong to; the URL may already ask for the next one.
  const shown = shownQuery ?? state;
  const gridState = useMemo(
    () => ({ page: shown.page, limit: shown.limit, sort_by: shown.sort_by as ListState['sort_by'], order: shown.order }),
    [shown.page, shown.limit, shown.sort_by, shown.order],
  );
  const onSelectionChange = useCallback((ids: Set<number>) => setSelection(ids), []);

  return (
    <section aria-labelledby="vp-files-title">
      <Typography id="vp-files-title" component="h1" variant="h5" sx={{ mb: 2 }}>
        File Management
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: wide ? 'minmax(200px, 260px) minmax(0, 1fr)' : 'minmax(0, 1fr)', alignItems: 'start' }}>
        <FileFilters fileStatus={state.file_status} isActive={state.isActive} inline={!wide && !narrow} onChange={setView} />
        <Card sx={{ minWidth: 0 }}>
          <CardContent>
            <Stack direction={narrow ? 'column' : 'row'} spacing={2} sx={{ mb: 2, justifyContent: 'space-between', alignItems: narrow ? 'stretch' : 'center' }}>
              <Typography component="h2" variant="h6">
                File List ({total})
              </Typography>
              <SearchBox value={state.search} onSearch={onSearch} />
            </Stack>
            <Box sx={{ width: '100%', overflowX: 'auto' }}>
              <FileGrid
                rows={rows}
                total={total}
                loading={loading}
                columns={columns}
                narrow={narrow}
                state={gridState}
                selection={selection}
                onSelectionChange={onSelectionChange}
                onViewChange={setView}
              />
            </Box>
            <Box sx={{ mt: 2 }}>
              <BulkBar action={action} selectedCount={selection.size} busy={bulkBusy} onActionChange={setAction} onApply={applyBulk} />
            </Box>
          </CardContent>
        </Card>
      </Box>
      <DeleteFileDialog fileId={deleteId} onClose={() => setDeleteId(null)} onDeleted={onDeleted} autoHideDuration={LIST_TOAST_MS} />
    </section>
  );
}
