import { useState } from 'react';
import { deleteFile } from '../api/files';
import { useApi } from '../api/use-api';
import { useNotify } from './notify';
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
  /** Toast duration (the list's toasts close sooner). */
  autoHideDuration?: number;
}

/**
 * 'Confirm Deletion' and the delete itself, shared by the list and the editor: nothing is deleted
 * until the user presses Delete; then the server's message, or the kit's text when it sent none.
 * Loaded by `DeleteFileDialog` the first time a delete is asked for.
 */
export default function DeleteFileConfirm({ fileId, fileTitle, onClose, onDeleted, autoHideDuration }: DeleteFileProps) {
  const api = useApi();
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
        notify.success(reply.message || t('deleteSuccess'));
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
    </ConfirmDialog>
  );
}
