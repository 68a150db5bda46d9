import { useState } from 'react';
import { deleteFile, restoreFile } from '../api/files';
import { useApi } from '../api/use-api';
import { useConfigState } from '../session/use-session';
import { useNotify } from '../shell/notify';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { useTexts } from '../i18n/texts';
import { DELETE_FILE_TEXTS } from './delete-file-texts';

export interface DeleteFileProps {
  /** The file to delete; the dialog is open while this is not null. */
  fileId: number | null;
  /** The file's title, so the question names what goes. */
  fileTitle?: string | undefined;
  onClose: () => void;
  /** The server deleted it (called after the success toast). */
  onDeleted: (fileId: number) => void;
  /** The toast's Undo brought it back from the trash. */
  onRestored?: ((fileId: number) => void) | undefined;
  /** Toast duration (the list's toasts close sooner). */
  autoHideDuration?: number;
}

/**
 * 'Confirm Deletion' and the delete itself, shared by the list and the editor: nothing is deleted
 * until the user presses Delete; then the server's message, or the kit's text when it sent none.
 * Loaded by `DeleteFileDialog` the first time a delete is asked for.
 */
export default function DeleteFileConfirm({ fileId, fileTitle, onClose, onDeleted, onRestored, autoHideDuration }: DeleteFileProps) {
  const api = useApi();
  const trashDays = useConfigState().config?.trash?.days;
  const notify = useNotify(autoHideDuration ? { autoHideDuration } : {});
  const [busy, setBusy] = useState(false);
  const { t, rich } = useTexts(DELETE_FILE_TEXTS);

  async function confirm() {
    if (fileId === null) return;
    setBusy(true);
    try {
      const reply = await deleteFile(api, fileId);
      if (reply.status !== 'success') {
        notify.error(reply.message || t('deleteFailure'));
      } else {
        const deleted = fileId;
        // Undo is a server call (a restore from the trash), not a delayed delete: it works whenever it is pressed.
        const undo = async () => {
          try {
            await restoreFile(api, deleted);
            notify.success(t('restored'));
            onRestored?.(deleted);
          } catch (error) {
            notify.error(error, t('restoreFailed'));
          }
        };
        notify.successWithAction(reply.message || t('deleteSuccess'), { label: t('undo'), onClick: () => void undo() });
        onDeleted(fileId);
      }
    } catch (error) {
      notify.error(error, t('deleteFailure'));
    } finally {
      setBusy(false);
      onClose();
    }
  }

  return (
    <ConfirmDialog
      open={fileId !== null}
      title={t('deleteTitle')}
      confirmLabel={t('deleteConfirm')}
      danger
      busy={busy}
      onConfirm={confirm}
      onClose={onClose}
    >
      {t('deleteQuestion')}{' '}
      {fileId === null
        ? null
        : fileTitle
          ? rich('deleteNamed', { title: <strong>{t('quotedTitle', { title: fileTitle })}</strong>, id: String(fileId) })
          : rich('deleteUnnamed', { file: <strong>{t('fileNumber', { id: String(fileId) })}</strong> })}
      {fileId === null ? null : ` ${trashDays ? t('trashFor', { count: trashDays }) : t('trashKept')}`}
    </ConfirmDialog>
  );
}
