import { Button } from '@mui/material';
import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import type { VideoFile } from '../api/schemas';
import { useTexts } from '../i18n/texts';
import { useLinkBases } from '../session/use-session';
import { DeleteFileDialog } from '../shared/delete-file-dialog';
import { LazyKeepScheduleDialog } from '../shared/lazy-keep-schedule-dialog';
import { LIST_TOAST_MS } from '../shell/notify';
import { AddIcon } from '../ui/icons';
import type { BulkAction } from './bulk/bulk';
import type { MatchingAction } from './bulk/bulk-job-words';
import { isSetKind, type SetKind } from './bulk/bulk-set-kinds';
import { FileCard, type CardSlotProps } from './grid/file-cards';
import { fileColumns, type RowActions } from './grid/file-columns';
import { ListScreen } from './list/list-screen';
import { useListPage } from './list/use-list-page';
import { FILES_TEXTS } from './texts';
import { useFileActions } from './use-file-actions';

/** Props every host of the file list gives it (the panel, or <vp-file-list>). */
export interface FilesScreenProps {
  /** Called when the user asks to edit a file. */
  onOpenFile: (fileId: number) => void;
}

/** Loaded when asked for (with tus-js-client only for a big file). */
const AddVideoDialog = lazy(() => import('./add-video/add-video-dialog'));

/** Loaded when a value to set over the selection is applied. */
const BulkSetDialog = lazy(() => import('./bulk/bulk-set-dialog'));

/** Over every file the filter matches, Delete (to the trash) too: Undo brings the set back. */
const MATCHING: readonly (MatchingAction | SetKind)[] = ['activate', 'deactivate', 'delete', 'playerAccess', 'schedule'];

/** Where the list's host is narrow (a portal's content area), these columns hide first, before the actions are cut off. */
const GIVES_WAY = ['file_server', 'views_30d', 'file_slug', 'created_at', 'file_id'] as const;

/**
 * 'File Management', the list screen in its files mode: the list with the Active switch, Edit and
 * Delete on each file, Activate and Deactivate over the selection, and Add Video. The trash mode is
 * `trash/trash-screen.tsx`, on its own so that `<vp-file-list>` never loads it.
 */
export function FilesScreen({ onOpenFile }: FilesScreenProps) {
  const list = useListPage(false);
  const { afterGone, applyEvent } = list;
  const [adding, setAdding] = useState(false);
  // The new row shows at once, as Pending (its own event, arriving later, finds it there).
  const onAdded = useCallback((file: VideoFile) => applyEvent({ kind: 'added', file_id: file.file_id, file }), [applyEvent]);
  const { playerDomain } = useLinkBases();
  const { t, locale } = useTexts(FILES_TEXTS);
  const afterDelete = useCallback(() => afterGone(1), [afterGone]);
  const files = useFileActions({ rows: list.rows, patchRows: list.patchRows, afterDelete });

  // The cells call the latest handlers through this ref, so the columns keep one identity.
  const actions = useRef<RowActions>({ toggleActive: files.toggleActive, edit: onOpenFile, askDelete: files.askDelete });
  actions.current = { toggleActive: files.toggleActive, edit: onOpenFile, askDelete: files.askDelete };
  const columns = useMemo(() => fileColumns(playerDomain, actions, t, locale), [playerDomain, t, locale]);
  const renderCard = useCallback(
    (card: CardSlotProps) => <FileCard {...card} playerDomain={playerDomain} actions={actions} />,
    [playerDomain],
  );
  const bulkOptions = useMemo(
    (): { value: Exclude<BulkAction, ''> | SetKind; label: string }[] => [
      { value: 'activate', label: t('activate') },
      { value: 'deactivate', label: t('deactivate') },
      { value: 'playerAccess', label: t('bulkPlayerAccess') },
      { value: 'schedule', label: t('bulkSchedule') },
    ],
    [t],
  );
  // A value to set over the selection is one bulk job (its dialog); Activate and Deactivate write each row.
  const [setKind, setSetKind] = useState<SetKind | ''>('');
  const [setting, setSetting] = useState<{ kind: SetKind; ids: number[] } | null>(null);
  const { clearSelection } = files;
  const closeSetting = useCallback(() => {
    setSetting(null);
    setSetKind('');
    clearSelection();
  }, [clearSelection]);

  return (
    <ListScreen<Exclude<BulkAction, ''> | SetKind>
      list={list}
      titleId="vp-files-title"
      heading={t('heading')}
      listHeading={list.error ? t('listHeading') : t('listHeadingCount', { total: list.total })}
      tools={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
          {t('addVideo')}
        </Button>
      }
      columns={columns}
      givesWay={GIVES_WAY}
      renderCard={renderCard}
      selection={files.selection}
      setSelection={files.setSelection}
      bulk={{
        options: bulkOptions,
        action: setKind || files.action,
        busy: files.bulkBusy,
        onActionChange: (next) => {
          setSetKind(isSetKind(next) ? next : '');
          files.setAction(isSetKind(next) ? '' : next);
        },
        onApply: () => (setKind ? setSetting({ kind: setKind, ids: [...files.selection] }) : void files.applyBulk()),
        onClear: files.clearSelection,
      }}
      matchingActions={MATCHING}
    >
      <DeleteFileDialog
        fileId={files.deleteTarget?.file_id ?? null}
        fileTitle={files.deleteTarget?.file_title}
        onClose={files.closeDelete}
        onDeleted={files.onDeleted}
        onRestored={list.reload}
        autoHideDuration={LIST_TOAST_MS}
      />
      <LazyKeepScheduleDialog
        open={files.scheduleTarget !== null}
        file={files.scheduleTarget}
        onKeep={() => files.answerSchedule(false)}
        onClear={() => files.answerSchedule(true)}
        onClose={files.closeSchedule}
      />
      {setting ? (
        <Suspense fallback={null}>
          <BulkSetDialog
            kind={setting.kind}
            target={{ ids: setting.ids }}
            count={setting.ids.length}
            onChanged={list.reload}
            onClose={closeSetting}
          />
        </Suspense>
      ) : null}
      {adding ? (
        <Suspense fallback={null}>
          <AddVideoDialog open onClose={() => setAdding(false)} onAdded={onAdded} />
        </Suspense>
      ) : null}
    </ListScreen>
  );
}
