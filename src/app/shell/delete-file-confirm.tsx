import { useState } from 'react';
import { deleteFile, restoreFile } from '../api/files';
import { useApi } from '../api/use-api';
import { useConfigState } from '../config/use-config';
import { useNotify } from './notify';
import { ConfirmDialog } from '../ui/confirm-dialog';

export const DELETE_FILE_TEXTS = {
  success: 'File deleted successfully!',
  failure: 'Failed to delete file.',
  undo: 'Undo',
  restored: 'File restored',
  restoreFailed: 'Failed to restore the file. It is still in the trash.',
  /** What the dialog says happens: N from the server's config (`trash.days`; 0 keeps it until deleted for good). */
  goesToTrash: (days: number | undefined) =>
    days === undefined || days === 0
      ? ' will be moved to the trash; you can restore it from there.'
      : ` will be moved to the trash for ${days} days; you can restore it until then.`,
} as const;

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

  async function confirm() {
    if (fileId === null) return;
    setBusy(true);
    try {
      const reply = await deleteFile(api, fileId);
      if (reply.status !== 'success') {
        notify.error(reply.message || DELETE_FILE_TEXTS.failure);
      } else {
        const deleted = fileId;
        // Undo is a server call (a restore from the trash), not a delayed delete: it works whenever it is pressed.
        const undo = async () => {
          try {
            await restoreFile(api, deleted);
            notify.success(DELETE_FILE_TEXTS.restored);
            onRestored?.(deleted);
          } catch (error) {
            notify.error(error, DELETE_FILE_TEXTS.restoreFailed);
          }
        };
        notify.successWithAction(reply.message || DELETE_FILE_TEXTS.success, { label: DELETE_FILE_TEXTS.undo, onClick: () => void undo() });
        onDeleted(fileId);
      }
    } catch (error) {
      notify.error(error, DELETE_FILE_TEXTS.failure);
    } finally {
      setBusy(false);
      onClose();
    }
  }

  return (
    <ConfirmDialog
      open={fileId !== null}
      title="Confirm Deletion"
      confirmLabel="Delete"
      danger
      busy={busy}
      onConfirm={confirm}
      onClose={onClose}
    >
      Are you sure you want to delete this file?{' '}
      {fileId !== null ? (
        <>
          <strong>{fileTitle ? `“${fileTitle}”` : `File ${fileId}`}</strong>
          {fileTitle ? ` (ID ${fileId})` : ''}
          {DELETE_FILE_TEXTS.goesToTrash(trashDays)}
        </>
      ) : null}
    </ConfirmDialog>
  );
}
