import { lazyDialog } from '../ui/lazy-dialog';
import type { DeleteFileProps } from './delete-file-confirm';

export type DeleteFileDialogProps = DeleteFileProps;

/**
 * 'Confirm Deletion' for a file, open while `fileId` is not null. Its code loads when a delete is
 * first asked for: a list that is only looked at never downloads it.
 */
export const DeleteFileDialog = lazyDialog<DeleteFileDialogProps>(
  () => import('./delete-file-confirm').then((module) => module.default),
  (props) => props.fileId !== null,
);
