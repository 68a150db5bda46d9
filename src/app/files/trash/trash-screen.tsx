import { Box, Card, Stack, Typography, useMediaQuery } from '@mui/material';
import { useCallback, useMemo, useRef } from 'react';
import { useConfigState } from '../../session/use-session';
import { useTexts } from '../../i18n/texts';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { LoadError } from '../../ui/load-error';
import { Screen } from '../../ui/screen';
import type { MatchingAction } from '../bulk/bulk-job-words';
import { CellStyles } from '../grid/cell-styles';
import { CellTips } from '../grid/cell-tips';
import { FileCards, type CardSlotProps } from '../grid/file-cards';
import { FileFilters } from '../list/file-filters';
import { FileGrid } from '../grid/file-grid';
import { ListBulkBar, useAllMatching } from '../bulk/list-bulk-bar';
import { SearchBox } from '../list/search-box';
import { FILES_TEXTS } from '../texts';
import type { TrashAction } from './trash-bulk';
import { TrashCard, trashColumns, type TrashRowActions } from './trash-columns';
import { TRASH_TEXTS } from './trash-texts';
import { useFileList } from '../list/use-file-list';
import { useListAddress, useShownView } from '../list/use-list-address';
import { useLiveList } from '../list/use-live-list';
import { useTrashActions } from './use-trash-actions';

/** Over every file the filter matches in the trash: Restore, and Delete forever (asked first, always). */
const MATCHING: readonly MatchingAction[] = ['restore', 'purge'];

/** Where the files list switches to cards and puts its filters in a card: the same here. */
const NARROW = '(max-width: 598.98px)';
const WIDE = '(min-width: 1600px)';
/** Where the host is narrow, these columns hide first, before Restore and Delete forever are cut off. */
const GIVES_WAY = ['file_slug', 'file_status', 'file_id'] as const;

/**
 * The Trash: the account's deleted files with the files list's filters, search, sort and paging (the
 * same query string), each with when it was deleted and when the retention deletes it for good;
 * Restore and Delete forever, one file, the selection or every file the filter matches. It follows the event stream as the files list does.
 */
export function TrashScreen() {
  const { state, setView } = useListAddress();
  const { rows, total, shownQuery, error, loaded, loading, reload, refresh, applyEvent } = useFileList(state, true);
  // Files trashed, restored or deleted for good elsewhere (another operator, tab or node) come and go live.
  useLiveList(rows, loaded, applyEvent, refresh);
  const narrow = useMediaQuery(NARROW);
  const wide = useMediaQuery(WIDE);
  const { t, locale } = useTexts(TRASH_TEXTS);
  const filesText = useTexts(FILES_TEXTS).t;
  const trashDays = useConfigState().config?.trash?.days;

  // Every row of a later page gone: show the page before it instead of an empty one.
  const afterChange = useCallback(
    (gone: number) => (gone >= rows.length && state.page > 1 ? setView({ page: state.page - 1 }) : reload()),
    [rows.length, state.page, setView, reload],
  );
  const trash = useTrashActions(rows, afterChange);

  const actions = useRef<TrashRowActions>({ restore: trash.restore, askPurge: trash.askPurge });
  actions.current = { restore: trash.restore, askPurge: trash.askPurge };
  const columns = useMemo(() => trashColumns(actions, t, filesText, locale), [t, filesText, locale]);
  const renderCard = useCallback((card: CardSlotProps) => <TrashCard {...card} actions={actions} />, []);
  const bulkOptions = useMemo(
    (): { value: TrashAction; label: string }[] => [
      { value: 'restore', label: t('restore') },
      { value: 'purge', label: t('purge') },
    ],
    [t],
  );

  const shown = shownQuery ?? state;
  const viewState = useShownView(shown);
  const all = useAllMatching(state, trash.selection, trash.setSelection);
  const selecting = (trash.selection.size > 0 || all.jobOpen) && !error;
  const bulkBar = (
    <ListBulkBar<TrashAction>
      page={{
        options: bulkOptions,
        action: trash.action,
        selectedCount: trash.selection.size,
        busy: trash.busy,
        onActionChange: trash.setAction,
        onApply: trash.applyBulk,
        onClear: trash.clearSelection,
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
    selection: trash.selection,
    onSelectionChange: all.onSelectionChange,
    onViewChange: setView,
    label: t('list'),
    emptyText: t('empty'),
  };
  const target = trash.purgeTarget;

  return (
    <Screen labelledBy="vp-trash-title">
      <Typography id="vp-trash-title" component="h1" variant="h5" tabIndex={-1} sx={{ mb: 1, outline: 'none' }}>
        {t('heading')}
      </Typography>
      <Typography sx={{ mb: 2, color: 'text.secondary' }}>{trashDays ? t('keptFor', { count: trashDays }) : t('keptForever')}</Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: wide ? 'minmax(200px, 260px) minmax(0, 1fr)' : 'minmax(0, 1fr)',
          alignItems: 'start',
        }}
      >
        {wide ? <FileFilters variant="card" fileStatus={state.file_status} isActive={state.isActive} onChange={setView} /> : null}
        <Card sx={{ minWidth: 0, overflow: narrow ? 'visible' : 'hidden' }}>
          <Box sx={{ p: { xs: 1.5, sm: 2 } }}>
            {selecting && !narrow ? (
              bulkBar
            ) : (
              <Stack direction={{ xs: 'column', md: 'row' }} sx={{ minHeight: 56, gap: 1.5, alignItems: { xs: 'stretch', md: 'center' } }}>
                <Typography component="h2" variant="h6" sx={{ flex: 1, whiteSpace: 'nowrap' }}>
                  {error ? t('listHeading') : t('listHeadingCount', { total })}
                </Typography>
                {wide ? null : <FileFilters variant="inline" fileStatus={state.file_status} isActive={state.isActive} onChange={setView} />}
                <SearchBox value={state.search} onSearch={(value) => setView({ search: value })} />
              </Stack>
            )}
          </Box>
          <CellStyles />
          {error ? (
            <LoadError title={filesText('loadFailed')} reason={error} onRetry={reload} />
          ) : narrow ? (
            <Box sx={{ px: 1.5, pb: 1.5 }}>
              <FileCards {...listProps} renderCard={renderCard} />
              {selecting ? (
                <Box sx={{ position: 'sticky', bottom: 8, zIndex: 2, mt: 1, boxShadow: 6, borderRadius: 1, bgcolor: 'background.paper' }}>
                  {bulkBar}
                </Box>
              ) : null}
            </Box>
          ) : (
            <CellTips>
              <FileGrid {...listProps} columns={columns} givesWay={GIVES_WAY} />
            </CellTips>
          )}
        </Card>
      </Box>
      <ConfirmDialog
        open={target !== null}
        title={t('purgeTitle')}
        confirmLabel={t('purge')}
        busyLabel={t('purging')}
        busy={trash.busy}
        danger
        onConfirm={() => void trash.confirmPurge()}
        onClose={trash.closePurge}
      >
        {target?.length === 1
          ? t('purgeOne', { title: filesText('quotedTitle', { title: target[0]!.file_title }), id: String(target[0]!.file_id) })
          : t('purgeMany', { count: target?.length ?? 0 })}
      </ConfirmDialog>
    </Screen>
  );
}
