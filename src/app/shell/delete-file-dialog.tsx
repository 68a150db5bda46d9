import { lazy, Suspense, useState } from 'react';
import type { DeleteFileProps } from './delete-file-confirm';

// The dialog's code (and MUI's Dialog) loads when a delete is first asked for: a list that is only
// looked at never downloads it.
const DeleteFileConfirm = lazy(() => import('./delete-file-confirm'));

export type DeleteFileDialogProps = DeleteFileProps;

/**
 * 'Confirm Deletion' for a file, open while `fileId` is not null. Once opened it stays mounted, so
 * it closes with its transition.
 */
export function DeleteFileDialog(props: DeleteFileDialogProps) {
  const [asked, setAsked] = useState(false);
  if (props.fileId !== null && !asked) setAsked(true);
  if (!asked) return null;
  return (
    <Suspense fallback={null}>
      <DeleteFileConfirm {...props} />
    </Suspense>
  );
}
