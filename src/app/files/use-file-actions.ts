import { useCallback, useRef, useState } from 'react';
import { updateFileMerging } from '../api/files';
import { useApi } from '../api/use-api';
import type { VideoFile } from '../api/schemas';
import { useEmit } from '../shell/events';
import { LIST_TOAST_MS, useNotify } from '../shell/notify';
import { bulkMessage, bulkWarning, runBulk, type BulkAction } from './bulk/bulk';
import { isApiError } from '../api/api-error';
import { failureText } from '../api/failure-text';
import { API_TEXTS } from '../api/texts';
import { useTexts, type TextFn } from '../i18n/texts';
import { FILES_TEXTS } from './texts';
import { useRowSelection } from './bulk/use-row-selection';

export interface FileActionsInput {
  /** The rows on screen. */
  rows: readonly VideoFile[];
  /** Applies a change the server confirmed to the rows on screen. */
  patchRows(ids: ReadonlySet<number>, patch: Partial<VideoFile>): void;
  /** A file was deleted: show the view again without it. */
  afterDelete(fileId: number): void;
}

const fileLabel = (rows: readonly VideoFile[], t: TextFn<typeof FILES_TEXTS.en>) => (id: number) => {
  const title = rows.find((row) => row.file_id === id)?.file_title;
  return title ? t('quotedTitle', { title }) : t('fileNumber', { id: String(id) });
};

/**
 * What the operator does to files on the list: the one-click Active switch, the bulk action on the
 * selected rows, and the delete question. The server's reply is the truth: a file the server left
 * unchanged because it already was as asked ('No changes to save') counts as done; only real
 * failures stay selected, and the toast names them.
 */
export function useFileActions({ rows, patchRows, afterDelete }: FileActionsInput) {
  const api = useApi();
  const notify = useNotify({ autoHideDuration: LIST_TOAST_MS });
  const emit = useEmit();
  const { t } = useTexts(FILES_TEXTS);
  const apiT = useTexts(API_TEXTS).t;
  const [selection, setSelection] = useRowSelection(rows);
  const [action, setAction] = useState<BulkAction>('');
  const [bulkBusy, setBulkBusy] = useState(false);
  const [deleteTarget, setDeleteTarget] = useState<VideoFile | null>(null);
  const rowsRef = useRef(rows);
  rowsRef.current = rows;

  /**
   * Sets the flag on the version the row was read at (If-Match). A 412 always merges here: whatever
   * changed elsewhere, a flag either still has its old value or already has the asked one.
   */
  const writeActive = useCallback(
    async (file: VideoFile, isActive: 0 | 1, clearSchedule = false) => {
      const patch = clearSchedule ? { isActive, activate_at: null, deactivate_at: null } : { isActive };
      const result = await updateFileMerging(api, file, patch);
      if (result.kind === 'conflict') throw new Error(apiT('generic'));
      return result.reply;
    },
    [api, apiT],
  );

  /** Flips the switch; `clearSchedule`: the operator chose to clear the file's schedule with it. */
  const writeToggle = useCallback(
    async (file: VideoFile, clearSchedule: boolean) => {
      const isActive = file.isActive === 1 ? 0 : 1;
      try {
        const reply = await writeActive(file, isActive, clearSchedule);
        if (reply.status === 'error') {
          notify.error(reply.message || t('toggleFailure'));
          return;
        }
        // 'warning' is the server saying the file already was as asked: the switch shows that state.
        // The reply's file carries the new version, for the next edit's If-Match.
        patchRows(new Set([file.file_id]), reply.data ?? { isActive });
        notify.byStatus(reply.status, reply.message || t('toggleSuccess'));
        emit('vp-files-changed', { fileIds: [file.file_id], change: isActive ? 'activated' : 'deactivated' });
      } catch (error) {
        notify.error(error, t('toggleFailure'));
      }
    },
    [writeActive, notify, emit, patchRows, t],
  );

  // A schedule would undo (or repeat) the switch at its time: the operator says whether it stays.
  const [scheduleTarget, setScheduleTarget] = useState<VideoFile | null>(null);
  const toggleActive = useCallback(
    async (file: VideoFile) => {
      if (file.activate_at || file.deactivate_at) setScheduleTarget(file);
      else await writeToggle(file, false);
    },
    [writeToggle],
  );
  const answerSchedule = useCallback(
    (clearSchedule: boolean) => {
      if (scheduleTarget) void writeToggle(scheduleTarget, clearSchedule);
      setScheduleTarget(null);
    },
    [scheduleTarget, writeToggle],
  );
  const closeSchedule = useCallback(() => setScheduleTarget(null), []);

  const applyBulk = useCallback(async () => {
    const warning = bulkWarning(action, selection.size, t);
    if (warning || !action) {
      notify.warning(warning ?? t('pickAction'));
      return;
    }
    const isActive = action === 'activate' ? 1 : 0;
    setBulkBusy(true);
    const confirmed = new Map<number, VideoFile>();
    const result = await runBulk([...selection], async (id) => {
      let reply;
      try {
        // The selection only holds rows on screen (see above): each is written on the version it shows.
        const row = rowsRef.current.find((file) => file.file_id === id);
        if (!row) throw new Error(apiT('generic'));
        reply = await writeActive(row, isActive);
      } catch (error) {
        // The kit's own words for a transport failure; a server's message stays as sent.
        if (isApiError(error) && !error.fromServer) throw new Error(failureText(error, apiT, apiT('generic')), { cause: error });
        throw error;
      }
      if (reply.status === 'error') throw new Error(reply.message || apiT('generic'));
      if (reply.data) confirmed.set(id, reply.data);
      return reply.status === 'warning' ? 'unchanged' : 'changed';
    });
    setBulkBusy(false);
    const done = [...result.changed, ...result.unchanged];
    if (done.length > 0) patchRows(new Set(done), { isActive });
    // Each row's new version, for its next If-Match.
    for (const [id, file] of confirmed) patchRows(new Set([id]), file);
    if (result.changed.length > 0) emit('vp-files-changed', { fileIds: result.changed, change: isActive ? 'activated' : 'deactivated' });
    const message = bulkMessage(result, action, fileLabel(rowsRef.current, t), t);
    if (message.ok) {
      notify.success(message.text);
      setSelection(new Set());
      setAction('');
    } else {
      notify.error(message.text);
      setSelection(new Set(result.failed.map((f) => f.item)));
    }
  }, [writeActive, action, selection, setSelection, notify, emit, patchRows, t, apiT]);

  const askDelete = useCallback((fileId: number) => setDeleteTarget(rowsRef.current.find((row) => row.file_id === fileId) ?? null), []);
  const closeDelete = useCallback(() => setDeleteTarget(null), []);
  const onDeleted = useCallback(
    (fileId: number) => {
      emit('vp-files-changed', { fileIds: [fileId], change: 'deleted' });
      afterDelete(fileId);
    },
    [emit, afterDelete],
  );
  const clearSelection = useCallback(() => setSelection(new Set()), [setSelection]);

  return {
    selection,
    setSelection,
    clearSelection,
    action,
    setAction,
    bulkBusy,
    applyBulk,
    toggleActive,
    scheduleTarget,
    answerSchedule,
    closeSchedule,
    deleteTarget,
    askDelete,
    closeDelete,
    onDeleted,
  };
}
