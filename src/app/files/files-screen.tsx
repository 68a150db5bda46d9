import { Box, Button, Card, Stack, Typography, useMediaQuery } from '@mui/material';
import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import type { VideoFile } from '../api/schemas';
import { useLinkBases } from '../session/use-session';
import { LIST_TOAST_MS } from '../shell/notify';
import { DeleteFileDialog } from '../shared/delete-file-dialog';
import { AddIcon } from '../ui/icons';
import { LoadError } from '../ui/load-error';
import { Screen } from '../ui/screen';
import type { BulkAction } from './bulk/bulk';
import type { MatchingAction } from './bulk/bulk-job-words';
import { CellStyles } from './grid/cell-styles';
import { CellTips } from './grid/cell-tips';
import { FileCard, FileCards, type CardSlotProps } from './grid/file-cards';
import { fileColumns, type RowActions } from './grid/file-columns';
import { FileFilters } from './list/file-filters';
import { FileGrid } from './grid/file-grid';
import { ListBulkBar, useAllMatching } from './bulk/list-bulk-bar';
import { SearchBox } from './list/search-box';
import { useFileActions } from './use-file-actions';
import { useFileList } from './list/use-file-list';
import { useListAddress, useShownView } from './list/use-list-address';
import { useLiveList } from './list/use-live-list';
import { useTexts } from '../i18n/texts';
import { FILES_TEXTS } from './texts';

/** Props every host of the file list gives it (the panel, or <vp-file-list>). */
export interface FilesScreenProps {
  /** Called when the user asks to edit a file. */
  onOpenFile: (fileId: number) => void;
}

/** Loaded when asked for (with tus-js-client only for a big file). */
const AddVideoDialog = lazy(() => import('./add-video/add-video-dialog'));

/** Over every file the filter matches, Delete (to the trash) too: Undo brings the set back. */
const MATCHING: readonly MatchingAction[] = ['activate', 'deactivate', 'delete'];

/** The table's narrow layout starts below 599 px: there each file is a compact card. */
const NARROW = '(max-width: 598.98px)';
/**
 * The filter card sits left of the list where the grid still shows all its columns; narrower, it
 * stacks above the list.
 */
const WIDE = '(min-width: 1600px)';
/** Where the list's host is narrow (a portal's content area), these columns hide first, before the actions are cut off. */
const GIVES_WAY = ['file_server', 'file_slug', 'created_at', 'file_id'] as const;

