import { useCallback, useRef, useState } from 'react';
import { isApiError } from '../../api/api-error';
import { failureText } from '../../api/failure-text';
import { purgeFile, restoreFile } from '../../api/files';
import type { VideoFile } from '../../api/schemas';
import { API_TEXTS } from '../../api/texts';
import { useApi } from '../../api/use-api';
import { useTexts } from '../../i18n/texts';
import { LIST_TOAST_MS, useNotify } from '../../shell/notify';
import { runBulk } from '../bulk/bulk';
import { FILES_TEXTS } from '../texts';
import { TRASH_TEXTS } from './trash-texts';
import { trashMessage, type TrashAction } from './trash-bulk';
import { useRowSelection } from '../bulk/use-row-selection';

/**
 * What the operator does in the trash: Restore (at once: it only brings a file back) and Delete
 * forever (after the question), one row or the selection. Files that fail stay selected and the
 * toast names them; `afterChange` shows the view again without the files that left.
 */
export function useTrashActions(rows: readonly VideoFile[], afterChange: (gone: number) => void) {
  const api = useApi();
  const notify = useNotify({ autoHideDuration: LIST_TOAST_MS });
  const { t } = useTexts(TRASH_TEXTS);
  const filesText = useTexts(FILES_TEXTS).t;
  const apiT = useTexts(API_TEXTS).t;
  const [selection, setSelection] = useRowSelection(rows);
  const [action, setAction] = useState<TrashAction | ''>('');
  const [busy, setBusy] = useState(false);
  /** The files Delete forever asks about; the dialog is open while this is not null. */
  const [purgeTarget, setPurgeTarget] = useState<readonly VideoFile[] | null>(null);
  const rowsRef = useRef(rows);
  rowsRef.current = rows;

  const run = useCallback(
    async (kind: TrashAction, ids: readonly number[]) => {
      setBusy(true);
      const result = await runBulk(ids, async (id) => {
        try {
          await (kind === 'restore' ? restoreFile(api, id) : purgeFile(api, id));
        } catch (error) {
          // The kit's own words for a transport failure; a server's message stays as sent.
          if (isApiError(error) && !error.fromServer) throw new Error(failureText(error, apiT, apiT('generic')), { cause: error });
          throw error;
        }
        return 'changed';
      });
      setBusy(false);
      const label = (id: number) => {
        const title = rowsRef.current.find((row) => row.file_id === id)?.file_title;
        return title ? filesText('quotedTitle', { title }) : filesText('fileNumber', { id: String(id) });
      };
      const message = trashMessage(kind, result, label, t, filesText);
      if (message.ok) notify.success(message.text);
      else notify.error(message.text);
      if (result.changed.length > 0) afterChange(result.changed.length);
      setSelection(new Set(result.failed.map((failure) => failure.item)));
      if (result.failed.length === 0) setAction('');
    },
    [api, apiT, afterChange, setSelection, notify, t, filesText],
  );

  const restore = useCallback((file: VideoFile) => void run('restore', [file.file_id]), [run]);
  const askPurge = useCallback((file: VideoFile) => setPurgeTarget([file]), []);
  const closePurge = useCallback(() => setPurgeTarget(null), []);
  const confirmPurge = useCallback(async () => {
    if (!purgeTarget) return;
    await run(
      'purge',
      purgeTarget.map((file) => file.file_id),
    );
    setPurgeTarget(null);
  }, [purgeTarget, run]);

  const applyBulk = useCallback(() => {
    if (!action || selection.size === 0) return;
    if (action === 'restore') void run('restore', [...selection]);
    else setPurgeTarget(rowsRef.current.filter((row) => selection.has(row.file_id)));
  }, [action, selection, run]);

  return {
    selection,
    setSelection,
    clearSelection: useCallback(() => setSelection(new Set()), [setSelection]),
    action,
    setAction,
    busy,
    applyBulk,
    restore,
    askPurge,
    purgeTarget,
    closePurge,
    confirmPurge,
  };
}