/** 'File Management': filters, search, the list (grid or cards), the bulk toolbar, toggle and delete. */
export function FilesScreen({ onOpenFile }: FilesScreenProps) {
  const { state, setView } = useListAddress();
  const { rows, total, shownQuery, error, loaded, loading, reload, refresh, patchRows, applyEvent } = useFileList(state);
  useLiveList(rows, loaded, applyEvent, refresh);
  const [adding, setAdding] = useState(false);
  // The new row shows at once, as Pending (its own event, arriving later, finds it there).
  const onAdded = useCallback((file: VideoFile) => applyEvent({ kind: 'added', file_id: file.file_id, file }), [applyEvent]);
  const { playerDomain } = useLinkBases();
  const narrow = useMediaQuery(NARROW);
  const wide = useMediaQuery(WIDE);
  const { t, locale } = useTexts(FILES_TEXTS);

  // The last row of a later page: show the page before it instead of an empty one.
  const afterDelete = useCallback(
    () => (rows.length === 1 && state.page > 1 ? setView({ page: state.page - 1 }) : reload()),
    [rows.length, state.page, setView, reload],
  );
  const files = useFileActions({ rows, patchRows, afterDelete });

  // The cells call the latest handlers through this ref, so the columns keep one identity.
  const actions = useRef<RowActions>({ toggleActive: files.toggleActive, edit: onOpenFile, askDelete: files.askDelete });
  actions.current = { toggleActive: files.toggleActive, edit: onOpenFile, askDelete: files.askDelete };
  const columns = useMemo(() => fileColumns(playerDomain, actions, t, locale), [playerDomain, t, locale]);

  const renderCard = useCallback(
    (card: CardSlotProps) => <FileCard {...card} playerDomain={playerDomain} actions={actions} />,
    [playerDomain],
  );
  const onSearch = useCallback((value: string) => setView({ search: value }), [setView]);
  // The list shows the page its rows belong to; the URL may already ask for the next one.
  const shown = shownQuery ?? state;
  const viewState = useShownView(shown);
  const bulkOptions = useMemo(
    (): { value: Exclude<BulkAction, ''>; label: string }[] => [
      { value: 'activate', label: t('activate') },
      { value: 'deactivate', label: t('deactivate') },
    ],
    [t],
  );
  const all = useAllMatching(state, files.selection, files.setSelection);
  const selecting = (files.selection.size > 0 || all.jobOpen) && !error;
  const bulkBar = (
    <ListBulkBar<Exclude<BulkAction, ''>>
      page={{
        options: bulkOptions,
        action: files.action,
        selectedCount: files.selection.size,
        busy: files.bulkBusy,
        onActionChange: files.setAction,
        onApply: files.applyBulk,
        onClear: files.clearSelection,
      }}
      all={all}
      rowCount={rows.length}
      total={total}
      matchingActions={MATCHING}
      onChanged={reload}
    />
  );
  const listProps = {
    rows,
    total,
    loading,
    state: viewState,
    selection: files.selection,
    onSelectionChange: all.onSelectionChange,
    onViewChange: setView,
  };

  return (
    <Screen labelledBy="vp-files-title">
      <Typography id="vp-files-title" component="h1" variant="h5" tabIndex={-1} sx={{ mb: 2, outline: 'none' }}>
        {t('heading')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: wide ? 'minmax(200px, 260px) minmax(0, 1fr)' : 'minmax(0, 1fr)',
          alignItems: 'start',
        }}
      >
        {wide ? <FileFilters variant="card" fileStatus={state.file_status} isActive={state.isActive} onChange={setView} /> : null}
        {/* Visible overflow on a phone: the sticky bulk bar must stick to the screen, not to the card. */}
        <Card sx={{ minWidth: 0, overflow: narrow ? 'visible' : 'hidden' }}>
          <Box sx={{ p: { xs: 1.5, sm: 2 } }}>
            {selecting && !narrow ? (
              bulkBar
            ) : (
              <Stack
                direction={{ xs: 'column', md: 'row' }}
                // Wraps in a narrow host (a portal's content area) rather than cutting off Add Video.
                sx={{ minHeight: 56, gap: 1.5, flexWrap: 'wrap', alignItems: { xs: 'stretch', md: 'center' } }}
              >
                <Typography component="h2" variant="h6" sx={{ flex: 1, whiteSpace: 'nowrap' }}>
                  {error ? t('listHeading') : t('listHeadingCount', { total })}
                </Typography>
                {wide ? null : <FileFilters variant="inline" fileStatus={state.file_status} isActive={state.isActive} onChange={setView} />}
                <SearchBox value={state.search} onSearch={onSearch} />
                <Button
                  variant="contained"
                  startIcon={<AddIcon />}
                  onClick={() => setAdding(true)}
                  sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
                >
                  {t('addVideo')}
                </Button>
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
              <FileGrid {...listProps} columns={columns} givesWay={GIVES_WAY} />
            </CellTips>
          )}
        </Card>
      </Box>
      <DeleteFileDialog
        fileId={files.deleteTarget?.file_id ?? null}
        fileTitle={files.deleteTarget?.file_title}
        onClose={files.closeDelete}
        onDeleted={files.onDeleted}
        onRestored={reload}
        autoHideDuration={LIST_TOAST_MS}
      />
      {adding ? (
        <Suspense fallback={null}>
          <AddVideoDialog open onClose={() => setAdding(false)} onAdded={onAdded} />
        </Suspense>
      ) : null}
    </Screen>
  );
}
